// Media in an S3-compatible bucket (AWS S3, MinIO, s3rver in tests) behind the same
// Storage interface as the local disk, so every server and worker host reads and
// writes the same objects and nothing assumes a shared disk. Loaded by openStorage()
// only when STORAGE_DRIVER=s3 (the AWS SDK is large).
// - Scratch space (uploads in flight, transcode outputs, downloaded originals) is this
//   host's own disk under SCRATCH_DIR; putFile uploads from it, withLocalFile downloads to it.
// - Keys are validated exactly as locally (assertSafeKey) before any request.
// - A store that does not answer fails in seconds (connect timeout, few retries) and
//   surfaces as StorageUnavailableError, which routes answer with 503.
import { createReadStream, createWriteStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { S3Config } from './config.ts'
import { scratchArea } from './scratch-area.ts'
import { StorageUnavailableError, assertSafeKey, contentTypeOf, type Storage } from './storage.ts'

export interface S3StorageOptions {
  readonly s3: S3Config
  /** This host's scratch directory (SCRATCH_DIR): the driver's scratch entries live here, beside others' (`tus/`). */
  readonly scratchDir: string
}

/** 8 MiB parts, 2 in flight: an upload holds at most 16 MiB in memory; 10,000 parts cover 80 GB. */
const PART_SIZE = 8 * 1024 * 1024
const PARTS_IN_FLIGHT = 2
const CONNECT_TIMEOUT_MS = 3_000
/** A socket silent this long (no byte either way) is given up; long video streams are not cut while bytes flow. */
const IDLE_TIMEOUT_MS = 30_000
const PING_TIMEOUT_MS = 3_000
/**
 * Connections to the store per process. Each video being streamed holds one while its viewer
 * reads (a paused viewer's read is dropped after IDLE_TIMEOUT_MS; the player asks again with
 * Range), so the SDK's default of 50 would queue every other request, even a HEAD, behind 50 viewers.
 */
const AGENT = { keepAlive: true, maxSockets: 1_000 }
/** Downloads older than this were left by a crash (no transcode runs for a day): removed at the next download. */
const STALE_DOWNLOAD_MS = 24 * 3_600_000
/** HEAD, DELETE and a GET's response headers must come back this soon (a store that accepts connections but hangs). */
const ANSWER = { requestTimeout: 5_000 }

/** 404 from HeadObject/GetObject (HeadObject has no body, so only the status says it). */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')
  )
}

/** The store's 4xx answers (bad credentials, no such bucket) are configuration errors and keep their text; the rest is "unreachable". */
function unavailable(error: unknown): Error {
  if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode ?? 500) < 500) return error
  return new StorageUnavailableError(error)
}

function missing(key: string): Error {
  return Object.assign(new Error(`Media file ${key} does not exist.`), { code: 'ENOENT' })
}

