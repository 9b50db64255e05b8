// Record attempts over the API against PostgreSQL (docs/records.md, "Record attempts"): once a verified
// decision set a record, a meet attempt declared (or filmed, waiting for the judges) at a weight that
// breaks it by the margin carries `record_attempt` on the cards, in the lifting order and in the judges'
// queue; one that only equals it carries null.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MeetCardsResponse, QueuedAttempt } from '../../../contract/index.ts'
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
const inject = (method: 'GET' | 'POST', url: string, user?: User, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) })

async function lifterIn(challengeId: number, name: string, weightClass = '83kg'): Promise<User> {
  const lifter = await registerUser(t.app, name)
  const res = await inject('POST', '/api/join_competition', lifter, {
    competition_id: challengeId,
    weight_class: weightClass,
    gender: 'male',
  })
  expect(res.statusCode, res.body).toBe(201)
  return lifter
}

/** A pending attempt with a video, recorded directly (as an upload would). */
async function pending(user: User, challengeId: number, liftType: string, weight: number, recordOnly = false) {
  const participant = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: user.user_id } })
  return t.db.prisma.attempt.create({
    data: {
      participantId: participant.id,
      liftType,
      attemptNumber: await nextAttemptNumber(t.db.prisma, participant.id, liftType),
      weight,
      status: 'pending',
      votesNeeded: 3,
      recordOnly,
      originalKey: `test/${participant.id}/${liftType}-${weight}.mp4`,
    },
  })
}

