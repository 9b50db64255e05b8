// Resumable uploads (tus, server/routes/tus.routes.ts) with the local file store: refusals at
// creation match POST /api/upload's, uploads belong to their creator, a cut upload resumes (also
// after a restart, with the real tus-js-client), the last byte takes POST /api/upload's path once,
// and expired partial uploads are removed.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Upload as TusUpload, type HttpResponse } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TranscodeJob } from '../../../infra/transcoding/jobs.ts'
import { createChallenge, joinedLifter as joinedLifterOf, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { makeClip, multipartForm } from '../../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts'
import { REDIS_URL, dropRedisPrefix } from '../../helpers/live.ts'
import { Redis } from 'ioredis'
import { uploadBytesTotal } from '../../../infra/metrics.ts'
import { createRequire } from 'node:module'

const LIMIT = 1024 * 1024
let database: TestDatabase
let scratchDir: string
let env: Record<string, string>
let t: TestApp
const enqueued: TranscodeJob[] = []
let clipDir: string
let clip: Buffer

const b64 = (value: string | number) => Buffer.from(String(value)).toString('base64')
const metadataHeader = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',')
const tusDir = () => join(scratchDir, 'tus')
const TUS = { 'tus-resumable': '1.0.0' }

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'liftarena-tus-clips-'))
  scratchDir = mkdtempSync(join(tmpdir(), 'liftarena-tus-scratch-'))
  database = await createTestDatabase()
  env = {
    DATABASE_URL: database.url,
    SCRATCH_DIR: scratchDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    UPLOAD_MAX_BYTES: String(LIMIT),
    RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
  }
  ;[t, clip] = await Promise.all([
    startTestApp({ env, queue: { enqueue: async (job) => void enqueued.push(job), close: async () => {} } }),
    makeClip(clipDir, 'lift.mp4', { width: 640, height: 360, seconds: 2 }).then((p) => readFileSync(p)),
  ])
})
afterAll(async () => {
  await t?.close()
  await database?.drop()
  for (const dir of [clipDir, scratchDir]) if (dir) rmSync(dir, { recursive: true, force: true })
})

const joinedLifter = (challenge: Record<string, unknown> = {}, days?: { start: number; end: number }) =>
  joinedLifterOf(t.app, challenge, days)

const fieldsOf = (u: { challengeId: number }, extra: Record<string, string | number> = {}) => ({
  filename: 'lift.mp4',
  filetype: 'video/mp4',
  lift_type: 'Bench Press',
  weight: 102.5,
  competition_id: u.challengeId,
  ...extra,
})

function create(auth: Record<string, string>, fields: Record<string, string | number>, length = clip.length, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { ...TUS, ...auth, 'upload-length': String(length), 'upload-metadata': metadataHeader(fields) },
  })
}

async function created(auth: Record<string, string>, fields: Record<string, string | number>, length = clip.length) {
  const res = await create(auth, fields, length)
  expect(res.statusCode, res.body).toBe(201)
  const location = res.headers.location as string
  expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/)
  return location
}

function patch(auth: Record<string, string>, location: string, offset: number, bytes: Buffer, app = t.app) {
  return app.inject({
    method: 'PATCH',
    url: location,
    payload: bytes,
    headers: { ...TUS, ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
  })
}
const head = (auth: Record<string, string>, location: string, app = t.app) =>
  app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...auth } })

/** The uploads the file store holds (each has a data file and a .json info file). */
const storedUploads = () => (existsSync(tusDir()) ? readdirSync(tusDir()).filter((n) => !n.endsWith('.json')) : [])

