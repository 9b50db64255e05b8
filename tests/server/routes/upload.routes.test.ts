// POST /api/upload: the streamed upload, its refusals, and that a refused or cut-off
// upload leaves nothing on disk. The transcode queue here only records enqueues
// (transcoding is covered by video-transcode and video-worker tests).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TranscodeJob } from '../../../infra/transcoding/jobs.ts'
import { NOT_JOINED, NOT_STARTED } from '../../../server/services/upload.service.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { filesUnder } from '../../helpers/files.ts'
import { makeAudioOnly, makeBlackClip, makeClip, multipartForm, type FormFile } from '../../helpers/clips.ts'

const LIMIT = 1024 * 1024
let t: TestApp
const enqueued: TranscodeJob[] = []
let clipDir: string
let clip: Buffer // 640x360, 2 s, moov at the end
let faststartClip: Buffer

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'liftarena-clips-'))
  ;[t, clip, faststartClip] = await Promise.all([
    startTestApp({
      env: { UPLOAD_MAX_BYTES: String(LIMIT), RATE_LIMIT_UPLOAD_PER_MINUTE: '1000' },
      queue: { enqueue: async (job) => void enqueued.push(job), close: async () => {} },
    }),
    makeClip(clipDir, 'lift.mp4', { width: 640, height: 360, seconds: 2 }).then((p) => readFileSync(p)),
    makeClip(clipDir, 'fast.mp4', { width: 640, height: 360, seconds: 2, faststart: true }).then((p) => readFileSync(p)),
  ])
})
afterAll(async () => {
  await t?.close()
  if (clipDir) rmSync(clipDir, { recursive: true, force: true })
})

function scratchEntries(): string[] {
  try {
    return readdirSync(join(t.config.mediaDir, '.tmp'))
  } catch {
    return []
  }
}

async function joinedLifter(challenge: Record<string, unknown> = {}) {
  const u = await registerUser(t.app)
  const challengeId = await createChallenge(t.app, u.access_token, challenge)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: u.auth,
    payload: { competition_id: challengeId, weight_class: '83kg' },
  })
  expect(res.statusCode).toBe(201)
  expect((res.json() as { participant_id: number }).participant_id).toBe(u.user_id)
  // The row attempts reference (answers name a participant by its user id).
  const row = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: u.user_id }, select: { id: true } })
  return { ...u, challengeId, participantId: row.id }
}

function upload(
  auth: Record<string, string>,
  fields: Record<string, string | number>,
  files: FormFile[],
  order?: 'files-first' | 'fields-first',
) {
  const form = multipartForm(fields, files, order)
  return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...auth, ...form.headers }, payload: form.payload })
}

/** The app's port on 127.0.0.1, listening from the first call on (raw-socket tests). */
async function listening(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' })
  return (t.app.server.address() as { port: number }).port
}

const video = (data: Buffer, extra: Partial<FormFile> = {}): FormFile => ({ filename: 'lift.mp4', data, ...extra })

