// Over 300 lines: the tus protocol route still holds the resumable-upload rules (ownership, finish-once, expiry); their move to a service is the next step (issue 29).
// Resumable uploads: the tus 1.0.0 protocol (@tus/server) under /uploads/, for phones on
// networks that drop. Extensions: creation, termination, expiration.
//
//   POST   /uploads/        creates an upload: Upload-Length, and Upload-Metadata (base64) with
//                           filename, filetype, lift_type, weight, competition_id (user_id optional,
//                           must be the caller). Checked exactly as POST /upload checks its form
//                           (accept-upload.service.ts), before any byte: 400/401/403/404/409, 413
//                           when Upload-Length is over UPLOAD_MAX_BYTES, 429 (one limit with POST /upload;
//                           and the unfinished uploads' room per account and per address,
//                           services/upload-slots.service.ts, held until it is recorded, cancelled,
//                           refused or expired).
//   HEAD   /uploads/<id>    the offset to resume from; a finished upload shows offset = length and
//                           `X-Attempt-Id` (a client that lost the last answer still learns it).
//   PATCH  /uploads/<id>    bytes at Upload-Offset. The last one runs the upload through the same
//                           probe → attempt → transcode path as POST /upload and answers 200 with
//                           POST /upload's JSON and `X-Attempt-Id`; a file that is not a playable
//                           video answers POST /upload's 400 and the upload is removed.
//   DELETE /uploads/<id>    cancels it (its bytes are removed).
//   OPTIONS                 tus discovery (no token).
// Every request but OPTIONS needs the bearer token; an upload is its creator's (another user's
// token → 404). Errors answer {error}, whatever tus said.
//
// Where the parts wait: STORAGE_DRIVER=local → @tus/file-store under SCRATCH_DIR/tus (survives a
// restart; only this host can resume it); s3 → @tus/s3-store in the media bucket under `tus/`
// (any node can resume it). With REDIS_URL, uploads are locked through Redis (infra/redis-locker.ts)
// and the S3 store's upload state lives in Redis; without, in this process. Uploads unfinished
// after UPLOAD_RESUME_HOURS are removed (at start, then hourly).
//
// One upload records one attempt: attempts.upload_id is unique, and a finish that finds its
// attempt recorded answers that attempt. A PATCH body is exempt from REQUEST_TIMEOUT_MS and held to
// the upload throughput minimum instead (plugins/app/uploads.ts: per window and on average); a
// stalled, too slow or cut PATCH just ends with what arrived, and the client resumes from HEAD's offset.
//
// Bodies are tus's to read, so the Content-Type is checked before Fastify parses anything: a PATCH
// must send application/offset+octet-stream, and a creation has no body (creation-with-upload is
// not offered). Anything else answers 415 {error}, with nothing read or written.
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { copyFile, link } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { Server as TusServer, Metadata, type Upload } from '@tus/server'
import type { UploadResponse } from '../../contract/index.ts'
import { uploadBytesTotal } from '../../infra/metrics.ts'
import { openResumableStore } from '../../infra/resumable-store.ts'
import { RESUMABLE_UPLOADS_PREFIX } from '../../infra/storage.ts'
import { HttpError, Refusal, badRequest, conflict, notFound, statusOf } from '../errors.ts'
import { UPLOAD_SHUTDOWN_GRACE_MS, markReceivingUpload, tooLarge, watchThroughput } from '../plugins/app/uploads.ts'
import { clientNetwork } from '../client-network.ts'

const CLEANUP_EVERY_MS = 3_600_000
const ID = /^[0-9a-f]{32}$/

export const NO_SUCH_UPLOAD = 'This upload does not exist: it may have expired or been cancelled. Please start the upload again.'
const OFFSET_CONFLICT = 'The upload is not at that offset: ask for its offset (HEAD) and resume from there.'
const ARRIVED = 'This upload has arrived and is being recorded as your attempt: it can no longer be cancelled.'
const LOCKED_TEXT = 'This upload is being received by another request right now. Please try again in a moment.'
const OCTETS = 'application/offset+octet-stream'
const SEND_AS_OCTETS = `Send the bytes as Content-Type: ${OCTETS}.`
const NO_CREATION_BODY = `Create the upload without a body (Upload-Length and Upload-Metadata only), then send the bytes with PATCH as Content-Type: ${OCTETS}.`


/** The tus error a hook throws: PatchHandler answers its status and body. */
const tusError = (status: number, error: string) => ({ status_code: status, body: JSON.stringify({ error }) })

