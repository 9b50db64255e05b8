// Per-address limits count an IPv6 client by its /64, as login failures already did (issue 27,
// item 7). Before: each full IPv6 address had its own count, so a client given a /64 (every home
// and phone) sent as many requests as it liked by changing the last 64 bits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../helpers/app.ts'

const LIMIT = 3
let t: TestApp
beforeAll(async () => {
  // The test's requests name their client, as a proxy on 127.0.0.1 would.
  t = await startTestApp({
    env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_VIEWS_PER_MINUTE: String(LIMIT), RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT) },
  })
})
afterAll(async () => {
  await t?.close()
})

const inOneSlash64 = (n: number) => Array.from({ length: n }, (_, i) => `2001:db8:1:2:${(i + 1).toString(16)}::${i + 7}`)

describe('per-address limits on IPv6', () => {
  it('view counts: the addresses of one /64 share one budget; another /64 has its own', async () => {
    const view = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/attempts/2147483000/views',
        headers: { 'x-forwarded-for': address },
        payload: { kind: 'view' },
      })
    const statuses = []
    for (const address of inOneSlash64(LIMIT + 1)) statuses.push((await view(address)).statusCode)
    expect(statuses).toEqual([404, 404, 404, 429])
    expect((await view('2001:db8:1:3::1')).statusCode).toBe(404)
  })

  it('login, register and refresh: the addresses of one /64 share one budget', async () => {
    const refresh = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { 'x-forwarded-for': address },
        payload: { refresh_token: 'not-a-refresh-token' },
      })
    const statuses = []
    for (const address of inOneSlash64(LIMIT + 1).map((a) => a.replace('2001:db8:1:2', '2001:db8:5:6')))
      statuses.push((await refresh(address)).statusCode)
    expect(statuses).toEqual([401, 401, 401, 429])
  })
})
