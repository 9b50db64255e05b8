import { nextAttemptNumber } from '../../helpers/attempts.ts'
import type { AttemptStatus, ProcessingState } from '../../../contract/index.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
let lifter: Awaited<ReturnType<typeof registerUser>>
let challengeId: number
let participantId: number
const attemptIds: number[] = []

beforeAll(async () => {
  t = await startTestApp()
  lifter = await registerUser(t.app, 'Profile Person')
  challengeId = await createChallenge(t.app, lifter.access_token, { name: 'Profile Cup' })
  const joined = await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: lifter.auth,
    payload: { competition_id: challengeId, weight_class: '93kg' },
  })
  expect(joined.json().participant_id).toBe(lifter.user_id)
  participantId = (await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: lifter.user_id } })).id
  const rows: Array<{
    liftType: string
    weight: number
    originalKey: string | null
    processingState: ProcessingState
    status?: AttemptStatus
  }> = [
    { liftType: 'squat', weight: 180, originalKey: 'attempts/a/original.mp4', processingState: 'ready' },
    { liftType: 'bench', weight: 120, originalKey: 'attempts/b/original.mp4', processingState: 'pending' },
    { liftType: 'deadlift', weight: 230, originalKey: null, processingState: 'none' },
    { liftType: 'deadlift', weight: 250, originalKey: 'attempts/c/original.mp4', processingState: 'failed', status: 'failed' },
  ]
  for (const row of rows) {
    const a = await t.db.prisma.attempt.create({
      data: {
        participantId,
        status: 'completed',
        attemptNumber: await nextAttemptNumber(t.db.prisma, participantId, row.liftType),
        ...row,
      },
    })
    if (row.originalKey && row.processingState !== 'failed') attemptIds.push(a.id)
  }
})
afterAll(async () => {
  await t?.close()
})

describe('GET /api/users/:id', () => {
  it('answers the best lifts and no email', async () => {
    const res = await t.app.inject({ url: `/api/users/${lifter.user_id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: lifter.user_id,
      name: 'Profile Person',
      username: expect.any(String),
      country: null,
      weight_class: null,
      best_lifts: [
        { type: 'squat', best_weight: 180 },
        { type: 'bench', best_weight: 120 },
        { type: 'deadlift', best_weight: 230 },
      ],
    })
    expect((await t.app.inject({ url: '/api/users/999999' })).statusCode).toBe(404)
  })
})

describe('GET /api/users/:id/profile', () => {
  it('answers user, achievements, best lifts, competitions and videos; email only to the owner', async () => {
    const own = await t.app.inject({ url: `/api/users/${lifter.user_id}/profile`, headers: lifter.auth })
    expect(own.statusCode).toBe(200)
    const body = own.json()
    expect(body.user).toMatchObject({ id: lifter.user_id, email: lifter.email, name: 'Profile Person' })
    expect(body.achievements).toEqual({
      total_competitions: 1,
      total_successful_lifts: 3,
      heaviest_lift: 230,
      best_snatch: 0,
      best_clean_and_jerk: 0,
    })
    expect(body.competitions).toEqual([
      {
        id: challengeId,
        name: 'Profile Cup',
        start_date: expect.any(String),
        weight_class: '93kg',
        status: 'ongoing',
        total_weight: 530,
      },
    ])
    expect(body.uploaded_videos).toHaveLength(3)
    expect(body.uploaded_videos[0]).toMatchObject({
      competition_id: challengeId,
      competition_name: 'Profile Cup',
      user_id: lifter.user_id,
      participant_id: lifter.user_id,
    })
    const publicView = await t.app.inject({ url: `/api/users/${lifter.user_id}/profile` })
    expect(publicView.statusCode).toBe(200)
    expect(publicView.json().user).not.toHaveProperty('email')
    expect((await t.app.inject({ url: '/api/users/999999/profile' })).statusCode).toBe(404)
  })
})

describe('GET /api/athletes', () => {
  it('searches athletes from the database by name, country or weight class', async () => {
    await registerUser(t.app, 'Zelda Norway')
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Kari Berg', email: 'kari@example.com', password: 'kari-password', country: 'Norway', weight_class: '66kg' },
    })
    const byCountry = (await t.app.inject({ url: '/api/athletes?q=norway' })).json() as Array<{ name: string }>
    expect(byCountry.map((a) => a.name).sort()).toEqual(['Kari Berg', 'Zelda Norway'])
    const byClass = (await t.app.inject({ url: '/api/athletes?q=66kg' })).json() as Array<{ name: string }>
    expect(byClass.map((a) => a.name)).toEqual(['Kari Berg'])
    const all = (await t.app.inject({ url: '/api/athletes' })).json() as Array<{ name: string; best_total: number }>
    expect(all.find((a) => a.name === 'Profile Person')?.best_total).toBe(530)
  })
})

describe('GET /api/random-video and /api/next-video', () => {
  it('answers a playable video with its index and total, filtered by lift type', async () => {
    const res = await t.app.inject({ url: '/api/random-video?mobile=true&t=123' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.total_videos).toBe(2)
    expect(attemptIds).toContain(body.attempt_id)
    expect(body).toMatchObject({
      participant_name: 'Profile Person',
      video_url: expect.stringMatching(/^\/api\/video\/attempts%2F/),
      current_index: expect.any(Number),
    })
    const bench = (await t.app.inject({ url: '/api/random-video?lift_type=Bench' })).json()
    expect(bench).toMatchObject({ lift_type: 'bench', total_videos: 1, current_index: 0 })
  })

  it('walks the videos in order and wraps around', async () => {
    const first = (await t.app.inject({ url: '/api/next-video' })).json()
    expect(first).toMatchObject({ attempt_id: attemptIds[0], current_index: 0 })
    const second = (await t.app.inject({ url: `/api/next-video?after=${first.attempt_id}` })).json()
    expect(second).toMatchObject({ attempt_id: attemptIds[1], current_index: 1 })
    const wrapped = (await t.app.inject({ url: `/api/next-video?after=${second.attempt_id}` })).json()
    expect(wrapped.attempt_id).toBe(attemptIds[0])
  })

  it('answers 404 when nothing matches and 400 for an unknown lift type', async () => {
    const none = await t.app.inject({ url: '/api/random-video?lift_type=snatch' })
    expect(none.statusCode).toBe(404)
    expect(none.json()).toEqual({ error: 'No videos available' })
    const bad = await t.app.inject({ url: '/api/next-video?lift_type=curl' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatch(/not a known lift/)
  })
})

describe('documentation and unknown routes', () => {
  it('serves OpenAPI docs generated from the schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/competitions/{id}/participants', '/api/join_competition', '/api/next-video']),
    )
  })

  it('answers unknown API routes with a 404 {error}', async () => {
    const res = await t.app.inject({ url: '/api/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: 'No such endpoint: GET /api/nope' })
  })
})