describe('tus creation is checked as POST /api/upload checks its form, before any byte', () => {
  it('answers tus discovery on OPTIONS without a token', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/uploads/' })
    expect(res.statusCode).toBe(204)
    expect(res.headers['tus-version']).toBe('1.0.0')
    expect(res.headers['tus-extension']).toBe('creation,termination,expiration')
    expect(res.headers['tus-max-size']).toBe(String(LIMIT))
  })

  it('refuses with the same status and message as POST /api/upload, and stores nothing', async () => {
    const u = await joinedLifter()
    const stranger = await registerUser(t.app)
    const upcoming = await joinedLifter({}, { start: 2, end: 6 })
    const before = storedUploads()
    const cases: Array<[string, Record<string, string>, Record<string, string | number>]> = [
      ['no token', {}, fieldsOf(u)],
      ['a forged token', { authorization: 'Bearer not.a.token' }, fieldsOf(u)],
      ['missing fields', u.auth, { filename: 'lift.mp4', lift_type: 'Bench Press' }],
      ['a weight that is not a number', u.auth, fieldsOf(u, { weight: 'heavy' })],
      ['a weight above the record', u.auth, fieldsOf(u, { weight: 700 })],
      ['a challenge that does not exist', u.auth, fieldsOf(u, { competition_id: 999999 })],
      ['a lift the challenge does not list', u.auth, fieldsOf(u, { lift_type: 'Snatch' })],
      ['a challenge not joined', stranger.auth, fieldsOf(u)],
      ['a challenge not started', upcoming.auth, fieldsOf(upcoming)],
      ['another user_id', u.auth, fieldsOf(u, { user_id: stranger.user_id })],
    ]
    const statuses = new Set<number>()
    for (const [what, auth, fields] of cases) {
      const { filename: _f, filetype: _t, ...formFields } = fields
      const form = multipartForm(formFields, [{ filename: 'lift.mp4', data: clip }], 'fields-first')
      const spec = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...auth, ...form.headers }, payload: form.payload })
      const res = await create(auth, fields)
      expect(spec.statusCode, what).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, what).toBe(spec.statusCode)
      expect(res.json(), what).toEqual(spec.json())
      expect(res.headers.location, what).toBeUndefined()
      statuses.add(res.statusCode)
    }
    expect([...statuses].sort()).toEqual([400, 401, 403, 404, 409])
    expect(storedUploads()).toEqual(before)
  })

  it("answers 413 with POST /api/upload's sentence when Upload-Length is over UPLOAD_MAX_BYTES", async () => {
    const u = await joinedLifter()
    const before = storedUploads()
    const res = await create(u.auth, fieldsOf(u), LIMIT + 1)
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ error: 'The video is larger than the 1 MB limit. Trim or compress it and try again.' })
    expect(storedUploads()).toEqual(before)
  })

  it('answers {error} for a request tus refuses (no Tus-Resumable, a malformed Upload-Metadata)', async () => {
    const u = await joinedLifter()
    const noTus = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { ...u.auth, 'upload-length': '10', 'upload-metadata': metadataHeader(fieldsOf(u)) },
    })
    expect(noTus.statusCode).toBe(412)
    expect(noTus.json()).toEqual({ error: expect.stringMatching(/Tus-Resumable/) })
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { ...TUS, ...u.auth, 'upload-length': '10', 'upload-metadata': 'weight 1,weight 2' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ error: expect.stringMatching(/Upload-Metadata/) })
  })
})

describe('a tus upload belongs to its creator', () => {
  it('answers 404 to another user and 401 without a token, and changes nothing', async () => {
    const u = await joinedLifter()
    const other = await registerUser(t.app)
    const location = await created(u.auth, fieldsOf(u))
    expect((await patch(u.auth, location, 0, clip.subarray(0, 1000))).statusCode).toBe(204)
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: location,
        headers: { ...TUS, ...other.auth, 'upload-offset': '1000', 'content-type': 'application/offset+octet-stream' },
        payload: method === 'PATCH' ? clip.subarray(1000, 2000) : undefined,
      })
      expect(res.statusCode, method).toBe(404)
      if (method !== 'HEAD') expect(res.json().error, method).toMatch(/does not exist/)
      const anonymous = await t.app.inject({ method, url: location, headers: TUS })
      expect(anonymous.statusCode, method).toBe(401)
    }
    const mine = await head(u.auth, location)
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['upload-offset']).toBe('1000')
  })
})

describe('a tus upload that has arrived cannot be cancelled', () => {
  it('answers DELETE of a recorded upload 409 with its attempt, and the attempt stays', async () => {
    const u = await joinedLifter()
    const location = await created(u.auth, fieldsOf(u))
    const last = await patch(u.auth, location, 0, clip)
    expect(last.statusCode).toBe(200)
    const attemptId = Number(last.headers['x-attempt-id'])
    const cancel = await t.app.inject({ method: 'DELETE', url: location, headers: { ...TUS, ...u.auth } })
    expect(cancel.statusCode).toBe(409)
    expect(cancel.json()).toEqual({ error: expect.stringMatching(/can no longer be cancelled/) })
    expect(cancel.headers['x-attempt-id']).toBe(String(attemptId))
    expect(await t.db.prisma.attempt.findUnique({ where: { id: attemptId } })).not.toBeNull()
    expect((await head(u.auth, location)).headers['x-attempt-id']).toBe(String(attemptId))
  })
})

