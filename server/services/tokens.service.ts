// Access tokens are short-lived JWTs, signed and verified by @fastify/jwt (plugins/app/auth.ts);
// refresh tokens are stored only as SHA-256 hashes and rotated on every use. A login's first
// refresh token is random; each successor is HMAC(key, presented token), with a key derived from
// the JWT secret, so the server can find a token's successor again without keeping it in clear.
//
// Presenting a token that was already rotated means it leaked: the whole family is revoked, except
// within a short grace after the rotation (REFRESH_REUSE_GRACE_SECONDS, RFC 9700 §4.14.2): two tabs
// or requests racing with one token then both get the same successor (with a fresh access token),
// as long as that successor is still unused and live. The accepted risk: a thief presenting a stolen
// token within the grace gets the successor too; after the grace, or once the successor was itself
// exchanged (the presenter is not racing, it is replaying), reuse revokes the family.
//
// An access token carries its user's token version (`ver`). "Log out of all sessions" bumps
// the version, so every access token issued before stops working at once: `verifySession`
// compares on every request and socket.io handshake (reads of one user coalesce, and a
// version is remembered for at most VERSION_CACHE_MS).
import { createHash, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto'
import type { RefreshTokensRepository, UsersRepository } from '../../infra/repositories/users.repository.ts'
import { unauthorized } from '../errors.ts'

export interface TokenPair {
  access_token: string
  refresh_token: string
  user_id: number
}

/** What an access token says. */
export interface AccessClaims {
  sub: string
  ver: number
  typ: 'access'
}

/** Signs and verifies access tokens (exp included): @fastify/jwt's `app.jwt`. */
export interface AccessTokenJwt {
  sign(payload: AccessClaims): string
  verify(token: string): unknown
}

export type TokenVersions = Pick<UsersRepository, 'tokenVersion' | 'bumpTokenVersion'>

/** User ids are PostgreSQL integers. */
const MAX_USER_ID = 2_147_483_647
/** How long a user's token version may be served from memory (a logout on another node is seen within this). */
export const VERSION_CACHE_MS = 1000
/** Default of REFRESH_REUSE_GRACE_SECONDS. */
export const REFRESH_REUSE_GRACE_MS = 30_000
const INVALID = 'Invalid access token. Please log in again.'
const EXPIRED = 'Session expired. Please log in again.'
const REUSED = 'This refresh token was already used. For your safety all sessions from that login were ended. Please log in again.'

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/** The key successors are derived with: its own, from the JWT secret (never the signing key itself). */
function successorKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'liftarena', 'refresh-token successor v1', 32))
}