/** Upload-Metadata's values, decoded (tus's own parser: base64 values, keys once each). */
function parseMetadata(header: string | undefined): Record<string, string> {
  if (!header) return {}
  let parsed: Record<string, string | null>
  try {
    parsed = Metadata.parse(header)
  } catch {
    throw badRequest('Upload-Metadata is malformed: send comma-separated "key base64value" pairs, each key once.')
  }
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v ?? '']))
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** tus's plain-text refusals → one sentence a person can act on. */
function errorText(status: number, text: string, limit: number): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown }
    if (typeof parsed?.error === 'string') return parsed.error
  } catch {
    // tus's own text
  }
  switch (status) {
    case 404: case 410: return NO_SUCH_UPLOAD
    case 409: return OFFSET_CONFLICT
    case 412: return 'Send the header Tus-Resumable: 1.0.0 (this server speaks tus 1.0.0).'
    case 413: return tooLarge(limit).message
    case 415: return SEND_AS_OCTETS
    case 423: return LOCKED_TEXT
  }
  if (/lock/i.test(text)) return LOCKED_TEXT
  return text.trim() || 'The upload request is not valid.'
}

const tusRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { config, storage } = app.deps
  const { acceptor } = app.uploads
  const path = `${config.apiBase}/uploads`
  const idPrefix = config.storageDriver === 's3' ? RESUMABLE_UPLOADS_PREFIX : ''
  const newUploadId = () => idPrefix + randomBytes(16).toString('hex')

  const { datastore, locker, forgetState, stateReachable, close } = openResumableStore(config, app.deps.redis, (err) => app.log.warn({ err }, 'resumable uploads: Redis connection error'))
  app.addHook('onClose', close)

  /** The Fastify request behind each request tus handles (its user, its log). */
  const requests = new WeakMap<Request, FastifyRequest>()
  /** Finishes running in this process, by upload id: a HEAD or a repeated PATCH waits for it. */
  const finishing = new Map<string, Promise<UploadResponse>>()
  /** PATCHes receiving bytes, for a clean shutdown. */
  const receiving = new Set<FastifyRequest>()
  /** The id a creation took its room under (upload-slots.service.ts), for tus's namingFunction. */
  const reservedIds = new WeakMap<FastifyRequest, string>()
  const { slots } = app.uploads

  const tus = new TusServer({
    path,
    datastore,
    locker,
    relativeLocation: true,
    maxSize: config.uploadMaxBytes,
    namingFunction: (req) => {
      const request = requests.get(req)
      return (request && reservedIds.get(request)) ?? newUploadId()
    },
    generateUrl: (_req, { path: base, id }) => `${base}/${id.slice(idPrefix.length)}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath && ID.test(lastPath) ? idPrefix + lastPath : undefined),
    // The fields were checked before tus saw the request (creation below); the owner is recorded with them.
    onUploadCreate: async (req, upload) => {
      const request = requests.get(req)
      if (!request?.userId) throw tusError(401, 'Please log in to do this.')
      return { metadata: { ...upload.metadata, owner: String(request.userId) } }
    },
    onUploadFinish: async (req, upload) => {
      const request = requests.get(req)
      if (!request) throw tusError(500, 'Something went wrong on our side. Please try again.')
      try {
        const answer = await finish(request, upload)
        return { status_code: 200, headers: { 'X-Attempt-Id': String(answer.attempt_id), 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(answer) }
      } catch (error) {
        if (error instanceof Refusal) throw tusError(statusOf(error), error.message)
        request.log.error({ err: error, upload: upload.id }, 'resumable upload: could not finish')
        throw tusError(503, 'The upload arrived but could not be recorded yet. Please try again in a moment: it will not be sent again.')
      }
    },
  })

  /** The finished upload's bytes, as a local file in a scratch folder of the media store. */
  async function localCopy(upload: Upload, dir: string): Promise<string> {
    const target = join(dir, 'upload')
    const source = upload.storage?.type === 'file' ? upload.storage.path : undefined
    if (source) {
      // A second name for the same bytes (the tus file is removed afterwards); another volume: a copy.
      await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error
        await copyFile(source, target)
      })
    } else {
      // The S3 store's read answers a promise of the object's stream.
      const source = await (datastore as unknown as { read(id: string): Readable | Promise<Readable> }).read(upload.id)
      await pipeline(source, createWriteStream(target, { flags: 'wx' }))
    }
    return target
  }

  /** Removes an upload's parts and info, and frees its room; gone already is fine. */
  async function removeUpload(id: string) {
    await datastore.remove(id).catch(() => {})
    await slots.closeUnfinished(id)
    if (config.storageDriver === 's3') {
      // The S3 store's remove stops at a completed multipart upload (no upload left to abort) and
      // leaves its object, info and cached state: removed here (keys as the store writes them).
      await Promise.all([storage.delete(id), storage.delete(`${id}.info`), storage.delete(`${id}.part`), forgetState(id)])
        .catch((err: unknown) => app.log.warn({ err, upload: id }, 'resumable upload: could not remove its objects'))
    }
  }

  /**
   * The upload's bytes have all arrived: the same probe → attempt → transcode path as POST /upload,
   * with the fields checked again as they are now (the challenge may have ended meanwhile). Once per
   * upload: a concurrent call in this process waits for the running one, and the database keeps a
   * second node from recording it twice. Refused (4xx) → the upload is removed.
   */
  function finish(request: FastifyRequest, upload: Upload): Promise<UploadResponse> {
    const running = finishing.get(upload.id)
    if (running) return running
    const publicId = upload.id.slice(idPrefix.length)
    const job = (async () => {
      const first = await acceptor.recorded(publicId)
      if (first) return first.answer
      const fields = Object.fromEntries(Object.entries(upload.metadata ?? {}).map(([k, v]) => [k, v ?? '']))
      const scratch = await storage.scratch('upload')
      try {
        const checked = await acceptor.check(request.userId, fields)
        const file = await localCopy(upload, scratch.dir)
        // With the S3 store, the finished upload is an object of the media bucket, keyed by its id.
        const storedAs = config.storageDriver === 's3' ? upload.id : undefined
        const { answer, recordedHere } = await acceptor.accept(request.log, checked, { path: file, size: upload.size ?? upload.offset, storedAs }, publicId)
        // Another node's finish of this upload recorded it first and may still be copying its bytes: that one removes them.
        if (recordedHere) await removeUpload(upload.id)
        return answer
      } catch (error) {
        // Another node's finish of the same upload recorded it meanwhile (this one's rules then saw its attempt): the first stands, and that node removes the bytes.
        const first = error instanceof Refusal ? await acceptor.recorded(publicId).catch(() => null) : null
        if (first) return first.answer
        if (error instanceof Refusal && statusOf(error) < 500) await removeUpload(upload.id)
        throw error
      } finally {
        await scratch.dispose()
      }
    })()
    finishing.set(upload.id, job)
    void job.catch(() => {}).finally(() => finishing.delete(upload.id))
    return job
  }

  /** What the id names for this caller: an upload still open (or complete, being finished), or the attempt it recorded. 404 otherwise. */
  async function ownUpload(request: FastifyRequest, id: string):
    Promise<{ open: Upload } | { recorded: UploadResponse; size: number | undefined }> {
    if (!ID.test(id)) throw notFound(NO_SUCH_UPLOAD)
    const unreachable = (error: unknown) => {
      request.log.error({ err: error, upload: id }, 'resumable upload: store unreachable')
      return new HttpError(503, 'The upload could not be reached right now. Please try again in a moment: it resumes where it stopped.')
    }
    const upload = await datastore.getUpload(idPrefix + id).catch(async (error: unknown) => {
      const status = (error as { status_code?: number } | undefined)?.status_code
      if (status !== 404 && status !== 410) throw unreachable(error)
      // The S3 store answers "not found" when it could not read the upload's state at all (bucket
      // or Redis away): a client told 404 would start again from zero, so make sure it is gone.
      if (config.storageDriver === 's3') await Promise.all([storage.ping(), stateReachable()]).catch((cause: unknown) => { throw unreachable(cause) })
      return null
    })
    if (upload) {
      if (upload.metadata?.owner !== String(request.userId)) throw notFound(NO_SUCH_UPLOAD)
      return { open: upload }
    }
    await finishing.get(idPrefix + id)?.catch(() => {})
    const recorded = await acceptor.recorded(id)
    if (!recorded || recorded.userId !== request.userId) throw notFound(NO_SUCH_UPLOAD)
    const stored = recorded.originalKey ? await storage.stat(recorded.originalKey).catch(() => null) : null
    return { recorded: recorded.answer, size: stored?.size }
  }

  /** A finished upload's state, as HEAD shows it: complete, with its attempt. */
  function sendFinished(reply: FastifyReply, answer: UploadResponse, size: number | undefined, withBody: boolean) {
    reply.status(200).headers({ 'tus-resumable': '1.0.0', 'cache-control': 'no-store', 'x-attempt-id': String(answer.attempt_id) })
    if (size !== undefined) reply.headers({ 'upload-offset': String(size), 'upload-length': String(size) })
    return withBody ? reply.send(answer) : reply.send()
  }

  /**
   * Hands the request to tus and answers what it answers; refusals become {error}. tus is given the
   * URL of `id` (the one the owner check read), never the request's own: tus takes an upload's id
   * from the URL's last `/…`, query string included, so `/uploads/<mine>?x=/<theirs>` must not reach it.
   */
  async function runTus(request: FastifyRequest, reply: FastifyReply, id?: string) {
    const method = request.method
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    const hasBody = method === 'PATCH' || method === 'POST'
    const webRequest = new Request(new URL(id === undefined ? `${path}/` : `${path}/${id}`, 'http://tus.invalid'), {
      method, headers, ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit)
    requests.set(webRequest, request)

    let release = () => {}
    if (method === 'PATCH') {
      // A slow phone may take long over a PATCH: no requestTimeout, a throughput minimum instead;
      // below it the connection is cut and the bytes that arrived are kept (the client resumes).
      const socket = request.raw.socket
      const unmark = markReceivingUpload(socket)
      const stopWatching = watchThroughput(socket, app.uploads.throughput, () => request.raw.destroy())
      // The last PATCH's finish (probe, copy) may take longer than a window: the minimum holds for the body only.
      request.raw.once('end', stopWatching)
      receiving.add(request)
      release = () => {
        unmark()
        stopWatching()
        receiving.delete(request)
      }
    }
    let response: Response
    try {
      response = await tus.handleWeb(webRequest)
    } finally {
      release()
    }

    // Cancelled: its room is free.
    if (method === 'DELETE' && response.ok && id !== undefined) await slots.closeUnfinished(idPrefix + id)
    if (method === 'PATCH' && response.ok) {
      const received = Number(response.headers.get('upload-offset')) - Number(header(request, 'upload-offset'))
      if (received > 0) uploadBytesTotal.inc({ method: 'tus' }, received)
    }
    for (const [name, value] of response.headers) {
      // CORS is @fastify/cors's (CORS_ORIGINS), not tus's allow-all; the length is Fastify's.
      if (name.startsWith('access-control-') || name === 'content-length' || name === 'content-type') continue
      reply.header(name, value)
    }
    const text = await response.text()
    reply.status(response.status)
    if (response.status >= 400) {
      if (response.status >= 500) request.log.error({ status: response.status, text }, 'resumable upload: tus failed')
      // A refused PATCH may leave its body unread: the connection closes rather than read it.
      if (method === 'PATCH') reply.header('connection', 'close')
      // tus's 5xx (a store or Redis unreachable, a write cut short): retryable, and the upload resumes where it stopped.
      if (response.status >= 500 && response.status !== 503) {
        return reply.status(503).send({ error: 'The upload could not be received right now. Please try again in a moment: it resumes where it stopped.' })
      }
      return reply.send({ error: errorText(response.status, text, config.uploadMaxBytes) })
    }
    if (text) return reply.type('application/json; charset=utf-8').send(text)
    return reply.send()
  }

  // tus bodies are tus's to read: Fastify passes them through unparsed, at any size (tus enforces the limit).
  app.addContentTypeParser(OCTETS, (_request, _payload, done) => done(null, undefined))

  /**
   * Before Fastify parses the body: another Content-Type would have it read by Fastify's JSON or
   * text parser (or refused with its JSON/form sentence), and tus would then find the stream taken
   * (a 500). Exactly tus's value, as tus compares it. The body is left unread: the connection closes.
   */
  async function tusBodyOnly(request: FastifyRequest, reply: FastifyReply) {
    const contentType = header(request, 'content-type')?.trim()
    const contentLength = request.headers['content-length']
    const withBody = request.headers['transfer-encoding'] !== undefined || (contentLength !== undefined && Number(contentLength) !== 0)
    let refusal: string | undefined
    if (request.method === 'PATCH' && contentType !== OCTETS) refusal = SEND_AS_OCTETS
    if (request.method === 'POST' && (withBody || (contentType !== undefined && contentType !== OCTETS))) refusal = NO_CREATION_BODY
    if (refusal === undefined) return
    if (withBody) reply.header('connection', 'close')
    throw new HttpError(415, refusal)
  }

  const hidden = { hide: true } as const

  app.post('/uploads/', { onRequest: [app.authenticate, app.uploads.limit], preParsing: tusBodyOnly, schema: hidden }, create)
  async function create(request: FastifyRequest, reply: FastifyReply) {
    if (header(request, 'upload-defer-length') !== undefined) throw badRequest('Send Upload-Length: the size of the video in bytes.')
    const lengthText = header(request, 'upload-length')?.trim() ?? ''
    if (!/^\d{1,16}$/.test(lengthText)) throw badRequest('Send Upload-Length: the size of the video in bytes.')
    const length = Number(lengthText)
    if (length > config.uploadMaxBytes) throw tooLarge(config.uploadMaxBytes)
    const fields = parseMetadata(header(request, 'upload-metadata'))
    // Exactly POST /upload's check, before any byte: the caller, the challenge, the lift, the weight.
    await acceptor.check(request.userId, fields)
    if (length === 0) throw badRequest('The uploaded file is empty. Please choose a video.')
    // Room for it among the account's and the address's unfinished uploads (429 beyond), kept as long as tus keeps it.
    const id = newUploadId()
    await slots.openUnfinished({ userId: request.userId!, address: clientNetwork(request.ip) }, id, length, new Date(Date.now() + config.uploadResumeMs))
    reservedIds.set(request, id)
    let created = false
    try {
      const answer = await runTus(request, reply)
      created = reply.statusCode === 201
      return answer
    } finally {
      if (!created) await slots.closeUnfinished(id)
    }
  }

  app.route<{ Params: { id: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: '/uploads/:id',
    onRequest: app.authenticate,
    preParsing: tusBodyOnly,
    schema: hidden,
    handler: async (request, reply) => {
      const owned = await ownUpload(request, request.params.id)
      if (request.method === 'DELETE') {
        const upload = 'open' in owned ? owned.open : undefined
        const complete = !upload || finishing.has(upload.id) || (upload.size !== undefined && upload.offset === upload.size)
        if (complete) {
          if ('recorded' in owned) reply.header('x-attempt-id', String(owned.recorded.attempt_id))
          throw conflict(ARRIVED)
        }
      }
      if ('recorded' in owned) {
        // Finished before: HEAD and a repeated last PATCH learn the attempt.
        if (request.method === 'PATCH') reply.header('connection', 'close')
        return sendFinished(reply, owned.recorded, owned.size, request.method === 'PATCH')
      }
      const upload = owned.open
      if (request.method !== 'DELETE' && upload.size !== undefined && upload.offset === upload.size) {
        // Every byte is here but the attempt is not recorded yet (a finish running, or cut short by a
        // restart): finish it now, once, and answer as a finished upload.
        try {
          const answer = await finish(request, upload)
          if (request.method === 'PATCH') reply.header('connection', 'close')
          return sendFinished(reply, answer, upload.size, request.method === 'PATCH')
        } catch (error) {
          if (error instanceof Refusal) throw error
          request.log.error({ err: error, upload: upload.id }, 'resumable upload: could not finish')
          throw new HttpError(503, 'The upload arrived but could not be recorded yet. Please try again in a moment: it will not be sent again.')
        }
      }
      return runTus(request, reply, request.params.id)
    },
  })

  app.route({ method: 'OPTIONS', url: '/uploads/', schema: hidden, handler: (request, reply) => runTus(request, reply) })
  app.route({ method: 'OPTIONS', url: '/uploads', schema: hidden, handler: (request, reply) => runTus(request, reply) })
  app.route<{ Params: { id: string } }>({ method: 'OPTIONS', url: '/uploads/:id', schema: hidden, handler: (request, reply) => runTus(request, reply, ID.test(request.params.id) ? request.params.id : undefined) })

  // Unfinished uploads older than UPLOAD_RESUME_HOURS: at start, then hourly (idempotent; any node may run it).
  const cleanUp = async () => {
    await slots.removeExpired().catch((err: unknown) => app.log.warn({ err }, 'resumable uploads: could not remove expired upload slots'))
    try {
      const removed = await tus.cleanUpExpiredUploads()
      if (removed > 0) app.log.info({ removed }, 'resumable uploads: expired uploads removed')
    } catch (err) {
      // No resumable upload has been started on this host yet: its folder does not exist, nothing to remove.
      if ((err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return
      app.log.warn({ err }, 'resumable uploads: could not remove expired uploads')
    }
  }
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await cleanUp()
    timer = setInterval(() => void cleanUp(), CLEANUP_EVERY_MS)
    timer.unref()
  })

  // Shutdown: PATCHes still receiving get the upload grace, then their connections are cut (the bytes
  // that arrived are kept; the client resumes elsewhere). Finishes already running complete.
  app.addHook('preClose', async () => {
    clearInterval(timer)
    const deadline = Date.now() + UPLOAD_SHUTDOWN_GRACE_MS
    while (receiving.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    for (const request of receiving) request.raw.destroy()
    await Promise.allSettled([...finishing.values()])
  })
}

export default tusRoutes
