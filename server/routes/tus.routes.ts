// Resumable uploads: the tus 1.0.0 protocol (@tus/server) under /uploads/, for phones on
// networks that drop. Extensions: creation, termination, expiration.
//
//   POST   /uploads/        creates an upload: Upload-Length, and Upload-Metadata (base64) with
//                           filename, filetype, lift_type, weight, competition_id (user_id optional,
//                           must be the caller). Checked exactly as POST /upload checks its form
//                           (resumable-upload.service.ts), before any byte: 400/401/403/404/409, 413
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
// Where the parts wait and how they are locked: the tus adapter (infra/resumable-store.ts). Who may
// create, read, finish or cancel an upload, and what it records (one upload, one attempt): the
// service (services/resumable-upload.service.ts). This file speaks HTTP. Uploads unfinished after
// UPLOAD_RESUME_HOURS are removed at start, then hourly. A PATCH body is exempt from REQUEST_TIMEOUT_MS and held to
// the upload throughput minimum instead (plugins/app/uploads.ts: per window and on average); a
// stalled, too slow or cut PATCH just ends with what arrived, and the client resumes from HEAD's offset.
//
// Bodies are tus's to read, so the Content-Type is checked before Fastify parses anything: a PATCH
// must send application/offset+octet-stream, and a creation has no body (creation-with-upload is
// not offered). Anything else answers 415 {error}, with nothing read or written.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { Readable } from 'node:stream'
import type { UploadResponse } from '../../contract/index.ts'
import { uploadBytesTotal } from '../../infra/metrics.ts'
import { openResumableStore, parseUploadMetadata } from '../../infra/resumable-store.ts'
import { HttpError, Refusal, statusOf, unavailable } from '../errors.ts'
import { UPLOAD_SHUTDOWN_GRACE_MS, markReceivingUpload, watchThroughput } from '../plugins/app/uploads.ts'
import { clientNetwork } from '../client-network.ts'
import { NOT_RECORDED_YET, NO_SUCH_UPLOAD, createResumableUploads } from '../services/resumable-upload.service.ts'
import { tooLarge } from '../services/upload.service.ts'

const CLEANUP_EVERY_MS = 3_600_000

const OFFSET_CONFLICT = 'The upload is not at that offset: ask for its offset (HEAD) and resume from there.'
const LOCKED_TEXT = 'This upload is being received by another request right now. Please try again in a moment.'
const OCTETS = 'application/offset+octet-stream'
const SEND_AS_OCTETS = `Send the bytes as Content-Type: ${OCTETS}.`
const NO_CREATION_BODY = `Create the upload without a body (Upload-Length and Upload-Metadata only), then send the bytes with PATCH as Content-Type: ${OCTETS}.`

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
    case 404:
    case 410:
      return NO_SUCH_UPLOAD
    case 409:
      return OFFSET_CONFLICT
    case 412:
      return 'Send the header Tus-Resumable: 1.0.0 (this server speaks tus 1.0.0).'
    case 413:
      return tooLarge(limit).message
    case 415:
      return SEND_AS_OCTETS
    case 423:
      return LOCKED_TEXT
  }
  if (/lock/i.test(text)) return LOCKED_TEXT
  return text.trim() || 'The upload request is not valid.'
}

