// Over 300 lines: multipart receiving, its throughput watchdog and the shutdown bookkeeping of upload bodies are one lifecycle kept together here.
// Receiving uploaded files, for routes: the multipart form streamed to a scratch folder
// (never into memory), a check that runs before the file's first byte is written, the
// uploads in flight for a clean shutdown, and at most a few video checks at once.
//
// Slow clients: an upload's body is exempt from the server's requestTimeout (a slow phone may
// take many minutes over a large file) and held to a minimum throughput instead: fewer than
// UPLOAD_STALL_MIN_BYTES in any UPLOAD_STALL_WINDOW_MS, or after the first window an average below
// UPLOAD_MIN_AVERAGE_BYTES_PER_SECOND (so its total time is bounded by its size) → 408 {error},
// the scratch removed.
//
// One account sends at most UPLOAD_CONCURRENT_PER_ACCOUNT bodies at once, on every node together
// (services/upload-slots.service.ts); the next answers 429 before its body is read.
//
// Shutdown: uploads still arriving get UPLOAD_SHUTDOWN_GRACE_MS, then are refused with 503
// (their scratch removed; the client uploads again); the ones already received finish.
//
// Scratch of uploads whose process was killed (kill -9, a crash, a power cut) is removed at start
// and every SCRATCH_SWEEP_EVERY_MS, sparing other live processes' (infra/scratch-owner.ts).
import { createWriteStream } from 'node:fs'
import type { Socket } from 'node:net'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { resolveFfmpegBinaries } from '../../../infra/ffmpeg.ts'
import { createVideoChecks } from '../../../infra/video-checks.ts'
import { createUploadAcceptor, type UploadAcceptor } from '../../services/accept-upload.service.ts'
import { HttpError, Refusal, badRequest } from '../../errors.ts'
import { bearerToken } from './auth.ts'
import type { Scratch } from '../../../infra/storage.ts'
import { createUploadSlots, type UploadSlots } from '../../services/upload-slots.service.ts'
import { formatBytes, tooLarge } from '../../services/upload.service.ts'
import { uploadBytesTotal } from '../../../infra/metrics.ts'
import { clientNetwork } from '../../client-network.ts'

/** Bytes of uploaded files received through POST /api/upload (counted as they arrive, cut-off uploads included). */
const multipartBytes = uploadBytesTotal.labels('multipart')

/** Room for the multipart framing and the text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/** Kept well inside server.ts's shutdown bound. */
export const UPLOAD_SHUTDOWN_GRACE_MS = 5_000
export const SHUTTING_DOWN = 'The server is restarting. Please upload your video again in a moment.'
const shuttingDown = () => new HttpError(503, SHUTTING_DOWN)
/** Why the upload was stopped: the watchdog's 408, else (shutdown) 503. */
const stopReason = (signal: AbortSignal) => (signal.reason instanceof Refusal ? signal.reason : shuttingDown())

/** Connections whose request body is an upload being received (server/app.ts exempts them from requestTimeout). */
const uploadSockets = new WeakSet<Socket>()
export const receivingUpload = (socket: Socket): boolean => uploadSockets.has(socket)
/** Marks `socket` as receiving an upload body (a tus PATCH) until the returned function runs. */
export function markReceivingUpload(socket: Socket): () => void {
  uploadSockets.add(socket)
  return () => void uploadSockets.delete(socket)
}

export interface ThroughputMinimum {
  /** At least `minBytes` must arrive in every `windowMs`... */
  windowMs: number
  minBytes: number
  /** ...and, after the first window, `minAverageBytesPerSecond` on average since the start. */
  minAverageBytesPerSecond: number
}

/** Why a body was cut: too little in the last window, or too little on average (`received` bytes in `elapsedMs`). */
export type SlowBody = { kind: 'stall' } | { kind: 'average'; received: number; elapsedMs: number }

/**
 * Calls `slow` when `socket` brings less than the minimum (checked every window). Counts the
 * connection's bytes, so a stall between form parts counts too. The average rule bounds a body's
 * total time by its size: N bytes may take at most windowMs + N / minAverageBytesPerSecond. Bytes
 * the server had already read when the watch began (the first burst, a few KB to a few hundred)
 * are not counted; the first window's grace (30 s × 32 KB/s by default) more than covers them.
 */
