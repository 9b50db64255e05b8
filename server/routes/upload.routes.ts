// POST /upload: a lifter's video of one attempt.
// Who uploads what to which challenge is checked before a byte of the file is
// stored: when the text fields come before the file (as our client sends them), a
// lifter who may not upload is refused at once, not after streaming the video.
// The file is streamed to a scratch file on the media volume (never held in
// memory), its bytes are sniffed (the declared mimetype is ignored) and ffprobe +
// a decode of both ends must find a playable video stream. Then, in one
// transaction, the attempt and its live events are written; after commit the file
// is renamed into place, the events are published and a transcode job enqueued.
// The answer comes at once: `url` plays the original until renditions exist.
//
// Decision: only a participant may upload to a challenge. Uploading to a challenge
// you have not joined answers 403 'Join this challenge before uploading a lift.'
// (an attempt belongs to a participant: its weight class and the board need one).
import { createWriteStream } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { fileTypeFromFile } from 'file-type'
import {
  ErrorResponse, GLOBAL_ROOM, LIMITS, UploadForm, UploadResponse, competitionRoom, normalizeLiftType, type LiftType, type LiveEvent,
} from '../../contract/index.ts'
import { ProbeError, assertDecodable, probe, resolveFfmpegBinaries } from '../../infra/ffmpeg.ts'
import { appendEvent, reserveSeq } from '../../infra/live-outbox.ts'
import { WRITE_TRANSACTION } from '../../infra/db.ts'
import { attemptKeys, createLocalStorage } from '../../infra/storage.ts'
import { HttpError, badRequest, conflict, forbidden, notFound } from '../errors.ts'
import { assertActsAsSelf, bearerToken } from '../plugins/app/auth.ts'
import { challengeLiftTypes, challengeStatus } from '../services/competition-meta.ts'
import { mediaUrl, toLift } from '../../infra/attempt-view.ts'

/** Containers we take (as sniffed from the bytes) and the extension the original keeps. */
const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mov', 'webm', 'mkv', '3gp', '3g2', 'avi', 'mpg', 'mts', 'ogv', 'flv', 'asf'])

/** Room for the multipart framing and the text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/**
 * When the server is told to stop, uploads still arriving get this long to finish. Then the
 * ones still receiving are refused with 503 (their scratch file removed; the client uploads
 * again); the ones already received finish (probe, write, answer 201). Kept well inside
 * server.ts's shutdown bound.
 */
export const UPLOAD_SHUTDOWN_GRACE_MS = 5_000
export const SHUTTING_DOWN = 'The server is restarting. Please upload your video again in a moment.'
const shuttingDown = () => new HttpError(503, SHUTTING_DOWN)

/**
 * The probe and the decode checks run ffprobe/ffmpeg: at most this many uploads check at once
 * in one process (the others wait their turn). Fifty uploads arriving together used to start
 * a hundred decoders on two cores, and the starved process then held the room locks so long
 * that other uploads' transactions timed out (found by the 50-upload load test).
 */
export const CONCURRENT_VIDEO_CHECKS = Math.max(2, availableParallelism())

/** Runs at most `max` tasks at once; the rest wait in arrival order. */
export function createLimiter(max: number) {
  let active = 0
  const waiting: Array<() => void> = []
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (active < max) active++
    else await new Promise<void>((resolve) => waiting.push(resolve)) // the finishing task hands over its slot
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}

export const NOT_JOINED = 'Join this challenge before uploading a lift.'
export const NOT_STARTED = 'This challenge has not started yet'

export function formatBytes(bytes: number): string {
  const units: Array<[number, string]> = [[1024 ** 3, 'GB'], [1024 ** 2, 'MB'], [1024, 'KB']]
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`
  }
  return `${bytes} bytes`
}

interface ReceivedForm {
  fields: Record<string, string>
  file?: { path: string; size: number }
}

const tooLarge = (limit: number) => new HttpError(413, `The video is larger than the ${formatBytes(limit)} limit. Trim or compress it and try again.`)

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

/**
 * Streams the form: the one file to `dir`, short fields into memory. `beforeFile` runs with the
 * fields received so far when the file part begins, before any of its bytes are written; what
 * it throws ends the upload. `signal` stops it (shutdown) with a 503.
 */
async function receiveForm(
  request: FastifyRequest, dir: string, limit: number, signal: AbortSignal,
  beforeFile: (fields: Readonly<Record<string, string>>) => Promise<void>,
): Promise<ReceivedForm> {
  const form: ReceivedForm = { fields: {} }
  // A client that stalls between parts would keep the loop waiting: the signal ends the wait too.
  let onAbort: () => void = () => {}
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(shuttingDown())
    signal.addEventListener('abort', onAbort, { once: true })
  })
  aborted.catch(() => {}) // only ever raced below
  const parts = request.parts()[Symbol.asyncIterator]()
  try {
    for (;;) {
      if (signal.aborted) throw shuttingDown()
      const next = await Promise.race([parts.next(), aborted])
      if (next.done) break
      const part = next.value
      if (part.type === 'file') {
        if (part.fieldname !== 'video') throw badRequest(`Send the video in the "video" field (got a file in "${part.fieldname}").`)
        if (form.file) throw badRequest('Send one video per upload.')
        await beforeFile(form.fields)
        const path = join(dir, 'upload')
        let size = 0
        const count = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length
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
    if (signal.aborted) throw shuttingDown()
    throw formError(error, limit)
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
  return form
}

interface UploadFields {
  /** Canonical when it names a lift we know; whether the challenge lists it is checked with the challenge. */
  liftType: LiftType | undefined
  weight: number
  competitionId: number
}

const REQUIRED_FIELDS = ['lift_type', 'weight', 'competition_id'] as const
const hasRequiredFields = (fields: Readonly<Record<string, string>>) => REQUIRED_FIELDS.every((name) => fields[name]?.trim())

const orList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`)