describe('POST /api/upload', () => {
  it('stores the original, records the attempt with its live events, enqueues one transcode and answers at once', async () => {
    const u = await joinedLifter()
    const res = await upload(u.auth, { lift_type: 'Bench', weight: 102.5, user_id: u.user_id, competition_id: u.challengeId }, [
      video(clip),
    ])
    expect(res.statusCode).toBe(201)
    const body = res.json() as { url: string; attempt_id: number; participant_id: number; competition_id: number }
    const key = `attempts/${body.attempt_id}/original.mp4`
    expect(body).toEqual({
      url: `/api/video/${encodeURIComponent(key)}`,
      attempt_id: expect.any(Number),
      participant_id: u.user_id,
      competition_id: u.challengeId,
    })
    expect(readFileSync(join(t.config.mediaDir, key)).equals(clip)).toBe(true)
    expect(scratchEntries()).toEqual([])

    const row = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: body.attempt_id } })
    // Pending until its judges decide: a quorum of one (no panel yet, and the organiser never judges their own attempt).
    expect(row).toMatchObject({
      participantId: u.participantId,
      liftType: 'bench',
      weight: 102.5,
      status: 'pending',
      votesNeeded: 1,
      votesCast: 0,
      processingState: 'pending',
      originalKey: key,
    })
    expect(enqueued.filter((j) => j.attemptId === body.attempt_id)).toHaveLength(1)

    const events = await t.db.prisma.liveEvent.findMany({
      where: { OR: [{ room: `competition:${u.challengeId}` }, { room: 'global' }] },
      orderBy: { createdAt: 'asc' },
    })
    const created = events.find((e) => e.type === 'attempt.created')
    expect(created?.payload).toMatchObject({
      competition_id: u.challengeId,
      attempt: { id: body.attempt_id, lift_type: 'bench', weight: 102.5, processing: 'pending', video_url: body.url },
    })
    expect(
      events.some((e) => e.type === 'leaderboard.changed' && (e.payload as { competition_id: number }).competition_id === u.challengeId),
    ).toBe(true)

    // Until renditions exist the url plays the original.
    const play = await t.app.inject({ url: body.url })
    expect(play.statusCode).toBe(200)
    expect(play.headers['content-type']).toBe('video/mp4')
    expect(play.headers['x-video-rendition']).toBe('original')
    expect(play.rawPayload.equals(clip)).toBe(true)
  })

  it('trusts the bytes, not the declared type or name: an MP4 called lift.txt is taken, text called lift.mp4 is not', async () => {
    const u = await joinedLifter()
    const fields = { lift_type: 'squat', weight: 140, competition_id: u.challengeId }
    const renamed = await upload(u.auth, fields, [video(faststartClip, { filename: 'lift.txt', contentType: 'application/octet-stream' })])
    expect(renamed.statusCode).toBe(201)
    const before = filesUnder(t.config.mediaDir)
    const text = await upload(u.auth, fields, [video(Buffer.from('just some text, not a video\n'.repeat(100)))])
    expect(text.statusCode).toBe(400)
    expect(text.json()).toEqual({ error: 'The file is not a video. Please upload an MP4, MOV or WebM clip.' })
    expect(filesUnder(t.config.mediaDir)).toEqual(before)
  })

  it('refuses a truncated clip (moov at the end, or at the front with the data cut), a zero-byte file and audio only, leaving nothing on disk', async () => {
    const u = await joinedLifter()
    const fields = { lift_type: 'deadlift', weight: 200, competition_id: u.challengeId }
    const before = filesUnder(t.config.mediaDir)
    const audioOnly = readFileSync(await makeAudioOnly(clipDir, 'memo.mp4'))
    const cases: Array<[string, Buffer, string]> = [
      [
        'moov lost',
        clip.subarray(0, Math.floor(clip.length / 2)),
        'The video could not be read: it may be truncated or damaged. Please upload it again.',
      ],
      [
        'data cut',
        faststartClip.subarray(0, Math.floor(faststartClip.length * 0.6)),
        'The video could not be read: it may be truncated or damaged. Please upload it again.',
      ],
      ['zero bytes', Buffer.alloc(0), 'The uploaded file is empty. Please choose a video.'],
    ]
    for (const [what, data, error] of cases) {
      const res = await upload(u.auth, fields, [video(data)])
      expect(res.statusCode, what).toBe(400)
      expect(res.json(), what).toEqual({ error })
    }
    const audio = await upload(u.auth, fields, [video(audioOnly, { filename: 'lift.m4a' })])
    expect(audio.statusCode).toBe(400)
    expect(filesUnder(t.config.mediaDir)).toEqual(before)
    expect(scratchEntries()).toEqual([])
    expect(await t.db.prisma.attempt.count({ where: { participantId: u.participantId } })).toBe(0)
  })

  it('answers 413 for a file over UPLOAD_MAX_BYTES and keeps nothing', async () => {
    const u = await joinedLifter()
    const before = filesUnder(t.config.mediaDir)
    const big = Buffer.concat([clip, Buffer.alloc(LIMIT)])
    const res = await upload(u.auth, { lift_type: 'squat', weight: 100, competition_id: u.challengeId }, [video(big)])
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ error: 'The video is larger than the 1 MB limit. Trim or compress it and try again.' })
    // Declared far over the limit: refused from the Content-Length alone.
    const huge = await upload(u.auth, { lift_type: 'squat', weight: 100, competition_id: u.challengeId }, [video(Buffer.alloc(3 * LIMIT))])
    expect(huge.statusCode).toBe(413)
    expect(huge.json().error).toMatch(/larger than the 1 MB limit/)
    expect(filesUnder(t.config.mediaDir)).toEqual(before)
    expect(scratchEntries()).toEqual([])
  })

  it('takes one file per request, in the video field', async () => {
    const u = await joinedLifter()
    const fields = { lift_type: 'squat', weight: 100, competition_id: u.challengeId }
    const before = filesUnder(t.config.mediaDir)
    const two = await upload(u.auth, fields, [video(clip), video(clip, { filename: 'second.mp4' })])
    expect(two.statusCode).toBe(400)
    expect(two.json()).toEqual({ error: 'Send one video per upload.' })
    expect(filesUnder(t.config.mediaDir)).toEqual(before)
    expect(await t.db.prisma.attempt.count({ where: { participantId: u.participantId } })).toBe(0)
    const wrongField = await upload(u.auth, fields, [video(clip, { field: 'file' })])
    expect(wrongField.statusCode).toBe(400)
    expect(wrongField.json().error).toMatch(/"video" field/)
    const none = await upload(u.auth, fields, [])
    expect(none.statusCode).toBe(400)
    const json = await t.app.inject({ method: 'POST', url: '/api/upload', headers: u.auth, payload: { ...fields } })
    expect(json.statusCode).toBe(400)
    expect(json.json().error).toMatch(/multipart\/form-data/)
    expect(scratchEntries()).toEqual([])
  })

  it('requires a token, acts as its user only, and only for a lifter who joined an open challenge', async () => {
    const u = await joinedLifter()
    const other = await registerUser(t.app)
    const fields = { lift_type: 'squat', weight: 100, competition_id: u.challengeId }
    const before = filesUnder(t.config.mediaDir)

    const anonymous = await upload({}, fields, [video(clip)])
    expect(anonymous.statusCode).toBe(401)
    const foreign = await upload(u.auth, { ...fields, user_id: other.user_id }, [video(clip)])
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().error).toMatch(/only act as yourself/)
    const notJoined = await upload(other.auth, { ...fields, user_id: other.user_id }, [video(clip)])
    expect(notJoined.statusCode).toBe(403)
    expect(notJoined.json()).toEqual({ error: NOT_JOINED })
    const unknown = await upload(u.auth, { ...fields, competition_id: 999999 }, [video(clip)])
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: 'Challenge 999999 does not exist.' })
    const ended = await createChallenge(t.app, u.access_token, {}, { start: -10, end: -1 })
    const late = await upload(u.auth, { ...fields, competition_id: ended }, [video(clip)])
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({ error: 'This challenge has ended' })
    expect(filesUnder(t.config.mediaDir)).toEqual(before)
    expect(scratchEntries()).toEqual([])
  })

  it('validates lift_type, weight and competition_id with messages that say what to fix', async () => {
    const u = await joinedLifter()
    const base = { lift_type: 'squat', weight: '100', competition_id: String(u.challengeId) }
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ ...base, lift_type: 'snatch' }, /lift_type must be squat, bench or deadlift/],
      [{ ...base, lift_type: 'curl' }, /lift_type must be squat, bench or deadlift/],
      [{ ...base, weight: '0' }, /valid weight/],
      [{ ...base, weight: '-20' }, /valid weight/],
      [{ ...base, weight: 'heavy' }, /valid weight/],
      [{ ...base, weight: 'Infinity' }, /valid weight/],
      [{ ...base, weight: '1000.5' }, /valid weight/],
      [{ ...base, weight: 'NaN' }, /valid weight/],
      [{ ...base, weight: '1e309' }, /valid weight/],
      [{ ...base, weight: '0.0' }, /valid weight/],
      [{ ...base, weight: '-0' }, /valid weight/],
      [{ ...base, weight: '99999999999999999999' }, /valid weight/],
      // Between two steps of 0.5 kg (before: recorded as sent).
      [{ ...base, weight: '0.0001' }, /valid weight: .*in steps of 0\.5 kg/],
      [{ ...base, weight: '600.0000000000001' }, /valid weight: .*in steps of 0\.5 kg/],
      [{ ...base, weight: ' ' }, /weight is missing/],
      [{ ...base, lift_type: "squat'; DROP TABLE attempts; --" }, /lift_type must be squat, bench or deadlift/],
      [{ ...base, competition_id: 'abc' }, /competition_id must be a challenge id/],
      [{ lift_type: 'squat' }, /Please fill in all fields: weight, competition_id are missing/],
    ]
    for (const [fields, error] of cases) {
      const res = await upload(u.auth, fields, [video(clip)])
      expect(res.statusCode, JSON.stringify(fields)).toBe(400)
      expect(res.json().error).toMatch(error)
    }
    const spelled = await upload(u.auth, { ...base, lift_type: 'Bench Press', weight: '82.5' }, [video(clip)])
    expect(spelled.statusCode).toBe(201)
  })

  it('takes every lift the challenge lists, in any spelling, stored canonical and named so in best_lifts', async () => {
    const u = await joinedLifter({ lifttypes: ['Snatch', 'Clean & Jerk'] })
    const cases: Array<[string, number, string]> = [
      ['Snatch', 100, 'snatch'],
      ['CLEAN & JERK', 125, 'clean_and_jerk'],
      ['clean_and_jerk', 130, 'clean_and_jerk'],
    ]
    for (const [spelling, weight, canonical] of cases) {
      const res = await upload(u.auth, { lift_type: spelling, weight, competition_id: u.challengeId }, [video(clip)], 'fields-first')
      expect(res.statusCode, `${spelling}: ${res.body}`).toBe(201)
      expect((await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: res.json().attempt_id } })).liftType).toBe(canonical)
    }
    const squat = await upload(u.auth, { lift_type: 'squat', weight: 100, competition_id: u.challengeId }, [video(clip)])
    expect(squat.statusCode).toBe(400)
    expect(squat.json()).toEqual({ error: 'lift_type must be clean_and_jerk or snatch: the lifts this challenge lists.' })
    // Judged good by a judge the organiser appoints (the organiser lifts here, so cannot judge these).
    const judge = await registerUser(t.app, 'Upload Judge')
    const { username } = await t.db.prisma.user.findUniqueOrThrow({ where: { id: judge.user_id } })
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/competitions/${u.challengeId}/judges`,
          headers: u.auth,
          payload: { usernames: [username] },
        })
      ).statusCode,
    ).toBe(200)
    const pending = await t.db.prisma.attempt.findMany({
      where: { participantId: u.participantId, status: 'pending' },
      select: { id: true },
    })
    for (const { id } of pending)
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/attempts/${id}/votes`, headers: judge.auth, payload: { good: true } })).statusCode,
      ).toBe(201)
    // The names the upload form's select sends are the names best_lifts uses, so its default weight is found.
    const card = (await t.app.inject({ url: `/api/users/${u.user_id}` })).json()
    expect(card.best_lifts).toEqual(
      expect.arrayContaining([
        { type: 'snatch', best_weight: 100 },
        { type: 'clean_and_jerk', best_weight: 130 },
      ]),
    )
    const profile = (await t.app.inject({ url: `/api/users/${u.user_id}/profile` })).json()
    expect(profile.achievements).toMatchObject({ best_snatch: 100, best_clean_and_jerk: 130 })
    const lifts = (await t.app.inject({ url: `/api/competitions/${u.challengeId}/lifts` })).json().lifts as Array<{ lift_type: string }>
    expect(lifts.map((l) => l.lift_type).sort()).toEqual(['clean_and_jerk', 'clean_and_jerk', 'snatch'])
  })

  it('refuses a challenge that has not started yet, like one that has ended, storing nothing', async () => {
    const owner = await registerUser(t.app)
    const soon = await createChallenge(t.app, owner.access_token, {}, { start: 1, end: 5 })
    const join = await t.app.inject({
      method: 'POST',
      url: '/api/join_competition',
      headers: owner.auth,
      payload: { competition_id: soon, weight_class: '83kg' },
    })
    expect(join.statusCode).toBe(201) // joining ahead of the start is allowed; lifting is not
    const before = filesUnder(t.config.mediaDir)
    for (const order of ['files-first', 'fields-first'] as const) {
      const res = await upload(owner.auth, { lift_type: 'squat', weight: 100, competition_id: soon }, [video(clip)], order)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ error: NOT_STARTED })
    }
    expect(filesUnder(t.config.mediaDir)).toEqual(before)
    expect(scratchEntries()).toEqual([])
  })

  it('checks the lifter before a byte of the file: a lifter who has not joined is refused while the video is still on its way', async () => {
    const u = await joinedLifter()
    const stranger = await registerUser(t.app)
    const port = await listening()
    const before = filesUnder(t.config.mediaDir)
    // The fields, then the start of a file the client has not finished sending (it declares 900 KB, sends 64 KB).
    const form = multipartForm(
      { lift_type: 'squat', weight: 100, competition_id: u.challengeId },
      [video(Buffer.alloc(900 * 1024, 7))],
      'fields-first',
    )
    const fileStart = form.payload.indexOf('filename=')
    let received = ''
    const answered = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${stranger.auth.authorization}\r\n` +
            `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
        )
        socket.write(form.payload.subarray(0, fileStart + 64 * 1024))
      })
      const timer = setTimeout(() => {
        socket.destroy()
        resolve(false)
      }, 5000)
      socket.on('data', (chunk) => {
        received += chunk.toString()
        if (received.includes('\r\n\r\n{')) {
          clearTimeout(timer)
          socket.destroy()
          resolve(true)
        }
      })
      socket.on('error', () => {})
    })
    expect(answered, 'an answer before the rest of the file was sent').toBe(true)
    expect(received).toMatch(/^HTTP\/1\.1 403/)
    expect(received).toContain(JSON.stringify({ error: NOT_JOINED }))
    expect(received.toLowerCase()).toContain('connection: close')
    expect(filesUnder(t.config.mediaDir)).toEqual(before)
    const deadline = Date.now() + 5000
    while (scratchEntries().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    expect(scratchEntries()).toEqual([])
    // The same form from the lifter who joined is taken.
    const ok = await upload(u.auth, { lift_type: 'squat', weight: 100, competition_id: u.challengeId }, [video(clip)], 'fields-first')
    expect(ok.statusCode).toBe(201)
  })

  it('leaves nothing behind when the client goes away in the middle of the file', async () => {
    const u = await joinedLifter()
    const port = await listening()
    const before = filesUnder(t.config.mediaDir)
    const form = multipartForm({ lift_type: 'squat', weight: 100, competition_id: u.challengeId }, [video(clip)])
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${u.auth.authorization}\r\n` +
            `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
        )
        socket.write(form.payload.subarray(0, Math.floor(form.payload.length / 2)), () =>
          setTimeout(() => {
            socket.destroy()
            resolve()
          }, 100),
        )
      })
      socket.on('error', () => {})
    })
    const deadline = Date.now() + 5000
    while (scratchEntries().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    expect(scratchEntries()).toEqual([])
    expect(filesUnder(t.config.mediaDir)).toEqual(before)
    expect(await t.db.prisma.attempt.count({ where: { participantId: u.participantId } })).toBe(0)
    // The server is fine afterwards.
    expect((await t.app.inject({ url: '/api/competitions' })).statusCode).toBe(200)
  })
})