const cards = async (id: number) => {
  const res = await inject('GET', `/api/competitions/${id}/cards`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as MeetCardsResponse
}

describe('record attempts', () => {
  it('marks a declared and a pending attempt that would break a record, on the cards, the lifting order and the queue', async () => {
    const organiser = await registerUser(t.app, 'Record Meet Organiser')
    const meet = await createChallenge(t.app, organiser.access_token, { format: 'meet', weightclasses: ['83kg'] })
    const holder = await lifterIn(meet, 'Old Holder')
    const breaker = await lifterIn(meet, 'Would Break')
    const equaller = await lifterIn(meet, 'Would Equal')
    const panel = await certifiedPanel(t, organiser, meet)

    // No record yet: nothing is marked.
    expect(
      (await inject('POST', `/api/competitions/${meet}/declarations`, breaker, { lift_type: 'squat', weight: 202.5 })).statusCode,
    ).toBe(201)
    expect((await cards(meet)).next_up.map((u) => u.record_attempt)).toEqual([null])

    const set = await pending(holder, meet, 'squat', 200)
    expect(await panel.decide(set.id, true)).toMatchObject({ status: 'completed', judging: { verified: true } })
    expect((await inject('POST', `/api/competitions/${meet}/declarations`, equaller, { lift_type: 'squat', weight: 200 })).statusCode).toBe(
      201,
    )

    const board = await cards(meet)
    const cellOf = (user: User) =>
      board.cards.find((c) => c.user_id === user.user_id)!.lifts.find((l) => l.lift_type === 'squat')!.cells[0]!
    const mark = {
      records: [
        {
          sport: 'powerlifting',
          sex: 'M',
          class_set: 'spec',
          weight_class: '83kg',
          division: 'open',
          equipment: 'classic',
          lift: 'squat',
          record: 200,
          weight: 202.5,
        },
      ],
    }
    expect(cellOf(breaker)).toMatchObject({ state: 'declared', weight: 202.5, record_attempt: mark })
    expect(cellOf(equaller)).toMatchObject({ state: 'declared', weight: 200, record_attempt: null })
    // The holder's decided attempt is not an attempt any more.
    expect(cellOf(holder)).toMatchObject({ state: 'good', record_attempt: null })
    expect(board.next_up.map((u) => [u.name, u.weight, u.record_attempt !== null])).toEqual([
      ['Would Equal', 200, false],
      ['Would Break', 202.5, true],
    ])

    // Filmed: with the judges, still marked, and in the judges' queue.
    const filmed = await pending(breaker, meet, 'squat', 202.5)
    // (Recorded directly, so no event moved the room's seq the cached cards answer by: the service's own read.)
    const fresh = (await t.app.services.meets.cards(meet)).answer
    expect(fresh.next_up.find((u) => u.attempt_id === filmed.id)).toMatchObject({ state: 'pending', record_attempt: mark })
    const queue = (await inject('GET', '/api/judge/queue', panel.judges[0])).json() as { attempts: QueuedAttempt[] }
    expect(queue.attempts.map((a) => [a.id, a.record_attempt])).toEqual([[filmed.id, mark]])

    // Judged good by the panel: the record is his, and his attempt is no longer an attempt to mark.
    await panel.decide(filmed.id, true)
    const after = await cards(meet)
    expect(after.cards.find((c) => c.user_id === breaker.user_id)!.lifts[0]!.cells[0]).toMatchObject({
      state: 'good',
      record_attempt: null,
    })
    const records = (await inject('GET', '/api/records?sport=powerlifting&lift=squat')).json() as { records: { weight: number }[] }
    expect(records.records.map((r) => r.weight)).toEqual([202.5])
  })

  it('a 4th attempt for a record only: declared over the record in 0.5 kg steps, it sets the record and leaves the total as it was', async () => {
    const organiser = await registerUser(t.app, 'Fourth Organiser')
    const meet = await createChallenge(t.app, organiser.access_token, { format: 'meet', weightclasses: ['93kg'], name: 'Fourth Meet' })
    const holder = await lifterIn(meet, 'Fourth Holder', '93kg')
    const lifter = await lifterIn(meet, 'Fourth Lifter', '93kg')
    const panel = await certifiedPanel(t, organiser, meet)
    const declare = async (weight: number, lift = 'squat') => {
      const res = await inject('POST', `/api/competitions/${meet}/declarations`, lifter, { lift_type: lift, weight })
      return { status: res.statusCode, error: (res.json() as { error?: string }).error }
    }
    const good = async (who: User, lift: string, weight: number, recordOnly = false) =>
      panel.decide((await pending(who, meet, lift, weight, recordOnly)).id, true, lift)

    await good(holder, 'squat', 200)
    // Before the three are taken, 0.5 kg is no step.
    expect(await declare(200.5)).toEqual({
      status: 400,
      error: 'A squat is loaded in steps of 2.5 kg: 200.5 kg is not one (200 kg or 202.5 kg are).',
    })
    for (const w of [180, 190, 197.5]) await good(lifter, 'squat', w)
    await good(lifter, 'bench', 130)
    await good(lifter, 'deadlift', 250)
    const before = (await t.app.services.meets.cards(meet)).answer.cards.find((c) => c.user_id === lifter.user_id)!
    expect(before.total).toBe(577.5)

    expect(await declare(200)).toEqual({
      status: 400,
      error: 'A fourth squat is for a record only: it must be at least 200.5 kg, 0.5 kg over the record of 200 kg.',
    })
    expect(await declare(200.5)).toEqual({ status: 201, error: undefined })
    const declared = (await t.app.services.meets.cards(meet)).answer.cards.find((c) => c.user_id === lifter.user_id)!
    const squat = declared.lifts.find((l) => l.lift_type === 'squat')!
    expect(squat.cells.map((c) => [c.attempt_number, c.state, c.weight])).toEqual([
      [1, 'good', 180],
      [2, 'good', 190],
      [3, 'good', 197.5],
      [4, 'declared', 200.5],
    ])
    expect(squat.cells[3]!.record_attempt?.records.map((r) => [r.lift, r.record])).toEqual([['squat', 200]])
    expect(declared.next).toMatchObject({ action: 'take', lift_type: 'squat', attempt_number: 4, weight: 200.5 })

    // Judged good by the panel: the record is set, the best and the total stay the first three's.
    await good(lifter, 'squat', 200.5, true)
    const after = (await t.app.services.meets.cards(meet)).answer.cards.find((c) => c.user_id === lifter.user_id)!
    expect(after.lifts.find((l) => l.lift_type === 'squat')!.best).toBe(197.5)
    expect(after.total).toBe(577.5)
    const records = (await inject('GET', '/api/records?sport=powerlifting&lift=squat&weight_class=93kg')).json() as {
      records: { weight: number; user_id: number }[]
    }
    expect(records.records.map((r) => [r.weight, r.user_id])).toEqual([[200.5, lifter.user_id]])
    const totals = (await inject('GET', '/api/records?sport=powerlifting&lift=total&weight_class=93kg')).json() as {
      records: { weight: number }[]
    }
    expect(totals.records.map((r) => r.weight)).toEqual([577.5])
    // One fourth per lift.
    expect(await declare(203)).toEqual({ status: 409, error: 'You have taken your fourth squat, the one a record allows.' })
  })
})
