// The lift's video through the tus protocol (tus-js-client) to /api/uploads/: in chunks, so a
// dropped connection costs at most the chunk in flight; resumed from the server's offset after a
// drop, while offline waiting for the browser to come back, and after a reload from the URL
// tus-js-client keeps in localStorage. Failures are Errors carrying docs/product/messages.md upload texts.
import {
  Upload,
  defaultOptions,
  type DetailedError,
  type HttpRequest,
  type HttpResponse,
  type PreviousUpload,
  type UploadOptions,
} from 'tus-js-client'
import { API_BASE, refreshSession } from '../../../lib/api-client.ts'
import { readSession } from '../../../lib/session-storage.ts'
import {
  isUploadOfFingerprint,
  pickResumeOffer,
  pruneProgressRecords,
  readProgressRecords,
  removeProgressRecord,
  sameFields,
  saveProgressRecord,
  type ResumeOffer,
  type StoredUpload,
} from './resume-offer.ts'

export const NO_RESPONSE = 'No response received from server. Please check your connection.'
const uploadFailedWith = (status: number) => `Upload failed with status ${status}`
const uploadFailed = (serverError: string) => `Upload failed: ${serverError}`

/** 5 MiB: a phone on a weak uplink sends it in seconds, so a drop loses little; big enough that request overhead stays small. */
const CHUNK_SIZE = 5 * 1024 * 1024
/** Waits between retries while the browser says it is online (a server restart, a flaky link): about two minutes in all. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000]

export interface UploadRequest {
  file: File
  liftType: string
  weight: number
  userId: number
  challengeId: string
}

interface UploadOutcome {
  attemptId: number | null
  challengeId: number | null
}

interface UploadEvents {
  /** Bytes the browser has sent of the file (counting what the server had before a resume). */
  onProgress(sent: number, total: number): void
  /** True while the browser is offline: the upload waits and goes on by itself when it is back. */
  onConnection(offline: boolean): void
}

export interface ResumableUpload {
  /** Resolves when the server has the whole file and recorded the attempt; rejects with the text to show, or an AbortError after cancel(). */
  done: Promise<UploadOutcome>
  /** Stops sending and deletes the partial upload on the server (best effort while offline: the server expires it). */
  cancel(): Promise<void>
  /** Stops sending and keeps the upload, here and on the server, for a later resume (the page is left). */
  stop(): void
}

/** Absolute, because tus-js-client resolves the Location it gets against it. */
const uploadEndpoint = () => new URL(`${API_BASE}/uploads/`, window.location.href).href

const storage = () => defaultOptions.urlStorage
const metadataOf = (request: UploadRequest) => ({
  filename: request.file.name,
  filetype: request.file.type || 'application/octet-stream',
  lift_type: request.liftType,
  weight: String(request.weight),
  competition_id: request.challengeId,
})

/** Forgets a stored upload here (tus entry and progress record) and deletes it on the server, without waiting for either. */
export function discardUpload(upload: Pick<StoredUpload, 'uploadUrl' | 'urlStorageKey'>) {
  void storage().removeUpload(upload.urlStorageKey)
  if (!upload.uploadUrl) return
  removeProgressRecord(upload.uploadUrl)
  Upload.terminate(upload.uploadUrl, { onBeforeRequest: authorize, retryDelays: null }).catch(() => {
    // Offline or already gone: the server removes expired partial uploads itself.
  })
}

/** The unfinished upload to offer on this page, if any (stale progress records are dropped on the way). */
export async function findResumeOffer(userId: number | null, routeChallengeId: number | null): Promise<ResumeOffer | null> {
  try {
    const uploads = (await storage().findAllUploads()) as StoredUpload[]
    pruneProgressRecords(uploads)
    return pickResumeOffer(uploads, readProgressRecords(), userId, routeChallengeId, Date.now())
  } catch {
    return null
  }
}

/** Whether `file` is the one `offer` was uploading (tus-js-client's own fingerprint: name, type, size, date). */
export async function offerMatchesFile(offer: ResumeOffer, file: File): Promise<boolean> {
  const fingerprint = await defaultOptions.fingerprint(file, { endpoint: uploadEndpoint() })
  return isUploadOfFingerprint(offer.urlStorageKey, fingerprint)
}

/** Every request carries the session's current token, so one refreshed mid-upload is used from then on. */
function authorize(req: HttpRequest) {
  const token = readSession().accessToken
  if (token) req.setHeader('Authorization', `Bearer ${token}`)
}

/** `Upload failed: <the server's error>` for an answer with one, the §8 texts otherwise. */
export function uploadErrorText(error: Error | DetailedError): string {
  const response = (error as Partial<DetailedError>).originalResponse
  if (!response) return NO_RESPONSE
  const status = response.getStatus()
  if (status === 0) return NO_RESPONSE
  const message = jsonBody(response)?.error
  return typeof message === 'string' ? uploadFailed(message) : uploadFailedWith(status)
}

