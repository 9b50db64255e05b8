// A judging panel for tests whose results must reach the global boards: three fresh accounts,
// `certified` of them certified as a site administrator would (docs/verified-results.md), appointed
// by the organiser through the API; `decide` casts their three votes on an attempt.
import { expect } from 'vitest'
import { registerUser, type TestApp } from './app.ts'

type Auth = { auth: Record<string, string> }

const NO_LIFT: Record<string, string> = {
  squat: 'depth',
  bench: 'no_pause',
  deadlift: 'downward_movement',
  snatch: 'press_out',
  clean_and_jerk: 'press_out',
}

export async function certifiedPanel(t: TestApp, organiser: Auth, challengeId: number, certified = 3) {
  const judges: Awaited<ReturnType<typeof registerUser>>[] = []
  for (let i = 0; i < 3; i++) judges.push(await registerUser(t.app, `Panel Judge ${i + 1}`))
  const ids = judges.map((j) => j.user_id)
  await t.db.prisma.user.updateMany({ where: { id: { in: ids.slice(0, certified) } }, data: { judgeCertifiedAt: new Date() } })
  // In the judges' order, so judges[0] sits in seat 1 (a read's row order is not the ids' order).
  const byId = new Map(
    (await t.db.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } })).map((u) => [u.id, u.username]),
  )
  const usernames = ids.map((id) => byId.get(id)!)
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/competitions/${challengeId}/judges`,
    headers: organiser.auth,
    payload: { usernames },
  })
  expect(res.statusCode, res.body).toBe(200)
  return {
    judges,
    /** The three votes (all alike) on a pending attempt; answers the decided Lift. */
    async decide(attemptId: number, good: boolean, liftType = 'squat') {
      let last
      for (const judge of judges) {
        last = await t.app.inject({
          method: 'POST',
          url: `/api/attempts/${attemptId}/votes`,
          headers: judge.auth,
          payload: good ? { good: true } : { good: false, reason: NO_LIFT[liftType] },
        })
        expect(last.statusCode, last.body).toBe(201)
      }
      return (last!.json() as { attempt: { status: string; judging: { verified: boolean } } }).attempt
    },
  }
}
