// The one place a Redis connection is opened. Each process holds at most one client per job,
// named here with the options that job needs, opened on first use by whoever the composition
// root (server/server.ts, worker/worker.ts) hands them to, and ended together when it stops.
import { Redis, type RedisOptions } from 'ioredis'

export const REDIS_CLIENTS = {
  /** The live layer: socket.io's streams adapter (its blocking reader is a duplicate) and the worker's publisher. Queues while reconnecting. */
  live: { maxRetriesPerRequest: 3, enableOfflineQueue: true },
  /** Plain commands of the resumable uploads: their locks and the S3 store's upload state. */
  commands: { maxRetriesPerRequest: 2, connectTimeout: 2_000 },
  /** The uploads' lock-release channel (a subscribed connection runs no other command). */
  subscriber: { maxRetriesPerRequest: 2, connectTimeout: 2_000 },
  /** The transcode queue's producer: fails fast when Redis is away (the database recovers lost enqueues). */
  bullmq: { maxRetriesPerRequest: 2, lazyConnect: false },
  /** A transcode worker blocks on Redis: BullMQ requires maxRetriesPerRequest null. */
  bullmqWorker: { maxRetriesPerRequest: null },
  /** Rate limits and login back-off: one retry, short timeouts (a limit skips rather than waits). */
  rateLimits: { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 1_000 },
  /** /api/ready's PING, never queued behind another job's commands. */
  readiness: { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true },
} as const satisfies Record<string, RedisOptions>

export type RedisClientName = keyof typeof REDIS_CLIENTS

/** Opens one named client (for a module used on its own, as tests do); close it yourself. */
export function openRedisClient(url: string, name: RedisClientName): Redis {
  return new Redis(url, { ...REDIS_CLIENTS[name] })
}

export interface RedisClients {
  /** The named client, opened on first use; the same one on every later call. */
  get(name: RedisClientName): Redis
  /** Ends every client opened, and the duplicates made of them (the adapter's blocking reader at once). */
  close(): Promise<void>
}

export function openRedisClients(url: string): RedisClients {
  const opened = new Map<RedisClientName, Redis>()
  const duplicates: Redis[] = []
  return {
    get(name) {
      let client = opened.get(name)
      if (!client) {
        client = openRedisClient(url, name)
        const duplicate = client.duplicate.bind(client)
        client.duplicate = ((override?: Parameters<Redis['duplicate']>[0]) => {
          const copy = duplicate(override)
          duplicates.push(copy)
          return copy
        }) as Redis['duplicate']
        opened.set(name, client)
      }
      return client
    },
    async close() {
      // A duplicate may sit in a blocking read: end it now rather than when it times out.
      for (const copy of duplicates.splice(0)) copy.disconnect()
      const clients = [...opened.values()]
      opened.clear()
      await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())))
    },
  }
}
