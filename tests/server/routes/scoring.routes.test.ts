// Scoring over the API (issue 16): rankings per challenge, bodyweight at join and after,
// weightlifting totals with Sinclair, points computed by the server in the participants
// answer and in the 'attempt.judged' event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pointsFor, type Participant } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { nextAttemptNumber } from '../../helpers/attempts.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

type User = Awaited<ReturnType<typeof registerUser>>

async function joinWith(user: User, challengeId: number, weightClass: string, bodyweight?: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: user.auth,
    payload: { competition_id: challengeId, weight_class: weightClass, ...(bodyweight === undefined ? {} : { bodyweight }) },
  })
}

/** Records a pending attempt directly, then the organiser decides it as jury (the route judges use). */
async function liftJudged(organiser: User, lifter: User, challengeId: number, liftType: string, weight: number, good = true) {
  const participant = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: lifter.user_id } })
  const attempt = await t.db.prisma.attempt.create({
    data: {
      participantId: participant.id,
      liftType,
      attemptNumber: await nextAttemptNumber(t.db.prisma, participant.id, liftType),
      weight,
      status: 'pending',
    },
  })
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/attempts/${attempt.id}/jury`,
    headers: organiser.auth,
    payload: good ? { good: true } : { good: false, reason: liftType === 'snatch' ? 'press_out' : 'depth' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return attempt.id
}

async function participants(challengeId: number): Promise<Participant[]> {
  return (await t.app.inject({ url: `/api/competitions/${challengeId}/participants` })).json().participants
}

describe('rankings and bodyweight', () => {
  it("refuses a formula that does not score the challenge's lifts, naming the ones that do", async () => {
    const owner = await registerUser(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create_competition',
      headers: owner.auth,
      payload: {
        name: 'Wrong Formula',
        location: 'Gym',
        lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
        ranking: 'sinclair',
        start_date: '2030-01-01',
        end_date: '2030-01-02',
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(
      'Sinclair points do not score a total of squat + bench + deadlift: rank by DOTS, IPF GL, Wilks, Wilks 2020 or by total within weight class.',
    )
    expect(await t.db.prisma.challenge.count({ where: { name: 'Wrong Formula' } })).toBe(0)
  })

  it('checks a bodyweight against the class at join, stores a good one, and takes changes until a lift is judged', async () => {
    const owner = await registerUser(t.app)
    const id = await createChallenge(t.app, owner.access_token)
    const lifter = await registerUser(t.app, 'Weighed Lifter')
    const heavy = await joinWith(lifter, id, '83kg', 95)
    expect(heavy.statusCode).toBe(400)
    expect(heavy.json().error).toBe(
      'A lifter of 95 kg is not in the 83kg class (over 74 kg, up to 83 kg): choose the class your bodyweight is in.',
    )
    expect(await t.db.prisma.participant.count({ where: { challengeId: id } })).toBe(0)
    expect((await joinWith(lifter, id, '83kg', 82.3)).statusCode).toBe(201)
    expect((await participants(id))[0]).toMatchObject({ bodyweight: 82.3, points: null })

    const put = (user: User, bodyweight: unknown) =>
      t.app.inject({ method: 'PUT', url: `/api/competitions/${id}/bodyweight`, headers: user.auth, payload: { bodyweight } })
    const moved = await put(lifter, 80.95)
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().participant).toMatchObject({ user_id: lifter.user_id, bodyweight: 80.95 })
    const event = await t.db.prisma.liveEvent.findFirst({ where: { room: `competition:${id}`, type: 'participant.updated' } })
    expect(event?.payload).toMatchObject({ participant: { user_id: lifter.user_id, bodyweight: 80.95 } })
    expect((await put(lifter, 70)).json().error).toMatch(/not in the 83kg class/)
    expect((await put(lifter, 'heavy')).statusCode).toBe(400)
    expect((await put(owner, 80)).statusCode).toBe(404)

    await liftJudged(owner, lifter, id, 'squat', 200, false)
    const fixed = await put(lifter, 82)
    expect(fixed.statusCode).toBe(409)
    expect(fixed.json().error).toBe('Your bodyweight is fixed once one of your lifts has been judged.')
    expect((await participants(id))[0]!.bodyweight).toBe(80.95)
  })

  it('a challenge ranked by DOTS orders lifters across classes by points; without a bodyweight, no place', async () => {
    const owner = await registerUser(t.app)
    const id = await createChallenge(t.app, owner.access_token, { weightclasses: ['66kg', '105kg'], ranking: 'dots' })
    const light = await registerUser(t.app, 'Light Lifter')
    const heavy = await registerUser(t.app, 'Heavy Lifter')
    const unweighed = await registerUser(t.app, 'Unweighed Lifter')
    expect((await joinWith(light, id, '66kg', 65.2)).statusCode).toBe(201)
    expect((await joinWith(heavy, id, '105kg', 104.1)).statusCode).toBe(201)
    expect((await joinWith(unweighed, id, '105kg')).statusCode).toBe(201)
    for (const [user, s, b, d] of [
      [light, 200, 125, 235],
      [heavy, 240, 160, 270],
      [unweighed, 300, 200, 350],
    ] as const) {
      await liftJudged(owner, user, id, 'squat', s)
      await liftJudged(owner, user, id, 'bench', b)
      await liftJudged(owner, user, id, 'deadlift', d)
    }
    const list = await participants(id)
    // 560 kg at 65.2 kg beats 670 kg at 104.1 kg by DOTS; the 850 kg lifter gave no bodyweight.
    expect(list.map((p) => [p.name, p.total, p.place])).toEqual([
      ['Light Lifter', 560, 1],
      ['Heavy Lifter', 670, 2],
      ['Unweighed Lifter', 850, null],
    ])
    const sbd = ['squat', 'bench', 'deadlift'] as const
    expect(list[0]!.points).toBe(pointsFor('dots', [...sbd], 'M', 65.2, 560))
    expect(list[1]!.points).toBe(pointsFor('dots', [...sbd], 'M', 104.1, 670))
    expect(list[0]!.points).toBeGreaterThan(list[1]!.points!)
    expect(list[2]!.points).toBeNull()
  })

  it("a weightlifting challenge totals the best snatch and clean & jerk and shows Sinclair; each decision carries the lifter's standing", async () => {
    const owner = await registerUser(t.app)
    const id = await createChallenge(t.app, owner.access_token, { lifttypes: ['Snatch', 'Clean & Jerk'], weightclasses: ['83kg'] })
    const challenge = (await t.app.inject({ url: `/api/competitions/${id}` })).json().competition
    expect(challenge).toMatchObject({
      sport: 'weightlifting',
      total_lifts: ['snatch', 'clean_and_jerk'],
      ranking: 'class',
      points_formula: 'sinclair',
    })
    const lifter = await registerUser(t.app, 'Snatch Lifter')
    expect((await joinWith(lifter, id, '83kg', 81.5)).statusCode).toBe(201)
    await liftJudged(owner, lifter, id, 'snatch', 130)
    await liftJudged(owner, lifter, id, 'snatch', 135, false)
    expect((await participants(id))[0]).toMatchObject({ best_snatch: 130, total: null, points: null, place: null })
    const last = await liftJudged(owner, lifter, id, 'clean_and_jerk', 170)
    const [p] = await participants(id)
    // Sinclair 2025–28, men 81.5 kg: 300 kg → 384.60 (formulas.test.ts pins it).
    expect(p).toMatchObject({ best_snatch: 130, best_clean_and_jerk: 170, total: 300, total_weight: 300, points: 384.6, place: 1 })
    const judged = await t.db.prisma.liveEvent.findMany({
      where: { room: `competition:${id}`, type: 'attempt.judged' },
      orderBy: { seq: 'asc' },
    })
    expect(judged).toHaveLength(3)
    expect(judged.at(-1)!.payload).toMatchObject({
      attempt: { id: last, status: 'completed' },
      standing: { total: 300, points: 384.6, best_clean_and_jerk: 170 },
    })
  })
})
