// GET /api/video/{key}: rendition choice per device, Range/ETag/caching, and
// keys that try to leave the media root. Files are written directly (no ffmpeg).
import { nextAttemptNumber } from '../../helpers/attempts.ts'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import type { ProcessingState } from '../../../contract/index.ts'
import { request as httpRequest } from 'node:http'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidKeyError, assertSafeKey, attemptKeys, resolveKey } from '../../../infra/storage.ts'
import { pickPlayback } from '../../../server/services/playback.service.ts'
import { parseRange } from '../../../server/services/byte-range.service.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
let participantId: number
const SECRET = 'TOP-SECRET-outside-the-media-root'

beforeAll(async () => {
  t = await startTestApp()
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
  writeFileSync(join(t.config.dataDir, 'secret.txt'), SECRET)
  mkdirSync(t.config.mediaDir, { recursive: true })
  symlinkSync(join(t.config.dataDir, 'secret.txt'), join(t.config.mediaDir, 'escape.txt'))
})
afterAll(async () => {
  await t?.close()
})

/** Distinct, position-dependent bytes so a wrong offset can't pass. */
function bytes(size: number, seed: number): Buffer {
  const b = Buffer.alloc(size)
  for (let i = 0; i < size; i++) b[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff
  return b
}

function put(key: string, data: Buffer) {
  const path = join(t.config.mediaDir, key)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, data)
  return data
}

async function attemptWith(state: ProcessingState, files: { renditions?: Array<'360' | '720'>; poster?: boolean } = {}) {
  const row = await t.db.prisma.attempt.create({
    data: {
      participantId,
      liftType: 'squat',
      attemptNumber: await nextAttemptNumber(t.db.prisma, participantId, 'squat'),
      weight: 100,
      processingState: state,
    },
  })
  const originalKey = attemptKeys.original(row.id, 'mp4')
  const original = put(originalKey, bytes(10_000, 1))
  const renditions: Record<string, string> = {}
  const data: Record<string, Buffer> = { original }
  for (const name of files.renditions ?? []) {
    renditions[name] = attemptKeys.rendition(row.id, name)
    data[name] = put(renditions[name], bytes(name === '360' ? 3_000 : 6_000, Number(name)))
  }
  const posterKey = files.poster ? attemptKeys.poster(row.id) : null
  if (posterKey) data.poster = put(posterKey, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), bytes(500, 9)]))
  await t.db.prisma.attempt.update({ where: { id: row.id }, data: { originalKey, renditions, posterKey } })
  return { id: row.id, url: `/api/video/${encodeURIComponent(originalKey)}`, originalKey, posterKey, renditions, data }
}