export function watchThroughput(socket: Socket, minimum: ThroughputMinimum, slow: (why: SlowBody) => void): () => void {
  if (typeof socket?.bytesRead !== 'number') return () => {} // app.inject's mock socket
  const { windowMs, minBytes, minAverageBytesPerSecond } = minimum
  const started = Date.now()
  const first = socket.bytesRead
  let seen = first
  const timer = setInterval(() => {
    const now = socket.bytesRead
    const elapsedMs = Date.now() - started
    const received = now - first
    if (now - seen < minBytes) slow({ kind: 'stall' })
    else if (received * 1000 < minAverageBytesPerSecond * (elapsedMs - windowMs)) slow({ kind: 'average', received, elapsedMs })
    seen = now
  }, windowMs)
  return () => clearInterval(timer)
}

/** The 408 sentence for a body cut by watchThroughput. */
export function tooSlow(why: SlowBody, minimum: ThroughputMinimum): HttpError {
  const fix = 'Check the connection and try again.'
  if (why.kind === 'stall')
    return new HttpError(
      408,
      `The upload is too slow: less than ${formatBytes(minimum.minBytes)} arrived in ${minimum.windowMs / 1000} seconds. ${fix}`,
    )
  return new HttpError(
    408,
    `The upload is too slow: an upload must average at least ${formatBytes(minimum.minAverageBytesPerSecond)} a second ` +
      `(this one brought ${formatBytes(why.received)} in ${Math.round(why.elapsedMs / 1000)} seconds). ${fix}`,
  )
}

/** How often the scratch of killed processes is looked for again (entries made in another pid namespace are judged by age). */
const SCRATCH_SWEEP_EVERY_MS = 10 * 60_000

/**
 * The probe and the decode checks run ffprobe/ffmpeg: at most this many run at once in one
 * process (the others wait their turn). Fifty uploads arriving together used to start a
 * hundred decoders on two cores, and the starved process then held the room locks so long
 * that other uploads' transactions timed out (found by the 50-upload load test).
 */
export const CONCURRENT_VIDEO_CHECKS = Math.max(2, availableParallelism())

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
  receive<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    options: {
      fileField: string
      beforeFile(fields: Readonly<Record<string, string>>): Promise<void>
      work(form: ReceivedForm): Promise<T>
    },
  ): Promise<T>
  /** Check, probe, record and enqueue: the one path of a received upload, for both ingest routes (services/accept-upload.service.ts). */
  acceptor: UploadAcceptor
  /**
   * The per-lifter upload limit (RATE_LIMIT_UPLOAD_PER_MINUTE) as an onRequest hook: one count for
   * POST /upload and the creation of resumable uploads (a limit per route would give each its own).
   */
  limit: preHandlerAsyncHookHandler
  /** Room per account and address: unfinished resumable uploads, bodies being received (services/upload-slots.service.ts). */
  slots: UploadSlots
  /** The minimum an upload body must keep to (UPLOAD_STALL_*, UPLOAD_MIN_AVERAGE_BYTES_PER_SECOND), for watchThroughput. */
  throughput: ThroughputMinimum
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: Uploads
  }
}

/** Multipart and busboy failures → one sentence and the right status. */
function formError(error: unknown, limit: number): unknown {
  if (error instanceof Refusal) return error
  const code = (error as { code?: string }).code
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(limit)
    case 'FST_FILES_LIMIT':
      return badRequest('Send one video per upload.')
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('The upload form has too many fields.')
    case 'FST_PROTO_VIOLATION':
      return badRequest('The upload form has a field name that is not allowed.')
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('Send the video as multipart/form-data.')
    case 'FST_MP_PREMATURE_CLOSE':
    case 'ECONNRESET':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return badRequest('The upload was cut off before the end. Please try again.')
  }
  const message = (error as Error)?.message ?? ''
  if (/multipart|form|part|boundary|terminated early/i.test(message))
    return badRequest('The upload form is malformed or was cut off. Please try again.')
  return error
}

