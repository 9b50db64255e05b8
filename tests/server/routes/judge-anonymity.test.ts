// With judges' names unpublished, a judge's votes cannot be attributed (issue 27, item 7). Before:
// lights said "Judge 1", "Judge 2"… in seat order and the public panel list gave each seat's name,
// so anyone could read who voted what. Now lights say "Judge", white lights first then red ones,
// and the public panel list is in name order with seat 0; the organiser still sees the seats,
// and with names published the lights carry the names in seat order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AttemptResponse, Light, PanelResponse } from '../../../contract/index.ts'
import { createLifters, type Lifter } from '../../helpers/live.ts'
import { startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function call(method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  })
  return res.json() as Record<string, unknown>
}

async function judgedChallenge(publishNames: boolean) {
  const [organiser, lifter, ...judges] = await createLifters(t.db.prisma, t.config.jwtSecret, 5, `Anon ${publishNames}`)
  const row = await t.db.prisma.challenge.create({
    data: {
      name: 'Anonymous Open',
      location: 'Gym',
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 86_400_000),
      liftTypes: ['Squat'],
      weightClasses: ['83kg'],
      gender: 'M',
      createdById: organiser!.userId,
    },
  })
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/join_competition',
        headers: { authorization: `Bearer ${lifter!.token}` },
        payload: { competition_id: row.id, weight_class: '83kg' },
      })
    ).statusCode,
  ).toBe(201)
  // Seats in the reverse of name order, so name order tells no seat.
  const seated = [...judges].reverse()
  const users = await t.db.prisma.user.findMany({ where: { id: { in: seated.map((j) => j.userId) } } })
  const usernames = seated.map((j) => users.find((u) => u.id === j.userId)!.username)
  await call('PUT', `/competitions/${row.id}/judges`, organiser!.token, { usernames, publish_names: publishNames })
  const participant = await t.db.prisma.participant.findFirstOrThrow({
    where: { challengeId: row.id, userId: lifter!.userId },
    include: { user: { select: { name: true } } },
  })
  /** Lights of an attempt on which the judge in seat `noSeat` (1-based) votes no lift, the others good. */
  const lights = async (noSeat: number): Promise<Light[]> => {
    const { attemptId } = await t.app.repos.attempts.record(
      participant,
      { liftType: 'squat', weight: 200 },
      (id) => `attempts/${id}/original.mp4`,
      async () => {},
    )
    let last: Record<string, unknown> = {}
    for (const [i, judge] of seated.entries()) {
      last = await call(
        'POST',
        `/attempts/${attemptId}/votes`,
        (judge as Lifter).token,
        i + 1 === noSeat ? { good: false, reason: 'depth' } : { good: true },
      )
    }
    return (last as unknown as AttemptResponse).attempt.judging.lights
  }
  return { id: row.id, organiser: organiser!, seated, usernames, users, lights }
}

describe('names unpublished', () => {
  it('lights tell no seat: the same votes from different seats show the same lights, labelled "Judge"', async () => {
    const c = await judgedChallenge(false)
    const first = await c.lights(1)
    expect(first.map((l) => [l.judge, l.good])).toEqual([
      ['Judge', true],
      ['Judge', true],
      ['Judge', false],
    ])
    expect(await c.lights(3)).toEqual(first)
    expect(await c.lights(2)).toEqual(first)
  })

  it('the public panel list is in name order with seat 0; the organiser sees the seats', async () => {
    const c = await judgedChallenge(false)
    const names = c.seated.map((j) => c.users.find((u) => u.id === j.userId)!.name)
    const publicList = (await call('GET', `/competitions/${c.id}/judges`)) as unknown as PanelResponse
    expect(publicList.judges.map((j) => [j.name, j.seat])).toEqual([...names].sort((a, b) => a.localeCompare(b)).map((n) => [n, 0]))
    expect([...names].sort((a, b) => a.localeCompare(b))).not.toEqual(names) // name order is not seat order here
    const ownList = (await call('GET', `/competitions/${c.id}/judges`, c.organiser.token)) as unknown as PanelResponse
    expect(ownList.judges.map((j) => [j.username, j.seat])).toEqual(c.usernames.map((u, i) => [u, i + 1]))
  })
})

describe('names published', () => {
  it("lights carry the judges' names in seat order, and the public list shows the seats", async () => {
    const c = await judgedChallenge(true)
    const names = c.seated.map((j) => c.users.find((u) => u.id === j.userId)!.name)
    expect((await c.lights(1)).map((l) => [l.judge, l.good])).toEqual([
      [names[0], false],
      [names[1], true],
      [names[2], true],
    ])
    const publicList = (await call('GET', `/competitions/${c.id}/judges`)) as unknown as PanelResponse
    expect(publicList.judges.map((j) => [j.name, j.seat])).toEqual(names.map((n, i) => [n, i + 1]))
  })
})