describe('rendition choice', () => {
  it('serves the original while renditions are pending, marked for revalidation', async () => {
    const a = await attemptWith('pending')
    for (const query of ['', '?mobile=true', '?device=desktop']) {
      const res = await t.app.inject({ url: a.url + query })
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-video-rendition']).toBe('original')
      expect(res.headers['cache-control']).toBe('public, no-cache')
      expect(res.rawPayload.equals(a.data.original!)).toBe(true)
    }
  })

  it('serves 360p to phones and 720p to desktops once ready, falling back to what exists', async () => {
    const both = await attemptWith('ready', { renditions: ['360', '720'] })
    const cases: Array<[string, string]> = [
      ['', '720'],
      ['?device=desktop', '720'],
      ['?device=linux', '720'],
      ['?mobile=true', '360'],
      ['?device=android', '360'],
      ['?device=ios&t=123', '360'],
      ['?mobile=true&device=linux', '360'],
    ]
    for (const [query, rendition] of cases) {
      const res = await t.app.inject({ url: both.url + query })
      expect(res.statusCode, query).toBe(200)
      expect(res.headers['x-video-rendition'], query).toBe(rendition)
      expect(res.headers['cache-control']).toBe('public, max-age=86400')
      expect(res.rawPayload.equals(both.data[rendition]!), query).toBe(true)
    }
    const only720 = await attemptWith('ready', { renditions: ['720'] })
    expect((await t.app.inject({ url: `${only720.url}?mobile=true` })).headers['x-video-rendition']).toBe('720')
    const failed = await attemptWith('failed')
    const res = await t.app.inject({ url: failed.url })
    expect(res.headers['x-video-rendition']).toBe('original')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
  })

  it('serves posters and explicitly named renditions as they are', async () => {
    const a = await attemptWith('ready', { renditions: ['360', '720'], poster: true })
    const poster = await t.app.inject({ url: `/api/video/${encodeURIComponent(a.posterKey!)}` })
    expect(poster.statusCode).toBe(200)
    expect(poster.headers['content-type']).toBe('image/jpeg')
    expect(poster.rawPayload.equals(a.data.poster!)).toBe(true)
    const named = await t.app.inject({ url: `/api/video/${encodeURIComponent(a.renditions['360']!)}?device=desktop` })
    expect(named.headers['x-video-rendition']).toBe('as-is')
    expect(named.rawPayload.equals(a.data['360']!)).toBe(true)
    // Unencoded slashes work too.
    expect((await t.app.inject({ url: `/api/video/${a.posterKey}` })).statusCode).toBe(200)
  })

  it('answers 404 {error} for unknown attempts and files', async () => {
    const a = await attemptWith('pending')
    for (const key of ['attempts/999999/original.mp4', `attempts/${a.id}/nothing.mp4`, 'posters/none.jpg']) {
      const res = await t.app.inject({ url: `/api/video/${encodeURIComponent(key)}` })
      expect(res.statusCode, key).toBe(404)
      expect(res.json()).toEqual({ error: 'Video not found' })
    }
  })

  it('pickPlayback is a pure choice', () => {
    const attempt = { originalKey: 'o', processingState: 'ready', renditions: { 360: 'a', 720: 'b' } }
    expect(pickPlayback(attempt, 'mobile')).toEqual({ key: 'a', variant: '360', final: true })
    expect(pickPlayback(attempt, 'desktop')).toEqual({ key: 'b', variant: '720', final: true })
    expect(pickPlayback({ ...attempt, processingState: 'processing' }, 'desktop')).toEqual({ key: 'o', variant: 'original', final: false })
    expect(pickPlayback({ ...attempt, renditions: null }, 'desktop')).toEqual({ key: 'o', variant: 'original', final: true })
  })
})

