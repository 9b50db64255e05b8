// Uploads record the original's shape and browser type, and a poster made at once, so a phone's
// HEVC original (which Chromium cannot play) shows its poster while the renditions are pending.
// The queue only records enqueues: every answer here is from before any transcode.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Lift, RandomVideoResponse } from '../../../contract/index.ts'
import { attemptKeys } from '../../../infra/storage.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { makeClip, multipartForm, probeFile } from '../../helpers/clips.ts'

let t: TestApp
let clipDir: string
let phoneHevc: Buffer // 1280×720 coded, rotated 90°: portrait as displayed, HEVC as iPhones record
let landscape: Buffer // 640×360 H.264

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'liftarena-shape-'))
  ;[t, phoneHevc, landscape] = await Promise.all([
    startTestApp({ env: { RATE_LIMIT_UPLOAD_PER_MINUTE: '1000' }, queue: { enqueue: async () => {}, close: async () => {} } }),
    makeClip(clipDir, 'phone.mp4', { width: 1280, height: 720, seconds: 2, codec: 'hevc', rotate: 90 }).then((p) => readFileSync(p)),
    makeClip(clipDir, 'wide.mp4', { width: 640, height: 360, seconds: 2 }).then((p) => readFileSync(p)),
  ])
}, 120_000)
afterAll(async () => {
  await t?.close()
  if (clipDir) rmSync(clipDir, { recursive: true, force: true })
})

async function uploadAs(data: Buffer) {
  const u = await registerUser(t.app)
  const challengeId = await createChallenge(t.app, u.access_token)
  await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: u.auth,
    payload: { competition_id: challengeId, weight_class: '83kg' },
  })
  const form = multipartForm({ lift_type: 'squat', weight: 100, competition_id: challengeId }, [{ filename: 'lift.mp4', data }])
  const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...u.auth, ...form.headers }, payload: form.payload })
  expect(res.statusCode).toBe(201)
  const { attempt_id: attemptId } = res.json() as { attempt_id: number }
  const lifts = (await t.app.inject({ url: `/api/competitions/${challengeId}/lifts` })).json() as { lifts: Lift[] }
  const detail = (
    await t.app.inject({ url: `/api/competitions/${challengeId}/participants/${u.user_id}/attempts/${attemptId}` })
  ).json() as { attempt: Lift }
  return { attemptId, lift: lifts.lifts.find((l) => l.id === attemptId)!, detail: detail.attempt ?? detail }
}

describe('upload: the original as a player needs it', () => {
  it("a phone's rotated HEVC clip: portrait size, an hvc1 type, and a portrait poster while pending", async () => {
    const { attemptId, lift, detail } = await uploadAs(phoneHevc)
    expect(lift.processing).toBe('pending')
    expect(lift).toMatchObject({ video_width: 720, video_height: 1280 })
    expect(lift.original_type).toMatch(/^video\/mp4; codecs="hvc1\.1\.6\.L\d+\.B0"$/)
    expect(detail).toMatchObject({ video_width: 720, video_height: 1280, original_type: lift.original_type })
    expect(lift.poster_url).toContain(encodeURIComponent(attemptKeys.poster(attemptId)))
    const poster = await probeFile(join(t.config.mediaDir, attemptKeys.poster(attemptId)))
    expect(poster.video).toMatchObject({ codec: 'mjpeg', width: 720, height: 1280 })
    const served = await t.app.inject({ url: new URL(lift.poster_url!, 'http://x').pathname })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
  })

  it('a landscape H.264 clip: landscape size and an avc1 type; /random-video carries them with its state', async () => {
    const { attemptId, lift } = await uploadAs(landscape)
    expect(lift).toMatchObject({ video_width: 640, video_height: 360 })
    expect(lift.original_type).toMatch(/^video\/mp4; codecs="avc1\.[0-9A-F]{6}"$/)
    let random: RandomVideoResponse | undefined
    for (let i = 0; i < 40 && random?.attempt_id !== attemptId; i++)
      random = (
        await t.app.inject({ url: '/api/next-video' + (random ? `?after=${random.attempt_id}` : '') })
      ).json() as RandomVideoResponse
    expect(random).toMatchObject({
      attempt_id: attemptId,
      processing: 'pending',
      video_width: 640,
      video_height: 360,
      original_type: lift.original_type,
    })
  })
})
