// Rate limiting is opt-in per route (login, register, refresh, upload, create): reads stay unlimited.
// Counts are per client address (request.ip: the peer, or what a TRUST_PROXY proxy says) unless a
// route keys them otherwise (per account). With REDIS_URL, the counts and the login backoff
// (infra/login-backoff.ts, decorated as app.loginBackoff) live in Redis, shared by every
// server node; without it, in this process. While Redis is unreachable, limits are skipped
// rather than refusing everyone.
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createLoginBackoff, memoryFailureStore, redisFailureStore, type FailureStore } from '../../../infra/login-backoff.ts'

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
/** A per-account limit's key (the route authenticates first, so the user is known). */
export const perUser = (prefix: string) => (request: FastifyRequest) => `${prefix}-user-${request.userId}`

export default fp(async function rateLimiting(app: FastifyInstance) {
  const { config } = app.deps
  let redis: Redis | undefined
  if (config.redisUrl) {
    const client = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 1_000 })
    client.on('error', (err) => app.log.warn({ err }, 'rate limits: Redis connection error'))
    app.addHook('onClose', async () => { await client.quit().catch(() => client.disconnect()) })
    redis = client
  }
  await app.register(rateLimit, {
    global: false,
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
  const tolerant = <A extends unknown[], T>(fn: (...args: A) => Promise<T>, fallback: T) => async (...args: A): Promise<T> => {
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

/**
 * The client a login failure is counted against: an IPv4 address, or an IPv6 address's /64 (one
 * home or phone is given a whole /64, so counting single IPv6 addresses would let one client spread
 * its guesses over as many "addresses" as it likes).
 */
export function clientNetwork(address: string): string {
  if (!address.includes(':')) return address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail === undefined ? [] : tail ? tail.split(':') : []
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`
}