describe('HTTP ranges and validators', () => {
  it('returns the exact bytes for every range form, with Content-Range and Accept-Ranges', async () => {
    const a = await attemptWith('pending')
    const whole = a.data.original!
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-100', 100, 100],
      ['bytes=9990-', 9990, 9999],
      ['bytes=-5', 9995, 9999],
      ['bytes=5000-999999', 5000, 9999],
      ['bytes=-20000', 0, 9999],
      ['bytes=0-', 0, 9999],
    ]
    for (const [range, start, end] of cases) {
      const res = await t.app.inject({ url: a.url, headers: { range } })
      expect(res.statusCode, range).toBe(206)
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/10000`)
      expect(res.headers['content-length'], range).toBe(String(end - start + 1))
      expect(res.headers['accept-ranges']).toBe('bytes')
      expect(res.headers['content-type']).toBe('video/mp4')
      expect(res.rawPayload.equals(whole.subarray(start, end + 1)), range).toBe(true)
    }
  })

  it('416 with bytes */size for an unsatisfiable range; the whole file for multi-range or malformed headers', async () => {
    const a = await attemptWith('pending')
    for (const range of ['bytes=10000-', 'bytes=20000-30000', 'bytes=-0']) {
      const res = await t.app.inject({ url: a.url, headers: { range } })
      expect(res.statusCode, range).toBe(416)
      expect(res.headers['content-range']).toBe('bytes */10000')
      expect(res.json().error).toMatch(/outside the video/)
    }
    for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=5-1', 'bytes=abc']) {
      const res = await t.app.inject({ url: a.url, headers: { range } })
      expect(res.statusCode, range).toBe(200)
      expect(res.rawPayload.length).toBe(10_000)
    }
  })

  it('ETag: If-None-Match → 304; If-Range resumes only on the same bytes', async () => {
    const a = await attemptWith('ready', { renditions: ['720'] })
    const first = await t.app.inject({ url: a.url })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(first.headers['last-modified']).toBeTruthy()
    const again = await t.app.inject({ url: a.url, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    const resume = await t.app.inject({ url: a.url, headers: { range: 'bytes=10-19', 'if-range': etag } })
    expect(resume.statusCode).toBe(206)
    const stale = await t.app.inject({ url: a.url, headers: { range: 'bytes=10-19', 'if-range': '"old-etag"' } })
    expect(stale.statusCode).toBe(200)
    expect(stale.rawPayload.equals(a.data['720']!)).toBe(true)
    // The original's ETag differs from the rendition's: a cached original is replaced on revalidation.
    await t.db.prisma.attempt.update({ where: { id: a.id }, data: { processingState: 'processing' } })
    const original = await t.app.inject({ url: a.url, headers: { 'if-none-match': etag } })
    expect(original.statusCode).toBe(200)
    expect(original.headers['x-video-rendition']).toBe('original')
  })

  it('HEAD gives the headers without a body', async () => {
    const a = await attemptWith('pending')
    const res = await t.app.inject({ method: 'HEAD', url: a.url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-length']).toBe('10000')
    expect(res.rawPayload.length).toBe(0)
  })

  it('parseRange is a pure decision', () => {
    expect(parseRange(undefined, 10)).toEqual({ kind: 'none' })
    expect(parseRange('bytes=2-4', 10)).toEqual({ kind: 'range', start: 2, end: 4 })
    expect(parseRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=-3', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=-', 10)).toEqual({ kind: 'none' })
  })
})

describe('keys that try to leave the media root', () => {
  const forms = [
    '..%2Fsecret.txt',
    '%2e%2e%2fsecret.txt',
    '%2E%2E%2Fsecret.txt',
    '%2e%2e/secret.txt',
    'attempts%2F..%2F..%2Fsecret.txt',
    '%252e%252e%252fsecret.txt',
    '..%255csecret.txt',
    '%2Fetc%2Fpasswd',
    '%2F%2Fetc%2Fpasswd',
    'attempts%2F1%2Foriginal.mp4%00',
    '%00',
    '..%5Csecret.txt',
    'attempts%5C..%5C..%5Csecret.txt',
    '.tmp%2Fupload',
    '.',
    '..',
    'attempts%2F%2E%2Fx.mp4',
    'attempts%2F%2F1',
    'C%3A%5Cwindows%5Cwin.ini',
    'escape.txt',
  ]

  it('refuses every form with 400/404 {error} and never serves the outside file', async () => {
    for (const form of forms) {
      const res = await t.app.inject({ url: `/api/video/${form}` })
      expect([400, 404], form).toContain(res.statusCode)
      expect(res.json(), form).toHaveProperty('error')
      expect(res.body, form).not.toContain(SECRET)
    }
  })

  it('refuses raw, unnormalised paths on a real socket too', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = new URL(address)
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: Number(port), path, method: 'GET' }, (res) => {
          let body = ''
          res
            .setEncoding('utf8')
            .on('data', (c: string) => {
              body += c
            })
            .on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        })
        req.on('error', reject)
        req.end()
      })
    for (const path of [
      '/api/video/../secret.txt',
      '/api/video/attempts/../../secret.txt',
      '/api/video/..%2f..%2fsecret.txt',
      '/api/video//etc/passwd',
      '/api/video/%2e%2e/%2e%2e/secret.txt',
    ]) {
      const res = await get(path)
      expect([400, 404], path).toContain(res.status)
      expect(res.body, path).not.toContain(SECRET)
    }
  })

  it('assertSafeKey and resolveKey refuse before touching the disk', () => {
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a\0b',
      '%2e%2e/x',
      'a\\..\\b',
      '.tmp/x',
      'a//b',
      '',
      'a/./b',
      'x/'.repeat(300),
    ]) {
      expect(() => assertSafeKey(key), JSON.stringify(key)).toThrow(InvalidKeyError)
      expect(() => resolveKey('/srv/media', key), JSON.stringify(key)).toThrow(InvalidKeyError)
    }
    expect(resolveKey('/srv/media', 'attempts/1/original.mp4')).toBe('/srv/media/attempts/1/original.mp4')
    expect(attemptKeys.attemptOf('attempts/12/720p.mp4')).toBe(12)
    expect(attemptKeys.attemptOf('attempts/12/sub/720p.mp4')).toBeNull()
    expect(attemptKeys.attemptOf('posters/12.jpg')).toBeNull()
  })
})
