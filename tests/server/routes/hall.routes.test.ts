// Hall mode through the REST API on a real server and database (docs/hall-mode.md): a meet of 12 lifters set in
// person as one flight, the openers in the order checked by hand in contract/lifting-order.test.ts, a call, the
// clock stored and started, three referees' presses (a resent press is one press; lights only once all three are
// in), the decision recorded live through the judging panel, and the next call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HallPlatformView, HallResponse, PressResponse } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { certifiedPanel } from '../../helpers/judging.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENTRIES_PER_MINUTE: '1000' }, queue: { enqueue: async () => {}, close: async () => {} } })
})
afterAll(async () => {
  await t?.close()
})

// name, lot, bodyweight, squat opener (contract/lifting-order.test.ts's flight)
const ROSTER: [string, number, number, number][] = [
  ['Ada', 7, 82.3, 200],
  ['Ben', 3, 90.1, 180],
  ['Cal', 11, 88.0, 180],
  ['Dee', 1, 74.0, 220],
  ['Eve', 5, 66.0, 150],
  ['Fay', 9, 71.2, 150],
  ['Gus', 2, 100.5, 240],
  ['Hal', 12, 93.0, 200],
  ['Ivy', 4, 60.0, 120],
  ['Jon', 8, 105.0, 240],
  ['Kim', 10, 57.0, 120],
  ['Lou', 6, 120.0, 260],
]
const refusal = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  error: (res.json() as { error?: string }).error,
})

