// A tus Locker (@tus/utils) shared by every server node through Redis, so two nodes never
// write the same resumable upload at once.
//
// A lock is a Redis key `<prefix>:<upload id>` holding a random token, set with NX and an expiry
// (ttlMs) that the holder renews every ttlMs/3 while it writes; a node that dies stops renewing
// and its lock lapses. Unlocking deletes the key only while it still holds our token.
//
// As tus recommends, a request that finds the lock taken asks the holder to let go (a client
// resuming after a cut while its old PATCH still hangs on a half-open connection): the request
// is published on `<prefix>:release`, and the node holding the lock calls that request's
// `requestRelease` (tus then ends the old PATCH after its lockDrainTimeout). The newcomer retries
// until acquireTimeoutMs; then it is answered 423 Locked.
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Lock, Locker, RequestRelease } from '@tus/utils'

/** Thrown (as tus errors are: status and body) when the lock stays taken. */
export const LOCKED = Object.freeze({
  status_code: 423,
  body: 'This upload is being received by another request right now. Please try again in a moment.',
})

export interface RedisLockerOptions {
  /** Key prefix, e.g. `liftarena:tus-lock`. */
  prefix: string
  /** How long a lock outlives its holder's last renewal. */
  ttlMs?: number
  /** How long a request waits for a taken lock before 423. Longer than tus's lockDrainTimeout (3 s). */
  acquireTimeoutMs?: number
  retryMs?: number
}

// Delete / extend only while the key still holds our token.
const UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end"

export class RedisLocker implements Locker {
  /** Locks this process holds: upload id → how to ask its request to let go. */
  readonly held = new Map<string, RequestRelease>()
  readonly ttlMs: number
  readonly acquireTimeoutMs: number
  readonly retryMs: number

  private constructor(
    readonly redis: Redis,
    private readonly subscriber: Redis,
    readonly prefix: string,
    options: RedisLockerOptions,
    private readonly ownsSubscriber: boolean,
  ) {
    this.ttlMs = options.ttlMs ?? 30_000
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 10_000
    this.retryMs = options.retryMs ?? 100
  }

  /**
   * `redis` runs the commands; `subscriber` (the process's `subscriber` client, else a duplicate of
   * `redis` that close() ends) listens for release requests. Does not wait for Redis: while it is
   * unreachable, taking a lock fails (the request answers 503 and is retried).
   */
  static create(redis: Redis, options: RedisLockerOptions, shared?: Redis): RedisLocker {
    const subscriber = shared ?? redis.duplicate()
    subscriber.on('error', () => {}) // the command connection reports; a lost subscription only delays a release
    const locker = new RedisLocker(redis, subscriber, options.prefix, options, shared === undefined)
    // ioredis subscribes again after a reconnect.
    subscriber.subscribe(locker.releaseChannel).catch(() => {})
    subscriber.on('message', (_channel: string, id: string) => {
      void Promise.resolve(locker.held.get(id)?.()).catch(() => {})
    })
    return locker
  }

  get releaseChannel(): string {
    return `${this.prefix}:release`
  }

  newLock(id: string): Lock {
    return new RedisLock(this, id)
  }

  async close(): Promise<void> {
    // A shared subscriber is ended by whoever opened it (the process's Redis clients).
    if (this.ownsSubscriber) await this.subscriber.quit().catch(() => this.subscriber.disconnect())
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })

class RedisLock implements Lock {
  private readonly token = randomBytes(16).toString('hex')
  private renewal: NodeJS.Timeout | undefined

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {}

  private get key() {
    return `${this.locker.prefix}:${this.id}`
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { redis, ttlMs, acquireTimeoutMs, retryMs } = this.locker
    const deadline = Date.now() + acquireTimeoutMs
    let asked = false
    for (;;) {
      if (signal.aborted) throw LOCKED
      if ((await redis.set(this.key, this.token, 'PX', ttlMs, 'NX')) === 'OK') break
      if (!asked) {
        asked = true
        await redis.publish(this.locker.releaseChannel, this.id)
      }
      if (Date.now() >= deadline) throw LOCKED
      await sleep(retryMs, signal)
    }
    this.locker.held.set(this.id, requestRelease)
    this.renewal = setInterval(
      () => {
        redis.eval(RENEW, 1, this.key, this.token, String(ttlMs)).then(
          (renewed) => {
            // Lost (expired while Redis was unreachable, and taken since): stop writing.
            if (renewed === 0) void Promise.resolve(requestRelease()).catch(() => {})
          },
          () => {},
        )
      },
      Math.max(50, Math.floor(ttlMs / 3)),
    )
    this.renewal.unref()
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal)
    this.renewal = undefined
    this.locker.held.delete(this.id)
    await this.locker.redis.eval(UNLOCK, 1, this.key, this.token)
  }
}
