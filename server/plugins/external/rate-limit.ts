// Rate limiting is opt-in per route (login, register, refresh, upload, create): reads stay unlimited.
// Counts are per client address (request.ip: the peer, or what a TRUST_PROXY proxy says) unless a
// route keys them otherwise (per account). With REDIS_URL, the counts and the per-account login
// backoff (infra/login-backoff.ts, decorated as app.loginBackoff) live in Redis, shared by every
// server node; without it, in this process. While Redis is unreachable, limits are skipped
// rather than refusing everyone.
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'
import { createLoginBackoff, memoryFailureStore, redisFailureStore, type FailureStore, type LoginBackoff } from '../../../infra/login-backoff.ts'

declare module 'fastify' {
  interface FastifyInstance {
    loginBackoff: LoginBackoff
  }
}

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
  const backoff = createLoginBackoff({ store, maxFailures: config.loginMaxFailures, windowMs: config.loginBackoffMs })
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
