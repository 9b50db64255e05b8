// The tus adapter: where resumable uploads' bytes and state live, and how they are locked.
// - Store: with STORAGE_DRIVER=s3 the bucket (@tus/s3-store; its upload state in Redis with
//   REDIS_URL, shared by every node), else this host's scratch (@tus/file-store; the info beside
//   the bytes, both surviving a restart).
// - Locker: with REDIS_URL, Redis (infra/redis-locker.ts) over the process's `commands` and
//   `subscriber` clients, so two nodes never write one upload at once; else in this process.
// The route (server/routes/tus.routes.ts) and its rules never touch a store or Redis themselves.
import { join } from 'node:path'
import type { Redis } from 'ioredis'
import { MemoryLocker, type DataStore, type KvStore, type Locker } from '@tus/server'
import { FileStore } from '@tus/file-store'
import { S3Store, type MetadataValue } from '@tus/s3-store'
import { RESUMABLE_UPLOAD_EXTENSIONS } from '../contract/index.ts'
import type { Config } from './config.ts'
import type { RedisClients } from './redis-clients.ts'
import { RedisLocker } from './redis-locker.ts'
import { s3ClientOptions } from './s3-storage.ts'

export interface ResumableStore {
  datastore: DataStore
  locker: Locker
  /** Removes an upload's cached state (the S3 store's, in Redis); the bytes are the storage's to delete. */
  forgetState(id: string): Promise<void>
  /** Resolves when the upload state's store answers (Redis, when used). */
  stateReachable(): Promise<void>
  close(): Promise<void>
}

export function openResumableStore(
  config: Pick<Config, 'storageDriver' | 's3' | 'redisPrefix' | 'uploadResumeMs' | 'scratchDir'>,
  redisClients: RedisClients | undefined,
  onRedisError: (error: Error) => void,
): ResumableStore {
  const redis = redisClients?.get('commands')
  redis?.on('error', onRedisError)
  const redisLocker = redis && redisClients ? RedisLocker.create(redis, { prefix: `${config.redisPrefix}:tus-lock` }, redisClients.get('subscriber')) : undefined
  const { datastore, cache } = openStore(config, redis)
  datastore.extensions = [...RESUMABLE_UPLOAD_EXTENSIONS]
  return {
    datastore,
    locker: redisLocker ?? new MemoryLocker(),
    forgetState: async (id) => { await cache?.delete(id) },
    stateReachable: async () => { await redis?.ping() },
    close: async () => { await redisLocker?.close() },
  }
}

/**
 * The S3 store's upload state in Redis, shared by every node. As @tus/utils' IoRedisKvStore, with an
 * expiry: a day past UPLOAD_RESUME_HOURS, so the state of uploads removed by the expiry sweep
 * (which clears the bucket, not this) does not stay in Redis for ever.
 */
function redisKvStore(redis: Redis, prefix: string, ttlMs: number): KvStore<MetadataValue> {
  return {
    async get(key) {
      const value = await redis.get(prefix + key)
      return value ? (JSON.parse(value) as MetadataValue) : undefined
    },
    async set(key, value) {
      await redis.set(prefix + key, JSON.stringify(value), 'PX', ttlMs)
    },
    async delete(key) {
      await redis.del(prefix + key)
    },
  }
}

function openStore(config: Pick<Config, 'storageDriver' | 's3' | 'redisPrefix' | 'uploadResumeMs' | 'scratchDir'>, redis: Redis | undefined): { datastore: DataStore; cache?: KvStore<MetadataValue> } {
  const expirationPeriodInMilliseconds = config.uploadResumeMs
  if (config.storageDriver === 's3' && config.s3) {
    const cache = redis ? redisKvStore(redis, `${config.redisPrefix}:tus:info:`, config.uploadResumeMs + 86_400_000) : undefined
    const datastore = new S3Store({
      expirationPeriodInMilliseconds,
      ...(cache ? { cache } : {}),
      // The media driver's client settings (timeouts and retry bound included), so a silent bucket fails an upload's request as fast as a media read.
      s3ClientConfig: { bucket: config.s3.bucket, ...s3ClientOptions(config.s3) },
    })
    return { datastore, cache }
  }
  // The upload's info sits beside its bytes (a .json file): both survive a restart.
  return { datastore: new FileStore({ directory: join(config.scratchDir, 'tus'), expirationPeriodInMilliseconds }) }
}
