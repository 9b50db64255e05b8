// Transcoding with media in an S3-compatible bucket (STORAGE_DRIVER=s3, s3rver): the
// upload's original goes to the bucket, the job downloads it to this host's scratch,
// and the renditions and poster go back to the bucket; nothing is left on local disk.
// Real ffmpeg, real PostgreSQL, in-process queue (the BullMQ worker runs the same processor).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attemptKeys } from '../../../infra/storage.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { makeClip, multipartForm, streamSummary, topLevelBoxes } from '../../helpers/clips.ts'
import { nextAttemptNumber } from '../../helpers/attempts.ts'

let t: TestApp
let dir: string
let clip: Buffer
/** Scratch entries this host still holds (uploads, downloads, transcodes); resumable parts (tus/) are not scratch. */
const scratchLeft = () => (existsSync(t.config.scratchDir) ? readdirSync(t.config.scratchDir) : []).filter((name) => name !== 'tus')

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'liftarena-clips-s3-'))
  const [app, path] = await Promise.all([
    startTestApp({ s3: true, transcoding: true, env: { RATE_LIMIT_UPLOAD_PER_MINUTE: '1000' } }),
    makeClip(dir, 'landscape.mp4', { width: 1280, height: 720, seconds: 2 }),
  ])
  t = app
  clip = readFileSync(path)
}, 120_000)
afterAll(async () => {
  await t?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function lifter() {
  const u = await registerUser(t.app)
  const challengeId = await createChallenge(t.app, u.access_token)
  await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: u.auth,
    payload: { competition_id: challengeId, weight_class: '83kg' },
  })
  return { u, challengeId }
}

/** What the file at `key` in the bucket is, probed from a downloaded copy. */
const summaryOf = (key: string) =>
  t.storage.withLocalFile(key, async (path) => ({
    ...(await streamSummary(path)),
    boxes: topLevelBoxes(path),
    head: readFileSync(path).subarray(0, 2),
  }))

describe('transcoding with S3 storage', () => {
  it('reads the original from the bucket and writes 360p/720p renditions and a poster to it', async () => {
    const { u, challengeId } = await lifter()
    const form = multipartForm({ lift_type: 'squat', weight: 120, competition_id: challengeId }, [{ filename: 'lift.mp4', data: clip }])
    const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...u.auth, ...form.headers }, payload: form.payload })
    expect(res.statusCode, res.body).toBe(201)
    const { attempt_id: id, url } = res.json() as { attempt_id: number; url: string }

    await t.transcoding!.idle()
    const row = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id } })
    expect(row.processingState).toBe('ready')
    expect(row.processingError).toBeNull()

    // The original is the uploaded bytes, in the bucket.
    const original = await t.storage.stat(row.originalKey!)
    expect(original?.size).toBe(clip.length)
    const requests = t.s3!.requests.join('\n')
    expect(requests).toContain(`/${t.s3!.bucket}/${row.originalKey}`)

    for (const [name, width, height] of [
      ['360', 640, 360],
      ['720', 1280, 720],
    ] as const) {
      const key = attemptKeys.rendition(id, name)
      const s = await summaryOf(key)
      expect(s.video).toEqual({ codec: 'h264', profile: 'Main', pixFmt: 'yuv420p', width, height, rotation: 0 })
      expect(s.audio).toEqual({ codec: 'aac', channels: 2 })
      expect(s.boxes.indexOf('moov')).toBeLessThan(s.boxes.indexOf('mdat'))
      expect(requests).toMatch(new RegExp(`PUT /${t.s3!.bucket}/${key}`))
    }
    const poster = await summaryOf(attemptKeys.poster(id))
    expect(poster.video).toMatchObject({ codec: 'mjpeg', width: 1280, height: 720 })
    expect(poster.head).toEqual(Buffer.from([0xff, 0xd8]))
    expect((await t.storage.stat(attemptKeys.poster(id)))!.size).toBeGreaterThan(0)

    // It plays from the bucket with Range.
    const played = await t.app.inject({ url, headers: { range: 'bytes=0-99' } })
    expect(played.statusCode).toBe(206)
    expect(played.headers['x-video-rendition']).toBe('720')
    const head = await t.storage.withLocalFile(attemptKeys.rendition(id, '720'), async (path) => readFileSync(path).subarray(0, 100))
    expect(played.rawPayload.equals(head)).toBe(true)

    // Nothing on this host's disk: no media under MEDIA_DIR, no scratch left (upload, download, transcode).
    expect(existsSync(t.config.mediaDir) ? readdirSync(t.config.mediaDir) : []).toEqual([])
    expect(scratchLeft()).toEqual([])
  })

  it('an original missing from the bucket fails the attempt at once (not retried), with nothing left behind', async () => {
    const { u, challengeId } = await lifter()
    const participant = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: u.user_id } })
    const row = await t.db.prisma.attempt.create({
      data: {
        participantId: participant.id,
        liftType: 'squat',
        attemptNumber: await nextAttemptNumber(t.db.prisma, participant.id, 'squat'),
        weight: 100,
        processingState: 'pending',
      },
    })
    await t.db.prisma.attempt.update({ where: { id: row.id }, data: { originalKey: attemptKeys.original(row.id, 'mp4') } })
    await t.transcoding!.queue.enqueue({ attemptId: row.id })
    await t.transcoding!.idle()
    const after = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: row.id } })
    expect(after.processingState).toBe('failed')
    expect(await t.storage.stat(attemptKeys.rendition(row.id, '720'))).toBeNull()
    expect(scratchLeft()).toEqual([])
  })
})
