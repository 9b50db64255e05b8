// Teams over the API (docs/teams.md): a join may name a team (a name's rules: visible, bounded, no
// invisible characters); the challenge's team standings score IPF points per class.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TeamsResponse } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

type User = Awaited<ReturnType<typeof registerUser>>
const join = (user: User, challengeId: number, extra: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: user.auth,
    payload: { competition_id: challengeId, weight_class: '83kg', ...extra },
  })

async function totalOf(user: User, challengeId: number, squat: number) {
  const participant = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: user.user_id } })
  for (const [liftType, weight] of [
    ['squat', squat],
    ['bench', 100],
    ['deadlift', 200],
  ] as const) {
    await t.db.prisma.attempt.create({
      data: {
        participantId: participant.id,
        liftType,
        weight,
        status: 'completed',
        attemptNumber: 1,
        decidedAt: new Date(),
        decidedBy: 'panel',
      },
    })
  }
}

describe('teams', () => {
  it('a join names a team like a name: trimmed, bounded, invisible characters refused', async () => {
    const organiser = await registerUser(t.app, 'Team Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { weightclasses: ['83kg', '93kg'] })
    const sneaky = await registerUser(t.app, 'Sneaky Lifter')
    for (const team of ['Iron\u200BClub', 'x'.repeat(61), '   ', 'Iron\nClub']) {
      const res = await join(sneaky, id, { team })
      expect(res.statusCode, team).toBe(400)
      expect(res.json().error).toMatch(/team/)
    }
    const a = await registerUser(t.app, 'Ada Team')
    const b = await registerUser(t.app, 'Ben Team')
    const c = await registerUser(t.app, 'Cy Team')
    const solo = await registerUser(t.app, 'Solo Lifter')
    expect((await join(a, id, { team: '  Iron   Club ' })).statusCode).toBe(201)
    expect((await join(b, id, { team: 'Steel' })).statusCode).toBe(201)
    expect((await join(c, id, { team: 'iron club', weight_class: '93kg' })).statusCode).toBe(201)
    expect((await join(solo, id, {})).statusCode).toBe(201)
    const { participants } = (await t.app.inject({ url: `/api/competitions/${id}/participants` })).json() as {
      participants: { name: string; team?: string }[]
    }
    expect(participants.find((p) => p.name === 'Ada Team')?.team).toBe('Iron Club')
    expect(participants.find((p) => p.name === 'Solo Lifter')).not.toHaveProperty('team')

    await totalOf(a, id, 200)
    await totalOf(b, id, 210)
    await totalOf(solo, id, 220)
    await totalOf(c, id, 150)
    // 83kg: Solo 1st (no team), Ben 2nd 9, Ada 3rd 8; 93kg: Cy 1st 12. Iron Club 20, Steel 9.
    const teams = (await t.app.inject({ url: `/api/competitions/${id}/teams` })).json() as TeamsResponse
    expect(teams.teams.map((team) => [team.place, team.team, team.points])).toEqual([
      [1, 'Iron Club', 20],
      [2, 'Steel', 9],
    ])
    expect((await t.app.inject({ url: '/api/competitions/999999/teams' })).statusCode).toBe(404)
  })
})
