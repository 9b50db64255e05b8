// Refresh-token reuse grace (issue 14, part 4): two tabs past the access token's expiry both
// refreshed with the same refresh token and the reuse detection ended the login. Within
// REFRESH_REUSE_GRACE_SECONDS of a rotation the rotated token gets the same successor again;
// after it, or once that successor was itself used, reuse still revokes the whole family.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

const REUSED = 'This refresh token was already used. For your safety all sessions from that login were ended. Please log in again.'
const EXPIRED = 'Session expired. Please log in again.'
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

let t: TestApp // the default grace (30 s)
let short: TestApp // REFRESH_REUSE_GRACE_SECONDS=1
beforeAll(async () => {
  ;[t, short] = await Promise.all([startTestApp(), startTestApp({ env: { REFRESH_REUSE_GRACE_SECONDS: '1' } })])
})
afterAll(async () => {
  await Promise.all([t?.close(), short?.close()])
})

const refresh = (app: TestApp, token: string) =>
  app.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${token}` } })
const me = (app: TestApp, accessToken: string) =>
  app.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${accessToken}` } })

/** Every refresh-token row of the family `refreshToken` belongs to, oldest first. */
async function family(app: TestApp, refreshToken: string) {
  const row = await app.db.prisma.refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256(refreshToken) } })
  return app.db.prisma.refreshToken.findMany({ where: { familyId: row.familyId }, orderBy: { id: 'asc' } })
}

describe('a rotated refresh token presented again within the grace', () => {
  it('gets the same successor and a working access token, and the family stays alive (before: 401 and the family revoked)', async () => {
    const u = await registerUser(t.app)
    const first = await refresh(t, u.refresh_token)
    const second = await refresh(t, u.refresh_token)
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    const [a, b] = [first.json(), second.json()]
    expect(b.refresh_token).toBe(a.refresh_token)
    expect(a.refresh_token).not.toBe(u.refresh_token)
    expect(b.user_id).toBe(u.user_id)
    expect((await me(t, a.access_token)).statusCode).toBe(200)
    expect((await me(t, b.access_token)).statusCode).toBe(200)

    const rows = await family(t, u.refresh_token)
    expect(rows.map((r) => r.revokedAt)).toEqual([null, null])
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(u.refresh_token), sha256(a.refresh_token)])
    expect(rows[0]!.rotatedAt).not.toBeNull()
    expect(rows[1]!.rotatedAt).toBeNull()
    // The successor rotates on as usual, to a token of its own.
    const third = await refresh(t, a.refresh_token)
    expect(third.statusCode).toBe(200)
    expect(third.json().refresh_token).not.toBe(a.refresh_token)
  })

  it('by many requests at once: exactly one rotation, every answer the same successor', async () => {
    const u = await registerUser(t.app)
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh(t, u.refresh_token)))
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    const successors = new Set(answers.map((r) => r.json().refresh_token as string))
    expect(successors.size).toBe(1)
    const rows = await family(t, u.refresh_token)
    expect(rows).toHaveLength(2)
    expect(rows.every((r) => r.revokedAt === null)).toBe(true)
    for (const r of answers) expect((await me(t, r.json().access_token)).statusCode).toBe(200)
    expect((await refresh(t, [...successors][0]!)).statusCode).toBe(200)
  })

  it('once its successor was used too, is a replay: 401 with the reuse message and the family revoked', async () => {
    const u = await registerUser(t.app)
    const second = (await refresh(t, u.refresh_token)).json().refresh_token as string
    const third = (await refresh(t, second)).json().refresh_token as string
    const replay = await refresh(t, u.refresh_token)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({ error: REUSED })
    expect((await family(t, u.refresh_token)).every((r) => r.revokedAt !== null)).toBe(true)
    expect((await refresh(t, third)).statusCode).toBe(401)
  })

  it('after the login was logged out, gets nothing: no successor comes back to life', async () => {
    const u = await registerUser(t.app)
    const next = (await refresh(t, u.refresh_token)).json() as { access_token: string; refresh_token: string }
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${next.access_token}` },
      payload: { refresh_token: next.refresh_token },
    })
    expect(out.statusCode).toBe(200)
    const again = await refresh(t, u.refresh_token)
    expect(again.statusCode).toBe(401)
    expect(again.json()).toEqual({ error: EXPIRED })
    expect((await refresh(t, next.refresh_token)).statusCode).toBe(401)
  })

  it('after "log out of all sessions", gets nothing either', async () => {
    const u = await registerUser(t.app)
    const next = (await refresh(t, u.refresh_token)).json() as { access_token: string; refresh_token: string }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${next.access_token}` } }))
        .statusCode,
    ).toBe(200)
    const again = await refresh(t, u.refresh_token)
    expect(again.statusCode).toBe(401)
    expect(again.json()).toEqual({ error: EXPIRED })
  })

  it('never stores a successor in clear', async () => {
    const u = await registerUser(t.app)
    const next = (await refresh(t, u.refresh_token)).json().refresh_token as string
    const rows = await t.db.prisma.refreshToken.findMany({ where: { userId: u.user_id } })
    expect(JSON.stringify(rows)).not.toContain(next)
    expect(rows.map((r) => r.tokenHash)).toContain(sha256(next))
  })
})

describe('a rotated refresh token presented again after the grace', () => {
  it('answers 401 with the reuse message and revokes the whole family (REFRESH_REUSE_GRACE_SECONDS=1)', async () => {
    const u = await registerUser(short.app)
    const first = await refresh(short, u.refresh_token)
    expect(first.statusCode).toBe(200)
    const successor = first.json().refresh_token as string
    // Within the grace, the same successor.
    expect((await refresh(short, u.refresh_token)).json().refresh_token).toBe(successor)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const late = await refresh(short, u.refresh_token)
    expect(late.statusCode).toBe(401)
    expect(late.json()).toEqual({ error: REUSED })
    expect((await family(short, u.refresh_token)).every((r) => r.revokedAt !== null)).toBe(true)
    expect((await refresh(short, successor)).statusCode).toBe(401)
    // Another login of the same user is untouched.
    const other = await short.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.email, password: u.password } })
    expect((await refresh(short, other.json().refresh_token)).statusCode).toBe(200)
  })

  it('with the default grace, a rotation 31 s ago counts as reuse', async () => {
    const u = await registerUser(t.app)
    const successor = (await refresh(t, u.refresh_token)).json().refresh_token as string
    await t.db.prisma.refreshToken.updateMany({
      where: { tokenHash: sha256(u.refresh_token) },
      data: { rotatedAt: new Date(Date.now() - 31_000) },
    })
    const late = await refresh(t, u.refresh_token)
    expect(late.statusCode).toBe(401)
    expect(late.json()).toEqual({ error: REUSED })
    expect((await refresh(t, successor)).statusCode).toBe(401)
  })
})