describe("a tus upload cannot be reached through another upload's address", () => {
  it('gives tus only the id the owner check read: a query string naming another upload writes, reads and cancels nothing of it', async () => {
    const victim = await joinedLifter()
    const attacker = await joinedLifter()
    const theirs = await created(victim.auth, fieldsOf(victim))
    expect((await patch(victim.auth, theirs, 0, clip.subarray(0, 1000))).statusCode).toBe(204)
    const mine = await created(attacker.auth, fieldsOf(attacker))
    const smuggled = `${mine}?x=/${theirs.split('/').pop()}`
    // A PATCH at the victim's offset: were it applied to their upload, it would take it to 2000.
    const write = await patch(attacker.auth, smuggled, 1000, clip.subarray(1000, 2000))
    expect(write.statusCode).toBe(409) // the attacker's own upload is at offset 0
    const read = await head(attacker.auth, smuggled)
    expect(read.headers['upload-offset']).toBe('0')
    expect(read.headers['upload-metadata']).not.toContain(Buffer.from(String(victim.challengeId)).toString('base64'))
    expect((await t.app.inject({ method: 'DELETE', url: smuggled, headers: { ...TUS, ...attacker.auth } })).statusCode).toBe(204)
    const after = await head(victim.auth, theirs)
    expect(after.statusCode).toBe(200)
    expect(after.headers['upload-offset']).toBe('1000')
  })
})

