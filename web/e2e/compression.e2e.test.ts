// What travels: the built site's text files go precompressed (brotli for browsers, gzip for the
// rest) with their caching intact, and the API's larger cached answers go compressed too. Read
// with node:http so the bytes are the ones on the wire, not a decoded body.
import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, inject, it } from 'vitest'

const baseUrl = inject('baseUrl')

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(new URL(path, baseUrl), { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

const decoded = (raw: Raw) =>
  raw.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(raw.body)
    : raw.headers['content-encoding'] === 'gzip'
      ? gunzipSync(raw.body)
      : raw.body

describe('compression', () => {
  it('sends index.html and the entry script precompressed by Accept-Encoding, with their caching and types unchanged', async () => {
    const identity = await get('/')
    expect(identity.headers['content-encoding']).toBeUndefined()
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('no-cache')
    expect(br.headers['content-type']).toMatch(/^text\/html/)
    expect(decoded(br).toString()).toBe(identity.body.toString())

    const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(identity.body.toString())?.[1]
    expect(entry).toBeTruthy()
    const plain = await get(entry!)
    const script = await get(entry!, { 'accept-encoding': 'br' })
    expect(script.headers['content-encoding']).toBe('br')
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(script.headers['content-type']).toMatch(/javascript/)
    expect(script.headers.vary).toMatch(/Accept-Encoding/i)
    expect(script.body.length).toBeLessThan(plain.body.length / 3)
    expect(decoded(script).equals(plain.body)).toBe(true)
    const gz = await get(entry!, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(decoded(gz).equals(plain.body)).toBe(true)
    console.info(
      `Entry script ${entry}: ${(plain.body.length / 1024).toFixed(1)} KB raw, ${(gz.body.length / 1024).toFixed(1)} KB gzip, ${(script.body.length / 1024).toFixed(1)} KB brotli`,
    )
  })

  it("compresses the API's challenge list and answers a repeat with 304", async () => {
    const plain = await get('/api/competitions')
    const br = await get('/api/competitions', { 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(JSON.parse(decoded(br).toString())).toEqual(JSON.parse(plain.body.toString()))
    const again = await get('/api/competitions', { 'if-none-match': String(br.headers.etag) })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
  })
})
