import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { hash, verify } from '@node-rs/argon2'
import { AuthResponse, LoginBody, LogoutResponse, RegisterBody, UserResponse } from '../../contract/index.ts'
import { createBoundedLimiter, LimiterFullError } from '../../infra/limiter.ts'
import { loginKey } from '../../infra/login-backoff.ts'
import { HttpError, badRequest, conflict, notFound, unauthorized } from '../errors.ts'
import { bearerToken } from '../plugins/app/auth.ts'
import { ACCOUNT_FAILURE_MULTIPLE } from '../plugins/external/rate-limit.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'
import { toUserResponse } from '../services/mappers.ts'

// argon2id with the OWASP-recommended minimum cost (19 MiB, 2 passes).
const ARGON2 = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 }
// Verifying against a real hash when the user does not exist keeps timing the same.
const DUMMY_HASH = await hash('liftarena-no-such-user', ARGON2)

/** A username from the name: lower-case letters and digits, made unique with a number. */
async function freeUsername(isTaken: (u: string) => Promise<boolean>, name: string): Promise<string> {
  const base = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '').slice(0, 24) || 'lifter'
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? base : `${base}${n + 1}`
    if (!(await isTaken(candidate))) return candidate
  }
  return `${base}${Date.now()}`
}

/** Refresh and logout take an empty body (the spec's clients) or {refresh_token}. */
function bodyRefreshToken(body: unknown): string | undefined {
  const token = (body as { refresh_token?: unknown } | null | undefined)?.refresh_token
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : undefined
}

export const BUSY = 'The service is busy. Please try again in a moment.'

function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`
}

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users } = app.repos
  const { config } = app.deps
  // argon2 runs on libuv's thread pool, which file reads (video ranges, uploads) share: a login
  // flood must not take every thread. At most HASH_CONCURRENCY hashes run, HASH_QUEUE_MAX wait,
  // and beyond that the answer is 503 at once.
  const hashing = createBoundedLimiter(config.hashConcurrency, config.hashQueueMax)
  const limitedHash = async <T>(task: () => Promise<T>): Promise<T> => {
    try {
      return await hashing(task)
    } catch (error) {
      if (error instanceof LimiterFullError) throw new HttpError(503, BUSY)
      throw error
    }
  }
  const authLimit = { rateLimit: { max: app.deps.config.rateLimitAuthPerMinute, timeWindow: '1 minute' } }
  // 400 (validation), 401 (authenticate), 413, 415, 429 and 503 are documented for every route that can
  // answer them by plugins/app/documented-statuses.ts; routes list what only they answer.

  app.post('/auth/register', {
    config: authLimit,
    schema: {
      tags: ['auth'], body: RegisterBody,
      response: {
        201: AuthResponse,
        400: errorStatus('A field is missing or invalid (`error` names it), the passwords do not match, or the body is not valid JSON.'),
        409: errorStatus('An account with this email or username already exists.'),
        503: errorStatus('The server is restarting, the database is unreachable, or too many passwords are being hashed at once; try again in a moment.'),
      },
    },
  }, async (request, reply) => {
    const body = request.body
    if (body.password.trim() === '') throw badRequest('password must not be blank.')
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) throw badRequest('Passwords do not match')
    const email = body.email.trim().toLowerCase()
    if (await users.findByEmail(email)) throw conflict('An account with this email already exists. Log in instead.')
    const username = body.username ? body.username.toLowerCase() : await freeUsername(users.usernameTaken, body.name)
    if (body.username && (await users.findByUsername(username))) throw conflict('This username is taken. Please choose another.')
    let user
    try {
      user = await users.create({
        name: body.name.trim(), email, username, passwordHash: await limitedHash(() => hash(body.password, ARGON2)),
        country: body.country?.trim() || null, weightClass: body.weight_class ?? null, bio: body.bio?.trim() || null,
      })
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw conflict('An account with this email or username already exists. Log in instead.')
      throw error
    }
    reply.status(201)
    return app.tokens.issue(user.id)
  })

  app.post('/auth/login', {
    config: authLimit,
    schema: {
      tags: ['auth'], body: LoginBody,
      response: {
        200: AuthResponse,
        401: errorStatus('Invalid username or password.'),
        429: errorStatus('Too many attempts from this client, or too many failed logins for this account within LOGIN_BACKOFF_MINUTES: '
          + `LOGIN_MAX_FAILURES from this client's address (which locks the account for that address only), or ${ACCOUNT_FAILURE_MULTIPLE} × LOGIN_MAX_FAILURES `
          + 'from all addresses together (which locks it for everyone); `error` says how long to wait.'),
        503: errorStatus('The server is restarting, the database is unreachable, or too many logins are being checked at once; try again in a moment.'),
      },
    },
  }, async (request) => {
    const login = request.body.username.trim().toLowerCase()
    const user = await (login.includes('@') ? users.findByEmail(login) : users.findByUsername(login))
    // Failed logins count per account (its username and email alike) and client address, so wrong
    // guesses from one address cannot lock the owner out elsewhere; see plugins/external/rate-limit.ts.
    const key = user ? `user:${user.id}` : `login:${loginKey(login)}`
    const wait = await app.loginBackoff.waitMs(key, request.ip)
    if (wait > 0) throw new HttpError(429, `Too many failed logins for this account. Please wait ${waitText(wait)} and try again.`)
    const ok = await limitedHash(() => verify(user?.passwordHash ?? DUMMY_HASH, request.body.password))
    if (!user || !ok) {
      await app.loginBackoff.failed(key, request.ip)
      throw unauthorized('Invalid username or password. Please try again.')
    }
    await app.loginBackoff.succeeded(key, request.ip)
    return app.tokens.issue(user.id)
  })

  app.post('/auth/refresh', {
    config: authLimit,
    schema: {
      tags: ['auth'],
      description: 'Exchange a refresh token (Bearer header, or `refresh_token` in the body) for a new pair. The old one stops working: '
        + 'presented again within REFRESH_REUSE_GRACE_SECONDS (30 s) of the exchange, while the new one is unused, it gets the same new refresh token '
        + '(with a fresh access token), so tabs or requests racing with one token all succeed.',
      response: { 200: AuthResponse, 401: errorStatus('No refresh token was sent, or it is unknown, expired, revoked or already used (a reused token, after the grace or once its successor was used, ends its whole login family).') },
    },
  }, async (request) => {
    const token = bodyRefreshToken(request.body) ?? bearerToken(request)
    if (!token) throw unauthorized('Send the refresh token as a Bearer token to refresh the session.')
    return app.tokens.rotate(token)
  })

  app.post('/auth/logout', {
    onRequest: app.authenticate,
    schema: {
      tags: ['auth'], security: [{ bearer: [] }],
      description: 'With `refresh_token` in the body, ends that login. Without, logs out of all sessions: every refresh and access token of the user stops working and their live connections are closed on every node.',
      response: { 200: LogoutResponse },
    },
  }, async (request) => {
    const userId = request.userId!
    if ((await app.tokens.revoke(userId, bodyRefreshToken(request.body))) === 'all') app.live.disconnectUser(userId)
    return { message: 'Logged out.' }
  })

  app.get('/auth/user', {
    onRequest: app.authenticate,
    schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: UserResponse, 404: errorStatus('The account of this token no longer exists.') } },
  }, async (request) => {
    const user = await users.find(request.userId!)
    if (!user) throw notFound('This account no longer exists.')
    return toUserResponse(user, true)
  })
}

export default authRoutes