function jsonBody(response: HttpResponse): Record<string, unknown> | undefined {
  try {
    const body = response.getBody()
    const parsed = body ? (JSON.parse(body) as unknown) : undefined
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** The attempt from the final PATCH's JSON, or the `X-Attempt-Id` header (the HEAD of an upload finished before a reload has only that). */
export function outcomeOf(response: HttpResponse, request: Pick<UploadRequest, 'challengeId'>): UploadOutcome {
  const body = jsonBody(response)
  const header = Number(response.getHeader('X-Attempt-Id'))
  const fromBody = Number(body?.attempt_id)
  const challenge = Number(body?.competition_id ?? request.challengeId)
  return {
    attemptId: Number.isInteger(fromBody) && fromBody > 0 ? fromBody : Number.isInteger(header) && header > 0 ? header : null,
    challengeId: Number.isInteger(challenge) && challenge > 0 ? challenge : null,
  }
}

/** Statuses worth another try while online: none (server unreachable), conflicts/locks tus resolves with a HEAD, and server errors. */
const retryable = (status: number) => status === 0 || status === 409 || status === 423 || status >= 500

export function startResumableUpload(request: UploadRequest, events: UploadEvents): ResumableUpload {
  let resolveDone!: (outcome: UploadOutcome) => void
  let rejectDone!: (error: Error) => void
  const done = new Promise<UploadOutcome>((resolve, reject) => {
    resolveDone = resolve
    rejectDone = reject
  })
  let waitingForNetwork = false
  let cancelled = false
  /** Set by a 401 whose session refresh worked: the retry then goes out with the new token. */
  let retryWithNewToken = false
  const refreshTokenSent = new WeakMap<HttpRequest, string | null>()

  const saveProgress = (offset: number) => {
    if (upload.url) saveProgressRecord(upload.url, { userId: request.userId, offset, size: request.file.size })
  }
  const finish = () => {
    window.removeEventListener('online', onOnline)
    window.removeEventListener('offline', onOffline)
  }

  const options: UploadOptions = {
    endpoint: uploadEndpoint(),
    metadata: metadataOf(request),
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest(req) {
      refreshTokenSent.set(req, readSession().refreshToken)
      authorize(req)
    },
    async onAfterResponse(req, res) {
      if (res.getStatus() !== 401) return
      const seen = refreshTokenSent.get(req)
      retryWithNewToken = Boolean(seen && (await refreshSession(seen)))
    },
    onShouldRetry(error) {
      // Offline: no retry countdown; onError waits for the `online` event instead, however long it takes.
      if (!navigator.onLine) return false
      const status = error.originalResponse?.getStatus() ?? 0
      if (status === 401) {
        const again = retryWithNewToken
        retryWithNewToken = false
        return again
      }
      return retryable(status)
    },
    onUploadUrlAvailable: () => saveProgress(0),
    onProgress: (sent, total) => events.onProgress(sent, total),
    onChunkComplete: (_chunk, accepted) => saveProgress(accepted),
    onSuccess({ lastResponse }) {
      finish()
      if (upload.url) removeProgressRecord(upload.url)
      resolveDone(outcomeOf(lastResponse, request))
    },
    onError(error) {
      if (cancelled) return
      if (!navigator.onLine) {
        // Keep everything: `online` starts again from the server's offset (a HEAD, then PATCHes).
        waitingForNetwork = true
        events.onConnection(true)
        return
      }
      finish()
      const status = (error as Partial<DetailedError>).originalResponse?.getStatus() ?? 0
      // The server refused this upload for good (not a video, not allowed): nothing to resume later.
      if (upload.url && status >= 400 && status < 500) forgetStored(upload.url)
      rejectDone(new Error(uploadErrorText(error)))
    },
  }
  const upload = new Upload(request.file, options)

  function onOffline() {
    events.onConnection(true)
  }
  function onOnline() {
    events.onConnection(false)
    if (!waitingForNetwork || cancelled) return
    waitingForNetwork = false
    upload.start()
  }
  window.addEventListener('offline', onOffline)
  window.addEventListener('online', onOnline)

  void (async () => {
    try {
      await resumeIfStored(upload, request)
    } catch {
      // No stored uploads to look at: a new upload.
    }
    if (cancelled) return
    if (navigator.onLine) upload.start()
    else {
      waitingForNetwork = true
      events.onConnection(true)
    }
  })()

  return {
    done,
    async cancel() {
      if (cancelled) return
      cancelled = true
      finish()
      const url = upload.url
      // abort(true) sends the tus DELETE; it removes tus's stored entry only when that succeeds.
      await upload.abort(true).catch(() => undefined)
      if (url) forgetStored(url)
      rejectDone(new DOMException('Upload cancelled', 'AbortError'))
    },
    stop() {
      if (cancelled) return
      cancelled = true
      finish()
      void upload.abort(false)
      rejectDone(new DOMException('Upload stopped', 'AbortError'))
    },
  }
}

/** Removes tus's stored entries and our record for an upload URL. */
function forgetStored(url: string) {
  removeProgressRecord(url)
  void storage()
    .findAllUploads()
    .then((all) => Promise.all(all.filter((u) => u.uploadUrl === url).map((u) => storage().removeUpload(u.urlStorageKey))))
    .catch(() => undefined)
}

/**
 * The same file picked again: continue its latest stored upload when it was made with the same
 * fields (the server fixed them at creation); other stored uploads of this file are dropped.
 */
async function resumeIfStored(upload: Upload, request: UploadRequest) {
  const previous = await upload.findPreviousUploads()
  const fields = { liftType: request.liftType, weight: String(request.weight), challengeId: request.challengeId }
  const records = readProgressRecords()
  // Only uploads this lifter made (their record names them): on a shared phone another lifter's stay theirs.
  const mine = (p: PreviousUpload) => Boolean(p.uploadUrl && records[p.uploadUrl]?.userId === request.userId)
  const latestFirst = [...previous].sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))
  const resumable = latestFirst.find((p) => p.uploadUrl && mine(p) && sameFields(p.metadata, fields))
  for (const p of latestFirst) if (p !== resumable && mine(p)) discardUpload(p)
  if (resumable) upload.resumeFromPreviousUpload(resumable)
}
