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
// An access token carries its user's token version (`ver`) and its login (`fam`, the refresh-token
// family it was issued with). "Log out of all sessions" bumps the version; logging out one login
// revokes its family. Either way every access token it covers stops working at once: `session`
// checks both on every request and socket.io handshake (reads coalesce, and an answer is
// remembered for at most VERSION_CACHE_MS; `forget` drops it at once, on every node through the
// live layer, so a logout answers only once no node would still take its tokens).
import { createHash, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto'
import type { RefreshTokensRepository, UsersRepository } from '../../infra/repositories/users.repository.ts'
import { forbidden, unauthorized } from '../errors.ts'

export interface TokenPair {
  access_token: string
  refresh_token: string
  user_id: number
}

/** What an access token says. */
export interface AccessClaims {
  sub: string
  ver: number
  /** The login (refresh-token family) the token was issued with. */
  fam: string
  typ: 'access'
}

/** What a logout ended: every session of the user (`all`), or these logins. */
export interface EndedSessions {
  userId: number
  all: boolean
  logins: string[]
}

/** Signs and verifies access tokens (exp included): @fastify/jwt's `app.jwt`. */
export interface AccessTokenJwt {
  sign(payload: AccessClaims): string
  verify(token: string): unknown
}

/** What a banned account's tokens answer (the login's refusal says the same: accounts.service BANNED). */
export const BANNED_SESSION = 'This account is banned from LiftArena by a site administrator.'

export type TokenVersions = Pick<UsersRepository, 'sessionState' | 'bumpTokenVersion'>
export type LoginStates = Pick<RefreshTokensRepository, 'loginEnded'>

/** User ids are PostgreSQL integers. */
const MAX_USER_ID = 2_147_483_647
/** How long a user's token version may be served from memory (a logout on another node is seen within this). */
export const VERSION_CACHE_MS = 1000
/** Default of REFRESH_REUSE_GRACE_SECONDS. */
export const REFRESH_REUSE_GRACE_MS = 30_000
const INVALID = 'Invalid access token. Please log in again.'
const LOGGED_OUT = 'You have logged out of this session. Please log in again.'
/** Family ids are UUIDs (randomUUID). */
const FAMILY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const EXPIRED = 'Session expired. Please log in again.'
const REUSED = 'This refresh token was already used. For your safety all sessions from that login were ended. Please log in again.'

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/** The key successors are derived with: its own, from the JWT secret (never the signing key itself). */
function successorKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'liftarena', 'refresh-token successor v1', 32))
}

/**
 * The user id, version and login of a token's verified payload; null when any claim is missing or
 * malformed. `login` is null for a token without `fam` (issued before logins were named, or minted by a tool).
 */
