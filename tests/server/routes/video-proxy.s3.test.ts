// GET /api/video/{key} with media in an S3-compatible bucket (s3rver in a child process):
// Range passed through, ETag/304, 404, 503 while the store is away, a read failing
// mid-stream only aborts that response, and S3_PRESIGN_SECONDS → a redirect to a
// presigned URL that serves the bytes itself.
import { nextAttemptNumber } from '../../helpers/attempts.ts'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attemptKeys } from '../../../infra/storage.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
let presigning: TestApp
let dir: string
let participantId: number
let n = 0

/** Distinct, position-dependent bytes so a wrong offset can't pass. */
function bytes(size: number, seed: number): Buffer {
  const b = Buffer.alloc(size)
  for (let i = 0; i < size; i++) b[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff
  return b
}

/** Stores bytes in the bucket through the driver, as the upload route and the worker do. */
async function put(app: TestApp, key: string, data: Buffer) {
  const path = join(dir, `file-${n++}`)
  writeFileSync(path, data)
  await app.storage.putFile(key, path)
  return data
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'liftarena-video-s3-'))
  mkdirSync(dir, { recursive: true })
  t = await startTestApp({ s3: true })
  expect(t.storage.kind).toBe('s3')
  // A second app on the same bucket that redirects to presigned URLs.
  presigning = await startTestApp({ env: { ...t.s3!.env, S3_PRESIGN_SECONDS: '120' } })
  const u = await registerUser(t.app)
  const challengeId = await createChallenge(t.app, u.access_token)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: u.auth,
    payload: { competition_id: challengeId, weight_class: '83kg' },
  })
  expect(res.statusCode).toBe(201)
  participantId = (await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: u.user_id } })).id
})
afterAll(async () => {
  await presigning?.close()
  await t?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A ready attempt whose original and renditions are in the bucket. */
async function readyAttempt() {
  const row = await t.db.prisma.attempt.create({
    data: {
      participantId,
      liftType: 'squat',
      attemptNumber: await nextAttemptNumber(t.db.prisma, participantId, 'squat'),
      weight: 100,
      processingState: 'ready',
    },
  })
  const originalKey = attemptKeys.original(row.id, 'mp4')
  const renditions = { '360': attemptKeys.rendition(row.id, '360'), '720': attemptKeys.rendition(row.id, '720') }
  await put(t, originalKey, bytes(10_000, 1))
  const data = { '360': await put(t, renditions['360'], bytes(3_000, 360)), '720': await put(t, renditions['720'], bytes(6_000, 720)) }
  await t.db.prisma.attempt.update({ where: { id: row.id }, data: { originalKey, renditions } })
  return { url: `/api/video/${encodeURIComponent(originalKey)}`, data }
}

describe('streaming from S3', () => {
  it('serves the rendition for the device, whole and by Range (206 with the right bytes)', async () => {
    const a = await readyAttempt()
    const whole = await t.app.inject({ url: a.url })
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['x-video-rendition']).toBe('720')
    expect(whole.headers['content-type']).toBe('video/mp4')
    expect(whole.headers['content-length']).toBe('6000')
    expect(whole.rawPayload.equals(a.data['720'])).toBe(true)

    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=2500-2999', 2500, 2999],
      ['bytes=-1', 2999, 2999],
      ['bytes=2990-', 2990, 2999],
    ] as const) {
      const res = await t.app.inject({ url: `${a.url}?mobile=true`, headers: { range } })
      expect(res.statusCode, range).toBe(206)
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/3000`)
      expect(res.rawPayload.equals(a.data['360'].subarray(start, end + 1)), range).toBe(true)
    }
    const beyond = await t.app.inject({ url: a.url, headers: { range: 'bytes=6000-' } })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe('bytes */6000')
  })

  it('answers 304 to If-None-Match with the current ETag, and the bytes to a stale one', async () => {
    const a = await readyAttempt()
    const first = await t.app.inject({ url: a.url })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[^"]+"$/)
    const again = await t.app.inject({ url: a.url, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    const stale = await t.app.inject({ url: a.url, headers: { 'if-none-match': '"something-else"' } })
    expect(stale.statusCode).toBe(200)
    expect(stale.rawPayload.equals(a.data['720'])).toBe(true)
  })

  it('404 for a key with no object, 400 for a key that is not ours', async () => {
    const missing = await t.app.inject({ url: `/api/video/${encodeURIComponent('demo/none.mp4')}` })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ error: 'Video not found' })
    const bad = await t.app.inject({ url: `/api/video/${encodeURIComponent('../etc/passwd')}` })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toHaveProperty('error')
  })

  it("never serves a resumable upload waiting in the bucket (tus/…): it is its lifter's, not media", async () => {
    await put(t, 'tus/0123456789abcdef0123456789abcdef', Buffer.from("half of someone's video"))
    await put(t, 'tus/0123456789abcdef0123456789abcdef.info', Buffer.from('{"metadata":{"owner":"7"}}'))
    for (const key of ['tus/0123456789abcdef0123456789abcdef', 'tus/0123456789abcdef0123456789abcdef.info']) {
      const res = await t.app.inject({ url: `/api/video/${encodeURIComponent(key)}` })
      expect(res.statusCode, key).toBe(404)
      expect(res.json()).toEqual({ error: 'Video not found' })
    }
  })

  it('503 with an {error} while the store is away, and plays again when it is back', async () => {
    const a = await readyAttempt()
    await t.s3!.stop()
    try {
      const res = await t.app.inject({ url: a.url, headers: { range: 'bytes=0-9' } })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ error: expect.stringContaining('try again') })
      expect(res.body).not.toMatch(/ECONNREFUSED|at .*\.ts/)
    } finally {
      await t.s3!.start()
    }
    const back = await t.app.inject({ url: a.url, headers: { range: 'bytes=0-9' } })
    expect(back.statusCode).toBe(206)
    expect(back.rawPayload.equals(a.data['720'].subarray(0, 10))).toBe(true)
  })

  it('a store lost mid-stream aborts that response only; the server keeps serving', async () => {
    const key = 'demo/long.mp4'
    const data = await put(t, key, bytes(24 * 1024 * 1024, 5))
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: `/api/video/${encodeURIComponent(key)}` }, resolve)
        .on('error', reject)
        .end()
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-length']).toBe(String(data.length))
    let received = 0
    const ended = new Promise<string>((resolve) => {
      res.on('data', (chunk: Buffer) => {
        received += chunk.length
      })
      res.on('aborted', () => resolve('aborted'))
      res.on('error', () => resolve('error'))
      res.on('end', () => resolve('end'))
    })
    // Let the first bytes through, then take the store away while the rest is still to come.
    res.pause()
    await new Promise((r) => setTimeout(r, 200))
    await t.s3!.stop()
    res.resume()
    try {
      expect(['aborted', 'error']).toContain(await ended)
      expect(received).toBeLessThan(data.length)
    } finally {
      await t.s3!.start()
    }
    const after = await fetch(`http://127.0.0.1:${port}/api/video/${encodeURIComponent(key)}`, { headers: { range: 'bytes=100-199' } })
    expect(after.status).toBe(206)
    expect(Buffer.from(await after.arrayBuffer()).equals(data.subarray(100, 200))).toBe(true)
  })
})

