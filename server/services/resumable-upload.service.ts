// The rules of resumable (tus) uploads (docs/architecture.md, "Resumable uploads"):
// - Creating one is checked exactly as POST /upload checks its form, before any byte: its size
//   (Upload-Length, at most UPLOAD_MAX_BYTES, not empty), then the caller, the challenge, the lift
//   and the weight (accept-upload.service.ts), then room among the account's and the address's
//   unfinished uploads (upload-slots.service.ts), held until it is recorded, cancelled, refused
//   or expired.
// - An upload is its creator's: anyone else (and any id that is not one) is told it does not exist.
// - One upload records one attempt: a finish runs once per upload in this process (a HEAD or a
//   repeated PATCH waits for the running one) and the database keeps a second node from recording
//   it twice; an upload already recorded answers that attempt. A refused finish (4xx) removes it.
// - An upload whose bytes have all arrived can no longer be cancelled.
// The bytes and the protocol are the tus adapter's (infra/resumable-store.ts), HTTP the route's.
import type { UploadResponse } from '../../contract/index.ts'
import type { Config } from '../../infra/config.ts'
import { ResumableStoreUnreachable, type ResumableStore, type ResumableUpload } from '../../infra/resumable-store.ts'
import type { Storage } from '../../infra/storage.ts'
import { Refusal, badRequest, conflict, notFound, statusOf, unavailable } from '../errors.ts'
import type { UploadAcceptor, UploadLog } from './accept-upload.service.ts'
import type { UploadSlots } from './upload-slots.service.ts'
import { tooLarge } from './upload.service.ts'

export const NO_SUCH_UPLOAD = 'This upload does not exist: it may have expired or been cancelled. Please start the upload again.'
export const ARRIVED = 'This upload has arrived and is being recorded as your attempt: it can no longer be cancelled.'
export const NOT_RECORDED_YET = 'The upload arrived but could not be recorded yet. Please try again in a moment: it will not be sent again.'
const UNREACHABLE = 'The upload could not be reached right now. Please try again in a moment: it resumes where it stopped.'
const SEND_LENGTH = 'Send Upload-Length: the size of the video in bytes.'

/** What a creation request says: its headers as sent. */
export interface Creation {
  /** Upload-Length. */
  length: string | undefined
  /** Whether Upload-Defer-Length was sent (not offered: the size is checked before any byte). */
  deferred: boolean
  /** Upload-Metadata's fields; null when the header is malformed. */
  fields: Record<string, string> | null
}

/** What an id names for its owner: an upload still open (or complete, being finished), or the attempt it recorded. */
export type OwnedUpload = { open: ResumableUpload } | { recorded: UploadResponse; size: number | undefined }

export interface ResumableUploadDeps {
  config: Pick<Config, 'uploadMaxBytes' | 'uploadResumeMs'>
  acceptor: Pick<UploadAcceptor, 'check' | 'accept' | 'recorded'>
  slots: Pick<UploadSlots, 'openUnfinished' | 'closeUnfinished' | 'removeExpired'>
  store: Pick<ResumableStore, 'newId' | 'storeId' | 'find' | 'copyTo' | 'remove' | 'cleanUpExpired'>
  storage: Pick<Storage, 'scratch' | 'stat'>
  /** The process's log, for the hourly clean-up. */
  log: Pick<UploadLog, 'info' | 'warn'>
  now?: () => number
}

export interface ResumableUploads {
  /** Checks a creation (refusals as POST /upload's) and keeps its room; answers the store id it takes. */
  create(who: { userId: number | null; address: string }, creation: Creation): Promise<string>
  /** The creation of `id` did not happen (tus refused it, the request failed): its room is free. */
  notCreated(id: string): Promise<void>
  /** The metadata a new upload records beside its fields: its owner. */
  ownerOf(userId: number): Record<string, string>
  /** What `publicId` names for the caller; 404 when nothing of theirs, 503 when the store does not answer. */
  find(log: UploadLog, callerId: number | null, publicId: string): Promise<OwnedUpload>
  /** Throws 409 when the upload may no longer be cancelled (all its bytes are here). */
  assertCancellable(owned: OwnedUpload): void
  /** Every byte is here. */
  isComplete(upload: ResumableUpload): boolean
  /**
   * The upload's bytes have all arrived: the same probe → attempt → transcode path as POST /upload,
   * with the fields checked again as they are now (the challenge may have ended meanwhile). Once per
   * upload. Refused (4xx) → the upload is removed; any other failure → 503, the bytes kept.
   */
  finish(log: UploadLog, callerId: number | null, upload: ResumableUpload): Promise<UploadResponse>
  /** The upload was cancelled: its room is free. */
  cancelled(id: string): Promise<void>
  /** Removes expired slots and uploads (idempotent; any node may run it). */
  cleanUp(): Promise<void>
  /** Resolves when every finish running in this process has ended (shutdown). */
  settled(): Promise<void>
}

