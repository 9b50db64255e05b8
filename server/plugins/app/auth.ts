// Bearer authentication. Routes opt in with `onRequest: app.authenticate`
// (401 without a valid token) or read `request.userId` after `app.identify` (optional).
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createTokenService, type TokenService } from '../../services/tokens.service.ts'
import { forbidden, unauthorized } from '../../errors.ts'

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService
    authenticate: (request: FastifyRequest) => Promise<void>
    identify: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    userId: number | null
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined
}

/** A write may name its user in the body (the spec's clients do); it must be the caller. */
export function assertActsAsSelf(request: FastifyRequest, bodyUserId: unknown): number {
  const userId = request.userId
  if (userId === null) throw unauthorized()
  if (bodyUserId !== undefined && bodyUserId !== null && bodyUserId !== '' && Number(bodyUserId) !== userId) {
    throw forbidden('You can only act as yourself: user_id does not match your login.')
  }
  return userId
}

export default fp(async function auth(app: FastifyInstance) {
  const { config } = app.deps
  app.decorate('tokens', createTokenService(app.repos.refreshTokens, {
    secret: config.jwtSecret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlDays: config.refreshTokenTtlDays,
  }))
  app.decorateRequest('userId', null)

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request)
    if (!token) throw unauthorized('Please log in to do this: the Authorization bearer token is missing.')
    request.userId = app.tokens.verifyAccess(token)
  })

  app.decorate('identify', async (request: FastifyRequest) => {
    const token = bearerToken(request)
    if (!token) return
    try {
      request.userId = app.tokens.verifyAccess(token)
    } catch {
      request.userId = null // public routes ignore a stale token rather than failing
    }
  })
})
