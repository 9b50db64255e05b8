// GET /api/health and GET /api/ready against the real services: ready while PostgreSQL, Redis
// and the storage (a real S3-compatible server) answer; 503 naming the one that does not (the
// s3rver stopped, PostgreSQL cut off behind a TCP proxy), and ready again once it is back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestApp, type TestApp } from '../helpers/app.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { REDIS_URL, dropRedisPrefix, uniqueRedisPrefix } from '../helpers/live.ts'
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts'

const ready = (t: TestApp) => t.app.inject({ url: '/api/ready' })

/** Asks /api/ready until it answers `status` (a dependency coming back takes a reconnect). */
async function readyBecomes(t: TestApp, status: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await ready(t)
    if (res.statusCode === status || Date.now() > deadline) return res
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('GET /api/health', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers 200 {status: ok}, not cached, not rate-limited', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({ url: '/api/health' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'ok' })
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['x-ratelimit-limit']).toBeUndefined()
    }
  })
})

describe('GET /api/ready with PostgreSQL, Redis and S3-compatible storage', () => {
  let t: TestApp
  const prefix = uniqueRedisPrefix()
  beforeAll(async () => {
    t = await startTestApp({ s3: true, env: { REDIS_URL, REDIS_PREFIX: prefix } })
  })
  afterAll(async () => {
    await t?.close()
    await dropRedisPrefix(prefix)
  })

  it('is ready when all three answer', async () => {
    const res = await ready(t)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', storage: 'ok' } })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('lets requests that arrive while a check runs share it: 20 at once ask the bucket once', async () => {
    const heads = () =>
      t.s3!.requests.filter((r) => r.startsWith('HEAD ') && r.split(' ')[1]!.replace(/\/$/, '') === `/${t.s3!.bucket}`).length
    const before = heads()
    const answers = await Promise.all(Array.from({ length: 20 }, () => ready(t)))
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    // The S3 server (a child process) reports its requests on stdout, which may arrive after the answers
    // on a loaded machine: wait for the first, then give stragglers a moment before counting.
    await vi.waitFor(() => expect(heads() - before).toBeGreaterThanOrEqual(1), { timeout: 5_000 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    // Requests answer in turn on one event loop; a few may start a fresh check after one ended, never one each.
    expect(heads() - before).toBeLessThanOrEqual(3)
  })

  it('answers 503 naming the storage while the S3 server is down, and ready again when it is back', async () => {
    expect(t.storage.kind).toBe('s3')
    await t.s3!.stop()
    try {
      const started = Date.now()
      const down = await ready(t)
      expect(down.statusCode, down.body).toBe(503)
      expect(down.json()).toEqual({
        error: 'Not ready: storage unreachable.',
        checks: { database: 'ok', redis: 'ok', storage: 'unreachable' },
      })
      expect(Date.now() - started).toBeLessThan(3_000) // each check is bounded (2 s)
      // /api/health does not depend on it: the process is alive.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200)
    } finally {
      await t.s3!.start()
    }
    const back = await readyBecomes(t, 200)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toMatchObject({ checks: { storage: 'ok' } })
  })
})

describe('GET /api/ready when PostgreSQL is unreachable', () => {
  let t: TestApp
  let database: TestDatabase
  let proxy: TcpProxy
  beforeAll(async () => {
    database = await createTestDatabase()
    const url = new URL(database.url)
    proxy = await startTcpProxy(Number(url.port || 5432), url.hostname)
    url.port = String(proxy.port)
    url.hostname = '127.0.0.1'
    t = await startTestApp({ env: { DATABASE_URL: url.toString() } })
  })
  afterAll(async () => {
    await t?.close()
    await proxy?.close()
    await database?.drop()
  })

  it('answers 503 naming the database (Redis not used without REDIS_URL), and ready again when it is back', async () => {
    const up = await ready(t)
    expect(up.statusCode, up.body).toBe(200)
    expect(up.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not used', storage: 'ok' } })

    await proxy.cut()
    const down = await ready(t)
    expect(down.statusCode, down.body).toBe(503)
    expect(down.json()).toEqual({
      error: 'Not ready: database unreachable.',
      checks: { database: 'unreachable', redis: 'not used', storage: 'ok' },
    })

    await proxy.restore()
    const back = await readyBecomes(t, 200)
    expect(back.statusCode, back.body).toBe(200)
  })

  it('answers 503 within the bound when PostgreSQL goes silent (a partition), not when the query gives up', async () => {
    proxy.blackhole()
    try {
      const started = Date.now()
      const down = await ready(t)
      expect(down.statusCode, down.body).toBe(503)
      expect(down.json()).toMatchObject({ error: 'Not ready: database unreachable.' })
      expect(Date.now() - started).toBeLessThan(3_000)
    } finally {
      await proxy.restore()
    }
    expect((await readyBecomes(t, 200, 15_000)).statusCode).toBe(200)
  })
})

describe('GET /api/ready when Redis is unreachable', () => {
  let t: TestApp
  let proxy: TcpProxy
  const prefix = uniqueRedisPrefix()
  beforeAll(async () => {
    const redis = new URL(REDIS_URL)
    proxy = await startTcpProxy(Number(redis.port || 6379), redis.hostname)
    t = await startTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, REDIS_PREFIX: prefix } })
  })
  afterAll(async () => {
    await t?.close()
    await proxy?.close()
    await dropRedisPrefix(prefix)
  })

  it('answers 503 naming Redis, and ready again when it is back', async () => {
    expect((await ready(t)).json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } })
    await proxy.cut()
    const down = await ready(t)
    expect(down.statusCode, down.body).toBe(503)
    expect(down.json()).toEqual({ error: 'Not ready: redis unreachable.', checks: { database: 'ok', redis: 'unreachable', storage: 'ok' } })
    await proxy.restore()
    expect((await readyBecomes(t, 200)).statusCode).toBe(200)
  })
})
