// The hall's desk through the REST API on a real server and database (docs/hall-mode.md, "The desk"): the
// organiser appoints a timekeeper and an announcer for platform 1; the clock answers 403 to others, the desk's
// declarations too; the announcer changes an opener before the start, calls, and records the second attempt after
// the decision; a changed squat second attempt is refused (IPF), and a double entry changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskDeclarationResponse, HallPlatformView, HallResponse } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { certifiedPanel } from '../../helpers/judging.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENTRIES_PER_MINUTE: '1000' }, queue: { enqueue: async () => {}, close: async () => {} } })
})
afterAll(async () => {
  await t?.close()
})

const refusal = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  error: (res.json() as { error?: string }).error,
})

describe('the desk of platform 1', () => {
  it('appoints officials, refuses others at the clock and the desk, and records declarations under the rules', async () => {
    const organiser = await registerUser(t.app, 'Desk Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { format: 'meet', name: 'Desk Meet' })
    const panel = await certifiedPanel(t, organiser, id)
    const lifters: Awaited<ReturnType<typeof registerUser>>[] = []
    for (let i = 0; i < 8; i++) {
      const user = await registerUser(t.app, `Desk Lifter ${i + 1}`)
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/join_competition',
        headers: user.auth,
        payload: { competition_id: id, weight_class: '83kg' },
      })
      expect(joined.statusCode, joined.body).toBe(201)
      const declared = await t.app.inject({
        method: 'POST',
        url: `/api/competitions/${id}/declarations`,
        headers: user.auth,
        payload: { lift_type: 'squat', weight: 100 + 10 * i },
      })
      expect(declared.statusCode, declared.body).toBe(201)
      lifters.push(user)
    }
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/competitions/${id}/hall`,
      headers: organiser.auth,
      payload: { venue: 'in_person', flights: [{ name: 'A', session: 1, platform: 1, lifters: lifters.map((l) => l.user_id) }] },
    })
    expect(set.statusCode, set.body).toBe(200)
    const flightId = (set.json() as HallResponse).flights[0]!.id

    const timekeeper = await registerUser(t.app, 'Desk Timekeeper')
    const announcer = await registerUser(t.app, 'Desk Announcer')
    const usernames = new Map(
      (await t.db.prisma.user.findMany({ where: { id: { in: [timekeeper.user_id, announcer.user_id] } } })).map((u) => [u.id, u.username]),
    )
    const appoint = (auth: Record<string, string>, body: Record<string, string | null>) =>
      t.app.inject({ method: 'PUT', url: `/api/competitions/${id}/hall/platforms/1/officials`, headers: auth, payload: body })
    const roles = { timekeeper: usernames.get(timekeeper.user_id)!, announcer: usernames.get(announcer.user_id)! }
    expect((await appoint(announcer.auth, roles)).statusCode).toBe(403)
    expect(refusal(await appoint(organiser.auth, { ...roles, announcer: 'nobody-here-xyz' }))).toEqual({
      status: 400,
      error: "No account is named nobody-here-xyz: give the announcer's username.",
    })
    expect((await appoint(organiser.auth, roles)).statusCode).toBe(200)
    const hall = (await t.app.inject({ url: `/api/competitions/${id}/hall` })).json() as HallResponse
    expect(hall.officials.map((o) => [o.role, o.user_id])).toEqual([
      ['announcer', announcer.user_id],
      ['timekeeper', timekeeper.user_id],
    ])

    const declare = (auth: Record<string, string>, userId: number, weight: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/competitions/${id}/hall/platforms/1/declarations`,
        headers: auth,
        payload: { user_id: userId, lift_type: 'squat', weight },
      })
    const call = (auth: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/competitions/${id}/hall/platforms/1/call`,
        headers: auth,
        payload: { flight_id: flightId, lift_type: 'squat' },
      })
    const clock = (auth: Record<string, string>, action: string) =>
      t.app.inject({ method: 'POST', url: `/api/competitions/${id}/hall/platforms/1/clock`, headers: auth, payload: { action } })

    // 403 for anyone but the organiser and the official of the role.
    expect(refusal(await declare(timekeeper.auth, lifters[0]!.user_id, 105))).toEqual({
      status: 403,
      error: "Only the organiser or platform 1's announcer can call lifters and record declarations.",
    })
    expect((await declare(lifters[0]!.auth, lifters[0]!.user_id, 105)).statusCode).toBe(403)
    expect((await call(timekeeper.auth)).statusCode).toBe(403)

    // Before the start the opener changes (lifter 1 from 100 to 175 kg): the order follows, lifter 2 first now.
    const changed = await declare(announcer.auth, lifters[0]!.user_id, 175)
    expect(changed.statusCode, changed.body).toBe(200)
    expect((changed.json() as DeskDeclarationResponse).declaration).toMatchObject({ attempt_number: 1, weight: 175, changes: 1 })
    const called = await call(announcer.auth)
    expect(called.statusCode, called.body).toBe(200)
    const platform = (called.json() as { platform: HallPlatformView }).platform
    expect([platform.current?.user_id, platform.current?.weight]).toEqual([lifters[1]!.user_id, 110])

    // The clock: the timekeeper's (and the organiser's), 403 for the announcer.
    expect(refusal(await clock(announcer.auth, 'start'))).toEqual({
      status: 403,
      error: "Only the organiser or platform 1's timekeeper can run its clock.",
    })
    expect((await clock(timekeeper.auth, 'start')).statusCode).toBe(200)

    // Openers are fixed once the lift started; a called powerlifter's weight too.
    expect(refusal(await declare(announcer.auth, lifters[2]!.user_id, 125))).toEqual({
      status: 409,
      error: 'The lift has started for this flight: openers can no longer be changed.',
    })
    expect(refusal(await declare(announcer.auth, lifters[1]!.user_id, 112.5))).toEqual({
      status: 409,
      error: 'The lifter has been called and the bar is loaded: the weight can no longer be changed.',
    })

    // Decided good; the desk gives the second attempt (within the minute), a double entry is the same entry,
    // and a change of a declared squat second attempt is refused.
    await panel.decide(platform.current!.attempt_id, true)
    const second = await declare(announcer.auth, lifters[1]!.user_id, 117.5)
    expect(second.statusCode, second.body).toBe(200)
    expect((second.json() as DeskDeclarationResponse).declaration).toMatchObject({ attempt_number: 2, weight: 117.5, changes: 0 })
    const again = await declare(announcer.auth, lifters[1]!.user_id, 117.5)
    expect((again.json() as DeskDeclarationResponse).declaration).toMatchObject({ attempt_number: 2, weight: 117.5, changes: 0 })
    expect(refusal(await declare(announcer.auth, lifters[1]!.user_id, 120))).toEqual({
      status: 409,
      error: "A declared second attempt in the squat cannot be changed: only the deadlift's third can.",
    })
    const shown = (again.json() as DeskDeclarationResponse).platform
    const queued = [shown.on_deck, shown.in_the_hole, ...shown.order].find((u) => u?.user_id === lifters[1]!.user_id)
    expect(queued).toMatchObject({ attempt_number: 2, weight: 117.5, automatic: false })
  })
})