/** S3's ETag is an opaque quoted string that changes with the bytes (MD5, or MD5-of-parts for multipart): strong as is. */
function strongEtag(etag: string | undefined, size: number, modifiedAt: Date): string {
  const bare = (etag ?? '').replace(/^W\//, '').replace(/"/g, '')
  return bare ? `"${bare}"` : `"${size.toString(16)}-${modifiedAt.getTime().toString(16)}"`
}

/**
 * How LiftArena talks to the bucket, for the media driver below and the resumable uploads' store
 * (server/routes/tus.routes.ts): one place for the address, credentials, timeouts and retries.
 */
export function s3ClientOptions(s3: S3Config): S3ClientConfig {
  return {
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    // 2 tries (one retry after a short backoff): an unreachable store fails in seconds, not minutes.
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: IDLE_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      httpAgent: AGENT,
      httpsAgent: AGENT,
    },
    // Checksums only where S3 requires them: S3-compatible stores (older MinIO, s3rver) do not all
    // understand the SDK's default trailing CRC32 (aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
}

export function createS3Storage({ s3, scratchDir }: S3StorageOptions): Storage {
  const Bucket = s3.bucket
  const area = scratchArea(scratchDir)
  let sweptDownloads = false
  const client = new S3Client(s3ClientOptions(s3))

  async function download(key: string, path: string): Promise<void> {
    let body: Readable
    try {
      body = (await client.send(new GetObjectCommand({ Bucket, Key: key }), ANSWER)).Body as Readable
    } catch (error) {
      throw isNotFound(error) ? missing(key) : unavailable(error)
    }
    await pipeline(body, createWriteStream(path))
  }

  return {
    kind: 's3',

    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS) })
      } catch (error) {
        if (isNotFound(error)) throw new Error(`The bucket "${Bucket}" does not exist.`, { cause: error })
        throw unavailable(error)
      }
    },

    async presignedUrl(key) {
      if (s3.presignSeconds <= 0) return undefined
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: assertSafeKey(key) }), { expiresIn: s3.presignSeconds })
    },

    async stat(key) {
      assertSafeKey(key)
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }), ANSWER)
        const size = head.ContentLength ?? 0
        const modifiedAt = head.LastModified ?? new Date(0)
        return { key, size, modifiedAt, etag: strongEtag(head.ETag, size, modifiedAt) }
      } catch (error) {
        if (isNotFound(error)) return null
        throw unavailable(error)
      }
    },

    read(key, range) {
      assertSafeKey(key)
      // The stream is returned at once (as a file stream would be); the GET feeds it. Closing it
      // early (the client went away) aborts the GET; a failed GET becomes the stream's error.
      const out = new PassThrough()
      const abort = new AbortController()
      out.once('close', () => abort.abort())
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined
      client
        .send(new GetObjectCommand({ Bucket, Key: key, Range }), { ...ANSWER, abortSignal: abort.signal })
        .then((res) => pipeline(res.Body as Readable, out))
        .catch((error: unknown) => {
          if (!out.destroyed) out.destroy(isNotFound(error) ? missing(key) : unavailable(error))
        })
      return out
    },

    async putFile(key, localPath) {
      assertSafeKey(key)
      // Multipart above one part's size (lib-storage); a failed upload aborts its parts.
      const upload = new Upload({
        client,
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
        params: { Bucket, Key: key, Body: createReadStream(localPath), ContentType: contentTypeOf(key) },
      })
      try {
        await upload.done()
      } catch (error) {
        throw unavailable(error)
      }
      await unlink(localPath)
    },

    async withLocalFile(key, fn) {
      assertSafeKey(key)
      if (!sweptDownloads) {
        sweptDownloads = true
        await area.sweepScratch(STALE_DOWNLOAD_MS, 'download-').catch(() => 0)
      }
      const scratch = await area.scratch('download')
      try {
        const path = join(scratch.dir, key.slice(key.lastIndexOf('/') + 1))
        await download(key, path)
        return await fn(path)
      } finally {
        await scratch.dispose()
      }
    },

    async copy(fromKey, toKey) {
      assertSafeKey(fromKey)
      assertSafeKey(toKey)
      // Keys are plain characters (assertSafeKey), so the copy source needs no escaping. A copy of a
      // large object may take a while inside the store: only the connection's timeouts bound it.
      await client
        .send(
          new CopyObjectCommand({
            Bucket,
            Key: toKey,
            CopySource: `${Bucket}/${fromKey}`,
            ContentType: contentTypeOf(toKey),
            MetadataDirective: 'REPLACE',
          }),
        )
        .catch((error: unknown) => {
          if (isNotFound(error)) throw missing(fromKey)
          throw unavailable(error)
        })
    },

    async delete(key) {
      assertSafeKey(key)
      // DeleteObject of a missing key succeeds, as unlink's ENOENT is ignored locally.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }), ANSWER).catch((error: unknown) => {
        throw unavailable(error)
      })
    },

    ...area,
  }
}
