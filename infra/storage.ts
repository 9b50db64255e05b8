// Media storage behind a small interface. Keys are relative and chosen by us
// (`attempts/<id>/original.mp4`); clients never name files. Local disk under
// MEDIA_DIR, or an S3-compatible bucket (infra/s3-storage.ts: stat = HeadObject,
// read = ranged GetObject, putFile = upload then unlink, withLocalFile = download
// to scratch); routes and the worker see only this interface. openStorage() picks one.
import { constants as fsConstants, createReadStream, realpathSync } from 'node:fs'
import { access, mkdir, realpath, rename, stat, unlink } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import type { Readable } from 'node:stream'
import type { Config } from './config.ts'
import { scratchArea } from './scratch-area.ts'

/** A key that is not one of ours: `..`, encoded dots, absolute, NUL, backslashes, hidden segments. */
export class InvalidKeyError extends Error {
  constructor(readonly key: string) {
    super('This media path is not valid.')
  }
}

/** The store did not answer (network, timeout, 5xx): callers answer 503, not 500. `cause` says why. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Media storage is unreachable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
  }
}

export interface StoredObject {
  readonly key: string
  readonly size: number
  readonly modifiedAt: Date
  /** Strong validator: files are written once under a temp name and renamed, never changed in place. */
  readonly etag: string
}

/** Inclusive byte range, as HTTP writes it. */
export interface ByteRange {
  readonly start: number
  readonly end: number
}

export interface Scratch {
  /** A private directory on this host (local driver: on the store's volume, so renames into place are atomic). */
  readonly dir: string
  dispose(): Promise<void>
}

export interface Storage {
  /** `local` (a disk on this host) or `s3` (a bucket every host reaches). */
  readonly kind: 'local' | 's3'
  /** Resolves when the store answers (a cheap request); rejects with why not. For /api/ready. */
  ping(): Promise<void>
  /** A short-lived URL a client may GET `key` from directly (S3 with S3_PRESIGN_SECONDS), else undefined: stream it through read(). */
  presignedUrl?(key: string): Promise<string | undefined>
  /**
   * Copies `fromKey` to `toKey` inside the store, no byte through this host (S3 CopyObject), for
   * objects up to MAX_STORE_COPY_BYTES; undefined where moving a local file is as cheap (local disk).
   */
  copy?(fromKey: string, toKey: string): Promise<void>
  stat(key: string): Promise<StoredObject | null>
  read(key: string, range?: ByteRange): Readable
  /** Moves a finished local file into place under `key` (the source is gone afterwards). */
  putFile(key: string, localPath: string): Promise<void>
  /** Runs `fn` with a local path holding the object (local disk: the file itself). */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>
  delete(key: string): Promise<void>
  /** A fresh scratch directory for uploads in flight and transcode outputs. `label` must be a plain word. */
  scratch(label: string): Promise<Scratch>
  /** Removes scratch directories older than `olderThanMs` (left by a crash). Returns how many. */
  sweepScratch(olderThanMs: number, labelPrefix?: string): Promise<number>
  /**
   * Removes the scratch directories of processes that are gone (killed, crashed, or from before a
   * reboot), whatever their age; a live process's are kept (infra/scratch-owner.ts). Returns how many.
   */
  sweepDeadScratch(): Promise<number>
}

/** Where resumable uploads wait in an S3 bucket (server/routes/tus.routes.ts): never served as media. */
export const RESUMABLE_UPLOADS_PREFIX = 'tus/'

/** S3's limit for one CopyObject (larger objects need a multipart copy). */
export const MAX_STORE_COPY_BYTES = 5 * 1024 ** 3

const MAX_KEY_LENGTH = 512
// Our keys only ever use these characters; a segment may not start with a dot
// (this refuses `.`, `..` and hidden files such as the scratch area `.tmp`).
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/

/** Validates a key without touching the disk. Throws InvalidKeyError. */
export function assertSafeKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new InvalidKeyError(String(key))
  // Explicit checks first (documentation as much as defence): NUL, encoded anything, absolute paths.
  if (key.includes('\0') || key.includes('%') || key.includes('\\') || key.startsWith('/') || isAbsolute(key))
    throw new InvalidKeyError(key)
  const segments = key.split('/')
  if (!segments.every((s) => SEGMENT.test(s))) throw new InvalidKeyError(key)
  return key
}