describe('upload rate limit', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await startTestApp({ env: { RATE_LIMIT_UPLOAD_PER_MINUTE: '2' } })
  })
  afterAll(async () => {
    await limited?.close()
  })

  it('answers 429 with {error} after RATE_LIMIT_UPLOAD_PER_MINUTE uploads per lifter', async () => {
    const u = await registerUser(limited.app)
    const send = () => limited.app.inject({ method: 'POST', url: '/api/upload', headers: u.auth, payload: {} })
    expect((await send()).statusCode).toBe(400)
    expect((await send()).statusCode).toBe(400)
    const third = await send()
    expect(third.statusCode).toBe(429)
    expect(third.json().error).toMatch(/Too many attempts/)
    // Another lifter behind the same address is not held back.
    const v = await registerUser(limited.app)
    expect((await limited.app.inject({ method: 'POST', url: '/api/upload', headers: v.auth, payload: {} })).statusCode).toBe(400)
  })
})

describe('video bombs are refused at probe time, before anything is stored', () => {
  /** Uploads each clip; answers status and body, and checks nothing was kept or enqueued. */
  async function refusedClean(path: string) {
    const u = await joinedLifter()
    const before = filesUnder(t.config.mediaDir)
    const queued = enqueued.length
    const res = await upload(u.auth, { lift_type: 'squat', weight: 150, competition_id: u.challengeId }, [video(readFileSync(path))])
    expect(filesUnder(t.config.mediaDir)).toEqual(before)
    expect(scratchEntries()).toEqual([])
    expect(enqueued.length).toBe(queued)
    expect(await t.db.prisma.attempt.count({ where: { participantId: u.participantId } })).toBe(0)
    return { status: res.statusCode, body: res.json() as unknown }
  }

  it('refuses a clip longer than VIDEO_MAX_SECONDS (a 6-minute clip), naming its length and the limit', async () => {
    const long = await makeBlackClip(clipDir, 'six-minutes.mp4', { width: 64, height: 64, fps: 1, seconds: 360 })
    expect(await refusedClean(long)).toEqual({
      status: 400,
      body: { error: 'The video is 6 min long; lifts are at most 5 min. Trim it and try again.' },
    })
  })

  it('refuses a frame beyond 4096×2304, landscape or rotated to portrait', async () => {
    const wide = await makeBlackClip(clipDir, 'wide.mp4', { width: 4200, height: 2400, fps: 1, seconds: 1 })
    const upright = await makeBlackClip(clipDir, 'upright.mp4', { width: 4200, height: 2400, fps: 1, seconds: 1, rotate: 90 })
    expect(await refusedClean(wide)).toEqual({
      status: 400,
      body: {
        error:
          'The video is 4200×2400 pixels; lifts are at most 4096×2304 (4K, either way round). Export it at 4K or smaller and try again.',
      },
    })
    const portrait = await refusedClean(upright)
    expect(portrait.status).toBe(400)
    expect((portrait.body as { error: string }).error).toMatch(/^The video is 4200×2400 pixels; lifts are at most 4096×2304/)
  })

  it('refuses more than 120 frames per second (240 fps), and takes 120', async () => {
    const slowMotion = await makeBlackClip(clipDir, 'slowmo.mp4', { width: 64, height: 64, fps: 240, seconds: 0.5 })
    expect(await refusedClean(slowMotion)).toEqual({
      status: 400,
      body: { error: 'The video is 240 frames per second; lifts are at most 120. Export it at normal speed (30 or 60 fps) and try again.' },
    })
    const u = await joinedLifter()
    const fast = readFileSync(await makeBlackClip(clipDir, 'fast120.mp4', { width: 64, height: 64, fps: 120, seconds: 0.5 }))
    const res = await upload(u.auth, { lift_type: 'squat', weight: 150, competition_id: u.challengeId }, [video(fast)])
    expect(res.statusCode, res.body).toBe(201)
    // The transcode job carries its lifter (fair by user).
    expect(enqueued.find((j) => j.attemptId === (res.json() as { attempt_id: number }).attempt_id)).toEqual({
      attemptId: expect.any(Number),
      userId: u.user_id,
    })
  })
})