/** Streams the form into `dir`. `signal` stops it (shutdown) with a 503. */
async function readForm(
  request: FastifyRequest,
  dir: string,
  limit: number,
  signal: AbortSignal,
  fileField: string,
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
        if (part.fieldname !== fileField)
          throw badRequest(`Send the video in the "${fileField}" field (got a file in "${part.fieldname}").`)
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
  const { config, storage, queue } = app.deps
  const videoChecks = createVideoChecks(resolveFfmpegBinaries(config), CONCURRENT_VIDEO_CHECKS)
  const acceptor = createUploadAcceptor({ config, repos: app.repos, storage, queue, videoChecks })

  // Scratch of uploads (and poster grabs, transcodes) whose process was killed: at start, then now and then.
  const sweepDead = async () => {
    const removed = await storage.sweepDeadScratch().catch((err: unknown) => {
      app.log.warn({ err }, 'could not sweep the scratch of stopped processes')
      return 0
    })
    if (removed > 0) app.log.info({ removed }, 'removed the scratch of stopped processes')
  }
  let sweeper: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await sweepDead()
    // Named before scratch names said their process (an upgrade): a day is far longer than any upload.
    await storage.sweepScratch(24 * 3600_000, 'upload-').catch((err: unknown) => app.log.warn({ err }, 'could not sweep upload scratch'))
    sweeper = setInterval(() => void sweepDead(), SCRATCH_SWEEP_EVERY_MS).unref()
  })
  app.addHook('onClose', async () => clearInterval(sweeper))

  // Uploads in flight, for a clean shutdown: none is left half-stored when the process stops.
  const inFlight = new Set<{ receiving: boolean; stop: AbortController; done: Promise<unknown> }>()
  app.addHook('preClose', async () => {
    if (inFlight.size === 0) return
    const all = () => Promise.allSettled([...inFlight].map((u) => u.done))
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      all(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, UPLOAD_SHUTDOWN_GRACE_MS)
      }),
    ])
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
      return `upload-ip-${clientNetwork(request.ip)}`
    },
  })

  const throughput: ThroughputMinimum = {
    windowMs: config.uploadStallWindowMs,
    minBytes: config.uploadStallMinBytes,
    minAverageBytesPerSecond: config.uploadMinAverageBytesPerSecond,
  }
  const slots = createUploadSlots(
    app.repos.uploadSlots,
    {
      unfinishedPerAccount: config.uploadUnfinishedPerAccount,
      unfinishedBytesPerAccount: config.uploadUnfinishedBytesPerAccount,
      unfinishedPerAddress: config.uploadUnfinishedPerAddress,
      unfinishedBytesPerAddress: config.uploadUnfinishedBytesPerAddress,
      concurrentPerAccount: config.uploadConcurrentPerAccount,
    },
    app.log,
  )

  app.decorate('uploads', {
    limit,
    slots,
    throughput,
    async receive(request, reply, { fileField, beforeFile, work }) {
      if (!request.isMultipart()) {
        throw badRequest('Send the video as multipart/form-data with the fields video, lift_type, weight, competition_id and user_id.')
      }
      // A body declared far larger than the limit is refused before a byte is stored (the form's text fields need little room).
      const declared = Number(request.headers['content-length'])
      if (Number.isFinite(declared) && declared > config.uploadMaxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(config.uploadMaxBytes)

      // One account's bodies on their way, on every node: beyond the limit, 429 before the body is read.
      let stopReceiving: () => Promise<void> = async () => {}
      if (request.userId !== null && request.userId !== undefined) {
        try {
          stopReceiving = await slots.receiving({ userId: request.userId, address: clientNetwork(request.ip) })
        } catch (error) {
          reply.header('connection', 'close')
          throw error
        }
      }
      let finished: () => void = () => {}
      const upload = {
        receiving: true,
        stop: new AbortController(),
        done: new Promise<unknown>((resolve) => {
          finished = () => resolve(undefined)
        }),
      }
      inFlight.add(upload)
      const socket = request.raw.socket
      let scratch: Scratch | undefined
      let stopWatching = () => {}
      try {
        scratch = await storage.scratch('upload')
        uploadSockets.add(socket)
        stopWatching = watchThroughput(socket, throughput, (why) => upload.stop.abort(tooSlow(why, throughput)))
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
          await stopReceiving()
        }
        // A burst of uploads waits its turn for the video checks (CONCURRENT_VIDEO_CHECKS): the client is waiting
        // for the answer, not idle, so the connection's idle timeout (CONNECTION_TIMEOUT_MS) must not cut it meanwhile.
        if (typeof socket?.setTimeout === 'function') socket.setTimeout(0)
        return await work(form)
      } finally {
        stopWatching()
        uploadSockets.delete(socket)
        await Promise.all([stopReceiving(), scratch?.dispose()])
        inFlight.delete(upload)
        finished()
      }
    },
    acceptor,
  } satisfies Uploads)
})