/** A finished upload's answer as tus sends it to the last PATCH (a refusal as {error}). */
function finishAnswer(answer: UploadResponse | Refusal) {
  if (answer instanceof Refusal) return { status: statusOf(answer), body: JSON.stringify({ error: answer.message }) }
  return {
    status: 200,
    headers: { 'X-Attempt-Id': String(answer.attempt_id), 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(answer),
  }
}

const tusRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { config, storage } = app.deps
  const { acceptor, slots } = app.uploads
  const path = `${config.apiBase}/uploads`

  /** The Fastify request behind each request tus handles (its user, its log). */
  const requests = new WeakMap<Request, FastifyRequest>()
  /** The id a creation took its room under, for tus's namingFunction. */
  const reservedIds = new WeakMap<FastifyRequest, string>()
  /** PATCHes receiving bytes, for a clean shutdown. */
  const receiving = new Set<FastifyRequest>()

  const store = openResumableStore(
    config,
    { redis: app.deps.redis, storage, log: app.log },
    {
      idFor: (req) => {
        const request = requests.get(req)
        return (request && reservedIds.get(request)) ?? store.newId()
      },
      // The fields were checked before tus saw the request (create below); the owner is recorded with them.
      created: (req) => {
        const userId = requests.get(req)?.userId
        if (!userId) return { status: 401, body: JSON.stringify({ error: 'Please log in to do this.' }) }
        return { metadata: uploads.ownerOf(userId) }
      },
      finished: async (req, upload) => {
        const request = requests.get(req)
        if (!request) return { status: 500, body: JSON.stringify({ error: 'Something went wrong on our side. Please try again.' }) }
        // Any failure but a refusal is already the service's 503 (the bytes kept).
        return finishAnswer(
          await uploads
            .finish(request.log, request.userId, upload)
            .catch((error: unknown) => (error instanceof Refusal ? error : unavailable(NOT_RECORDED_YET))),
        )
      },
    },
  )
  app.addHook('onClose', () => store.close())
  const uploads = createResumableUploads({ config, acceptor, slots, store, storage, log: app.log })

  /** A finished upload's state, as HEAD shows it: complete, with its attempt. */
  function sendFinished(reply: FastifyReply, answer: UploadResponse, size: number | undefined, withBody: boolean) {
    reply.status(200).headers({ 'tus-resumable': '1.0.0', 'cache-control': 'no-store', 'x-attempt-id': String(answer.attempt_id) })
    if (size !== undefined) reply.headers({ 'upload-offset': String(size), 'upload-length': String(size) })
    return withBody ? reply.send(answer) : reply.send()
  }

  /** A PATCH's body is held to the upload throughput minimum rather than the request timeout; answers what ends the watch. */
  function receive(request: FastifyRequest): () => void {
    // A slow phone may take long over a PATCH: no requestTimeout, a throughput minimum instead;
    // below it the connection is cut and the bytes that arrived are kept (the client resumes).
    const socket = request.raw.socket
    const unmark = markReceivingUpload(socket)
    const stopWatching = watchThroughput(socket, app.uploads.throughput, () => request.raw.destroy())
    // The last PATCH's finish (probe, copy) may take longer than a window: the minimum holds for the body only.
    request.raw.once('end', stopWatching)
    receiving.add(request)
    return () => {
      unmark()
      stopWatching()
      receiving.delete(request)
    }
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
      method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit)
    requests.set(webRequest, request)

    const release = method === 'PATCH' ? receive(request) : () => {}
    let response: Response
    try {
      response = await store.handle(webRequest)
    } finally {
      release()
    }

    // Cancelled: its room is free.
    const storeId = id === undefined ? undefined : store.storeId(id)
    if (method === 'DELETE' && response.ok && storeId !== undefined) await uploads.cancelled(storeId)
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
        return reply
          .status(503)
          .send({ error: 'The upload could not be received right now. Please try again in a moment: it resumes where it stopped.' })
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

  app.post(
    '/uploads/',
    { onRequest: [app.authenticate, app.uploads.limit], preParsing: tusBodyOnly, schema: hidden },
    async (request, reply) => {
      const id = await uploads.create(
        { userId: request.userId, address: clientNetwork(request.ip) },
        {
          length: header(request, 'upload-length'),
          deferred: header(request, 'upload-defer-length') !== undefined,
          fields: parseUploadMetadata(header(request, 'upload-metadata')),
        },
      )
      reservedIds.set(request, id)
      let created = false
      try {
        const answer = await runTus(request, reply)
        created = reply.statusCode === 201
        return answer
      } finally {
        if (!created) await uploads.notCreated(id)
      }
    },
  )

  app.route<{ Params: { id: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: '/uploads/:id',
    onRequest: app.authenticate,
    preParsing: tusBodyOnly,
    schema: hidden,
    handler: async (request, reply) => {
      const owned = await uploads.find(request.log, request.userId, request.params.id)
      if (request.method === 'DELETE') {
        if ('recorded' in owned) reply.header('x-attempt-id', String(owned.recorded.attempt_id))
        uploads.assertCancellable(owned)
        return runTus(request, reply, request.params.id)
      }
      // HEAD and a repeated last PATCH of a finished upload learn the attempt (the PATCH's body is left unread).
      const finished = (answer: UploadResponse, size: number | undefined) => {
        if (request.method === 'PATCH') reply.header('connection', 'close')
        return sendFinished(reply, answer, size, request.method === 'PATCH')
      }
      if ('recorded' in owned) return finished(owned.recorded, owned.size)
      const upload = owned.open
      // Every byte is here but the attempt is not recorded yet (a finish running, or cut short by a
      // restart): finish it now, once, and answer as a finished upload.
      if (uploads.isComplete(upload)) return finished(await uploads.finish(request.log, request.userId, upload), upload.size)
      return runTus(request, reply, request.params.id)
    },
  })

  app.route({ method: 'OPTIONS', url: '/uploads/', schema: hidden, handler: (request, reply) => runTus(request, reply) })
  app.route({ method: 'OPTIONS', url: '/uploads', schema: hidden, handler: (request, reply) => runTus(request, reply) })
  app.route<{ Params: { id: string } }>({
    method: 'OPTIONS',
    url: '/uploads/:id',
    schema: hidden,
    handler: (request, reply) => runTus(request, reply, store.storeId(request.params.id) === undefined ? undefined : request.params.id),
  })

  // Unfinished uploads older than UPLOAD_RESUME_HOURS: at start, then hourly.
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await uploads.cleanUp()
    timer = setInterval(() => void uploads.cleanUp(), CLEANUP_EVERY_MS)
    timer.unref()
  })

  // Shutdown: PATCHes still receiving get the upload grace, then their connections are cut (the bytes
  // that arrived are kept; the client resumes elsewhere). Finishes already running complete.
  app.addHook('preClose', async () => {
    clearInterval(timer)
    const deadline = Date.now() + UPLOAD_SHUTDOWN_GRACE_MS
    while (receiving.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    for (const request of receiving) request.raw.destroy()
    await uploads.settled()
  })
}

export default tusRoutes