describe("a tus upload resumes and finishes through POST /api/upload's path", () => {
  it('resumes after a cut, records one attempt, enqueues one transcode, and plays; finishing again changes nothing', async () => {
    const u = await joinedLifter()
    const location = await created(u.auth, fieldsOf(u))
    const id = location.split('/').pop()!
    const half = Math.floor(clip.length / 2)
    const tusBytes = async () => (await uploadBytesTotal.get()).values.find((v) => v.labels.method === 'tus')?.value ?? 0
    const bytesBefore = await tusBytes()
    const first = await patch(u.auth, location, 0, clip.subarray(0, half))
    expect(first.statusCode).toBe(204)
    expect(first.headers['upload-offset']).toBe(String(half))
    expect(first.headers['upload-expires']).toBeTruthy()

    const state = await head(u.auth, location)
    expect(state.headers['upload-offset']).toBe(String(half))
    expect(state.headers['upload-length']).toBe(String(clip.length))
    // A PATCH from the wrong offset is refused without writing.
    const wrong = await patch(u.auth, location, 10, clip.subarray(10, 20))
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json()).toEqual({ error: expect.stringMatching(/offset/) })

    const last = await patch(u.auth, location, half, clip.subarray(half))
    expect(last.statusCode).toBe(200)
    const body = last.json() as { url: string; attempt_id: number; participant_id: number; competition_id: number }
    expect(body).toEqual({
      url: expect.stringMatching(/^\/api\/video\/attempts%2F\d+%2Foriginal\.mp4$/),
      attempt_id: expect.any(Number),
      participant_id: u.user_id,
      competition_id: u.challengeId,
    })
    expect(last.headers['x-attempt-id']).toBe(String(body.attempt_id))
    expect(last.headers['upload-offset']).toBe(String(clip.length))

    const row = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: body.attempt_id } })
    expect(row).toMatchObject({ uploadId: id, liftType: 'bench', weight: 102.5, processingState: 'pending' })
    expect(enqueued.filter((j) => j.attemptId === body.attempt_id)).toHaveLength(1)
    const play = await t.app.inject({ method: 'GET', url: body.url })
    expect(play.statusCode).toBe(200)
    expect(play.rawPayload.equals(clip)).toBe(true)
    expect(storedUploads()).not.toContain(id)
    expect((await tusBytes()) - bytesBefore).toBe(clip.length) // the refused PATCH wrote nothing

    // The last answer was lost: HEAD says complete and names the attempt; a repeated last PATCH answers it again.
    const again = await head(u.auth, location)
    expect(again.statusCode).toBe(200)
    expect(again.headers['upload-offset']).toBe(String(clip.length))
    expect(again.headers['upload-length']).toBe(String(clip.length))
    expect(again.headers['x-attempt-id']).toBe(String(body.attempt_id))
    const repeat = await patch(u.auth, location, half, clip.subarray(half))
    expect(repeat.statusCode).toBe(200)
    expect(repeat.json()).toEqual(body)
    expect(await t.db.prisma.attempt.count({ where: { uploadId: id } })).toBe(1)
    expect(enqueued.filter((j) => j.attemptId === body.attempt_id)).toHaveLength(1)
    // Someone else still learns nothing about it.
    const other = await registerUser(t.app)
    expect((await head(other.auth, location)).statusCode).toBe(404)
  })

  it("refuses a file that is not a video with POST /api/upload's 400 and removes the upload", async () => {
    const u = await joinedLifter()
    const text = Buffer.from('this is not a video at all, just some text that pretends to be one\n'.repeat(50))
    const location = await created(u.auth, fieldsOf(u), text.length)
    const id = location.split('/').pop()!
    const res = await patch(u.auth, location, 0, text)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'The file is not a video. Please upload an MP4, MOV or WebM clip.' })
    expect(storedUploads()).not.toContain(id)
    expect(existsSync(join(tusDir(), `${id}.json`))).toBe(false)
    expect((await head(u.auth, location)).statusCode).toBe(404)
    expect(await t.db.prisma.attempt.count({ where: { uploadId: id } })).toBe(0)
  })

  it('cancels with DELETE: the bytes are removed', async () => {
    const u = await joinedLifter()
    const location = await created(u.auth, fieldsOf(u))
    const id = location.split('/').pop()!
    await patch(u.auth, location, 0, clip.subarray(0, 100))
    expect(storedUploads()).toContain(id)
    const res = await t.app.inject({ method: 'DELETE', url: location, headers: { ...TUS, ...u.auth } })
    expect(res.statusCode).toBe(204)
    expect(storedUploads()).not.toContain(id)
    expect((await head(u.auth, location)).statusCode).toBe(404)
  })

  it('with tus-js-client over HTTP: a PATCH cut half-way keeps what arrived, the client resumes from it, and a resume after the finish learns the attempt', async () => {
    const u = await joinedLifter()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (t.app.server.address() as { port: number }).port
    const endpoint = `http://127.0.0.1:${port}/api/uploads/`
    const location = await created(u.auth, fieldsOf(u))
    const uploadUrl = `http://127.0.0.1:${port}${location}`

    // The phone's network drops after ~60 % of the body: the connection is simply gone.
    const sent = Math.floor(clip.length * 0.6)
    await new Promise<void>((resolve) => {
      const req = httpRequest(uploadUrl, {
        method: 'PATCH',
        headers: {
          ...TUS,
          ...u.auth,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(clip.length),
        },
      })
      req.on('error', () => resolve())
      req.write(clip.subarray(0, sent), () =>
        setTimeout(() => {
          req.destroy()
          resolve()
        }, 200),
      )
    })
    let offset = 0
    for (let i = 0; i < 50 && offset === 0; i++) {
      offset = Number((await head(u.auth, location)).headers['upload-offset'])
      if (offset === 0) await new Promise((r) => setTimeout(r, 50))
    }
    expect(offset).toBeGreaterThan(0)
    expect(offset).toBeLessThanOrEqual(sent)

    const resume = (url: string) =>
      new Promise<{ response: HttpResponse; progressFrom: number }>((resolve, reject) => {
        let progressFrom = -1
        const upload = new TusUpload(clip, {
          endpoint,
          uploadUrl: url,
          headers: u.auth,
          metadata: {},
          retryDelays: [],
          onProgress: (bytes) => {
            if (progressFrom < 0) progressFrom = bytes
          },
          onSuccess: ({ lastResponse }) => resolve({ response: lastResponse, progressFrom }),
          onError: reject,
        })
        upload.start()
      })
    const done = await resume(uploadUrl)
    expect(done.progressFrom).toBeGreaterThanOrEqual(offset) // it did not start again from zero
    const attemptId = Number(done.response.getHeader('X-Attempt-Id'))
    expect(attemptId).toBeGreaterThan(0)
    expect(JSON.parse(done.response.getBody())).toMatchObject({ attempt_id: attemptId, competition_id: u.challengeId })

    // The page reloads and resumes the same upload: the client sees it complete and learns the same attempt.
    const reloaded = await resume(uploadUrl)
    expect(reloaded.response.getStatus()).toBe(200)
    expect(Number(reloaded.response.getHeader('X-Attempt-Id'))).toBe(attemptId)
    expect(await t.db.prisma.attempt.count({ where: { uploadId: location.split('/').pop() } })).toBe(1)
    const stored = await t.storage.stat(`attempts/${attemptId}/original.mp4`)
    expect(stored?.size).toBe(clip.length)
  })
})

