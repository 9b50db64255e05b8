// The API's own reads are revalidated (ETag, If-None-Match → 304) and compressed (brotli, else gzip)
// by plugins/app/http-caching.ts; answers that bring their own encoding (the per-change caches) and
// streamed media (the /video proxy) pass through untouched. app.inject hands back the bytes as sent:
// it neither asks for an encoding nor decodes one.
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIN_COMPRESSED_BYTES } from '../../server/live/cached-reply.ts'
import { attemptKeys } from '../../infra/storage.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../helpers/app.ts'

let t: TestApp
let lifter: Awaited<ReturnType<typeof registerUser>>
let profileUrl: string

/** A whole JSON file sent as a stream, as @fastify/static sends the web client's files. */
const STREAMED_JSON = Buffer.from(JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i, name: `row ${i}` })) }))

beforeAll(async () => {
  t = await startTestApp({
    // Open CORS sets Vary: Origin on every answer, which Accept-Encoding must join, not replace.
    env: { CORS_ORIGINS: 'http://board.example' },
    beforeReady: (app) =>
      app.get('/streamed.json', (_request, reply) => reply.type('application/json').send(Readable.from([STREAMED_JSON]))),
  })
  lifter = await registerUser(t.app, 'Profile Lifter')
  // Descriptions that barely compress keep even the compressed challenge list above the threshold,
  // so an answer compressed by the cache would be compressed again if it were not left alone.
  const challengeIds: number[] = []
  for (let i = 0; i < 4; i++)
    challengeIds.push(await createChallenge(t.app, lifter.access_token, { description: randomBytes(300).toString('base64') }))
  const joined = await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: lifter.auth,
    payload: { competition_id: challengeIds[0], weight_class: '83kg' },
  })
  expect(joined.statusCode).toBe(201)
  const participant = await t.db.prisma.participant.findFirstOrThrow({
    where: { challengeId: challengeIds[0], userId: lifter.user_id },
  })
  // Attempts with videos fill the profile's uploaded_videos: a read no cache serves.
  for (let i = 0; i < 8; i++) {
    const attempt = await t.db.prisma.attempt.create({
      data: { participantId: participant.id, liftType: 'Squat', attemptNumber: i + 1, weight: 100 + i * 5, status: 'completed' },
    })
    await t.db.prisma.attempt.update({ where: { id: attempt.id }, data: { originalKey: attemptKeys.original(attempt.id, 'mp4') } })
  }
  profileUrl = `/api/users/${lifter.user_id}/profile`
})
afterAll(async () => {
  await t?.close()
})

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers })

function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload)
  if (encoding === 'gzip') return gunzipSync(res.rawPayload)
  expect(encoding).toBeUndefined()
  return res.rawPayload
}

describe('a large read no cache serves', () => {
  it('goes out as brotli to browsers, gzip to clients without brotli, and as it is to the rest, the same bytes every way', async () => {
    const identity = await get(profileUrl)
    expect(identity.statusCode).toBe(200)
    expect(identity.rawPayload.length).toBeGreaterThanOrEqual(MIN_COMPRESSED_BYTES)
    expect(identity.headers['content-encoding']).toBeUndefined()

    const br = await get(profileUrl, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/^application\/json/)
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length)
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2)
    expect(decoded(br).equals(identity.rawPayload)).toBe(true)

    const gzip = await get(profileUrl, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(decoded(gzip).equals(identity.rawPayload)).toBe(true)

    const refused = await get(profileUrl, { 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.rawPayload.equals(identity.rawPayload)).toBe(true)

    for (const res of [identity, br, gzip]) {
      expect(res.headers.vary).toBe('Origin, Accept-Encoding')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers.etag).toBe(identity.headers.etag)
    }
  })

  it('carries a strong ETag and answers If-None-Match with an empty 304, for GET and HEAD', async () => {
    const first = await get(profileUrl, { 'accept-encoding': 'br' })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)

    for (const validator of [etag, `W/${etag}`, `"stale", ${etag}`]) {
      const again = await get(profileUrl, { 'if-none-match': validator, 'accept-encoding': 'br' })
      expect(again.statusCode, validator).toBe(304)
      expect(again.rawPayload.length).toBe(0)
      expect(again.headers.etag).toBe(etag)
      expect(again.headers['content-encoding']).toBeUndefined()
    }
    const head = await t.app.inject({ method: 'HEAD', url: profileUrl, headers: { 'if-none-match': etag } })
    expect(head.statusCode).toBe(304)
    expect(head.rawPayload.length).toBe(0)

    // HEAD describes the GET it stands for: same validator, same encoding and length, no body.
    const headBr = await t.app.inject({ method: 'HEAD', url: profileUrl, headers: { 'accept-encoding': 'br' } })
    expect(headBr.statusCode).toBe(200)
    expect(headBr.headers.etag).toBe(etag)
    expect(headBr.headers['content-encoding']).toBe('br')
    expect(Number(headBr.headers['content-length'])).toBe(first.rawPayload.length)
    expect(headBr.rawPayload.length).toBe(0)

    const stale = await get(profileUrl, { 'if-none-match': '"not-this-one"' })
    expect(stale.statusCode).toBe(200)
    expect(stale.json().user.id).toBe(lifter.user_id)
  })

  it("gives a personal answer its own ETag: the public version's validator does not revalidate the owner's", async () => {
    const anonymous = await get(profileUrl)
    const own = await get(profileUrl, lifter.auth)
    expect(own.json().user.email).toBe(lifter.email)
    expect(own.headers.etag).toBeTruthy()
    expect(own.headers.etag).not.toBe(anonymous.headers.etag)

    const revalidated = await get(profileUrl, { ...lifter.auth, 'if-none-match': anonymous.headers.etag as string })
    expect(revalidated.statusCode).toBe(200)
    expect(revalidated.json().user.email).toBe(lifter.email)
    expect((await get(profileUrl, { ...lifter.auth, 'if-none-match': own.headers.etag as string })).statusCode).toBe(304)

    const me = await get('/api/auth/user', lifter.auth)
    expect(me.statusCode).toBe(200)
    expect((await get('/api/auth/user', { ...lifter.auth, 'if-none-match': me.headers.etag as string })).statusCode).toBe(304)
  })
})

