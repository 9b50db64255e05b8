// Receiving uploaded files, for routes: the multipart form streamed to a scratch folder
// (never into memory), a check that runs before the file's first byte is written, the
// uploads in flight for a clean shutdown, and at most a few video checks at once.
//
// Slow clients: an upload's body is exempt from the server's requestTimeout (a slow phone may
// take many minutes over a large file) and held to a minimum throughput instead: fewer than
// UPLOAD_STALL_MIN_BYTES in any UPLOAD_STALL_WINDOW_MS → 408 {error}, the scratch removed.
//
// Shutdown: uploads still arriving get UPLOAD_SHUTDOWN_GRACE_MS, then are refused with 503
// (their scratch removed; the client uploads again); the ones already received finish.
import { createWriteStream } from 'node:fs'
import type { Socket } from 'node:net'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import { checkPlayableVideo, resolveFfmpegBinaries, type PlayableCheck, type ProbeInfo } from '../../../infra/ffmpeg.ts'
import { grabPoster } from '../../../infra/transcoding/upload-poster.ts'
import { HttpError, badRequest } from '../../errors.ts'
import { bearerToken } from './auth.ts'
import { createLimiter } from '../../../infra/limiter.ts'
import { uploadBytesTotal } from '../../../infra/metrics.ts'

/** Bytes of uploaded files received through POST /api/upload (counted as they arrive, cut-off uploads included). */
const multipartBytes = uploadBytesTotal.labels('multipart')

/** Room for the multipart framing and the text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/** Kept well inside server.ts's shutdown bound. */
export const UPLOAD_SHUTDOWN_GRACE_MS = 5_000
export const SHUTTING_DOWN = 'The server is restarting. Please upload your video again in a moment.'
const shuttingDown = () => new HttpError(503, SHUTTING_DOWN)
/** Why the upload was stopped: the watchdog's 408, else (shutdown) 503. */
const stopReason = (signal: AbortSignal) => (signal.reason instanceof HttpError ? signal.reason : shuttingDown())

/** Connections whose request body is an upload being received (server/app.ts exempts them from requestTimeout). */
const uploadSockets = new WeakSet<Socket>()
export const receivingUpload = (socket: Socket): boolean => uploadSockets.has(socket)
/** Marks `socket` as receiving an upload body (a tus PATCH) until the returned function runs. */
export function markReceivingUpload(socket: Socket): () => void {
  uploadSockets.add(socket)
  return () => void uploadSockets.delete(socket)
}

/**
 * Calls `stall` when fewer than `minBytes` arrived on `socket` in the last `windowMs` (checked
 * every window). Counts the connection's bytes, so a stall between form parts counts too.
 */
export function watchThroughput(socket: Socket, windowMs: number, minBytes: number, stall: () => void): () => void {
  if (typeof socket?.bytesRead !== 'number') return () => {} // app.inject's mock socket
  let seen = socket.bytesRead
  const timer = setInterval(() => {
    const now = socket.bytesRead
    if (now - seen < minBytes) stall()
    seen = now
  }, windowMs)
  return () => clearInterval(timer)
}

/**
 * The probe and the decode checks run ffprobe/ffmpeg: at most this many run at once in one
 * process (the others wait their turn). Fifty uploads arriving together used to start a
 * hundred decoders on two cores, and the starved process then held the room locks so long
 * that other uploads' transactions timed out (found by the 50-upload load test).
 */
export const CONCURRENT_VIDEO_CHECKS = Math.max(2, availableParallelism())