describe('tus uploads across a restart', () => {
  it('on shutdown, a PATCH still arriving ends after the upload grace, keeps its bytes, records nothing, and resumes on the next server', async () => {
    const u = await joinedLifter()
    const location = await created(u.auth, fieldsOf(u))
    const id = location.split('/').pop()!
    const stopping = await startTestApp({ env, queue: { enqueue: async (job) => void enqueued.push(job), close: async () => {} } })
    await stopping.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (stopping.app.server.address() as { port: number }).port
    const sent = 20_000
    const ended = new Promise<string>((resolve) => {
      const req = httpRequest(
        `http://127.0.0.1:${port}${location}`,
        {
          method: 'PATCH',
          headers: {
            ...TUS,
            ...u.auth,
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(clip.length),
          },
        },
        (res) => resolve(`answered ${res.statusCode}`),
      )
      req.on('error', (e) => resolve(`cut: ${e.message}`))
      req.write(clip.subarray(0, sent)) // then nothing more: the phone is still sending
    })
    await new Promise((r) => setTimeout(r, 300))
    const closing = Date.now()
    await stopping.close()
    expect(Date.now() - closing).toBeLessThan(9_000)
    expect(await ended).toMatch(/cut|answered/)
    const state = await head(u.auth, location)
    expect(state.statusCode).toBe(200)
    expect(Number(state.headers['upload-offset'])).toBe(sent)
    expect(await t.db.prisma.attempt.count({ where: { uploadId: id } })).toBe(0)
    const last = await patch(u.auth, location, sent, clip.subarray(sent))
    expect(last.statusCode).toBe(200)
    expect(await t.db.prisma.attempt.count({ where: { uploadId: id } })).toBe(1)
  })

  it('resume on a restarted server, and the ones past UPLOAD_RESUME_HOURS are removed at start', async () => {
    const u = await joinedLifter()
    const kept = await created(u.auth, fieldsOf(u))
    const stale = await created(u.auth, fieldsOf(u))
    await patch(u.auth, kept, 0, clip.subarray(0, 500))
    await patch(u.auth, stale, 0, clip.subarray(0, 500))
    const staleId = stale.split('/').pop()!
    // Created 25 hours ago (UPLOAD_RESUME_HOURS is 24).
    const infoPath = join(tusDir(), `${staleId}.json`)
    const info = JSON.parse(readFileSync(infoPath, 'utf8')) as { creation_date: string }
    info.creation_date = new Date(Date.now() - 25 * 3_600_000).toISOString()
    writeFileSync(infoPath, JSON.stringify(info))
    expect((await patch(u.auth, stale, 500, clip.subarray(500, 600))).statusCode).toBe(410) // past its expiry already

    const restarted = await startTestApp({ env, queue: { enqueue: async (job) => void enqueued.push(job), close: async () => {} } })
    try {
      expect(storedUploads()).not.toContain(staleId)
      expect(existsSync(infoPath)).toBe(false)
      expect((await head(u.auth, stale, restarted.app)).statusCode).toBe(404)
      const state = await head(u.auth, kept, restarted.app)
      expect(state.statusCode).toBe(200)
      expect(state.headers['upload-offset']).toBe('500')
      const last = await patch(u.auth, kept, 500, clip.subarray(500), restarted.app)
      expect(last.statusCode).toBe(200)
      expect(last.headers['x-attempt-id']).toMatch(/^\d+$/)
    } finally {
      await restarted.close()
    }
  })
})