export function createResumableUploads(deps: ResumableUploadDeps): ResumableUploads {
  const { config, acceptor, slots, store, storage, log } = deps
  const now = deps.now ?? Date.now
  /** Finishes running in this process, by store id. */
  const finishing = new Map<string, Promise<UploadResponse>>()

  /** Removes an upload's bytes and frees its room; gone already is fine. */
  async function removeUpload(id: string) {
    await store.remove(id)
    await slots.closeUnfinished(id)
  }

  async function runFinish(log: UploadLog, callerId: number | null, upload: ResumableUpload): Promise<UploadResponse> {
    const first = await acceptor.recorded(upload.publicId)
    if (first) return first.answer
    const scratch = await storage.scratch('upload')
    try {
      const checked = await acceptor.check(callerId, upload.metadata)
      const path = await store.copyTo(upload, scratch.dir)
      const { answer, recordedHere } = await acceptor.accept(
        log,
        checked,
        { path, size: upload.size ?? upload.offset, storedAs: upload.storedAs },
        upload.publicId,
      )
      // Another node's finish of this upload recorded it first and may still be copying its bytes: that one removes them.
      if (recordedHere) await removeUpload(upload.id)
      return answer
    } catch (error) {
      // Another node's finish of the same upload recorded it meanwhile (this one's rules then saw its attempt): the first stands, and that node removes the bytes.
      const first = error instanceof Refusal ? await acceptor.recorded(upload.publicId).catch(() => null) : null
      if (first) return first.answer
      if (error instanceof Refusal && statusOf(error) < 500) await removeUpload(upload.id)
      throw error
    } finally {
      await scratch.dispose()
    }
  }

  return {
    async create({ userId, address }, { length: lengthText, deferred, fields }) {
      if (deferred) throw badRequest(SEND_LENGTH)
      const trimmed = lengthText?.trim() ?? ''
      if (!/^\d{1,16}$/.test(trimmed)) throw badRequest(SEND_LENGTH)
      const length = Number(trimmed)
      if (length > config.uploadMaxBytes) throw tooLarge(config.uploadMaxBytes)
      if (!fields) throw badRequest('Upload-Metadata is malformed: send comma-separated "key base64value" pairs, each key once.')
      // Exactly POST /upload's check, before any byte: the caller, the challenge, the lift, the weight.
      const { lifter } = await acceptor.check(userId, fields)
      if (length === 0) throw badRequest('The uploaded file is empty. Please choose a video.')
      // Room for it among the account's and the address's unfinished uploads (429 beyond), kept as long as tus keeps it.
      const id = store.newId()
      // The lifter is the caller (check acts as them, and refuses without one).
      await slots.openUnfinished({ userId: lifter.userId, address }, id, length, new Date(now() + config.uploadResumeMs))
      return id
    },

    notCreated: (id) => slots.closeUnfinished(id),

    ownerOf: (userId) => ({ owner: String(userId) }),

    async find(log, callerId, publicId) {
      const id = store.storeId(publicId)
      if (id === undefined) throw notFound(NO_SUCH_UPLOAD)
      const upload = await store.find(id).catch((error: unknown) => {
        if (!(error instanceof ResumableStoreUnreachable)) throw error
        log.error({ err: error.cause, upload: publicId }, 'resumable upload: store unreachable')
        throw unavailable(UNREACHABLE)
      })
      if (upload) {
        if (callerId === null || upload.metadata.owner !== String(callerId)) throw notFound(NO_SUCH_UPLOAD)
        return { open: upload }
      }
      await finishing.get(id)?.catch(() => {})
      const recorded = await acceptor.recorded(publicId)
      if (!recorded || recorded.userId !== callerId) throw notFound(NO_SUCH_UPLOAD)
      const stored = recorded.originalKey ? await storage.stat(recorded.originalKey).catch(() => null) : null
      return { recorded: recorded.answer, size: stored?.size }
    },

    assertCancellable(owned) {
      if ('recorded' in owned) throw conflict(ARRIVED)
      const upload = owned.open
      if (finishing.has(upload.id) || (upload.size !== undefined && upload.offset === upload.size)) throw conflict(ARRIVED)
    },

    isComplete: (upload) => upload.size !== undefined && upload.offset === upload.size,

    finish(log, callerId, upload) {
      const running = finishing.get(upload.id)
      if (running) return running
      const job = runFinish(log, callerId, upload).catch((error: unknown) => {
        if (error instanceof Refusal) throw error
        log.error({ err: error, upload: upload.id }, 'resumable upload: could not finish')
        throw unavailable(NOT_RECORDED_YET)
      })
      finishing.set(upload.id, job)
      void job.catch(() => {}).finally(() => finishing.delete(upload.id))
      return job
    },

    cancelled: (id) => slots.closeUnfinished(id),

    async cleanUp() {
      await slots.removeExpired().catch((err: unknown) => log.warn({ err }, 'resumable uploads: could not remove expired upload slots'))
      try {
        const removed = await store.cleanUpExpired()
        if (removed > 0) log.info({ removed }, 'resumable uploads: expired uploads removed')
      } catch (err) {
        log.warn({ err }, 'resumable uploads: could not remove expired uploads')
      }
    },

    async settled() {
      await Promise.allSettled([...finishing.values()])
    },
  }
}
