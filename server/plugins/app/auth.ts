// Bearer authentication. Routes opt in with `onRequest: app.authenticate`
// (401 without a valid token) or read `request.userId` after `app.identify` (optional).
// Access tokens are signed and verified by @fastify/jwt (HS256, `exp` and `sub` required);
// the token service checks the claims and that the session was not logged out.
import fp from 'fastify-plugin'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import fastifyJwt, { type FastifyJWTOptions } from '@fastify/jwt'
import { createTokenService, type AccessTokenJwt, type TokenService } from '../../services/tokens.service.ts'
import { forbidden, unauthorized } from '../../errors.ts'
import { isAdmin } from '../../services/accounts.service.ts'
import { actingAs } from '../../services/acting-user.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService
    authenticate: (request: FastifyRequest) => Promise<void>
    identify: (request: FastifyRequest) => Promise<void>
    /** authenticate, then 403 unless the account is a site administrator (ADMIN_USERNAMES). */
    requireAdmin: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    userId: number | null
    /** The login (refresh-token family) of the access token, after `authenticate`; null for a token that names none. */
    login: string | null
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
  return actingAs(request.userId, bodyUserId)
}

/** How access tokens are signed and what a verify requires. */
export function accessJwtOptions(secret: string, accessTtlSeconds: number): FastifyJWTOptions {
  return {
    secret,
    sign: { algorithm: 'HS256', expiresIn: accessTtlSeconds },
    verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'], cache: 1000 },
  }
}

/** @fastify/jwt outside an app, with the app's options (tests and tools that mint tokens directly). */
export async function standaloneAccessJwt(secret: string, accessTtlSeconds: number): Promise<AccessTokenJwt> {
  const holder = Fastify({ logger: false })
  await holder.register(fastifyJwt, accessJwtOptions(secret, accessTtlSeconds))
  await holder.ready()
  return holder.jwt
}

export default fp(async function auth(app: FastifyInstance) {
  const { config } = app.deps
  await app.register(fastifyJwt, accessJwtOptions(config.jwtSecret, config.accessTokenTtlSeconds))
  app.decorate(
    'tokens',
    createTokenService(
      { refreshTokens: app.repos.refreshTokens, users: app.repos.users, jwt: app.jwt },
      { refreshTtlDays: config.refreshTokenTtlDays, refreshReuseGraceMs: config.refreshReuseGraceSeconds * 1000, secret: config.jwtSecret },
    ),
  )
  app.decorateRequest('userId', null)
  app.decorateRequest('login', null)

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request)
    if (!token) throw unauthorized('Please log in to do this: the Authorization bearer token is missing.')
    const session = await app.tokens.session(token)
    request.userId = session.userId
    request.login = session.login
  })

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await app.authenticate(request)
    const user = await app.repos.users.find(request.userId!)
    if (!user || !isAdmin(user.username, config.adminUsernames)) throw forbidden('Only a site administrator can do this.')
  })

  app.decorate('identify', async (request: FastifyRequest) => {
    const token = bearerToken(request)
    if (!token) return
    try {
      request.userId = await app.tokens.verifySession(token)
    } catch {
      request.userId = null // public routes ignore a stale token rather than failing
    }
  })
})