export function formatBytes(bytes: number): string {
  const units: Array<[number, string]> = [[1024 ** 3, 'GB'], [1024 ** 2, 'MB'], [1024, 'KB']]
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`
  }
  return `${bytes} bytes`
}

export interface ReceivedForm {
  fields: Record<string, string>
  /** The one file, in the scratch folder; removed when `receive`'s work ends. */
  file?: { path: string; size: number }
}

export interface Uploads {
  /**
   * Reads `request`'s multipart form: the one file (in `fileField`) to a scratch folder, short
   * fields into memory. `beforeFile` runs with the fields received so far when the file begins,
   * before any of its bytes are written; what it throws ends the upload (the connection closes,
   * so the rest of the body is not read). Then `work` runs with the form; the scratch is removed
   * after it, whatever happens.
   */
  receive<T>(request: FastifyRequest, reply: FastifyReply, options: {
    fileField: string
    beforeFile(fields: Readonly<Record<string, string>>): Promise<void>
    work(form: ReceivedForm): Promise<T>
  }): Promise<T>
  /** Is the file a playable video (infra/ffmpeg.ts), waiting for a turn among the running checks. */
  checkVideo(path: string): Promise<PlayableCheck>
  /** Writes the poster of a checked video to `out` (one frame, as the transcode makes it), in turn with the checks. */
  makePoster(source: string, info: ProbeInfo, out: string): Promise<void>
  /**
   * The per-lifter upload limit (RATE_LIMIT_UPLOAD_PER_MINUTE) as an onRequest hook: one count for
   * POST /upload and the creation of resumable uploads (a limit per route would give each its own).
   */
  limit: onRequestHookHandler
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: Uploads
  }
}

/** The 413 of an upload over UPLOAD_MAX_BYTES, whichever route it came by. */
export const tooLarge = (limit: number) => new HttpError(413, `The video is larger than the ${formatBytes(limit)} limit. Trim or compress it and try again.`)

/** Multipart and busboy failures → one sentence and the right status. */
function formError(error: unknown, limit: number): unknown {
  if (error instanceof HttpError) return error
  const code = (error as { code?: string }).code
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': return tooLarge(limit)
    case 'FST_FILES_LIMIT': return badRequest('Send one video per upload.')
    case 'FST_FIELDS_LIMIT': case 'FST_PARTS_LIMIT': return badRequest('The upload form has too many fields.')
    case 'FST_PROTO_VIOLATION': return badRequest('The upload form has a field name that is not allowed.')
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE': return badRequest('Send the video as multipart/form-data.')
    case 'FST_MP_PREMATURE_CLOSE': case 'ECONNRESET': case 'ERR_STREAM_PREMATURE_CLOSE':
      return badRequest('The upload was cut off before the end. Please try again.')
  }
  const message = (error as Error)?.message ?? ''
  if (/multipart|form|part|boundary|terminated early/i.test(message)) return badRequest('The upload form is malformed or was cut off. Please try again.')
  return error
}

/** Streams the form into `dir`. `signal` stops it (shutdown) with a 503. */
async function readForm(
  request: FastifyRequest, dir: string, limit: number, signal: AbortSignal, fileField: string,
  beforeFile: (fields: Readonly<Record<string, string>>) => Promise<void>,
): Promise<ReceivedForm> {
  const form: ReceivedForm = { fields: {} }
  // A client that stalls between parts would keep the loop waiting: the signal ends the wait too.
  let onAbort: () => void = () => {}
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(stopReason(signal))
    signal.addEventListener('abort', onAbort, { once: true })
  })
  aborted.catch(() => {}) // only ever raced below
  const parts = request.parts()[Symbol.asyncIterator]()
  try {
    for (;;) {
      if (signal.aborted) throw stopReason(signal)
      const next = await Promise.race([parts.next(), aborted])
      if (next.done) break
      const part = next.value
      if (part.type === 'file') {
        if (part.fieldname !== fileField) throw badRequest(`Send the video in the "${fileField}" field (got a file in "${part.fieldname}").`)
        if (form.file) throw badRequest('Send one video per upload.')
        await beforeFile(form.fields)
        const path = join(dir, 'upload')
        let size = 0
        const count = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length
            multipartBytes.inc(chunk.length)
            done(null, chunk)
          },
        })
        await pipeline(part.file, count, createWriteStream(path, { flags: 'wx' }), { signal })
        if (part.file.truncated) throw tooLarge(limit)
        form.file = { path, size }
      } else {
        if (part.fieldnameTruncated || part.valueTruncated) throw badRequest(`The field "${part.fieldname}" is too long.`)
        if (part.fieldname in form.fields) throw badRequest(`The field "${part.fieldname}" appears twice.`)
        form.fields[part.fieldname] = String(part.value ?? '')
      }
    }
  } catch (error) {
    if (signal.aborted) throw stopReason(signal)
    throw formError(error, limit)
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
  return form
}

export default fp(async function uploads(app: FastifyInstance) {
  const { config, storage } = app.deps
  const binaries = resolveFfmpegBinaries(config)
  const videoChecks = createLimiter(CONCURRENT_VIDEO_CHECKS)

  // Scratch files of uploads cut short by a crash of this server (a day is far longer than any upload).
  app.addHook('onReady', async () => {
    await storage.sweepScratch(24 * 3600_000, 'upload-').catch((err: unknown) => app.log.warn({ err }, 'could not sweep upload scratch'))
  })

  // Uploads in flight, for a clean shutdown: none is left half-stored when the process stops.
  const inFlight = new Set<{ receiving: boolean; stop: AbortController; done: Promise<unknown> }>()
  app.addHook('preClose', async () => {
    if (inFlight.size === 0) return
    const all = () => Promise.allSettled([...inFlight].map((u) => u.done))
    let timer: NodeJS.Timeout | undefined
    await Promise.race([all(), new Promise((resolve) => { timer = setTimeout(resolve, UPLOAD_SHUTDOWN_GRACE_MS) })])
    clearTimeout(timer)
    let refused = 0
    for (const upload of inFlight) {
      if (upload.receiving) {
        upload.stop.abort()
        refused++
      }
    }
    if (refused > 0) app.log.warn({ refused }, 'shutting down: refused uploads still arriving after the grace')
    await all()
  })

  const limit = app.rateLimit({
    max: config.rateLimitUploadPerMinute,
    timeWindow: '1 minute',
    // Per lifter when the token is good (a gym shares one address), else per address.
    keyGenerator: (request: FastifyRequest) => {
      const token = bearerToken(request)
      if (token) {
        try {
          return `upload-user-${app.tokens.verifyAccess(token)}`
        } catch {
          // fall through
        }
      }
      return `upload-ip-${request.ip}`
    },
  })

  app.decorate('uploads', {
    limit,
    async receive(request, reply, { fileField, beforeFile, work }) {
      if (!request.isMultipart()) {
        throw badRequest('Send the video as multipart/form-data with the fields video, lift_type, weight, competition_id and user_id.')
      }
      // A body declared far larger than the limit is refused before a byte is stored (the form's text fields need little room).
      const declared = Number(request.headers['content-length'])
      if (Number.isFinite(declared) && declared > config.uploadMaxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(config.uploadMaxBytes)

      let finished: () => void = () => {}
      const upload = { receiving: true, stop: new AbortController(), done: new Promise<unknown>((resolve) => { finished = () => resolve(undefined) }) }
      inFlight.add(upload)
      const scratch = await storage.scratch('upload')
      const socket = request.raw.socket
      uploadSockets.add(socket)
      const stopWatching = watchThroughput(socket, config.uploadStallWindowMs, config.uploadStallMinBytes, () => {
        upload.stop.abort(new HttpError(408, `The upload is too slow: less than ${formatBytes(config.uploadStallMinBytes)} arrived in ${config.uploadStallWindowMs / 1000} seconds. Check the connection and try again.`))
      })
      try {
        let form: ReceivedForm
        try {
          form = await readForm(request, scratch.dir, config.uploadMaxBytes, upload.stop.signal, fileField, beforeFile)
        } catch (error) {
          // The rest of the body may still be on its way: close the connection rather than read it all.
          reply.header('connection', 'close')
          throw error
        } finally {
          upload.receiving = false
          stopWatching()
          uploadSockets.delete(socket)
        }
        // A burst of uploads waits its turn for the video checks (CONCURRENT_VIDEO_CHECKS): the client is waiting
        // for the answer, not idle, so the connection's idle timeout (CONNECTION_TIMEOUT_MS) must not cut it meanwhile.
        if (typeof socket?.setTimeout === 'function') socket.setTimeout(0)
        return await work(form)
      } finally {
        await scratch.dispose()
        inFlight.delete(upload)
        finished()
      }
    },
    checkVideo: (path) => videoChecks(() => checkPlayableVideo(binaries, path)),
    makePoster: (source, info, out) => videoChecks(() => grabPoster(binaries, source, info, out)),
  } satisfies Uploads)
})
