// What /api/ready asks (server/routes/health.routes.ts): the I/O of each readiness check.
// Each resolves when its dependency answers and rejects when it does not; the service
// (server/services/health.service.ts) bounds them in time. Redis is the process's `readiness`
// client (infra/redis-clients.ts), so a check never queues behind the rate limiter's or the live layer's commands.
import type { Redis } from 'ioredis'
import type { Database } from './db.ts'
import type { Storage } from './storage.ts'

export type Dependency = 'database' | 'redis' | 'storage'
/** A check, or undefined for a dependency this deployment does not use (Redis without REDIS_URL). */
export type ReadinessProbes = Record<Dependency, (() => Promise<void>) | undefined>

export function createReadinessProbes(deps: { db: Database; storage: Storage; redis: Redis | undefined }): ReadinessProbes {
  // One retry at most; a down Redis answers the check's timeout rather than piling up retries.
  const { redis } = deps
  redis?.on('error', () => {}) // reported by the check that fails
  return {
    database: async () => {
      await deps.db.prisma.$queryRaw`SELECT 1`
    },
    redis:
      redis &&
      (async () => {
        if (redis.status === 'wait') await redis.connect()
        if ((await redis.ping()) !== 'PONG') throw new Error('Redis did not answer PONG')
      }),
    storage: () => deps.storage.ping(),
  }
}
