// The embedded default (no REDIS_URL): uploads are transcoded inside the server
// process by the in-process queue, with the same processor and policy as the
// BullMQ worker. Real ffmpeg, real PostgreSQL.
import { nextAttemptNumber } from '../../helpers/attempts.ts'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TranscodeProgress } from '../../../contract/index.ts'
import { discardingPublisher } from '../../../infra/live-publisher.ts'
import { createRepositories } from '../../../infra/repositories/index.ts'
import { createTranscoding } from '../../../infra/transcoding/index.ts'
import { createInProcessTranscodeQueue } from '../../../infra/transcoding/in-process.queue.ts'
import type { JobContext, TranscodeJob } from '../../../infra/transcoding/jobs.ts'
import { createTranscodeProcessor } from '../../../infra/transcoding/transcode.job.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { binaries, keyframeTimes, makeClip, multipartForm, streamSummary, topLevelBoxes } from '../../helpers/clips.ts'
import { HOSTILE_VARIANTS, loggedBinaries, makePrivateVideos, type PrivateVideos } from '../../helpers/hostile-media.ts'

let t: TestApp
let dir: string
const clips: Record<'landscape' | 'portrait' | 'phone', Buffer> = {} as never
const progress: TranscodeProgress[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'liftarena-clips-'))
  const [app, landscape, portrait, phone] = await Promise.all([
    startTestApp({ transcoding: true, env: { RATE_LIMIT_UPLOAD_PER_MINUTE: '1000' } }),
    // moov at the end, as phones write it
    makeClip(dir, 'landscape.mp4', { width: 1280, height: 720, seconds: 2 }),
    // coded landscape, displayed portrait (rotation metadata)
    makeClip(dir, 'portrait.mp4', { width: 1280, height: 720, seconds: 2, rotate: 90, faststart: true }),
    // a phone held upright: 1080p HEVC, rotated, moov at the end, 3 s
    makeClip(dir, 'phone.mp4', { width: 1920, height: 1080, seconds: 3, codec: 'hevc', rotate: 90 }),
  ])
  t = app
  clips.landscape = readFileSync(landscape)
  clips.portrait = readFileSync(portrait)
  clips.phone = readFileSync(phone)
  const original = t.app.publisher.progress
  t.app.publisher.progress = (userId, p) => {
    progress.push(p)
    original.call(t.app.publisher, userId, p)
  }
}, 120_000)
afterAll(async () => {
  await t?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function uploadAs(clip: Buffer, liftType = 'squat') {
  const u = await registerUser(t.app)
  const challengeId = await createChallenge(t.app, u.access_token)
  await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: u.auth,
    payload: { competition_id: challengeId, weight_class: '83kg' },
  })
  const form = multipartForm({ lift_type: liftType, weight: 120, competition_id: challengeId }, [{ filename: 'lift.mp4', data: clip }])
  const started = Date.now()
  const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...u.auth, ...form.headers }, payload: form.payload })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json() as { url: string; attempt_id: number }
  return { ...body, challengeId, started, userId: u.user_id }
}

async function readyAttempt(id: number) {
  await t.transcoding!.idle()
  return t.db.prisma.attempt.findUniqueOrThrow({ where: { id } })
}

const media = (key: string) => join(t.config.mediaDir, key)
const updatedEvents = (challengeId: number) =>
  t.db.prisma.liveEvent.findMany({ where: { room: `competition:${challengeId}`, type: 'attempt.updated' }, orderBy: { seq: 'asc' } })
/** The processing states an attempt was announced in, in order. */
const announcedStates = async (challengeId: number, attemptId: number) =>
  (await updatedEvents(challengeId))
    .map((e) => (e.payload as { attempt: { id: number; processing: string } }).attempt)
    .filter((a) => a.id === attemptId)
    .map((a) => a.processing)

async function expectRendition(key: string, width: number, height: number) {
  const s = await streamSummary(media(key))
  expect(s.video).toEqual({ codec: 'h264', profile: 'Main', pixFmt: 'yuv420p', width, height, rotation: 0 })
  expect(s.audio).toEqual({ codec: 'aac', channels: 2 })
  const boxes = topLevelBoxes(media(key))
  expect(boxes.indexOf('moov'), boxes.join(',')).toBeGreaterThanOrEqual(0)
  expect(boxes.indexOf('moov'), boxes.join(',')).toBeLessThan(boxes.indexOf('mdat'))
}