describe('what is left as it is', () => {
  it('sends a small answer uncompressed, with an ETag', async () => {
    const small = await get(`/api/users/${lifter.user_id}`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(small.statusCode).toBe(200)
    expect(small.rawPayload.length).toBeLessThan(MIN_COMPRESSED_BYTES)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json().id).toBe(lifter.user_id)
    expect(small.headers.etag).toBeTruthy()
  })

  it('gives an error no ETag, and never turns it into a 304', async () => {
    const missing = await get('/api/users/2147483647/profile', { 'accept-encoding': 'br' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers.etag).toBeUndefined()
    expect(missing.json().error).toEqual(expect.any(String))
    const anyVersion = await get('/api/users/2147483647/profile', { 'if-none-match': '*' })
    expect(anyVersion.statusCode).toBe(404)
    expect(anyVersion.headers.etag).toBeUndefined()
  })

  it('streams a streamed answer as it is, even JSON', async () => {
    const res = await get('/streamed.json', { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.rawPayload.equals(STREAMED_JSON)).toBe(true)
  })

  it('streams stored media by the /video proxy as they are: a range is a 206 of the raw bytes', async () => {
    const key = 'notes/board.json'
    const bytes = STREAMED_JSON
    const path = join(t.config.mediaDir, key)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, bytes)
    const url = `/api/video/${encodeURIComponent(key)}`

    const part = await get(url, { range: 'bytes=0-1999', 'accept-encoding': 'gzip, deflate, br' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-encoding']).toBeUndefined()
    expect(part.headers['content-range']).toBe(`bytes 0-1999/${bytes.length}`)
    expect(part.rawPayload.equals(bytes.subarray(0, 2000))).toBe(true)

    const whole = await get(url, { 'accept-encoding': 'gzip, deflate, br' })
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-encoding']).toBeUndefined()
    expect(whole.rawPayload.equals(bytes)).toBe(true)
    expect(whole.headers.vary ?? '').not.toMatch(/accept-encoding/i)
  })

  it("keeps the per-change cache's own ETag and encoding on /api/competitions, compressed once", async () => {
    const identity = await get('/api/competitions')
    expect(identity.rawPayload.length).toBeGreaterThanOrEqual(MIN_COMPRESSED_BYTES)
    const etag = identity.headers.etag as string
    expect(etag).toMatch(/^"\d+-[\w-]+"$/) // seq-hash, as live/cached-reply.ts makes it

    const br = await get('/api/competitions', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.etag).toBe(etag)
    // CORS's Origin is kept: a shared cache must not hand one origin's answer to another.
    expect(br.headers.vary).toBe('Origin, Accept-Encoding')
    expect(br.rawPayload.length).toBeGreaterThanOrEqual(MIN_COMPRESSED_BYTES)
    // Decoded once, it is the JSON itself: not brotli inside brotli.
    expect(decoded(br).equals(identity.rawPayload)).toBe(true)
    expect(JSON.parse(decoded(br).toString()).competitions.length).toBeGreaterThanOrEqual(4)

    const gzip = await get('/api/competitions', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(decoded(gzip).equals(identity.rawPayload)).toBe(true)

    const again = await get('/api/competitions', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.headers.etag).toBe(etag)
  })
})