describe('S3_PRESIGN_SECONDS > 0', () => {
  it('redirects to a presigned URL, cached briefly and privately, that serves the bytes with Range', async () => {
    const key = 'demo/presigned.mp4'
    const data = await put(presigning, key, bytes(20_000, 7))
    const res = await presigning.app.inject({ url: `/api/video/${encodeURIComponent(key)}` })
    expect([302, 307]).toContain(res.statusCode)
    expect(res.headers['cache-control']).toBe('private, max-age=60')
    const location = res.headers.location as string
    expect(location.startsWith(`${t.s3!.endpoint}/${t.s3!.bucket}/demo/presigned.mp4?`)).toBe(true)
    // Signed (SigV4 in the query; s3rver does not check V4 signatures, so their verification is the real store's).
    expect(location).toMatch(/X-Amz-Expires=120/)
    expect(location).toMatch(/X-Amz-Credential=S3RVER%2F/)
    expect(location).toMatch(/X-Amz-Signature=[0-9a-f]{64}/)

    const ranged = await fetch(location, { headers: { range: 'bytes=1000-1999' } })
    expect(ranged.status).toBe(206)
    expect(Buffer.from(await ranged.arrayBuffer()).equals(data.subarray(1000, 2000))).toBe(true)
    const whole = await fetch(location)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('video/mp4')
    expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true)
  })

  it('still answers 404 (JSON, no redirect) for a missing key and 304 for a current ETag', async () => {
    const missing = await presigning.app.inject({ url: `/api/video/${encodeURIComponent('demo/nothing.mp4')}` })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ error: 'Video not found' })
    const key = 'demo/cached.mp4'
    await put(presigning, key, bytes(1_000, 3))
    const etag = (await presigning.storage.stat(key))!.etag
    const cached = await presigning.app.inject({ url: `/api/video/${encodeURIComponent(key)}`, headers: { 'if-none-match': etag } })
    expect(cached.statusCode).toBe(304)
  })
})