describe('in-process transcoding (no Redis)', () => {
  it('turns a landscape upload (moov at the end) into faststart 360p/720p H.264 Main + AAC and a poster, announced once', async () => {
    const up = await uploadAs(clips.landscape)
    const row = await readyAttempt(up.attempt_id)
    expect(row.processingState).toBe('ready')
    expect(row.processingError).toBeNull()
    expect(row.renditions).toEqual({ 360: `attempts/${up.attempt_id}/360p.mp4`, 720: `attempts/${up.attempt_id}/720p.mp4` })
    expect(row.posterKey).toBe(`attempts/${up.attempt_id}/poster.jpg`)
    expect(topLevelBoxes(media(row.originalKey!)).slice(-1)).toEqual(['moov']) // the source really had it at the end
    await expectRendition(`attempts/${up.attempt_id}/360p.mp4`, 640, 360)
    await expectRendition(`attempts/${up.attempt_id}/720p.mp4`, 1280, 720)
    const poster = await streamSummary(media(row.posterKey!))
    expect(poster.video).toMatchObject({ codec: 'mjpeg', width: 1280, height: 720 })
    expect(readFileSync(media(row.posterKey!)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))

    const events = await updatedEvents(up.challengeId)
    expect(await announcedStates(up.challengeId, up.attempt_id)).toEqual(['processing', 'ready'])
    expect(events.at(-1)!.payload).toMatchObject({
      attempt: { id: up.attempt_id, processing: 'ready', poster_url: `/api/video/${encodeURIComponent(row.posterKey!)}` },
    })
    const mine = progress.filter((p) => p.attempt_id === up.attempt_id)
    expect(mine[0]).toMatchObject({ percent: 0, state: 'processing' })
    expect(mine.at(-1)).toEqual({ attempt_id: up.attempt_id, percent: 100, state: 'ready' })
    expect(mine.map((p) => p.percent)).toEqual([...mine.map((p) => p.percent)].sort((a, b) => a - b))

    // The upload's url now plays the best rendition for the device.
    for (const [query, rendition] of [
      ['', '720'],
      ['?device=desktop', '720'],
      ['?mobile=true&t=1', '360'],
      ['?device=ios', '360'],
      ['?device=android', '360'],
    ]) {
      const res = await t.app.inject({ url: `${up.url}${query}`, headers: { range: 'bytes=0-99' } })
      expect(res.statusCode, query).toBe(206)
      expect(res.headers['x-video-rendition'], query).toBe(rendition)
      expect(res.rawPayload.equals(readFileSync(media(`attempts/${up.attempt_id}/${rendition}p.mp4`)).subarray(0, 100))).toBe(true)
    }
    expect(
      existsSync(join(t.config.mediaDir, '.tmp')) ? (await import('node:fs')).readdirSync(join(t.config.mediaDir, '.tmp')) : [],
    ).toEqual([])
  })

  it('stores the take checks with the renditions (a 2 s clip: too short to hold a lift); no public answer shows them', async () => {
    const up = await uploadAs(clips.landscape)
    const row = await readyAttempt(up.attempt_id)
    const checks = row.takeChecks as { flags: Array<{ kind: string; text: string }>; notes: string[]; checked_at: string } | null
    expect(checks?.flags.map((f) => f.kind)).toEqual(['implausible_duration'])
    expect(checks?.checked_at).toMatch(/^\d{4}-/)
    // The plate check's contact sheet: the last seconds tiled 3 × 2 at 320 px (a 2 s take fills 3 of the tiles' row width).
    expect((checks as { contact_sheet_key?: string }).contact_sheet_key).toBe(`attempts/${up.attempt_id}/plates.jpg`)
    const sheet = await streamSummary(media(`attempts/${up.attempt_id}/plates.jpg`))
    expect(sheet.video).toMatchObject({ codec: 'mjpeg', width: 976 })
    const publicAnswers = await Promise.all(
      [
        `/api/competitions/${up.challengeId}/lifts`,
        `/api/competitions/${up.challengeId}/participants/${up.userId}/attempts/${up.attempt_id}`,
        `/api/competitions/${up.challengeId}/participants/${up.userId}`,
      ].map((url) => t.app.inject({ method: 'GET', url })),
    )
    for (const res of publicAnswers) {
      expect(res.statusCode, res.body).toBe(200)
      expect(res.body).not.toMatch(/take_checks|too short to hold/)
    }
  })

  it('honours rotation: a portrait clip stored as rotated landscape comes out portrait', async () => {
    const up = await uploadAs(clips.portrait, 'bench')
    const row = await readyAttempt(up.attempt_id)
    expect(row.processingState).toBe('ready')
    await expectRendition(`attempts/${up.attempt_id}/360p.mp4`, 360, 640)
    await expectRendition(`attempts/${up.attempt_id}/720p.mp4`, 720, 1280)
    expect((await streamSummary(media(row.posterKey!))).video).toMatchObject({ width: 720, height: 1280 })
  })

  it('transcodes a 1080p HEVC phone clip (portrait, moov at the end) with a keyframe every 2 s', async () => {
    const up = await uploadAs(clips.phone, 'deadlift')
    const row = await readyAttempt(up.attempt_id)
    const elapsed = Date.now() - up.started
    console.log(`upload→ready, 1080p HEVC 3 s phone clip, in-process: ${elapsed} ms`)
    expect(row.processingState).toBe('ready')
    await expectRendition(`attempts/${up.attempt_id}/720p.mp4`, 720, 1280)
    await expectRendition(`attempts/${up.attempt_id}/360p.mp4`, 360, 640)
    const keys = await keyframeTimes(media(`attempts/${up.attempt_id}/720p.mp4`))
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBeCloseTo(0, 1)
    expect(keys[1]).toBeCloseTo(2, 1)
    expect(elapsed).toBeLessThan(30_000)
  })

  it('a duplicate enqueue is a no-op: one transcode, one announcement', async () => {
    const up = await uploadAs(clips.landscape)
    await Promise.all([
      t.transcoding!.queue.enqueue({ attemptId: up.attempt_id }),
      t.transcoding!.queue.enqueue({ attemptId: up.attempt_id }),
    ])
    const first = await readyAttempt(up.attempt_id)
    const mtime = (await import('node:fs')).statSync(media(`attempts/${up.attempt_id}/720p.mp4`)).mtimeMs
    await t.transcoding!.queue.enqueue({ attemptId: up.attempt_id })
    await readyAttempt(up.attempt_id)
    expect(await announcedStates(up.challengeId, up.attempt_id)).toEqual(['processing', 'ready'])
    expect(progress.filter((p) => p.attempt_id === up.attempt_id && p.percent === 0)).toHaveLength(1)
    expect((await import('node:fs')).statSync(media(`attempts/${up.attempt_id}/720p.mp4`)).mtimeMs).toBe(mtime)

    // Even a fresh processor (another process, a restart) finds it done and changes nothing.
    const processor = freshProcessor()
    expect(await processor(context(up.attempt_id))).toEqual({ state: 'skipped', attemptId: up.attempt_id, reason: 'already ready' })
    expect((await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: up.attempt_id } })).updatedAt).toEqual(first.updatedAt)
  })

  it('a restart loses nothing: attempts left pending are transcoded when the in-process queue starts', async () => {
    // An upload whose server died after commit, before (or while) transcoding: the row says pending.
    const up = await uploadAs(clips.landscape)
    await readyAttempt(up.attempt_id)
    const orphanOf = (await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: up.attempt_id } })).participantId
    const orphan = await t.db.prisma.attempt.create({
      data: {
        participantId: orphanOf,
        liftType: 'squat',
        attemptNumber: await nextAttemptNumber(t.db.prisma, orphanOf, 'squat'),
        weight: 130,
        status: 'completed',
        processingState: 'processing',
      },
    })
    const key = `attempts/${orphan.id}/original.mp4`
    mkdirSync(dirname(media(key)), { recursive: true })
    copyFileSync(media(`attempts/${up.attempt_id}/original.mp4`), media(key))
    await t.db.prisma.attempt.update({ where: { id: orphan.id }, data: { originalKey: key } })

    const { attempts } = createRepositories(t.db.prisma, discardingPublisher, t.config.apiBase)
    const restarted = createTranscoding({ config: t.config, storage: t.storage, attempts, publisher: discardingPublisher }, { log: silent })
    await restarted.start()
    await restarted.idle()
    await restarted.queue.close()
    const row = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: orphan.id } })
    expect(row.processingState).toBe('ready')
    expect(existsSync(media(`attempts/${orphan.id}/720p.mp4`))).toBe(true)
  })

  it('a missing or undecodable original fails the attempt at once (no retries), with a reason and one announcement', async () => {
    const up = await uploadAs(clips.landscape)
    await readyAttempt(up.attempt_id)
    const participantId = (await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: up.attempt_id } })).participantId
    const missing = await t.db.prisma.attempt.create({
      data: {
        participantId,
        liftType: 'squat',
        attemptNumber: await nextAttemptNumber(t.db.prisma, participantId, 'squat'),
        weight: 1,
        processingState: 'pending',
        originalKey: 'attempts/999999/original.mp4',
      },
    })
    let calls = 0
    const queue = createInProcessTranscodeQueue({ config: t.config, log: silent, policy: { backoffMs: 10 } })
    const processor = freshProcessor()
    await queue.start(async (job) => {
      calls++
      return processor(job)
    })
    await queue.enqueue({ attemptId: missing.id })
    await queue.idle()
    await queue.close()
    expect(calls).toBe(1)
    const row = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: missing.id } })
    expect(row).toMatchObject({
      processingState: 'failed',
      processingError: 'The uploaded video is missing from storage; please upload it again.',
    })
    expect(await announcedStates(up.challengeId, missing.id)).toEqual(['processing', 'failed'])
  })
})