describe('tus with REDIS_URL, CORS_ORIGINS, a short REQUEST_TIMEOUT_MS and a small upload limit', () => {
  const prefix = `tus-test-${randomBytes(4).toString('hex')}`
  let n: TestApp
  let port: number
  beforeAll(async () => {
    n = await startTestApp({
      env: {
        REDIS_URL,
        REDIS_PREFIX: prefix,
        CORS_ORIGINS: 'http://web.example',
        REQUEST_TIMEOUT_MS: '1000',
        RATE_LIMIT_UPLOAD_PER_MINUTE: '3',
        UPLOAD_MAX_BYTES: String(LIMIT),
        UPLOAD_STALL_WINDOW_MS: '5000',
        UPLOAD_STALL_MIN_BYTES: '1000',
      },
    })
    await n.app.listen({ port: 0, host: '127.0.0.1' })
    port = (n.app.server.address() as { port: number }).port
  })
  afterAll(async () => {
    await n?.close()
    await dropRedisPrefix(prefix)
  })

  async function lifterOn(app: TestApp['app']) {
    const u = await registerUser(app)
    const challengeId = await createChallenge(app, u.access_token)
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/join_competition',
          headers: u.auth,
          payload: { competition_id: challengeId, weight_class: '83kg' },
        })
      ).statusCode,
    ).toBe(201)
    return { ...u, challengeId }
  }

  /** A PATCH over a real connection; `chunks` are written with `gapMs` between them; `hold` keeps it open after them. */
  function rawPatch(
    auth: Record<string, string>,
    location: string,
    offset: number,
    body: Buffer,
    o: { chunks: Buffer[]; gapMs: number; hold?: boolean },
  ) {
    let req!: ReturnType<typeof httpRequest>
    const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
      req = httpRequest(
        `http://127.0.0.1:${port}${location}`,
        {
          method: 'PATCH',
          headers: {
            ...TUS,
            ...auth,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(body.length),
          },
        },
        (res) => {
          let text = ''
          res.on('data', (c: Buffer) => {
            text += c.toString()
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
          res.on('error', (e) => resolve({ error: e.message }))
        },
      )
      req.on('error', (e) => resolve({ error: e.message }))
    })
    void (async () => {
      for (const chunk of o.chunks) {
        req.write(chunk)
        await new Promise((r) => setTimeout(r, o.gapMs))
      }
      if (!o.hold) req.end()
    })()
    return { answer, cut: () => req.destroy() }
  }

  it('counts creations and POST /api/upload against one per-lifter limit (429 {error}), and never limits HEAD or PATCH', async () => {
    const u = await lifterOn(n.app)
    const statuses: number[] = []
    let location = ''
    const multipart = async () => {
      const form = multipartForm({}, [{ filename: 'lift.mp4', data: clip }])
      return n.app.inject({ method: 'POST', url: '/api/upload', headers: { ...u.auth, ...form.headers }, payload: form.payload })
    }
    for (const via of ['tus', 'multipart', 'tus', 'tus', 'multipart'] as const) {
      const res = via === 'tus' ? await create(u.auth, fieldsOf(u), clip.length, n.app) : await multipart()
      statuses.push(res.statusCode)
      if (via === 'tus' && res.statusCode === 201) location = res.headers.location as string
      if (res.statusCode === 429)
        expect(res.json()).toEqual({ error: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds/) })
    }
    // The refused multipart form (no fields: 400) counts too: three requests in all, then 429 on either route.
    expect(statuses).toEqual([201, 400, 201, 429, 429])
    for (let i = 0; i < 5; i++) expect((await head(u.auth, location, n.app)).statusCode).toBe(200)
    for (let i = 0; i < 5; i++)
      expect((await patch(u.auth, location, i * 10, clip.subarray(i * 10, i * 10 + 10), n.app)).statusCode).toBe(204)
  })

  it("lets a listed origin read the tus headers, and no other origin (tus's own allow-all is not sent)", async () => {
    const u = await lifterOn(n.app)
    const res = await n.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: {
        ...TUS,
        ...u.auth,
        origin: 'http://web.example',
        'upload-length': String(clip.length),
        'upload-metadata': metadataHeader(fieldsOf(u)),
      },
    })
    expect(res.statusCode).toBe(201)
    expect(res.headers['access-control-allow-origin']).toBe('http://web.example')
    const exposed = String(res.headers['access-control-expose-headers']).split(/,\s*/)
    for (const name of ['Location', 'Upload-Offset', 'Upload-Length', 'Tus-Resumable', 'Upload-Expires', 'X-Attempt-Id'])
      expect(exposed).toContain(name)
    const preflight = await n.app.inject({
      method: 'OPTIONS',
      url: res.headers.location as string,
      headers: { origin: 'http://web.example', 'access-control-request-method': 'PATCH' },
    })
    expect(preflight.statusCode).toBe(204)
    const stranger = await n.app.inject({
      method: 'HEAD',
      url: res.headers.location as string,
      headers: { ...TUS, ...u.auth, origin: 'http://evil.example' },
    })
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('takes a PATCH body sent slowly for longer than REQUEST_TIMEOUT_MS', async () => {
    const u = await lifterOn(n.app)
    const location = (await create(u.auth, fieldsOf(u), clip.length, n.app)).headers.location as string
    const body = clip.subarray(0, 20_000)
    const chunks = Array.from({ length: 10 }, (_, i) => body.subarray(i * 2000, (i + 1) * 2000))
    const started = Date.now()
    const res = await rawPatch(u.auth, location, 0, body, { chunks, gapMs: 250 }).answer
    expect(Date.now() - started).toBeGreaterThan(2000)
    expect(res).toMatchObject({ status: 204 })
    expect((await head(u.auth, location, n.app)).headers['upload-offset']).toBe(String(body.length))
  })

  it('cuts a PATCH that stalls below the upload throughput minimum, keeping what arrived', async () => {
    const u = await lifterOn(n.app)
    const location = (await create(u.auth, fieldsOf(u), clip.length, n.app)).headers.location as string
    const sent = 8_000
    const started = Date.now()
    const stalled = rawPatch(u.auth, location, 0, clip, { chunks: [clip.subarray(0, sent)], gapMs: 10, hold: true })
    const ended = await stalled.answer // the server ends it: UPLOAD_STALL_WINDOW_MS is 5 s here
    const took = Date.now() - started
    expect(ended).toBeDefined()
    expect(took).toBeGreaterThan(4_000)
    expect(took).toBeLessThan(12_000)
    const state = await head(u.auth, location, n.app)
    expect(state.headers['upload-offset']).toBe(String(sent))
  }, 20_000)

  it("holds one upload's lock in Redis: a second PATCH while the first writes never interleaves (409/423 for one of them)", async () => {
    const u = await lifterOn(n.app)
    const location = (await create(u.auth, fieldsOf(u), clip.length, n.app)).headers.location as string
    const id = location.split('/').pop()!
    const part = clip.subarray(0, 30_000)
    const first = rawPatch(u.auth, location, 0, clip, { chunks: [part], gapMs: 10, hold: true })
    const redis = new Redis(REDIS_URL)
    try {
      let locked = 0
      for (let i = 0; i < 50 && !locked; i++) {
        locked = await redis.exists(`${prefix}:tus-lock:${id}`)
        if (!locked) await new Promise((r) => setTimeout(r, 50))
      }
      expect(locked).toBe(1)
    } finally {
      redis.disconnect()
    }
    await new Promise((r) => setTimeout(r, 300))
    // The client resumed from offset 0 on another connection while the first still hangs.
    const second = await patch(u.auth, location, 0, clip.subarray(0, 50_000), n.app)
    first.cut()
    const firstAnswer = await first.answer
    expect([409, 423]).toContain(second.statusCode)
    expect(second.json().error).toBeTruthy()
    // What the first wrote is all there is: its bytes, not mixed with the second's.
    const offset = Number((await head(u.auth, location, n.app)).headers['upload-offset'])
    expect(offset).toBe(part.length)
    expect(firstAnswer).toBeDefined()
    const rest = await patch(u.auth, location, offset, clip.subarray(offset), n.app)
    expect(rest.statusCode).toBe(200)
    const stored = await n.storage.stat(`attempts/${rest.headers['x-attempt-id']}/original.mp4`)
    expect(stored?.size).toBe(clip.length)
    const bytes = readFileSync(join(n.config.mediaDir, `attempts/${rest.headers['x-attempt-id']}/original.mp4`))
    expect(bytes.equals(clip)).toBe(true)
  })
})

