// The Redis tus locker, as two nodes see it: two lockers on one Redis (the real service), one prefix per run.
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCKED, RedisLocker } from './redis-locker.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const prefix = `locker-test-${randomBytes(4).toString('hex')}`
let redisA: Redis
let redisB: Redis
let nodeA: RedisLocker
let nodeB: RedisLocker

beforeAll(async () => {
  redisA = new Redis(REDIS_URL)
  redisB = new Redis(REDIS_URL)
  nodeA = RedisLocker.create(redisA, { prefix, ttlMs: 600, acquireTimeoutMs: 800, retryMs: 20 })
  nodeB = RedisLocker.create(redisB, { prefix, ttlMs: 600, acquireTimeoutMs: 800, retryMs: 20 })
  await new Promise((r) => setTimeout(r, 100)) // subscriptions in place
})
afterAll(async () => {
  await nodeA?.close()
  await nodeB?.close()
  const keys = await redisA.keys(`${prefix}:*`)
  if (keys.length > 0) await redisA.del(...keys)
  redisA?.disconnect()
  redisB?.disconnect()
})

const never = new AbortController().signal

describe('RedisLocker', () => {
  it('lets one node hold an upload at a time, renews past its expiry while held, and asks the holder to let go', async () => {
    const held = nodeA.newLock('u1')
    let released = 0
    await held.lock(never, () => {
      released++
    })
    await new Promise((r) => setTimeout(r, 900)) // past ttlMs: renewed, still held
    const started = Date.now()
    await expect(nodeB.newLock('u1').lock(never, () => {})).rejects.toBe(LOCKED)
    expect(Date.now() - started).toBeGreaterThanOrEqual(700)
    expect(released).toBeGreaterThanOrEqual(1) // the holder was asked, through Redis, to let go
    await held.unlock()
    const next = nodeB.newLock('u1')
    await next.lock(never, () => {})
    await next.unlock()
    // Another upload is not held up by this one.
    const other = nodeB.newLock('u2')
    await other.lock(never, () => {})
    await other.unlock()
  })

  it("takes the lock once its holder lets go on request, and a dead holder's lock lapses", async () => {
    const first = nodeA.newLock('u3')
    await first.lock(never, () => {
      setTimeout(() => void first.unlock(), 50)
    })
    const second = nodeB.newLock('u3')
    await second.lock(never, () => {})
    expect(await redisA.exists(`${prefix}:u3`)).toBe(1)
    await second.unlock()

    // A holder that stops renewing (its process gone): the key expires after ttlMs.
    await redisA.set(`${prefix}:u4`, 'someone-gone', 'PX', 300)
    const started = Date.now()
    const late = nodeB.newLock('u4')
    await late.lock(never, () => {})
    expect(Date.now() - started).toBeGreaterThanOrEqual(200)
    await late.unlock()
    // Unlocking never removes a lock another request holds now.
    await redisA.set(`${prefix}:u5`, 'not-yours', 'PX', 5_000)
    const stale = nodeA.newLock('u5')
    await stale.unlock()
    expect(await redisA.get(`${prefix}:u5`)).toBe('not-yours')
  })
})