export function accessClaims(payload: unknown): { userId: number; version: number; login: string | null } | null {
  const { sub, ver, typ, exp, fam } = (payload ?? {}) as { sub?: unknown; ver?: unknown; typ?: unknown; exp?: unknown; fam?: unknown }
  if (typ !== 'access' || typeof exp !== 'number' || typeof sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(sub)) return null
  const userId = Number(sub)
  if (userId > MAX_USER_ID || typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return null
  if (fam !== undefined && (typeof fam !== 'string' || !FAMILY.test(fam))) return null
  return { userId, version: ver, login: fam ?? null }
}

export function createTokenService(
  deps: { refreshTokens: RefreshTokensRepository & LoginStates; users: TokenVersions; jwt: AccessTokenJwt },
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
  /** Reads remembered for cacheMs from when they started (so one that started before a logout's commit expires within cacheMs of it). */
  function cachedReads<K, V>(read: (key: K) => Promise<V>) {
    const entries = new Map<K, { read: Promise<V>; at: number }>()
    return {
      get(key: K): Promise<V> {
        const now = Date.now()
        const cached = entries.get(key)
        if (cached && now - cached.at < cacheMs) return cached.read
        if (entries.size > 10_000) entries.clear()
        const value = read(key)
        entries.set(key, { read: value, at: now })
        value.catch(() => entries.delete(key))
        return value
      },
      forget: (key: K) => void entries.delete(key),
    }
  }
  const versions = cachedReads((userId: number) => users.sessionState(userId))

  /**
   * The version tokens of this account must carry, or the refusal: a removed account, or a banned one (docs/moderation.md):
   * a ban ends every session, and no token of the account works again, whatever a refresh racing the ban stored.
   */
  function currentVersion(state: { version: number; banned: boolean } | null, refuseBanned: (message: string) => Error): number {
    if (state === null) throw unauthorized('This account no longer exists.')
    if (state.banned) throw refuseBanned(BANNED_SESSION)
    return state.version
  }
  const endedLogins = cachedReads((login: string) => refreshTokens.loginEnded(login))

  function claims(token: string): { userId: number; version: number; login: string | null } {
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

  const pair = (userId: number, version: number, login: string, refreshToken: string): TokenPair => ({
    access_token: jwt.sign({ sub: String(userId), ver: version, fam: login, typ: 'access' }),
    refresh_token: refreshToken,
    user_id: userId,
  })

  async function issue(userId: number): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url')
    const familyId = randomUUID()
    const version = currentVersion(await users.sessionState(userId), forbidden)
    await refreshTokens.store({ userId, familyId, tokenHash: hash(refreshToken), expiresAt: refreshExpiry() })
    return pair(userId, version, familyId, refreshToken)
  }

  /** The user and login of a valid access token of a session that was not logged out, or a 401 naming what is wrong. */
  async function session(token: string): Promise<{ userId: number; login: string | null }> {
    const { userId, version, login } = claims(token)
    const [state, ended] = await Promise.all([versions.get(userId), login === null ? false : endedLogins.get(login)])
    const current = currentVersion(state, unauthorized)
    if (current !== version || ended) throw unauthorized(LOGGED_OUT)
    return { userId, login }
  }

  /** Drops what this process remembers of sessions that just ended (a logout here, or on another node). */
  function forget(ended: EndedSessions) {
    versions.forget(ended.userId)
    for (const login of ended.logins) endedLogins.forget(login)
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
        return pair(row.userId, version, row.familyId, successor)
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
      return (await session(token)).userId
    },

    session,
    forget,

    async rotate(refreshToken: string): Promise<TokenPair> {
      const row = await refreshTokens.findByHash(hash(refreshToken))
      if (!row || row.revokedAt || row.expiresAt < new Date()) throw unauthorized(EXPIRED)
      // The version is read before the rotation: a "log out of all sessions" committing after this read
      // leaves the new access token on the old version (dead), and one committed before revoked the row.
      const version = currentVersion(await users.sessionState(row.userId), unauthorized)
      const successor = successorOf(refreshToken)
      // Rotate atomically: of concurrent uses exactly one stores the successor; the others answer it again.
      const rotated =
        !row.rotatedAt &&
        (await refreshTokens.rotate(row.id, {
          userId: row.userId,
          familyId: row.familyId,
          tokenHash: hash(successor),
          expiresAt: refreshExpiry(),
        }))
      return rotated ? pair(row.userId, version, row.familyId, successor) : reissue(refreshToken, successor, version)
    },

    /**
     * Ends the login of the given refresh token and the login of the access token presented
     * (`currentLogin`): their refresh tokens, and their access tokens at once. When no refresh token
     * of the user's is given (the spec's logout), or the access token names no login, every session
     * of the user ends: their refresh tokens, and every access token issued so far (the user's
     * token version moves on). What ended is forgotten here; the caller tells the other nodes.
     */
    async revoke(userId: number, refreshToken?: string, currentLogin: string | null = null): Promise<EndedSessions> {
      const row = refreshToken ? await refreshTokens.findByHash(hash(refreshToken)) : null
      let ended: EndedSessions
      if (row && row.userId === userId && currentLogin !== null) {
        const logins = [...new Set([row.familyId, currentLogin])]
        for (const login of logins) await refreshTokens.revokeFamily(login)
        ended = { userId, all: false, logins }
      } else {
        await refreshTokens.revokeAllOf(userId)
        await users.bumpTokenVersion(userId)
        ended = { userId, all: true, logins: currentLogin === null ? [] : [currentLogin] }
      }
      forget(ended)
      return ended
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
