// PostgreSQL unreachable → requests answer 503 {error} promptly, and recover when it returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from './helpers/app.ts'
import { createTestDatabase, type TestDatabase } from './helpers/database.ts'
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.ts'

let database: TestDatabase
let proxy: TcpProxy
let t: TestApp
beforeAll(async () => {
  database = await createTestDatabase()
  proxy = await startTcpProxy(5432)
  const url = new URL(database.url)
  url.port = String(proxy.port)
  t = await startTestApp({ env: { DATABASE_URL: url.toString() } })
})
afterAll(async () => {
  await t?.close()
  await proxy?.close()
  await database?.drop()
})

describe('database outage', () => {
  it('answers 503 within seconds while PostgreSQL is unreachable, then recovers', async () => {
    expect((await t.app.inject({ url: '/api/competitions' })).statusCode).toBe(200)
    await proxy.cut()
    for (const url of ['/api/competitions', '/api/athletes']) {
      const started = Date.now()
      const res = await t.app.inject({ url })
      expect(res.statusCode, res.body).toBe(503)
      expect(res.json()).toEqual({ error: 'The service is temporarily unavailable. Please try again in a moment.' })
      expect(Date.now() - started).toBeLessThan(10_000)
    }
    await proxy.restore()
    let status = 0
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await t.app.inject({ url: '/api/competitions' })).statusCode
      if (status !== 200) await new Promise((r) => setTimeout(r, 250))
    }
    expect(status).toBe(200)
  })
})