describe('the transcode reads an original only as the container its bytes are (issue 27, item 2)', () => {
  let privateDir: string
  let privateVideos: PrivateVideos
  /** A lifter's participant row, for attempts planted directly. */
  let participantId: number
  beforeAll(async () => {
    privateDir = mkdtempSync(join(tmpdir(), 'liftarena-private-'))
    privateVideos = await makePrivateVideos(privateDir)
    const up = await uploadAs(clips.landscape)
    participantId = (await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: up.attempt_id } })).participantId
    await readyAttempt(up.attempt_id)
  })
  afterAll(() => {
    if (privateDir) rmSync(privateDir, { recursive: true, force: true })
  })

  it.each(HOSTILE_VARIANTS)(
    'an original that is $name (stored before demuxers were forced) fails at once; no rendition shows what it names',
    async (variant) => {
      const planted = await t.db.prisma.attempt.create({
        data: {
          participantId,
          liftType: 'squat',
          attemptNumber: await nextAttemptNumber(t.db.prisma, participantId, 'squat'),
          weight: 1,
          processingState: 'pending',
        },
      })
      const key = `attempts/${planted.id}/original.mp4`
      mkdirSync(dirname(media(key)), { recursive: true })
      writeFileSync(media(key), variant.bytes(privateVideos))
      await t.db.prisma.attempt.update({ where: { id: planted.id }, data: { originalKey: key } })
      await expect(freshProcessor()(context(planted.id))).rejects.toThrow()
      const row = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: planted.id } })
      expect(row).toMatchObject({ processingState: 'failed', processingError: 'The video could not be read; please upload it again.' })
      for (const output of ['360p.mp4', '720p.mp4', 'poster.jpg'])
        expect(existsSync(media(`attempts/${planted.id}/${output}`)), output).toBe(false)
    },
  )

  it('every ffprobe and ffmpeg run of a transcode names the demuxer the worker sniffed, with the file protocol only, before the input', async () => {
    const again = await t.db.prisma.attempt.create({
      data: {
        participantId,
        liftType: 'squat',
        attemptNumber: await nextAttemptNumber(t.db.prisma, participantId, 'squat'),
        weight: 1,
        processingState: 'pending',
      },
    })
    const key = `attempts/${again.id}/original.mp4`
    mkdirSync(dirname(media(key)), { recursive: true })
    writeFileSync(media(key), clips.landscape)
    await t.db.prisma.attempt.update({ where: { id: again.id }, data: { originalKey: key } })

    const logged = loggedBinaries(binaries(), dir)
    const { attempts } = createRepositories(t.db.prisma, discardingPublisher, t.config.apiBase)
    const config = { ...t.config, ffmpegPath: logged.binaries.ffmpeg, ffprobePath: logged.binaries.ffprobe }
    const processor = createTranscodeProcessor({ attempts, storage: t.storage, publisher: discardingPublisher, config, log: silent })
    expect(await processor(context(again.id))).toMatchObject({ state: 'ready' })
    const reading = logged.runs().filter((args) => args.includes(media(key)))
    // The probe, the renditions, the poster, then the take checks (streams, timeline, picture) and the plate check's
    // contact sheet (docs/video-checks.md): nothing else reads it (fluent-ffmpeg's own ffprobe for its 'progress' event did).
    expect(reading.map(([name]) => name)).toEqual(['ffprobe', 'ffmpeg', 'ffmpeg', 'ffprobe', 'ffprobe', 'ffmpeg', 'ffmpeg'])
    for (const args of reading) {
      const options = args.indexOf('-protocol_whitelist')
      expect(args.slice(options, options + 4), args.join(' ')).toEqual(['-protocol_whitelist', 'file', '-f', 'mov'])
      expect(options, args.join(' ')).toBeLessThan(args.indexOf(media(key)))
    }
  })
})

