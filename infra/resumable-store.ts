// The tus adapter: where resumable uploads' bytes and state live, how they are locked, and the
// tus 1.0.0 protocol handler (@tus/server) over them.
// - Store: with STORAGE_DRIVER=s3 the bucket (@tus/s3-store; its upload state in Redis with
//   REDIS_URL, shared by every node), else this host's scratch (@tus/file-store; the info beside
//   the bytes, both surviving a restart).
// - Locker: with REDIS_URL, Redis (infra/redis-locker.ts) over the process's `commands` and
//   `subscriber` clients, so two nodes never write one upload at once; else in this process.
// - Ids: 32 hex digits in the URL; with S3 the store keys them under `tus/` of the media bucket.
// - Clean-up: uploads unfinished after UPLOAD_RESUME_HOURS (`cleanUpExpired`).
// Who may create, read, finish or cancel an upload, and what it records, is the service's
// (server/services/resumable-upload.service.ts); the route (server/routes/tus.routes.ts) speaks
// HTTP. Neither touches a store or Redis itself.
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { copyFile, link } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Redis } from 'ioredis'
import { MemoryLocker, Metadata, Server as TusServer, type DataStore, type KvStore, type Upload } from '@tus/server'
import { FileStore } from '@tus/file-store'
import { S3Store, type MetadataValue } from '@tus/s3-store'
import { RESUMABLE_UPLOAD_EXTENSIONS } from '../contract/index.ts'
import type { Config } from './config.ts'
import type { RedisClients } from './redis-clients.ts'
import { RedisLocker } from './redis-locker.ts'
import { s3ClientOptions } from './s3-storage.ts'
import { RESUMABLE_UPLOADS_PREFIX, type Storage } from './storage.ts'

const PUBLIC_ID = /^[0-9a-f]{32}$/

/** An upload as the store holds it. */
export interface ResumableUpload {
  /** The store's id (with S3, `tus/` + the public id). */
  id: string
  /** The id in the upload's URL, and the one its attempt records. */
  publicId: string
  /** Upload-Length; undefined while deferred (never: creation requires it). */
  size: number | undefined
  offset: number
  metadata: Readonly<Record<string, string>>
  /** The media store's key of the same bytes, when they are an object of the media bucket (S3). */
  storedAs: string | undefined
  /** The bytes' file on this host's disk (the file store). */
  file: string | undefined
}

/** The store or its state (Redis) did not answer: the upload may still exist. */
export class ResumableStoreUnreachable extends Error {
  constructor(cause: unknown) {
    super("The resumable uploads' store did not answer.", { cause })
    this.name = 'ResumableStoreUnreachable'
  }
}

/** An answer a hook gives tus for the request: its status (≥ 400 refuses), headers and body. */
export interface HookAnswer {
  status: number
  headers?: Record<string, string>
  body: string
}

/** What a tus request's hooks answer, for the request behind it. */
export interface ResumableHooks {
  /** The store id a creation takes (reserved beforehand by the caller), else a new one. */
  idFor(request: Request): string
  /** Metadata recorded with a new upload beside its own fields (the owner), or the refusal. */
  created(request: Request, upload: ResumableUpload): { metadata: Record<string, string> } | HookAnswer
  /** Every byte has arrived: the answer to the last PATCH. */
  finished(request: Request, upload: ResumableUpload): Promise<HookAnswer>
}

export interface ResumableStore {
  /** Handles one tus request (its URL names the upload, as `id` was checked by the caller). */
  handle(request: Request): Promise<Response>
  /** A new store id. */
  newId(): string
  /** The store id of a public id; undefined when the text is not one. */
  storeId(publicId: string): string | undefined
  /** The upload, or null when it is gone (expired, cancelled, finished and removed). Throws ResumableStoreUnreachable. */
  find(storeId: string): Promise<ResumableUpload | null>
  /** The finished upload's bytes as the file `dir`/upload (a second name for them when possible). */
  copyTo(upload: ResumableUpload, dir: string): Promise<string>
  /** Removes an upload's parts, info and state; gone already is fine. */
  remove(storeId: string): Promise<void>
  /** Removes uploads unfinished after UPLOAD_RESUME_HOURS; answers how many. */
  cleanUpExpired(): Promise<number>
  close(): Promise<void>
}

/** Upload-Metadata's values, decoded (tus's own parser: base64 values, keys once each); null when malformed. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> | null {
  if (!header) return {}
  try {
    return Object.fromEntries(Object.entries(Metadata.parse(header)).map(([k, v]) => [k, v ?? '']))
  } catch {
    return null
  }
}

const toUpload = (upload: Upload, prefix: string, inBucket: boolean): ResumableUpload => ({
  id: upload.id,
  publicId: upload.id.slice(prefix.length),
  size: upload.size,
  offset: upload.offset,
  metadata: Object.fromEntries(Object.entries(upload.metadata ?? {}).map(([k, v]) => [k, v ?? ''])),
  storedAs: inBucket ? upload.id : undefined,
  file: upload.storage?.type === 'file' ? upload.storage.path : undefined,
})

/** A hook's refusal as tus takes it (thrown): tus answers its status and body. */
const refusedBy = ({ status, body }: HookAnswer) => ({ status_code: status, body })