/** The user id and version of a token's verified payload; null when any claim is missing or malformed. */
export function accessClaims(payload: unknown): { userId: number; version: number } | null {
  const { sub, ver, typ, exp } = (payload ?? {}) as { sub?: unknown; ver?: unknown; typ?: unknown; exp?: unknown }
  if (typ !== 'access' || typeof exp !== 'number' || typeof sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(sub)) return null
  const userId = Number(sub)
  if (userId > MAX_USER_ID || typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return null
  return { userId, version: ver }
}

export function createTokenService(
  deps: { refreshTokens: RefreshTokensRepository; users: TokenVersions; jwt: AccessTokenJwt },
  options: {
    refreshTtlDays: number
    versionCacheMs?: number
    /** How long after a rotation the rotated token still gets its successor (REFRESH_REUSE_GRACE_SECONDS). */
    refreshReuseGraceMs?: number
    /** The JWT secret, to derive successors from. Without it (tools that only mint tokens), a key of this process. */
    secret?: string
  },
) {
  const { refreshTokens, users, jwt } = deps
  const cacheMs = options.versionCacheMs ?? VERSION_CACHE_MS
  const graceMs = options.refreshReuseGraceMs ?? REFRESH_REUSE_GRACE_MS
  const key = successorKey(options.secret ?? randomBytes(32).toString('base64url'))
  const successorOf = (refreshToken: string) => createHmac('sha256', key).update(refreshToken).digest('base64url')
  const refreshExpiry = () => new Date(Date.now() + options.refreshTtlDays * 86_400_000)
  const versions = new Map<number, { read: Promise<number | null>; at: number }>()

  function currentVersion(userId: number): Promise<number | null> {
    const now = Date.now()
    const cached = versions.get(userId)
    if (cached && now - cached.at < cacheMs) return cached.read
    if (versions.size > 10_000) versions.clear()
    const read = users.tokenVersion(userId)
    versions.set(userId, { read, at: now })
    read.catch(() => versions.delete(userId))
    return read
  }

  function claims(token: string): { userId: number; version: number } {
    let payload: unknown
    try {
      payload = jwt.verify(token)
    } catch (error) {
      const code = (error as { code?: string }).code
      throw unauthorized(code === 'FAST_JWT_EXPIRED' ? 'Your session has expired. Please log in again.' : INVALID)
    }
    const result = accessClaims(payload)
    if (!result) throw unauthorized(INVALID)
    return result
  }

  const pair = (userId: number, version: number, refreshToken: string): TokenPair =>
    ({ access_token: jwt.sign({ sub: String(userId), ver: version, typ: 'access' }), refresh_token: refreshToken, user_id: userId })

  async function issue(userId: number): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url')
    const [version] = await Promise.all([
      users.tokenVersion(userId),
      refreshTokens.store({ userId, familyId: randomUUID(), tokenHash: hash(refreshToken), expiresAt: refreshExpiry() }),
    ])
    if (version === null) throw unauthorized('This account no longer exists.')
    return pair(userId, version, refreshToken)
  }

  /** A token that was rotated already: its successor again within the grace, else the family ends. */
  async function reissue(refreshToken: string, successor: string, version: number): Promise<TokenPair> {
    // Read again: the rotation may be a concurrent request's that just committed, or a logout may have revoked the family.
    const row = await refreshTokens.findByHash(hash(refreshToken))
    if (!row || row.revokedAt) throw unauthorized(EXPIRED)
    if (row.rotatedAt && Date.now() - row.rotatedAt.getTime() < graceMs) {
      const next = await refreshTokens.findByHash(hash(successor))
      // Only a successor nobody exchanged yet: answering a later descendant would hand a replayer the live session.
      if (next && next.familyId === row.familyId && !next.revokedAt && !next.rotatedAt && next.expiresAt > new Date()) {
        return pair(row.userId, version, successor)
      }
    }
    await refreshTokens.revokeFamily(row.familyId)
    throw unauthorized(REUSED)
  }

  return {
    issue,

    /**
     * The user id of an access token whose signature, expiry and claims are valid, or a 401.
     * It does not see a logout: authenticate with `verifySession` (this is for keys, such as a rate limit's).
     */
    verifyAccess(token: string): number {
      return claims(token).userId
    },

    /** The user id of a valid access token of a session that was not logged out, or a 401 naming what is wrong. */
    async verifySession(token: string): Promise<number> {
      const { userId, version } = claims(token)
      const current = await currentVersion(userId)
      if (current === null) throw unauthorized('This account no longer exists.')
      if (current !== version) throw unauthorized('You have logged out of this session. Please log in again.')
      return userId
    },

    async rotate(refreshToken: string): Promise<TokenPair> {
      const row = await refreshTokens.findByHash(hash(refreshToken))
      if (!row || row.revokedAt || row.expiresAt < new Date()) throw unauthorized(EXPIRED)
      // The version is read before the rotation: a "log out of all sessions" committing after this read
      // leaves the new access token on the old version (dead), and one committed before revoked the row.
      const version = await users.tokenVersion(row.userId)
      if (version === null) throw unauthorized('This account no longer exists.')
      const successor = successorOf(refreshToken)
      // Rotate atomically: of concurrent uses exactly one stores the successor; the others answer it again.
      const rotated = !row.rotatedAt && await refreshTokens.rotate(row.id, {
        userId: row.userId, familyId: row.familyId, tokenHash: hash(successor), expiresAt: refreshExpiry(),
      })
      return rotated ? pair(row.userId, version, successor) : reissue(refreshToken, successor, version)
    },

    /**
     * Revokes the family of the given refresh token (`'session'`), or, when none of the user's is
     * given, every session of the user (`'all'`): their refresh tokens, and every access token
     * issued so far (the user's token version moves on).
     */
    async revoke(userId: number, refreshToken?: string): Promise<'session' | 'all'> {
      if (refreshToken) {
        const row = await refreshTokens.findByHash(hash(refreshToken))
        if (row && row.userId === userId) {
          await refreshTokens.revokeFamily(row.familyId)
          return 'session'
        }
      }
      await refreshTokens.revokeAllOf(userId)
      await users.bumpTokenVersion(userId)
      versions.delete(userId)
      return 'all'
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
