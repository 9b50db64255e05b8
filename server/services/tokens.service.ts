// Access tokens are short-lived JWTs; refresh tokens are random strings stored
// only as SHA-256 hashes, rotated on every use. Presenting a token that was
// already rotated means it leaked: the whole family is revoked.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createSigner, createVerifier } from 'fast-jwt'
import type { RefreshTokensRepository } from '../../infra/repositories/users.repository.ts'
import { unauthorized } from '../errors.ts'

export interface TokenPair {
  access_token: string
  refresh_token: string
  user_id: number
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

export function createTokenService(refreshTokens: RefreshTokensRepository, options: { secret: string; accessTtlSeconds: number; refreshTtlDays: number }) {
  const sign = createSigner({ key: options.secret, algorithm: 'HS256', expiresIn: options.accessTtlSeconds * 1000 })
  const verify = createVerifier({ key: options.secret, algorithms: ['HS256'], cache: 1000 })

  async function issue(userId: number, familyId: string = randomUUID()): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url')
    await refreshTokens.store({ userId, familyId, tokenHash: hash(refreshToken), expiresAt: new Date(Date.now() + options.refreshTtlDays * 86_400_000) })
    return { access_token: sign({ sub: String(userId), typ: 'access' }), refresh_token: refreshToken, user_id: userId }
  }

  return {
    issue,

    /** The user id of a valid access token, or a 401 naming what is wrong. */
    verifyAccess(token: string): number {
      let payload: { sub?: unknown; typ?: unknown }
      try {
        payload = verify(token)
      } catch (error) {
        const code = (error as { code?: string }).code
        throw unauthorized(code === 'FAST_JWT_EXPIRED' ? 'Your session has expired. Please log in again.' : 'Invalid access token. Please log in again.')
      }
      const id = Number(payload.sub)
      if (payload.typ !== 'access' || !Number.isInteger(id) || id < 1) throw unauthorized('Invalid access token. Please log in again.')
      return id
    },

    async rotate(refreshToken: string): Promise<TokenPair> {
      const row = await refreshTokens.findByHash(hash(refreshToken))
      if (!row || row.revokedAt || row.expiresAt < new Date()) throw unauthorized('Session expired. Please log in again.')
      // Claim the token atomically: of two concurrent uses, exactly one wins.
      if (!(await refreshTokens.claim(row.id))) {
        await refreshTokens.revokeFamily(row.familyId)
        throw unauthorized('This refresh token was already used. For your safety all sessions from that login were ended. Please log in again.')
      }
      return issue(row.userId, row.familyId)
    },

    /** Revokes the family of the given refresh token, or every session of the user when none is given. */
    async revoke(userId: number, refreshToken?: string): Promise<void> {
      if (refreshToken) {
        const row = await refreshTokens.findByHash(hash(refreshToken))
        if (row && row.userId === userId) {
          await refreshTokens.revokeFamily(row.familyId)
          return
        }
      }
      await refreshTokens.revokeAllOf(userId)
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
