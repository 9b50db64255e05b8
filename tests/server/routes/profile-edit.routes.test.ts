// PUT /api/auth/user/profile (docs/accounts.md): the owner edits name, country and bio; the public
// profile and the global leaderboard's rows show the new name at once; nothing else changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { joinedLifter, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

const edit = (auth: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/user/profile', headers: auth, payload })

describe('editing the own profile', () => {
  it('changes name, country and bio; clears with empty text; refuses a blank name, unknown fields and no token', async () => {
    const u = await registerUser(t.app, 'Old Name')
    const res = await edit(u.auth, { name: ' New Name ', country: 'Norway', bio: 'Deadlifts on Sundays.' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: u.user_id, name: 'New Name', country: 'Norway', bio: 'Deadlifts on Sundays.', email: u.email })
    const profile = (await t.app.inject({ url: `/api/users/${u.user_id}/profile` })).json() as {
      user: { name: string; country: string | null; bio: string | null }
    }
    expect(profile.user).toMatchObject({ name: 'New Name', country: 'Norway', bio: 'Deadlifts on Sundays.' })

    expect((await edit(u.auth, { bio: '' })).json()).toMatchObject({ name: 'New Name', country: 'Norway', bio: null })
    expect((await edit(u.auth, { name: '   ' })).statusCode).toBe(400)
    expect((await edit(u.auth, {})).statusCode).toBe(400)
    expect((await edit(u.auth, { email: 'x@example.com' })).statusCode).toBe(400)
    expect((await edit({}, { name: 'Anyone' })).statusCode).toBe(401)
  })

  it("rewrites the lifter's leaderboard rows with the new name and country", async () => {
    const lifter = await joinedLifter(t.app)
    const entry = await t.db.prisma.participant.findFirstOrThrow({ where: { userId: lifter.user_id } })
    await t.db.prisma.attempt.create({
      data: { participantId: entry.id, liftType: 'squat', weight: 200, attemptNumber: 1, status: 'completed' },
    })
    await t.app.inject({ method: 'PUT', url: '/api/auth/user/profile', headers: lifter.auth, payload: { country: 'Chile' } }) // refreshes the rows once
    expect((await edit(lifter.auth, { name: 'Renamed Lifter', country: 'Peru' })).statusCode).toBe(200)
    const rows = await t.db.prisma.leaderboardEntry.findMany({ where: { userId: lifter.user_id } })
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.name === 'Renamed Lifter' && r.country === 'Peru')).toBe(true)
  })
})
