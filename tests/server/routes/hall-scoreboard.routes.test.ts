// The hybrid scoreboard through the REST API on a real server and database (docs/hall-mode.md, "Hybrid"): a meet
// set hybrid with one flight of 8 in the hall and one lifter online; the first in-person attempt is called and
// judged live; the online lifter's three lifts were judged from videos. One board ranks them together (the online
// lifter, with a total, first) and marks which attempts were live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HallPlatformView, HallResponse, HybridScoreboardResponse } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { certifiedPanel } from '../../helpers/judging.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENTRIES_PER_MINUTE: '1000' }, queue: { enqueue: async () => {}, close: async () => {} } })
})
afterAll(async () => {
  await t?.close()
})

describe('the hybrid scoreboard', () => {
  it('ranks in-person and online lifters together and marks live attempts', async () => {
    const organiser = await registerUser(t.app, 'Hybrid Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { format: 'meet', name: 'Hybrid Meet' })
    const panel = await certifiedPanel(t, organiser, id)
    const join = async (name: string) => {
      const user = await registerUser(t.app, name)
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/join_competition',
        headers: user.auth,
        payload: { competition_id: id, weight_class: '83kg' },
      })
      expect(joined.statusCode, joined.body).toBe(201)
      return user
    }
    const hallLifters: Awaited<ReturnType<typeof registerUser>>[] = []
    for (let i = 0; i < 8; i++) {
      const user = await join(`Hybrid Hall ${i + 1}`)
      const declared = await t.app.inject({
        method: 'POST',
        url: `/api/competitions/${id}/declarations`,
        headers: user.auth,
        payload: { lift_type: 'squat', weight: 100 + 5 * i },
      })
      expect(declared.statusCode, declared.body).toBe(201)
      hallLifters.push(user)
    }
    const online = await join('Hybrid Online')
    // The online lifter's three lifts, judged from videos by the panel (rows as the judging leaves them).
    const participant = await t.db.prisma.participant.findUniqueOrThrow({
      where: { userId_challengeId: { userId: online.user_id, challengeId: id } },
    })
    await t.db.prisma.participant.update({ where: { id: participant.id }, data: { bodyweight: 82 } })
    for (const [liftType, weight] of [
      ['squat', 200],
      ['bench', 140],
      ['deadlift', 240],
    ] as const) {
      await t.db.prisma.attempt.create({
        data: {
          participantId: participant.id,
          liftType,
          attemptNumber: 1,
          weight,
          status: 'completed',
          judgingSource: 'video',
          decidedAt: new Date(),
        },
      })
    }

    expect((await t.app.inject({ url: `/api/competitions/${id}/hall/scoreboard` })).statusCode).toBe(409)
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/competitions/${id}/hall`,
      headers: organiser.auth,
      payload: { venue: 'hybrid', flights: [{ name: 'A', session: 1, platform: 1, lifters: hallLifters.map((l) => l.user_id) }] },
    })
    expect(set.statusCode, set.body).toBe(200)
    const flightId = (set.json() as HallResponse).flights[0]!.id
    const called = await t.app.inject({
      method: 'POST',
      url: `/api/competitions/${id}/hall/platforms/1/call`,
      headers: organiser.auth,
      payload: { flight_id: flightId, lift_type: 'squat' },
    })
    expect(called.statusCode, called.body).toBe(200)
    const current = (called.json() as { platform: HallPlatformView }).platform.current!
    await panel.decide(current.attempt_id, true)

    const board = await t.app.inject({ url: `/api/competitions/${id}/hall/scoreboard` })
    expect(board.statusCode, board.body).toBe(200)
    const { rows } = board.json() as HybridScoreboardResponse
    expect(rows).toHaveLength(9)
    expect(rows[0]).toMatchObject({ user_id: online.user_id, place: 1, source: 'online', flight: null, total: 580 })
    expect(rows[0]!.attempts.map((a) => [a.lift_type, a.live])).toEqual(
      expect.arrayContaining([
        ['squat', false],
        ['bench', false],
        ['deadlift', false],
      ]),
    )
    const liveRow = rows.find((r) => r.user_id === current.user_id)!
    expect(liveRow).toMatchObject({ source: 'in_person', flight: 'A' })
    expect(liveRow.attempts).toEqual([{ lift_type: 'squat', attempt_number: 1, weight: 100, status: 'completed', live: true }])
    expect(rows.filter((r) => r.source === 'in_person')).toHaveLength(8)
  })
})