export function openResumableStore(
  config: Pick<Config, 'apiBase' | 'storageDriver' | 's3' | 'redisPrefix' | 'uploadResumeMs' | 'uploadMaxBytes' | 'scratchDir'>,
  deps: { redis: RedisClients | undefined; storage: Pick<Storage, 'delete' | 'ping'>; log: { warn(obj: object, msg: string): void } },
  hooks: ResumableHooks,
): ResumableStore {
  const { storage, log } = deps
  const redis = deps.redis?.get('commands')
  redis?.on('error', (err: Error) => log.warn({ err }, 'resumable uploads: Redis connection error'))
  const redisLocker =
    redis && deps.redis ? RedisLocker.create(redis, { prefix: `${config.redisPrefix}:tus-lock` }, deps.redis.get('subscriber')) : undefined
  const { datastore, cache, s3 } = openStore(config, redis)
  datastore.extensions = [...RESUMABLE_UPLOAD_EXTENSIONS]
  const prefix = s3 ? RESUMABLE_UPLOADS_PREFIX : ''
  const upload = (u: Upload) => toUpload(u, prefix, s3 !== undefined)
  const path = `${config.apiBase}/uploads`

  const tus = new TusServer({
    path,
    datastore,
    locker: redisLocker ?? new MemoryLocker(),
    relativeLocation: true,
    maxSize: config.uploadMaxBytes,
    namingFunction: (req) => hooks.idFor(req),
    generateUrl: (_req, { path: base, id }) => `${base}/${id.slice(prefix.length)}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath && PUBLIC_ID.test(lastPath) ? prefix + lastPath : undefined),
    onUploadCreate: async (req, created) => {
      const answer = hooks.created(req, upload(created))
      if ('status' in answer) throw refusedBy(answer)
      return { metadata: { ...created.metadata, ...answer.metadata } }
    },
    onUploadFinish: async (req, finished) => {
      const answer = await hooks.finished(req, upload(finished))
      if (answer.status >= 400) throw refusedBy(answer)
      return { status_code: answer.status, headers: answer.headers ?? {}, body: answer.body }
    },
  })

  return {
    handle: (request) => tus.handleWeb(request),
    newId: () => prefix + randomBytes(16).toString('hex'),
    storeId: (publicId) => (PUBLIC_ID.test(publicId) ? prefix + publicId : undefined),

    async find(storeId) {
      try {
        return upload(await datastore.getUpload(storeId))
      } catch (error) {
        const status = (error as { status_code?: number } | undefined)?.status_code
        if (status !== 404 && status !== 410) throw new ResumableStoreUnreachable(error)
        // The S3 store answers "not found" when it could not read the upload's state at all (bucket
        // or Redis away): a client told 404 would start again from zero, so make sure it is gone.
        if (s3)
          await Promise.all([storage.ping(), redis?.ping()]).catch((cause: unknown) => {
            throw new ResumableStoreUnreachable(cause)
          })
        return null
      }
    },

    async copyTo(finished, dir) {
      const target = join(dir, 'upload')
      const source = finished.file
      if (!source) {
        if (!s3) throw new Error(`Resumable upload ${finished.id} has no file on this host.`)
        // The S3 store's read answers a promise of the object's stream.
        await pipeline(await s3.read(finished.id), createWriteStream(target, { flags: 'wx' }))
        return target
      }
      // A second name for the same bytes (the tus file is removed afterwards); another volume: a copy.
      await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error
        await copyFile(source, target)
      })
      return target
    },

    async remove(storeId) {
      await datastore.remove(storeId).catch(() => {})
      if (s3) {
        // The S3 store's remove stops at a completed multipart upload (no upload left to abort) and
        // leaves its object, info and cached state: removed here (keys as the store writes them).
        await Promise.all([
          storage.delete(storeId),
          storage.delete(`${storeId}.info`),
          storage.delete(`${storeId}.part`),
          cache?.delete(storeId),
        ]).catch((err: unknown) => log.warn({ err, upload: storeId }, 'resumable upload: could not remove its objects'))
      }
    },

    async cleanUpExpired() {
      try {
        return await tus.cleanUpExpiredUploads()
      } catch (err) {
        // No resumable upload has been started on this host yet: its folder does not exist, nothing to remove.
        if ((err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return 0
        throw err
      }
    },

    close: async () => {
      await redisLocker?.close()
    },
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

function openStore(
  config: Pick<Config, 'storageDriver' | 's3' | 'redisPrefix' | 'uploadResumeMs' | 'scratchDir'>,
  redis: Redis | undefined,
): { datastore: DataStore; cache?: KvStore<MetadataValue>; s3?: S3Store } {
  const expirationPeriodInMilliseconds = config.uploadResumeMs
  if (config.storageDriver === 's3' && config.s3) {
    const cache = redis ? redisKvStore(redis, `${config.redisPrefix}:tus:info:`, config.uploadResumeMs + 86_400_000) : undefined
    const s3 = new S3Store({
      expirationPeriodInMilliseconds,
      ...(cache ? { cache } : {}),
      // The media driver's client settings (timeouts and retry bound included), so a silent bucket fails an upload's request as fast as a media read.
      s3ClientConfig: { bucket: config.s3.bucket, ...s3ClientOptions(config.s3) },
    })
    return { datastore: s3, cache, s3 }
  }
  // The upload's info sits beside its bytes (a .json file): both survive a restart.
  return { datastore: new FileStore({ directory: join(config.scratchDir, 'tus'), expirationPeriodInMilliseconds }) }
}