export function parseUploadFields(fields: Readonly<Record<string, string>>): UploadFields {
  const missing = REQUIRED_FIELDS.filter((name) => !fields[name]?.trim())
  if (missing.length > 0) throw badRequest(`Please fill in all fields: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`)
  const liftType = normalizeLiftType(fields.lift_type)
  const weightText = fields.weight!.trim()
  const weight = /^\d+(\.\d+)?$/.test(weightText) ? Number(weightText) : NaN
  if (!Number.isFinite(weight) || weight <= 0 || weight > LIMITS.maxWeightKg) {
    throw badRequest(`Please enter a valid weight: a number of kilograms above 0 and at most ${LIMITS.maxWeightKg}.`)
  }
  const idText = fields.competition_id!.trim()
  const competitionId = /^\d{1,10}$/.test(idText) ? Number(idText) : NaN
  if (!Number.isSafeInteger(competitionId) || competitionId < 1 || competitionId > 2147483647) throw badRequest('competition_id must be a challenge id.')
  return { liftType, weight, competitionId }
}

const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db, queue } = app.deps
  const { prisma } = db
  const storage = createLocalStorage(config.mediaDir)
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

  app.post('/upload', {
    onRequest: app.authenticate,
    config: {
      // The OpenAPI document shows the multipart fields; Fastify does not validate a multipart body.
      swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body: UploadForm }, url }),
      rateLimit: {
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
      },
    },
    schema: {
      tags: ['videos'],
      security: [{ bearer: [] }],
      consumes: ['multipart/form-data'],
      description:
        'multipart/form-data with `video` (one file), `lift_type` (a lift the challenge lists), `weight` (kg), `competition_id` and optionally ' +
        '`user_id` (must be the caller). The caller must have joined the challenge, and it must be running (409 before its start and after ' +
        'its end). Send the fields before the video: they are then checked before a byte of it is stored. Answers at once; the `url` plays ' +
        'the original until the 360p/720p renditions are ready. Size limit: UPLOAD_MAX_BYTES (413).',
      response: {
        201: UploadResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse,
        409: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse,
      },
    },
  }, async (request, reply) => {
    const upload = { receiving: true, stop: new AbortController(), done: Promise.resolve() as Promise<unknown> }
    let finished: () => void = () => {}
    upload.done = new Promise<void>((resolve) => { finished = resolve })
    inFlight.add(upload)
    try {
      return await handleUpload(request, reply, upload)
    } finally {
      inFlight.delete(upload)
      finished()
    }
  })

  /** Who uploads what to which challenge: the caller, a lift the challenge lists, an open challenge they joined. */
  async function checkFields(request: FastifyRequest, fields: Readonly<Record<string, string>>) {
    const userId = assertActsAsSelf(request, fields.user_id)
    const { liftType, weight, competitionId } = parseUploadFields(fields)
    const competition = await prisma.competition.findUnique({
      where: { id: competitionId }, select: { startDate: true, endDate: true, liftTypes: true, description: true },
    })
    if (!competition) throw notFound(`Challenge ${competitionId} does not exist.`)
    const status = challengeStatus(competition.startDate, competition.endDate)
    if (status === 'completed') throw conflict('This challenge has ended')
    if (status === 'upcoming') throw conflict(NOT_STARTED)
    const allowed = challengeLiftTypes(competition)
    if (!liftType || !allowed.includes(liftType)) throw badRequest(`lift_type must be ${orList(allowed)}: the lifts this challenge lists.`)
    const participant = await prisma.participant.findUnique({
      where: { userId_competitionId: { userId, competitionId } },
      include: { user: { select: { name: true } } },
    })
    if (!participant) throw forbidden(NOT_JOINED)
    return { liftType, weight, competitionId, participant }
  }

  async function handleUpload(request: FastifyRequest, reply: FastifyReply, upload: { receiving: boolean; stop: AbortController }) {
    if (!request.isMultipart()) {
      throw badRequest('Send the video as multipart/form-data with the fields video, lift_type, weight, competition_id and user_id.')
    }
    // A body declared far larger than the limit is refused before a byte is stored (the form's text fields need little room).
    const declared = Number(request.headers['content-length'])
    if (Number.isFinite(declared) && declared > config.uploadMaxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(config.uploadMaxBytes)
    const scratch = await storage.scratch('upload')
    try {
      let form: ReceivedForm
      // Checked when the file begins if the fields came first; a field arriving after it means checking again.
      let checked: { fieldCount: number; result: Awaited<ReturnType<typeof checkFields>> } | undefined
      try {
        form = await receiveForm(request, scratch.dir, config.uploadMaxBytes, upload.stop.signal, async (fields) => {
          if (hasRequiredFields(fields)) checked = { fieldCount: Object.keys(fields).length, result: await checkFields(request, fields) }
        })
      } catch (error) {
        // The rest of the body may still be on its way: close the connection rather than read it all.
        reply.header('connection', 'close')
        throw error
      } finally {
        upload.receiving = false
      }
      if (!form.file) throw badRequest('Please fill in all fields: attach the video file in the "video" field.')
      const { liftType, weight, competitionId, participant } = checked && checked.fieldCount === Object.keys(form.fields).length
        ? checked.result
        : await checkFields(request, form.fields)

      // The bytes decide, not the declared type or the file name.
      if (form.file.size === 0) throw badRequest('The uploaded file is empty. Please choose a video.')
      const sniffed = await fileTypeFromFile(form.file.path)
      if (!sniffed || !(sniffed.mime.startsWith('video/') || VIDEO_EXTENSIONS.has(sniffed.ext)) || !/^[a-z0-9]{2,4}$/.test(sniffed.ext)) {
        throw badRequest('The file is not a video. Please upload an MP4, MOV or WebM clip.')
      }
      const binaries = resolveFfmpegBinaries(config)
      const path = form.file.path
      try {
        await videoChecks(async () => {
          const info = await probe(binaries, path)
          if (!info.video) throw new ProbeError('no video stream')
          await assertDecodable(binaries, path, info)
        })
      } catch (error) {
        if (!(error instanceof ProbeError)) throw error
        request.log.info({ reason: error.message }, 'upload refused: not a playable video')
        throw badRequest('The video could not be read: it may be truncated or damaged. Please upload it again.')
      }

      const ext = VIDEO_EXTENSIONS.has(sniffed.ext) ? sniffed.ext : 'mp4'
      const { events, originalKey, attemptId } = await prisma.$transaction(async (tx) => {
        const room = competitionRoom(competitionId)
        const seq = await reserveSeq(tx, room) // competition room before the global room (lock order)
        const created = await tx.attempt.create({
          data: { participantId: participant.id, liftType, weight, status: 'completed', processingState: 'pending' },
        })
        const key = attemptKeys.original(created.id, ext)
        const row = await tx.attempt.update({ where: { id: created.id }, data: { originalKey: key } })
        const lift = toLift(config.apiBase, row, participant)
        const list: LiveEvent[] = [
          await appendEvent(tx, room, 'attempt.created', { competition_id: competitionId, attempt: lift }, seq),
          await appendEvent(tx, GLOBAL_ROOM, 'leaderboard.changed', { competition_id: competitionId }),
        ]
        return { events: list, originalKey: key, attemptId: created.id }
      }, WRITE_TRANSACTION)

      try {
        await storage.putFile(originalKey, form.file.path)
      } catch (error) {
        // Announced like every change of an attempt, after the creation it follows.
        app.publisher.publish(events)
        const failed = await prisma.$transaction(async (tx) => {
          const row = await tx.attempt.update({
            where: { id: attemptId },
            data: { processingState: 'failed', processingError: 'The upload could not be stored; please upload it again.' },
          })
          return appendEvent(tx, competitionRoom(competitionId), 'attempt.updated', { competition_id: competitionId, attempt: toLift(config.apiBase, row, participant) })
        }).catch((err: unknown) => request.log.error({ err, attemptId }, 'could not mark a failed upload'))
        if (failed) app.publisher.publish([failed])
        throw error
      }
      app.publisher.publish(events)
      try {
        await queue.enqueue({ attemptId })
      } catch (err) {
        // The attempt stays pending in the database; the next start of a server or worker enqueues it.
        request.log.error({ err, attemptId }, 'could not enqueue the transcode')
      }

      reply.status(201)
      return { url: mediaUrl(config.apiBase, originalKey), attempt_id: attemptId, participant_id: participant.userId, competition_id: competitionId }
    } finally {
      await scratch.dispose()
    }
  }
}

export default uploadRoutes
