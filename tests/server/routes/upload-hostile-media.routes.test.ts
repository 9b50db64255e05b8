// ffmpeg reads only what was sniffed (issue 27, item 2), through the upload routes: a file that
// sniffs as MP4 or MOV but that ffmpeg, left to choose its demuxer, reads as a DASH or HLS manifest
// (naming a private video on the host by a `file:` URL), an ffconcat script or a still image, is
// refused with 400 {error} and nothing is stored: no attempt, no file in the media store or its
// scratch, no transcode — by POST /api/upload and by a resumable upload's last PATCH alike.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TranscodeJob } from '../../../infra/transcoding/jobs.ts'
import { joinedLifter as joinedLifterOf, startTestApp, type TestApp } from '../../helpers/app.ts'
import { filesUnder } from '../../helpers/files.ts'
import { makeClip, multipartForm } from '../../helpers/clips.ts'
import { HOSTILE_VARIANTS, makePrivateVideos, type PrivateVideos } from '../../helpers/hostile-media.ts'

let t: TestApp
let dir: string
let privateVideos: PrivateVideos
let clip: Buffer
const enqueued: TranscodeJob[] = []
const UNREADABLE = { error: 'The video could not be read: it may be truncated or damaged. Please upload it again.' }

beforeAll(async () => {
  // Outside the media store: any video on the host the server can read.
  dir = mkdtempSync(join(tmpdir(), 'liftarena-private-'))
  ;[t, privateVideos, clip] = await Promise.all([
    startTestApp({
      env: { RATE_LIMIT_UPLOAD_PER_MINUTE: '1000' },
      queue: { enqueue: async (job) => void enqueued.push(job), close: async () => {} },
    }),
    makePrivateVideos(dir),
    makeClip(dir, 'lift.mp4', { width: 640, height: 360, seconds: 2 }).then((p) => readFileSync(p)),
  ])
})
afterAll(async () => {
  await t?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** What the server keeps: the media store (its scratch `.tmp` included) and the scratch folder of resumable uploads. */
const stored = () => [...filesUnder(t.config.mediaDir), ...filesUnder(t.config.scratchDir).map((f) => `scratch/${f}`)]

const joinedLifter = () => joinedLifterOf(t.app)
const attemptsOf = (challengeId: number) => t.db.prisma.attempt.count({ where: { participant: { challengeId } } })

function upload(auth: Record<string, string>, challengeId: number, data: Buffer) {
  const form = multipartForm({ lift_type: 'squat', weight: 140, competition_id: challengeId }, [
    { filename: 'lift.mp4', contentType: 'video/mp4', data },
  ])
  return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...auth, ...form.headers }, payload: form.payload })
}

const TUS = { 'tus-resumable': '1.0.0' }
const b64 = (value: string | number) => Buffer.from(String(value)).toString('base64')

/** A resumable upload of `data` in one PATCH (its last byte finishes it). */
async function resumable(auth: Record<string, string>, challengeId: number, data: Buffer) {
  const fields = { filename: 'lift.mp4', filetype: 'video/mp4', lift_type: 'squat', weight: 140, competition_id: challengeId }
  const metadata = Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',')
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { ...TUS, ...auth, 'upload-length': String(data.length), 'upload-metadata': metadata },
  })
  expect(created.statusCode, created.body).toBe(201)
  const location = created.headers.location as string
  const res = await t.app.inject({
    method: 'PATCH',
    url: location,
    payload: data,
    headers: { ...TUS, ...auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
  })
  return { res, location }
}

describe('a file is read only as the container it was sniffed as', () => {
  it.each(HOSTILE_VARIANTS)('POST /api/upload refuses $name with 400 {error}, storing nothing and enqueuing nothing', async (variant) => {
    const u = await joinedLifter()
    const before = stored()
    const queued = enqueued.length
    const res = await upload(u.auth, u.challengeId, variant.bytes(privateVideos))
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual(UNREADABLE)
    expect(await attemptsOf(u.challengeId)).toBe(0)
    expect(stored()).toEqual(before)
    expect(enqueued.length).toBe(queued)
  })

  it.each(HOSTILE_VARIANTS)(
    'a resumable upload finishing with $name gets the same 400, stores nothing and removes the upload',
    async (variant) => {
      const u = await joinedLifter()
      const before = stored()
      const { res, location } = await resumable(u.auth, u.challengeId, variant.bytes(privateVideos))
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toEqual(UNREADABLE)
      expect(await attemptsOf(u.challengeId)).toBe(0)
      expect(stored()).toEqual(before)
      expect((await t.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...u.auth } })).statusCode).toBe(404)
    },
  )

  it('still takes a real clip by both routes', async () => {
    const u = await joinedLifter()
    expect((await upload(u.auth, u.challengeId, clip)).statusCode).toBe(201)
    expect((await resumable(u.auth, u.challengeId, clip)).res.statusCode).toBe(200)
    expect(await attemptsOf(u.challengeId)).toBe(2)
  })
})
