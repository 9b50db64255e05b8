// Verdict clips end to end (docs/video-checks.md "Verdict clips"): an upload is transcoded, the organiser
// decides it, the decision's commit enqueues the clip in the same queue, and the worker's processor renders
// it. Real ffmpeg, real PostgreSQL, the in-process queue. The clip is read back with ffprobe and its frames
// are looked at as pixels: the banner's white text is there, the closing card darkens the picture.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { binaries, multipartForm, streamSummary } from '../../helpers/clips.ts'
import { readFileSync } from 'node:fs'

const run = promisify(execFile)
let t: TestApp
let dir: string
let clip: Buffer
const W = 640
const H = 360
const TAKE_SECONDS = 4

/** Hostile for a filter graph, and for a font: quotes, a colon, a backslash, a percent sign, brackets, Hebrew, an emoji. */
const NAME = `O'Brien: 100% \\ "x" [a];b שלום 🏋️`

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'liftarena-verdict-'))
  const path = join(dir, 'grey.mp4')
  // A plain grey picture (no bright pixel anywhere) with sound: any white in the clip's banner is the text.
  await run(binaries().ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x808080:s=${W}x${H}:r=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(TAKE_SECONDS)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path],
  ])
  clip = readFileSync(path)
  t = await startTestApp({ transcoding: true, env: { RATE_LIMIT_UPLOAD_PER_MINUTE: '1000' } })
}, 120_000)
afterAll(async () => {
  await t?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** One frame at `at` seconds as 8-bit grey pixels, row by row. */
async function greyFrame(file: string, at: number): Promise<Buffer> {
  const { stdout } = await run(
    binaries().ffmpeg,
    ['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  )
  return stdout as unknown as Buffer
}
const region = (frame: Buffer, width: number, y0: number, y1: number) => {
  let bright = 0
  let sum = 0
  for (let y = y0; y < y1; y++)
    for (let x = 0; x < width; x++) {
      const v = frame[y * width + x]!
      sum += v
      if (v > 200) bright++
    }
  return { bright, mean: sum / ((y1 - y0) * width) }
}

describe('verdict clips', () => {
  it('after a no lift, renders the take with the name, lift, weight, attempt, lights and the reason card; the attempt offers it', async () => {
    const organiser = await registerUser(t.app, 'Organiser')
    const lifter = await registerUser(t.app, NAME)
    const challengeId = await createChallenge(t.app, organiser.access_token)
    const join_ = await t.app.inject({
      method: 'POST',
      url: '/api/join_competition',
      headers: lifter.auth,
      payload: { competition_id: challengeId, weight_class: '83kg' },
    })
    expect(join_.statusCode, join_.body).toBeLessThan(300)
    const form = multipartForm({ lift_type: 'squat', weight: 182.5, competition_id: challengeId }, [{ filename: 'lift.mp4', data: clip }])
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...lifter.auth, ...form.headers },
      payload: form.payload,
    })
    expect(up.statusCode, up.body).toBe(201)
    const attemptId = (up.json() as { attempt_id: number }).attempt_id
    await t.transcoding!.idle()

    // The organiser judges (no panel appointed): a no lift for depth.
    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/attempts/${attemptId}/votes`,
      headers: organiser.auth,
      payload: { good: false, reason: 'depth' },
    })
    expect(vote.statusCode, vote.body).toBe(201)
    await t.transcoding!.idle()

    const row = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: attemptId } })
    expect(row.status).toBe('failed')
    expect(row.verdictClipKey).toBe(`attempts/${attemptId}/verdict-nolift-${row.decidedAt!.getTime()}.mp4`)

    // The video page's answer offers it, and the media route serves it.
    const detail = await t.app.inject({ url: `/api/competitions/${challengeId}/participants/${lifter.user_id}/attempts/${attemptId}` })
    expect(detail.statusCode, detail.body).toBe(200)
    const url = detail.json() as { attempt?: { verdict_clip_url?: string }; verdict_clip_url?: string }
    const clipUrl = url.attempt?.verdict_clip_url ?? url.verdict_clip_url
    expect(clipUrl).toContain(encodeURIComponent(row.verdictClipKey!))
    const served = await t.app.inject({ url: new URL(clipUrl!, 'http://x').pathname.replace(/^\/api/, '/api') })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('video/mp4')

    const file = join(t.config.mediaDir, row.verdictClipKey!)
    const summary = await streamSummary(file)
    expect(summary.video).toMatchObject({ codec: 'h264', width: W, height: H })
    expect(summary.audio).toMatchObject({ codec: 'aac' })
    const { stdout } = await run(binaries().ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file])
    const duration = Number(stdout.trim())
    // The take (4 s) and the 3 s card.
    expect(duration).toBeGreaterThan(TAKE_SECONDS + 3 - 0.3)
    expect(duration).toBeLessThan(TAKE_SECONDS + 3 + 0.5)
    const bytes = statSync(file).size
    expect(bytes).toBeGreaterThan(5_000)
    expect(bytes).toBeLessThan(2_000_000)

    // During the take: white text in the banner (the source has no bright pixel), the grey below it untouched.
    const during = await greyFrame(file, 1)
    expect(during.length).toBe(W * H)
    const banner = region(during, W, 0, 60)
    expect(banner.bright).toBeGreaterThan(300)
    const source = await greyFrame(join(t.config.mediaDir, `attempts/${attemptId}/360p.mp4`), 1)
    expect(region(source, W, 0, 60).bright).toBe(0)
    const middle = region(during, W, 150, 200)
    expect(Math.abs(middle.mean - region(source, W, 150, 200).mean)).toBeLessThan(6)
    // The card: the held last frame darkened, the verdict in red (no white), the reason in white.
    const card = await greyFrame(file, TAKE_SECONDS + 2)
    expect(region(card, W, 150, 200).mean).toBeLessThan(middle.mean * 0.5)
    expect(region(card, W, 200, 300).bright).toBeGreaterThan(100)
  }, 120_000)
})
