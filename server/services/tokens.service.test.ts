// The token rules against in-memory refresh tokens and token versions, with a JWT stand-in
// (a signed payload is its JSON; verifying checks the expiry the way @fastify/jwt reports it).
import { describe, expect, it } from 'vitest'
import type { RefreshTokensRepository } from '../../infra/repositories/users.repository.ts'
import { Refusal, statusOf } from '../errors.ts'
import { BANNED_SESSION, accessClaims, createTokenService, type AccessClaims } from './tokens.service.ts'

type Row = {
  id: number
  userId: number
  familyId: string
  tokenHash: string
  expiresAt: Date
  rotatedAt: Date | null
  revokedAt: Date | null
}

function setup(options: { graceMs?: number } = {}) {
  const rows: Row[] = []
  const versions = new Map<number, number>([[7, 0]])
  const banned = new Set<number>()
  let expired = false
  const refreshTokens = {
    async store(row: Omit<Row, 'id' | 'rotatedAt' | 'revokedAt'>) {
      rows.push({ ...row, id: rows.length + 1, rotatedAt: null, revokedAt: null })
    },
    findByHash: async (tokenHash: string) => rows.find((r) => r.tokenHash === tokenHash) ?? null,
    async rotate(id: number, successor: Omit<Row, 'id' | 'rotatedAt' | 'revokedAt'>) {
      const row = rows.find((r) => r.id === id)!
      if (row.rotatedAt || row.revokedAt) return false
      row.rotatedAt = new Date()
      rows.push({ ...successor, id: rows.length + 1, rotatedAt: null, revokedAt: null })
      return true
    },
    async revokeFamily(familyId: string) {
      for (const r of rows) if (r.familyId === familyId) r.revokedAt ??= new Date()
    },
    async revokeAllOf(userId: number) {
      for (const r of rows) if (r.userId === userId) r.revokedAt ??= new Date()
    },
    loginEnded: async (familyId: string) =>
      !rows.some((r) => r.familyId === familyId) || rows.some((r) => r.familyId === familyId && r.revokedAt),
  }
  const tokens = createTokenService(
    {
      refreshTokens: refreshTokens as unknown as RefreshTokensRepository,
      users: {
        sessionState: async (id) => (versions.has(id) ? { version: versions.get(id)!, banned: banned.has(id) } : null),
        bumpTokenVersion: async (id) => void versions.set(id, (versions.get(id) ?? 0) + 1),
      },
      jwt: {
        sign: (payload: AccessClaims) => JSON.stringify({ ...payload, exp: 1 }),
        verify(token: string) {
          if (expired) throw Object.assign(new Error('expired'), { code: 'FAST_JWT_EXPIRED' })
          return JSON.parse(token)
        },
      },
    },
    { refreshTtlDays: 30, versionCacheMs: 0, refreshReuseGraceMs: options.graceMs ?? 30_000, secret: 's'.repeat(32) },
  )
  return {
    tokens,
    rows,
    versions,
    banned,
    expire: () => {
      expired = true
    },
  }
}

const refused = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error instanceof Refusal ? { status: statusOf(error), error: error.message } : error),
  )

describe('the token service', () => {
  it('reads only well-formed claims', () => {
    const fam = '0b7a2f3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'
    expect(accessClaims({ sub: '7', ver: 0, typ: 'access', exp: 1, fam })).toEqual({ userId: 7, version: 0, login: fam })
    expect(accessClaims({ sub: '7', ver: 0, typ: 'access', exp: 1 })).toEqual({ userId: 7, version: 0, login: null })
    for (const bad of [
      { sub: '07', ver: 0, typ: 'access', exp: 1 },
      { sub: '7', ver: -1, typ: 'access', exp: 1 },
      { sub: '7', ver: 0, typ: 'refresh', exp: 1 },
      { sub: '7', ver: 0, typ: 'access', exp: 1, fam: 'x' },
      null,
    ]) {
      expect(accessClaims(bad)).toBeNull()
    }
  })

  it('issues a pair whose access token holds its session until a logout of all sessions', async () => {
    const { tokens, versions } = setup()
    const pair = await tokens.issue(7)
    expect(await tokens.session(pair.access_token)).toEqual({ userId: 7, login: expect.any(String) })
    expect(await refused(tokens.issue(8))).toEqual({ status: 401, error: 'This account no longer exists.' })
    const ended = await tokens.revoke(7)
    expect(ended).toMatchObject({ userId: 7, all: true })
    expect(versions.get(7)).toBe(1)
    expect(await refused(tokens.session(pair.access_token))).toEqual({
      status: 401,
      error: 'You have logged out of this session. Please log in again.',
    })
  })

  it('rotates a refresh token once; within the grace a racing reuse gets the same successor, after it the family ends', async () => {
    const { tokens, rows } = setup()
    const first = await tokens.issue(7)
    const second = await tokens.rotate(first.refresh_token)
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect((await tokens.rotate(first.refresh_token)).refresh_token).toBe(second.refresh_token)
    // Once the successor itself was used, presenting the first again is a replay.
    await tokens.rotate(second.refresh_token)
    expect(await refused(tokens.rotate(first.refresh_token))).toMatchObject({ status: 401, error: expect.stringContaining('already used') })
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true)
    expect(await refused(tokens.rotate('unknown'))).toEqual({ status: 401, error: 'Session expired. Please log in again.' })
  })

  it('ends only the named login when a logout names its refresh token', async () => {
    const { tokens } = setup()
    const one = await tokens.issue(7)
    const other = await tokens.issue(7)
    const login = (await tokens.session(one.access_token)).login
    expect(await tokens.revoke(7, one.refresh_token, login)).toMatchObject({ all: false, logins: [login] })
    expect(await refused(tokens.session(one.access_token))).toMatchObject({ status: 401 })
    expect(await tokens.session(other.access_token)).toMatchObject({ userId: 7 })
  })

  it('says when an access token has expired', async () => {
    const { tokens, expire } = setup()
    const pair = await tokens.issue(7)
    expire()
    expect(await refused(tokens.session(pair.access_token))).toEqual({
      status: 401,
      error: 'Your session has expired. Please log in again.',
    })
  })

  it('refuses every token of a banned account, a refresh stored while the ban was written included', async () => {
    const { tokens, banned } = setup()
    const pair = await tokens.issue(7)
    const racing = await tokens.rotate(pair.refresh_token)
    banned.add(7)
    expect(await refused(tokens.verifySession(racing.access_token))).toEqual({ status: 401, error: BANNED_SESSION })
    expect(await refused(tokens.rotate(racing.refresh_token))).toEqual({ status: 401, error: BANNED_SESSION })
    expect(await refused(tokens.issue(7))).toEqual({ status: 403, error: BANNED_SESSION })
    banned.delete(7)
    expect(await tokens.verifySession(racing.access_token)).toBe(7)
  })
})
