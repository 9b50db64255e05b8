// Rate limiting is opt-in per route (login, register, refresh, upload, create, …, and media under
// /video): other reads stay unlimited. Every limit runs in onRequest, so a refused request is answered
// before its body is read. Counts are per client (request.ip: the peer, or what a TRUST_PROXY proxy
// says; an IPv6 client by its /64, see client-network.ts) unless a route keys them otherwise (per
// account). With REDIS_URL, the counts and the login backoff
// (infra/login-backoff.ts, decorated as app.loginBackoff) live in Redis, shared by every
// server node; without it, in this process. While Redis is unreachable, limits are skipped
// rather than refusing everyone.
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createLoginBackoff, memoryFailureStore, redisFailureStore, type FailureStore } from '../../../infra/login-backoff.ts'
import { clientNetwork } from '../../client-network.ts'

export { clientNetwork }

// Failed logins count per (account, client address): LOGIN_MAX_FAILURES from one address lock the
// account for that address only, so nobody can lock someone else out by guessing wrong on purpose
// (usernames are public). The account also locks for every address once it has had this many times
// as many failures from all addresses together in the window: a guess spread over many addresses still
// meets a limit, and locking an owner out that way takes this many addresses' worth of failures.
// A fixed multiple rather than another setting: it only has to sit well above one address's share.
export const ACCOUNT_FAILURE_MULTIPLE = 10

export interface LoginBackoff {
  /** Milliseconds `account` must still wait before a login from `address` is tried, or 0. */
  waitMs(account: string, address: string): Promise<number>
  failed(account: string, address: string): Promise<void>
  /** Clears this address's count; the account-wide count runs out with its window. */
  succeeded(account: string, address: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    loginBackoff: LoginBackoff
  }
}

/** A per-route limit's 429 answer: a sentence saying what was too fast and how long to wait. */
export const tooFast = (what: string) => (_request: FastifyRequest, context: { ttl: number }) => ({
  statusCode: 429,
  error: `You are ${what} too fast. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
})
/**
 * A per-account limit's key. The route authenticates in onRequest and the limit runs after it in the
 * same hook (`hook: 'onRequest'`, or `onRequest: [app.authenticate, limit]`): the user is known, and
 * a refused request is answered before its body is read or parsed.
 */
export const perUser = (prefix: string) => (request: FastifyRequest) => `${prefix}-user-${request.userId}`

export default fp(async function rateLimiting(app: FastifyInstance) {
  const { config } = app.deps
  const redis: Redis | undefined = app.deps.redis?.get('rateLimits')
  redis?.on('error', (err) => app.log.warn({ err }, 'rate limits: Redis connection error'))
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => clientNetwork(request.ip),
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}:rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  })

  const store: FailureStore = redis ? redisFailureStore(redis, `${config.redisPrefix}:login-failures:`) : memoryFailureStore()
  const windowMs = config.loginBackoffMs
  const fromAddress = createLoginBackoff({ store, maxFailures: config.loginMaxFailures, windowMs })
  const fromAnywhere = createLoginBackoff({ store, maxFailures: config.loginMaxFailures * ACCOUNT_FAILURE_MULTIPLE, windowMs })
  // Account keys start with `user:` or `login:`, so an address key never equals one.
  const addressKey = (account: string, address: string) => `ip:${clientNetwork(address)}|${account}`
  const backoff: LoginBackoff = {
    async waitMs(account, address) {
      const waits = await Promise.all([fromAddress.waitMs(addressKey(account, address)), fromAnywhere.waitMs(account)])
      return Math.max(...waits)
    },
    async failed(account, address) {
      await Promise.all([fromAddress.failed(addressKey(account, address)), fromAnywhere.failed(account)])
    },
    // Not the account-wide count: the owner logging in now and then must not hand a spread-out
    // guess a fresh allowance each time.
    async succeeded(account, address) {
      await fromAddress.succeeded(addressKey(account, address))
    },
  }
  const tolerant =
    <A extends unknown[], T>(fn: (...args: A) => Promise<T>, fallback: T) =>
    async (...args: A): Promise<T> => {
      try {
        return await fn(...args)
      } catch (err) {
        app.log.warn({ err }, 'login backoff: store unreachable, skipped')
        return fallback
      }
    }
  app.decorate('loginBackoff', {
    waitMs: tolerant(backoff.waitMs, 0),
    failed: tolerant(backoff.failed, undefined),
    succeeded: tolerant(backoff.succeeded, undefined),
  } satisfies LoginBackoff)
})
