// Login backoff's counts (the rule is server/plugins/external/rate-limit.ts's loginBackoff):
// failed logins per account and address, so a stranger who knows a username cannot lock its
// owner out, and per account from every address at a much higher bound, so spreading guesses
// over many addresses (or forged X-Forwarded-For headers) does not help either. A count
// starts with its first failure and lasts `windowMs`.
// The counts live behind a small store: in memory for one process, in Redis (shared by
// every server node) when REDIS_URL is set.
import type { Redis } from 'ioredis'

export interface FailureCount {
  count: number
  /** Milliseconds until the count resets (0 when there is none). */
  resetInMs: number
}

export interface FailureStore {
  /** The failures counted for `key` in its current window. */
  get(key: string): Promise<FailureCount>
  /** Counts one failure; the first one of a window starts it (`windowMs` long). */
  add(key: string, windowMs: number): Promise<FailureCount>
  clear(key: string): Promise<void>
}

export function memoryFailureStore(now: () => number = Date.now): FailureStore {
  const entries = new Map<string, { count: number; resetAt: number }>()
  const live = (key: string) => {
    const entry = entries.get(key)
    if (entry && entry.resetAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry
  }
  return {
    async get(key) {
      const entry = live(key)
      return entry ? { count: entry.count, resetInMs: entry.resetAt - now() } : { count: 0, resetInMs: 0 }
    },
    async add(key, windowMs) {
      // Drop expired entries now and then, so guessed usernames do not pile up.
      if (entries.size > 10_000) for (const k of [...entries.keys()]) live(k)
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs }
      entry.count++
      entries.set(key, entry)
      return { count: entry.count, resetInMs: entry.resetAt - now() }
    },
    async clear(key) {
      entries.delete(key)
    },
  }
}

// INCR, and the window's expiry set by the failure that starts it, in one step.
const ADD_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`

export function redisFailureStore(redis: Redis, prefix: string): FailureStore {
  const k = (key: string) => `${prefix}${key}`
  return {
    async get(key) {
      const [count, ttl] = await redis
        .multi()
        .get(k(key))
        .pttl(k(key))
        .exec()
        .then((r) => (r ?? []).map(([, v]) => v))
      const n = Number(count ?? 0)
      return n > 0 && Number(ttl) > 0 ? { count: n, resetInMs: Number(ttl) } : { count: 0, resetInMs: 0 }
    },
    async add(key, windowMs) {
      const [count, ttl] = (await redis.eval(ADD_SCRIPT, 1, k(key), String(windowMs))) as [number, number]
      return { count, resetInMs: Math.max(0, ttl) }
    },
    async clear(key) {
      await redis.del(k(key))
    },
  }
}

/** One account's key: the same for its username and its email, and for a name no account has. */
export const loginKey = (login: string) => login.normalize('NFKC').trim().toLowerCase()

export interface LoginBackoff {
  /** Milliseconds this account must still wait before a login is tried, or 0. */
  waitMs(key: string): Promise<number>
  failed(key: string): Promise<void>
  succeeded(key: string): Promise<void>
}

export function createLoginBackoff(options: { store: FailureStore; maxFailures: number; windowMs: number }): LoginBackoff {
  const { store, maxFailures, windowMs } = options
  return {
    async waitMs(key) {
      const { count, resetInMs } = await store.get(key)
      return count >= maxFailures ? Math.max(1, resetInMs) : 0
    },
    async failed(key) {
      await store.add(key, windowMs)
    },
    async succeeded(key) {
      await store.clear(key)
    },
  }
}