describe('tus with S3 and Redis: two server nodes share the upload', () => {
  const prefix = `tus-s3-test-${randomBytes(4).toString('hex')}`
  let a: TestApp
  let b: TestApp
  let s3: { close(): Promise<void> }
  let startS3: (port: number) => Promise<number>
  let s3Port: number
  const s3Requests: string[] = []
  const bucket = 'liftarena-tus'
  beforeAll(async () => {
    // In process, with the multipart calls @tus/s3-store needs and s3rver lacks (tests/helpers/s3rver-multipart.cjs).
    const require = createRequire(import.meta.url)
    const S3rver = require('s3rver') as new (options: object) => {
      run(): Promise<{ port: number }>
      close(): Promise<void>
      use(fn: (ctx: { method: string; url: string }, next: () => Promise<void>) => Promise<void>): void
      middleware: unknown[]
    }
    const { addMultipartCalls } = require('../../helpers/s3rver-multipart.cjs') as { addMultipartCalls<T>(server: T): T }
    startS3 = async (at: number) => {
      const server = addMultipartCalls(
        new S3rver({
          port: at,
          address: '127.0.0.1',
          silent: true,
          directory: join(scratchDir, 's3rver'),
          configureBuckets: [{ name: bucket }],
        }),
      )
      server.middleware.unshift(async (ctx: { method: string; url: string }, next: () => Promise<void>) => {
        s3Requests.push(`${ctx.method} ${ctx.url}`)
        await next()
      })
      const { port: listening } = await server.run()
      s3 = server
      return listening
    }
    const port = await startS3(0)
    s3Port = port
    const shared = {
      DATABASE_URL: database.url,
      JWT_SECRET: env.JWT_SECRET!,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      UPLOAD_MAX_BYTES: String(LIMIT),
      RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }
    // Each its own DATA_DIR and SCRATCH_DIR: nothing on a shared disk, only the bucket, Redis and the database.
    a = await startTestApp({ env: shared })
    b = await startTestApp({ env: shared })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
    await s3?.close()
    await dropRedisPrefix(prefix)
  })

  it('created and half sent through node A, resumed and finished through node B: one attempt, its original in the bucket, playing on A', async () => {
    const u = await registerUser(a.app)
    const challengeId = await createChallenge(a.app, u.access_token)
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/join_competition',
          headers: u.auth,
          payload: { competition_id: challengeId, weight_class: '83kg' },
        })
      ).statusCode,
    ).toBe(201)
    const res = await create(u.auth, fieldsOf({ challengeId }), clip.length, a.app)
    expect(res.statusCode, res.body).toBe(201)
    const location = res.headers.location as string
    const id = location.split('/').pop()!
    const half = Math.floor(clip.length / 2)
    expect((await patch(u.auth, location, 0, clip.subarray(0, half), a.app)).statusCode).toBe(204)
    // The parts wait in the bucket under tus/, not on A's disk.
    expect(s3Requests.some((r) => r.includes(`/${bucket}/tus/${id}`))).toBe(true)
    expect(existsSync(join(a.config.scratchDir, 'tus', id))).toBe(false)
    // Its state is shared through Redis.
    const redis = new Redis(REDIS_URL)
    try {
      expect(await redis.exists(`${prefix}:tus:info:tus/${id}`)).toBe(1)
      expect(await redis.pttl(`${prefix}:tus:info:tus/${id}`)).toBeGreaterThan(24 * 3_600_000) // kept a day past UPLOAD_RESUME_HOURS, not for ever
    } finally {
      redis.disconnect()
    }

    const state = await head(u.auth, location, b.app)
    expect(state.statusCode).toBe(200)
    expect(state.headers['upload-offset']).toBe(String(half))
    // Another user asking node B learns nothing.
    const other = await registerUser(b.app)
    expect((await head(other.auth, location, b.app)).statusCode).toBe(404)

    const last = await patch(u.auth, location, half, clip.subarray(half), b.app)
    expect(last.statusCode, last.body).toBe(200)
    const attemptId = Number(last.headers['x-attempt-id'])
    expect(last.json()).toMatchObject({ attempt_id: attemptId, competition_id: challengeId, participant_id: u.user_id })
    expect(await b.db.prisma.attempt.count({ where: { uploadId: id } })).toBe(1)
    const key = `attempts/${attemptId}/original.mp4`
    expect((await a.storage.stat(key))?.size).toBe(clip.length)
    // The upload's own objects are gone from the bucket.
    expect(await a.storage.stat(`tus/${id}`)).toBeNull()
    expect(await a.storage.stat(`tus/${id}.info`)).toBeNull()
    const redisAfter = new Redis(REDIS_URL)
    try {
      expect(await redisAfter.exists(`${prefix}:tus:info:tus/${id}`)).toBe(0)
    } finally {
      redisAfter.disconnect()
    }
    const play = await a.app.inject({ method: 'GET', url: `/api/video/${encodeURIComponent(key)}`, headers: { range: 'bytes=0-99' } })
    expect(play.statusCode).toBe(206)
    expect(play.rawPayload.equals(clip.subarray(0, 100))).toBe(true)

    // Node A, asked after the finish, knows it too (the database, not B's memory).
    const again = await head(u.auth, location, a.app)
    expect(again.headers['x-attempt-id']).toBe(String(attemptId))
    expect(again.headers['upload-offset']).toBe(String(clip.length))
  })

  it('answers 503 {error} while the bucket is unreachable, and the upload resumes where it stopped once it is back', async () => {
    const u = await registerUser(a.app)
    const challengeId = await createChallenge(a.app, u.access_token)
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/join_competition',
          headers: u.auth,
          payload: { competition_id: challengeId, weight_class: '83kg' },
        })
      ).statusCode,
    ).toBe(201)
    const location = (await create(u.auth, fieldsOf({ challengeId }), clip.length, a.app)).headers.location as string
    expect((await patch(u.auth, location, 0, clip.subarray(0, 1000), a.app)).statusCode).toBe(204)
    await s3.close()
    try {
      for (const res of [await head(u.auth, location, b.app), await patch(u.auth, location, 1000, clip.subarray(1000, 2000), a.app)]) {
        expect(res.statusCode).toBe(503)
        if (res.body) expect(res.json()).toEqual({ error: expect.stringMatching(/try again in a moment/) })
      }
      // Without its state in Redis the store must read the bucket, and says "not found" when it cannot:
      // that is not the upload being gone (a client told 404 starts again from zero).
      const redis = new Redis(REDIS_URL)
      try {
        await redis.del(`${prefix}:tus:info:tus/${location.split('/').pop()}`)
      } finally {
        redis.disconnect()
      }
      const uncached = await head(u.auth, location, b.app)
      expect(uncached.statusCode).toBe(503)
    } finally {
      await startS3(s3Port)
    }
    const state = await head(u.auth, location, b.app)
    expect(state.statusCode).toBe(200)
    expect(state.headers['upload-offset']).toBe('1000')
    const last = await patch(u.auth, location, 1000, clip.subarray(1000), b.app)
    expect(last.statusCode).toBe(200)
  })
})
