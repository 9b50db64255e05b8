// Resumable uploads (server/routes/tus.routes.ts) refuse a request whose Content-Type is not tus's
// with 415 {error} before Fastify reads the body: a PATCH must send application/offset+octet-stream,
// a creation (POST) has no body. Nothing of the upload changes, and a correct PATCH still finishes it.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TranscodeJob } from '../../../infra/transcoding/jobs.ts'
import { joinedLifter as joinedLifterOf, startTestApp, type TestApp } from '../../helpers/app.ts'
import { makeClip } from '../../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts'

let database: TestDatabase
let scratchDir: string
let clipDir: string
let clip: Buffer
let t: TestApp
const enqueued: TranscodeJob[] = []

const TUS = { 'tus-resumable': '1.0.0' }
const OCTETS = 'application/offset+octet-stream'
const b64 = (value: string | number) => Buffer.from(String(value)).toString('base64')
const metadataHeader = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',')
const storedUploads = () => {
  const dir = join(scratchDir, 'tus')
  return existsSync(dir) ? readdirSync(dir).filter((n) => !n.endsWith('.json')) : []
}

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'liftarena-tus-ct-clips-'))
  scratchDir = mkdtempSync(join(tmpdir(), 'liftarena-tus-ct-scratch-'))
  database = await createTestDatabase()
  const env = {
    DATABASE_URL: database.url,
    SCRATCH_DIR: scratchDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    UPLOAD_MAX_BYTES: String(1024 * 1024),
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

const joinedLifter = () => joinedLifterOf(t.app)

const creationHeaders = (u: { auth: Record<string, string>; challengeId: number }) => ({
  ...TUS,
  ...u.auth,
  'upload-length': String(clip.length),
  'upload-metadata': metadataHeader({
    filename: 'lift.mp4',
    filetype: 'video/mp4',
    lift_type: 'Bench Press',
    weight: 102.5,
    competition_id: u.challengeId,
  }),
})

const patch = (auth: Record<string, string>, location: string, offset: number, payload: string | Buffer, contentType?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: location,
    payload,
    headers: { ...TUS, ...auth, 'upload-offset': String(offset), ...(contentType === undefined ? {} : { 'content-type': contentType }) },
  })
const offsetOf = async (auth: Record<string, string>, location: string) => {
  const res = await t.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...auth } })
  expect(res.statusCode).toBe(200)
  return res.headers['upload-offset']
}

describe('tus requests with the wrong Content-Type answer 415 {error} and change nothing', () => {
  it('refuses a PATCH sent as JSON, as text or with no Content-Type; the offset stays and a correct PATCH still finishes the upload', async () => {
    const u = await joinedLifter()
    const created = await t.app.inject({ method: 'POST', url: '/api/uploads/', headers: creationHeaders(u) })
    expect(created.statusCode, created.body).toBe(201)
    const location = created.headers.location as string
    const id = location.split('/').pop()!
    const half = Math.floor(clip.length / 2)
    expect((await patch(u.auth, location, 0, clip.subarray(0, half), OCTETS)).statusCode).toBe(204)

    const wrong: Array<[string, string | undefined, string | Buffer]> = [
      ['JSON at the current offset', 'application/json', '{"a":1}'],
      ['JSON at offset 0', 'application/json', '{"a":1}'],
      ['text', 'text/plain', 'hello'],
      ['no Content-Type, with bytes', undefined, clip.subarray(half, half + 100)],
      ['no Content-Type, empty', undefined, ''],
      ['octets with another case', 'Application/Offset+Octet-Stream', clip.subarray(half, half + 100)],
    ]
    for (const [what, contentType, payload] of wrong) {
      const offset = what.endsWith('offset 0') ? 0 : half
      const res = await patch(u.auth, location, offset, payload, contentType)
      expect(res.statusCode, `${what}: ${res.body}`).toBe(415)
      expect(res.json(), what).toEqual({ error: 'Send the bytes as Content-Type: application/offset+octet-stream.' })
      // Its body is left unread: the connection closes rather than read it.
      if (payload.length > 0) expect(res.headers.connection, what).toBe('close')
      expect(await offsetOf(u.auth, location), what).toBe(String(half))
    }

    const last = await patch(u.auth, location, half, clip.subarray(half), OCTETS)
    expect(last.statusCode, last.body).toBe(200)
    const attemptId = Number(last.headers['x-attempt-id'])
    expect(last.json()).toMatchObject({ attempt_id: attemptId, competition_id: u.challengeId })
    expect(await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: attemptId } })).toMatchObject({
      uploadId: id,
      liftType: 'bench',
      weight: 102.5,
    })
    expect(enqueued.filter((j) => j.attemptId === attemptId)).toHaveLength(1)
  })

  it('still answers 401 before anything else to a PATCH without a token', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/uploads/${'0'.repeat(32)}`,
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/json' },
      payload: '{"a":1}',
    })
    expect(res.statusCode).toBe(401)
  })

  it("refuses a creation with a body or a Content-Type other than tus's, and stores nothing", async () => {
    const u = await joinedLifter()
    const before = storedUploads()
    const refused: Array<[string, Record<string, string>, string | Buffer]> = [
      ['JSON', { 'content-type': 'application/json' }, '{"a":1}'],
      ['text', { 'content-type': 'text/plain' }, 'hello'],
      ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
      ['bytes with no Content-Type', {}, clip.subarray(0, 100)],
      ['bytes as octets (creation-with-upload is not offered)', { 'content-type': OCTETS }, clip.subarray(0, 100)],
    ]
    for (const [what, headers, payload] of refused) {
      const res = await t.app.inject({ method: 'POST', url: '/api/uploads/', headers: { ...creationHeaders(u), ...headers }, payload })
      expect(res.statusCode, `${what}: ${res.body}`).toBe(415)
      expect(res.json(), what).toEqual({ error: expect.stringMatching(/^Create the upload without a body/) })
      expect(res.headers.location, what).toBeUndefined()
    }
    expect(storedUploads()).toEqual(before)
    // Without a body a creation still passes, with no Content-Type or tus's own.
    for (const headers of [{}, { 'content-type': OCTETS }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/uploads/', headers: { ...creationHeaders(u), ...headers } })
      expect(res.statusCode, res.body).toBe(201)
    }
  })
})
