// Platform records over the API against PostgreSQL (docs/records.md): only a certified three-judge
// panel's decision sets one, never a challenge judged by one person; a heavier verified lift breaks
// it, announced live in the decision's transaction; a reversal on appeal gives it back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RecordRow } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { nextAttemptNumber } from '../../helpers/attempts.ts'
import { certifiedPanel } from '../../helpers/judging.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

type User = Awaited<ReturnType<typeof registerUser>>
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user?: User, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) })

async function lifterIn(challengeId: number, name: string): Promise<User> {
  const lifter = await registerUser(t.app, name)
  const res = await inject('POST', '/api/join_competition', lifter, {
    competition_id: challengeId,
    weight_class: '83kg',
    gender: 'male',
    bodyweight: 82,
  })
  expect(res.statusCode, res.body).toBe(201)
  return lifter
}

/** A pending attempt recorded directly (as an upload would), with the quorum its panel needs. */
async function pending(user: User, challengeId: number, liftType: string, weight: number, votesNeeded: number) {
  const participant = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: user.user_id } })
  return t.db.prisma.attempt.create({
    data: {
      participantId: participant.id,
      liftType,
      attemptNumber: await nextAttemptNumber(t.db.prisma, participant.id, liftType),
      weight,
      status: 'pending',
      votesNeeded,
    },
  })
}

const OPEN_SQUAT = '?sport=powerlifting&sex=M&class_set=spec&weight_class=83kg&division=open&equipment=classic&lift=squat'
const squatRecord = async () => ((await inject('GET', `/api/records${OPEN_SQUAT}`)).json() as { records: RecordRow[] }).records
const recordEvents = async (challengeId: number) =>
  (
    await t.db.prisma.liveEvent.findMany({ where: { room: `competition:${challengeId}`, type: 'record.set' }, orderBy: { seq: 'asc' } })
  ).map((e) => e.payload as { record: RecordRow })

describe('records', () => {
  let organiser: User
  let challengeId: number
  let panel: Awaited<ReturnType<typeof certifiedPanel>>
  let first: User
  let second: User

  beforeAll(async () => {
    organiser = await registerUser(t.app, 'Record Organiser')
    challengeId = await createChallenge(t.app, organiser.access_token, { weightclasses: ['83kg'] })
    first = await lifterIn(challengeId, 'First Holder')
    second = await lifterIn(challengeId, 'Record Breaker')
    panel = await certifiedPanel(t, organiser, challengeId)
  })

  it('a challenge judged by one person never sets a record', async () => {
    const lone = await registerUser(t.app, 'Lone Organiser')
    const alone = await createChallenge(t.app, lone.access_token, { weightclasses: ['83kg'] })
    const lifter = await lifterIn(alone, 'Lone Lifter')
    const attempt = await pending(lifter, alone, 'squat', 300, 1)
    const res = await inject('POST', `/api/attempts/${attempt.id}/votes`, lone, { good: true })
    expect(res.json().attempt).toMatchObject({ status: 'completed', judging: { verified: false } })
    expect(await squatRecord()).toEqual([])
    expect(await recordEvents(alone)).toEqual([])
  })

  it('a three-judge certified panel sets the first record, announced live with the decision, marked for its challenge', async () => {
    const attempt = await pending(first, challengeId, 'squat', 200, 3)
    expect(await panel.decide(attempt.id, true)).toMatchObject({ status: 'completed', judging: { verified: true } })
    expect(await squatRecord()).toMatchObject([
      { weight: 200, previous: null, user_id: first.user_id, attempt_id: attempt.id, competition_id: challengeId, name: 'First Holder' },
    ])
    const events = await recordEvents(challengeId)
    expect(events.map((e) => [e.record.lift, e.record.weight])).toEqual([['squat', 200]])
    // The same decision's attempt.judged comes first in the room.
    const judged = await t.db.prisma.liveEvent.findFirstOrThrow({
      where: { room: `competition:${challengeId}`, type: 'attempt.judged' },
      orderBy: { seq: 'desc' },
    })
    const set = await t.db.prisma.liveEvent.findFirstOrThrow({ where: { room: `competition:${challengeId}`, type: 'record.set' } })
    expect(set.seq).toBe(judged.seq + 1)
    const marked = (await inject('GET', `/api/competitions/${challengeId}/records`)).json() as { records: RecordRow[] }
    expect(marked.records.map((r) => r.attempt_id)).toEqual([attempt.id])
  })

  it('equalling is no record; a heavier verified lift breaks it, with the record it broke', async () => {
    const equal = await pending(second, challengeId, 'squat', 200, 3)
    await panel.decide(equal.id, true)
    expect((await squatRecord())[0]).toMatchObject({ user_id: first.user_id, weight: 200 })
    const heavier = await pending(second, challengeId, 'squat', 210, 3)
    await panel.decide(heavier.id, true)
    expect((await squatRecord())[0]).toMatchObject({ user_id: second.user_id, weight: 210, previous: 200, attempt_id: heavier.id })
    const history = (await inject('GET', `/api/records/history${OPEN_SQUAT}`)).json() as { records: RecordRow[] }
    expect(history.records.map((r) => [r.name, r.weight])).toEqual([
      ['Record Breaker', 210],
      ['First Holder', 200],
    ])
    expect((await recordEvents(challengeId)).map((e) => e.record.weight)).toEqual([200, 210])
  })

  it('a decision reversed on appeal recomputes the record', async () => {
    const heavier = await t.db.prisma.attempt.findFirstOrThrow({ where: { weight: 210, participant: { challengeId } } })
    expect((await inject('POST', `/api/attempts/${heavier.id}/appeal`, second, { note: 'please look again' })).statusCode).toBe(201)
    // Nothing changes while the appeal is open.
    expect((await squatRecord())[0]).toMatchObject({ weight: 210 })
    const reversed = await inject('POST', `/api/attempts/${heavier.id}/appeal/decision`, organiser, {
      reverse: true,
      reason: 'depth not reached',
    })
    expect(reversed.statusCode, reversed.body).toBe(200)
    expect((await squatRecord())[0]).toMatchObject({ user_id: first.user_id, weight: 200, previous: null })
    const history = (await inject('GET', `/api/records/history${OPEN_SQUAT}`)).json() as { records: RecordRow[] }
    expect(history.records.map((r) => r.weight)).toEqual([200])
  })

  it('the total: set when the last of the three verified lifts is decided', async () => {
    await panel.decide((await pending(first, challengeId, 'bench', 140, 3)).id, true, 'bench')
    expect((await inject('GET', '/api/records?sport=powerlifting&lift=total')).json().records).toEqual([])
    const deadlift = await pending(first, challengeId, 'deadlift', 250, 3)
    await panel.decide(deadlift.id, true, 'deadlift')
    const totals = (await inject('GET', '/api/records?sport=powerlifting&lift=total')).json() as { records: RecordRow[] }
    expect(totals.records).toMatchObject([{ weight: 590, attempt_id: deadlift.id, user_id: first.user_id }])
  })

  it('refuses what can match nothing, with a sentence', async () => {
    const res = await inject('GET', '/api/records?sport=weightlifting&lift=squat')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'lift must be one of snatch, clean_and_jerk, total for weightlifting.' })
    expect((await inject('GET', '/api/records/history?sport=powerlifting')).statusCode).toBe(400)
    expect((await inject('GET', '/api/competitions/999999/records')).statusCode).toBe(404)
  })
})