describe('the embedded default (PGlite, no Redis), as `npm start` with no configuration runs', () => {
  let e: TestApp
  beforeAll(async () => {
    e = await startTestApp({ embedded: true, transcoding: true })
  }, 120_000)
  afterAll(async () => {
    await e?.close()
  })

  it('transcodes an upload in the server process', async () => {
    expect(e.transcoding?.mode).toBe('in-process')
    const u = await registerUser(e.app)
    const challengeId = await createChallenge(e.app, u.access_token)
    await e.app.inject({
      method: 'POST',
      url: '/api/join_competition',
      headers: u.auth,
      payload: { competition_id: challengeId, weight_class: '83kg' },
    })
    const form = multipartForm({ lift_type: 'bench', weight: 90, competition_id: challengeId }, [
      { filename: 'lift.mp4', data: clips.portrait },
    ])
    const res = await e.app.inject({ method: 'POST', url: '/api/upload', headers: { ...u.auth, ...form.headers }, payload: form.payload })
    expect(res.statusCode, res.body).toBe(201)
    const { attempt_id: id } = res.json() as { attempt_id: number }
    await e.transcoding!.idle()
    const row = await e.db.prisma.attempt.findUniqueOrThrow({ where: { id } })
    expect(row.processingState).toBe('ready')
    expect(existsSync(join(e.config.mediaDir, `attempts/${id}/720p.mp4`))).toBe(true)
    const announced = await e.db.prisma.liveEvent.findMany({
      where: { room: `competition:${challengeId}`, type: 'attempt.updated' },
      orderBy: { seq: 'asc' },
    })
    expect(announced.map((event) => (event.payload as { attempt: { processing: string } }).attempt.processing)).toEqual([
      'processing',
      'ready',
    ])
  })
})

const silent = { info() {}, warn() {}, error() {} }
/** The transcode job as another process (or a restart) would run it, announcing nowhere. */
function freshProcessor() {
  const { attempts } = createRepositories(t.db.prisma, discardingPublisher, t.config.apiBase)
  return createTranscodeProcessor({ attempts, storage: t.storage, publisher: discardingPublisher, config: t.config, log: silent })
}
function context(attemptId: number): JobContext<TranscodeJob> {
  return {
    id: `attempt-${attemptId}`,
    data: { attemptId },
    attempt: 1,
    isFinalAttempt: true,
    signal: new AbortController().signal,
    updateProgress: async () => {},
    scaleTimeout() {},
  }
}