/** Resolves a key under `root`; refuses anything that would land outside it. */
export function resolveKey(root: string, key: unknown): string {
  const safe = assertSafeKey(key)
  const path = resolve(root, safe)
  const rel = relative(root, path)
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new InvalidKeyError(safe)
  return path
}

/** Keys of one attempt's files. The only place that spells them. */
export const attemptKeys = {
  original: (attemptId: number, ext: string) => `attempts/${attemptId}/original.${ext}`,
  rendition: (attemptId: number, name: string) => `attempts/${attemptId}/${name}p.mp4`,
  poster: (attemptId: number) => `attempts/${attemptId}/poster.jpg`,
  /** The plate check's contact sheet: the take's last seconds, tiled (docs/video-checks.md). */
  contactSheet: (attemptId: number) => `attempts/${attemptId}/plates.jpg`,
  /** The attempt id a key belongs to, or null for keys outside `attempts/`. */
  attemptOf(key: string): number | null {
    const match = /^attempts\/(\d{1,10})\/[^/]+$/.exec(key)
    if (!match) return null
    const id = Number(match[1])
    return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : null
  },
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  '3gp': 'video/3gpp',
  '3g2': 'video/3gpp2',
  avi: 'video/x-msvideo',
  mpg: 'video/mpeg',
  mts: 'video/mp2t',
  ts: 'video/mp2t',
  ogv: 'video/ogg',
  flv: 'video/x-flv',
  wmv: 'video/x-ms-wmv',
  asf: 'video/x-ms-asf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase()
  return CONTENT_TYPES[ext] ?? 'application/octet-stream'
}

const SCRATCH_DIR = '.tmp'

/**
 * The configured store: MEDIA_DIR on this disk, or the S3 bucket (STORAGE_DRIVER=s3; its
 * scratch is SCRATCH_DIR). The S3 driver is imported only then, so the AWS SDK loads only when used.
 */
export async function openStorage(config: Pick<Config, 'storageDriver' | 's3' | 'mediaDir' | 'scratchDir'>): Promise<Storage> {
  if (config.storageDriver === 'local') return createLocalStorage(config.mediaDir)
  if (!config.s3) throw new Error('STORAGE_DRIVER=s3 needs the S3_* settings.')
  const { createS3Storage } = await import('./s3-storage.ts')
  return createS3Storage({ s3: config.s3, scratchDir: config.scratchDir })
}

export function createLocalStorage(mediaDir: string): Storage {
  const root = resolve(mediaDir)
  const scratchRoot = join(root, SCRATCH_DIR)
  let realRoot: string | undefined

  /** The resolved path, after refusing a symlink that points outside the root. */
  async function existingPath(key: string): Promise<string | null> {
    const path = resolveKey(root, key)
    let real: string
    try {
      real = await realpath(path)
    } catch {
      return null
    }
    realRoot ??= realpathSync(root)
    if (real !== realRoot && !real.startsWith(realRoot + sep)) throw new InvalidKeyError(key)
    return real
  }

  return {
    kind: 'local',

    async ping() {
      await mkdir(root, { recursive: true })
      await access(root, fsConstants.R_OK | fsConstants.W_OK)
    },

    async stat(key) {
      const path = await existingPath(key)
      if (!path) return null
      const s = await stat(path)
      if (!s.isFile()) return null
      return { key, size: s.size, modifiedAt: s.mtime, etag: `"${s.size.toString(16)}-${Math.trunc(s.mtimeMs).toString(16)}"` }
    },

    read(key, range) {
      const path = resolveKey(root, key)
      return createReadStream(path, range ? { start: range.start, end: range.end } : {})
    },

    async putFile(key, localPath) {
      const path = resolveKey(root, key)
      await mkdir(dirname(path), { recursive: true })
      await rename(localPath, path)
    },

    async withLocalFile(key, fn) {
      const path = await existingPath(key)
      if (!path) throw Object.assign(new Error(`Media file ${key} does not exist.`), { code: 'ENOENT' })
      return fn(path)
    },

    async delete(key) {
      await unlink(resolveKey(root, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
    },

    ...scratchArea(scratchRoot),
  }
}