describe('a flight in the hall', () => {
  it('sets flights, calls in the lifting order, keeps the clock, and turns three presses into lights and a live decision', async () => {
    const organiser = await registerUser(t.app, 'Hall Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { format: 'meet', name: 'Hall Meet' })
    const panel = await certifiedPanel(t, organiser, id)
    const lifters = []
    for (const [name] of ROSTER) {
      const user = await registerUser(t.app, name)
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/join_competition',
        headers: user.auth,
        payload: { competition_id: id, weight_class: '83kg' },
      })
      expect(joined.statusCode, joined.body).toBe(201)
      lifters.push(user)
    }
    await t.db.prisma.participant.updateMany({ where: { challengeId: id }, data: { lot: null } })
    for (const [i, [, lot, bodyweight, opener]] of ROSTER.entries()) {
      await t.db.prisma.participant.update({
        where: { userId_challengeId: { userId: lifters[i]!.user_id, challengeId: id } },
        data: { lot, bodyweight },
      })
      const declared = await t.app.inject({
        method: 'POST',
        url: `/api/competitions/${id}/declarations`,
        headers: lifters[i]!.auth,
        payload: { lift_type: 'squat', weight: opener },
      })
      expect(declared.statusCode, declared.body).toBe(201)
    }

    // Online until the organiser sets the hall; flights of 8–15; only the organiser.
    expect(refusal(await t.app.inject({ url: `/api/competitions/${id}/hall` })).status).toBe(409)
    const ids = lifters.map((l) => l.user_id)
    const setup = (auth: Record<string, string>, flights: unknown) =>
      t.app.inject({ method: 'PUT', url: `/api/competitions/${id}/hall`, headers: auth, payload: { venue: 'in_person', flights } })
    expect(refusal(await setup(organiser.auth, [{ name: 'A', session: 1, platform: 1, lifters: ids.slice(0, 7) }]))).toEqual({
      status: 400,
      error: 'Flight A has 7 lifters: a flight has 8 to 15.',
    })
    expect((await setup(lifters[0]!.auth, [{ name: 'A', session: 1, platform: 1, lifters: ids }])).statusCode).toBe(403)
    const set = await setup(organiser.auth, [{ name: 'A', session: 1, platform: 1, lifters: ids }])
    expect(set.statusCode, set.body).toBe(200)
    const hall = set.json() as HallResponse
    expect(hall.venue).toBe('in_person')
    expect(hall.flights).toEqual([expect.objectContaining({ name: 'A', session: 1, platform: 1, lifters: ids })])
    const flightId = hall.flights[0]!.id

    // The call: Ivy first (120 kg, lot 4), Kim on deck, then Eve.
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/competitions/${id}/hall/platforms/1/call`,
        headers: organiser.auth,
        payload: { flight_id: flightId, lift_type: 'Squat' },
      })
    const called = await call()
    expect(called.statusCode, called.body).toBe(200)
    const platform = (called.json() as { platform: HallPlatformView }).platform
    expect([platform.current?.name, platform.current?.weight, platform.on_deck?.name, platform.in_the_hole?.name]).toEqual([
      'Ivy',
      120,
      'Kim',
      'Eve',
    ])
    expect(platform.order.map((o) => o.name)).toEqual(['Fay', 'Ben', 'Cal', 'Ada', 'Hal', 'Dee', 'Gus', 'Jon', 'Lou'])
    expect(platform.clock).toEqual({ allowance_ms: 60_000, remaining_ms: 60_000, running_since: null })
    expect(refusal(await call())).toEqual({ status: 409, error: 'The current attempt is still with the referees.' })

    // The clock, stored: started, it runs from a server time every later read gives back.
    const clock = (action: string) =>
      t.app.inject({ method: 'POST', url: `/api/competitions/${id}/hall/platforms/1/clock`, headers: organiser.auth, payload: { action } })
    const before = Date.now()
    const started = (await clock('start')).json() as { platform: HallPlatformView; server_time: number }
    expect(started.platform.clock.running_since).toBeGreaterThanOrEqual(before)
    const read = (await t.app.inject({ url: `/api/competitions/${id}/hall` })).json() as HallResponse
    expect(read.platforms[0]!.clock.running_since).toBe(started.platform.clock.running_since)
    expect(Math.abs(read.server_time - Date.now())).toBeLessThan(1_000)
    // A restarted server (a new process on the same database) has the called lifter and the clock as they were.
    const restarted = await startTestApp({
      env: { DATABASE_URL: t.config.databaseUrl! },
      queue: { enqueue: async () => {}, close: async () => {} },
    })
    try {
      const after = (await restarted.app.inject({ url: `/api/competitions/${id}/hall` })).json() as HallResponse
      expect(after.platforms[0]!.current?.name).toBe('Ivy')
      expect(after.platforms[0]!.clock).toEqual(started.platform.clock)
    } finally {
      await restarted.close()
    }

    // Presses: seat 1 white twice is one press; seat 1 red then is refused; a lifter cannot press.
    const attemptId = platform.current!.attempt_id
    const press = (who: { auth: Record<string, string> }, seat: number, decision: string, reason?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/competitions/${id}/hall/platforms/1/presses`,
        headers: who.auth,
        payload: { seat, decision, attempt_id: attemptId, ...(reason ? { reason } : {}) },
      })
    const [r1, r2, r3] = panel.judges
    const first = await press(r1!, 1, 'white')
    expect(first.statusCode, first.body).toBe(201)
    expect((first.json() as PressResponse).presses).toBe(1)
    expect(((await press(r1!, 1, 'white')).json() as PressResponse).presses).toBe(1)
    expect(refusal(await press(r1!, 1, 'red', 'depth'))).toEqual({ status: 409, error: 'Your press on this attempt is in: white.' })
    expect(refusal(await press(lifters[0]!, 2, 'white')).status).toBe(403)
    // The first press stopped the clock.
    const afterFirst = (await t.app.inject({ url: `/api/competitions/${id}/hall` })).json() as HallResponse
    expect(afterFirst.platforms[0]!.clock.running_since).toBeNull()
    expect((await press(r2!, 2, 'red', 'depth')).statusCode).toBe(201)
    let shown = ((await t.app.inject({ url: `/api/competitions/${id}/hall` })).json() as HallResponse).platforms[0]!
    expect([shown.presses, shown.lights, shown.decision]).toEqual([2, null, null])
    expect((await press(r3!, 3, 'white')).statusCode).toBe(201)
    shown = ((await t.app.inject({ url: `/api/competitions/${id}/hall` })).json() as HallResponse).platforms[0]!
    expect(shown.lights).toEqual([
      { seat: 1, good: true, reason: null },
      { seat: 2, good: false, reason: 'depth' },
      { seat: 3, good: true, reason: null },
    ])
    expect(shown.decision).toBe('good')
    const row = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: attemptId } })
    expect([row.status, row.judgingSource, row.decidedBy, row.votesCast]).toEqual(['completed', 'live', 'panel', 3])

    // Boards heard the presses counted blind, then the lights once all three were in.
    const events = await t.db.prisma.liveEvent.findMany({
      where: { room: `competition:${id}`, type: 'hall.changed' },
      orderBy: { seq: 'asc' },
    })
    const seen = events.map((e) => (e.payload as { platform: HallPlatformView }).platform).map((p) => [p.presses, p.lights?.length ?? null])
    const atTwo = seen.filter(([presses]) => presses === 2)
    // Not vacuous: the second press was announced, and it showed no lights.
    expect(atTwo.length).toBeGreaterThan(0)
    expect(atTwo.every(([, lights]) => lights === null)).toBe(true)
    expect(seen.at(-1)).toEqual([3, 3])

    // Next call: Kim; Ivy's second attempt waits at her default (122.5 kg, not declared) in round 2.
    const next = ((await call()).json() as { platform: HallPlatformView }).platform
    expect(next.current?.name).toBe('Kim')
    expect(next.order.at(-1)).toMatchObject({ name: 'Ivy', attempt_number: 2, weight: 122.5, automatic: true })
  })
})
