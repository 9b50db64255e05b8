// GET /api/network answers only this machine's own addresses or PUBLIC_URL (issue 27, item 7).
// Before: it put the request's Host header first, so a crafted link (or a proxy passing any Host)
// made the projector board show a QR code to a site the requester chose.
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenAddresses } from '../../../server/listen-addresses.ts'
import { startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
let configured: TestApp
beforeAll(async () => {
  ;[t, configured] = await Promise.all([
    startTestApp({ env: { HOST: '0.0.0.0', PORT: '3000' } }),
    startTestApp({ env: { HOST: '0.0.0.0', PUBLIC_URL: 'https://lift.example/' } }),
  ])
})
afterAll(async () => {
  await Promise.all([t?.close(), configured?.close()])
})

const followUrls = async (app: TestApp, host: string) => {
  const res = await app.app.inject({ url: '/api/network', headers: { host } })
  expect(res.statusCode).toBe(200)
  return (res.json() as { follow_urls: string[] }).follow_urls
}

describe('GET /api/network', () => {
  it("never echoes the Host header: only this machine's addresses", async () => {
    const own = listenAddresses('0.0.0.0', 3000, networkInterfaces())
    const allowed = new Set([...own.network, ...own.local])
    for (const host of ['evil.example', 'evil.example:3000', '203.0.113.9:3000', '[2001:db8::1]:3000']) {
      const urls = await followUrls(t, host)
      expect(urls.length).toBeGreaterThan(0)
      for (const url of urls) expect(allowed.has(url), `${url} (Host: ${host})`).toBe(true)
    }
  })

  it('puts the address the page was opened at first when it is one of them', async () => {
    const own = listenAddresses('0.0.0.0', 3000, networkInterfaces()).network
    if (own.length < 2) return // a machine with one address has no order to show
    const last = new URL(own.at(-1)!).host
    expect((await followUrls(t, last))[0]).toBe(own.at(-1))
  })

  it('answers PUBLIC_URL alone when it is set, whatever the Host', async () => {
    expect(await followUrls(configured, 'evil.example')).toEqual(['https://lift.example/'])
  })
})
