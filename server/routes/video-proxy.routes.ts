// GET /video/{encoded key}: every stored media file goes out through here.
// - The key of an attempt's original (what `video_url` points at) is mapped to
//   the best READY rendition for the device: mobile (mobile=true, or device
//   android|ios) → 360p, else 720p; desktop/linux → 720p, else 360p; the
//   original while renditions are pending (or when they failed).
// - Any other safe key (renditions by name, posters) is served as is, but a private one (an attempt's
//   contact sheet: services/private-media.service.ts) only with its signed URL's signature (else 404).
// - Range requests (one range) → 206 + Content-Range; unsatisfiable → 416. The header is read in one
//   pass and ignored beyond 200 characters (services/byte-range.service.ts).
// - At most RATE_LIMIT_VIDEO_PER_MINUTE requests per client address (IPv6 by /64), answered 429 before
//   anything is read.
// - ETag / If-None-Match / If-Range; Cache-Control: long for final content,
//   revalidate-always for an original that will be replaced by a rendition.
// - A key that could escape the media root is refused (400) before any file is opened.
// - With S3 and S3_PRESIGN_SECONDS > 0: a 307 to a short-lived presigned URL (the bytes
//   come from the store or a CDN in front of it, Range included) instead of streaming.
// - A store that does not answer → 503; one that fails mid-stream only aborts that response.
import type { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { VideoQuery } from '../../contract/index.ts'
import { RESUMABLE_UPLOADS_PREFIX, StorageUnavailableError, assertSafeKey, attemptKeys, contentTypeOf } from '../../infra/storage.ts'
import { HttpError, badRequest, notFound } from '../errors.ts'
import { openedFile, storedFileError } from './stored-file.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'
import { clientNetwork, tooFast } from '../plugins/external/rate-limit.ts'
import { notModified, rangeToServe } from '../services/byte-range.service.ts'
import { deviceClass, pickPlayback, type Playback } from '../services/playback.service.ts'

const CACHE_FINAL = 'public, max-age=86400'
/** A private file: its reader's browser only, never a shared cache. */
const CACHE_PRIVATE = 'private, max-age=3600'

/** What a stored file is sent as (infra/storage.ts contentTypeOf): videos, posters, anything else as octet-stream. */
const FILE_BYTES = { schema: { type: 'string', format: 'binary' } }
const FILE_CONTENT = { 'video/*': FILE_BYTES, 'image/*': FILE_BYTES, 'application/octet-stream': FILE_BYTES }
const FILE_HEADERS = {
  etag: { type: 'string', description: 'Version of the bytes served (for If-None-Match and If-Range).' },
  'cache-control': {
    type: 'string',
    description: 'Long for final content; revalidate-always while an original will be replaced by a rendition.',
  },
  'x-video-rendition': {
    type: 'string',
    description: 'What was served: `360`, `720`, `original`, or `as-is` for a key that is not an original.',
  },
  'accept-ranges': { type: 'string', description: '`bytes`.' },
}
const CACHE_REVALIDATE = 'public, no-cache'
const UNAVAILABLE = 'Videos cannot be played right now (the media store does not answer). Please try again in a moment.'

/** What a failed read of a video tells the client (stored-file.ts). */
const VIDEO_READ = { missing: 'Video not found', unavailable: UNAVAILABLE, invalid: 'This video path is not valid.' }
const storeError = (error: unknown) => storedFileError(error, VIDEO_READ)
const opened = (stream: Readable) => openedFile(stream, VIDEO_READ)

const videoProxyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage, config } = app.deps
  const { privateMedia } = app.services
  // Per address (players are mostly signed out), GET and HEAD together: a player's Range requests,
  // posters and a projector's loops fit easily; a flood of file reads from one address does not.
  const videoLimit = app.rateLimit({
    max: config.rateLimitVideoPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `video-${clientNetwork(request.ip)}`,
    errorResponseBuilder: tooFast('loading videos'),
  })

  app.get(
    '/video/*',
    {
      onRequest: videoLimit,
      schema: {
        tags: ['videos'],
        params: Type.Object({ '*': Type.String({ maxLength: 1024 }) }),
        querystring: VideoQuery,
        description:
          "Streams a stored video or poster by its key (URL-encoded, as `video_url` and `poster_url` give it). For an attempt's original, " +
          'the best ready rendition for the device is served instead (mobile=true or device=android|ios → 360p, else 720p). ' +
          'Supports Range (206), If-None-Match (304) and If-Range. The `X-Video-Rendition` header says what was served.',
        response: {
          200: { description: 'The whole file.', headers: FILE_HEADERS, content: FILE_CONTENT },
          206: {
            description: 'The requested byte range (one `bytes=` range).',
            headers: { ...FILE_HEADERS, 'content-range': { type: 'string', description: '`bytes start-end/size`.' } },
            content: FILE_CONTENT,
          },
          304: { type: 'null', description: 'Not modified: If-None-Match names the current ETag.' },
          307: {
            type: 'null',
            description:
              'With S3 storage and S3_PRESIGN_SECONDS > 0: the bytes are at the short-lived presigned URL in `Location` (send Range there).',
            headers: { location: { type: 'string', description: 'The presigned URL.' } },
          },
          400: errorStatus('The key is not a valid media key (it would leave the media root), or a query field is invalid.'),
          404: errorStatus('No stored file (or attempt) has this key, or it is private and the URL is not its signed one.'),
          416: errorStatus('The range starts beyond the end of the file; `Content-Range: bytes */size` gives the size.'),
          429: errorStatus(
            `More than RATE_LIMIT_VIDEO_PER_MINUTE (${config.rateLimitVideoPerMinute} here) requests for media from this address (an IPv6 /64) in a minute; \`error\` says how long to wait.`,
          ),
          503: errorStatus('The media store does not answer; try again in a moment.'),
        },
      },
    },
    async (request, typedReply) => {
      // Bodies are files (streams), outside the JSON response schemas: use the untyped reply.
      const reply = typedReply as unknown as FastifyReply
      let key: string
      try {
        key = assertSafeKey(request.params['*'])
      } catch {
        throw badRequest('This video path is not valid.')
      }
      // Unfinished resumable uploads share the bucket: they are their lifter's, not media to play.
      if (key.startsWith(RESUMABLE_UPLOADS_PREFIX)) throw notFound('Video not found')
      // A private file answers as if absent to anyone without its signature (its key is guessable).
      const isPrivate = privateMedia.isPrivate(key)
      if (isPrivate && !privateMedia.mayRead(key, request.query)) throw notFound('Video not found')

      let playback: Playback = { key, variant: 'as-is', final: true }
      const attemptId = attemptKeys.attemptOf(key)
      if (attemptId !== null) {
        const attempt = await app.repos.attempts.findFiles(attemptId)
        if (!attempt) throw notFound('Video not found')
        if (attempt.originalKey === key) playback = pickPlayback({ ...attempt, originalKey: key }, deviceClass(request.query))
      }

      let object
      try {
        object = await storage.stat(playback.key)
      } catch (error) {
        if (error instanceof StorageUnavailableError) request.log.error({ err: error }, 'media store unavailable')
        throw storeError(error)
      }
      if (!object) throw notFound('Video not found')

      reply
        .header('accept-ranges', 'bytes')
        .header('etag', object.etag)
        .header('last-modified', object.modifiedAt.toUTCString())
        .header('cache-control', isPrivate ? CACHE_PRIVATE : playback.final ? CACHE_FINAL : CACHE_REVALIDATE)
        .header('x-video-rendition', playback.variant)

      if (notModified(request.headers['if-none-match'], object.etag)) return reply.status(304).send()

      // Presigned: the client fetches the bytes (with its Range) from the store itself. The redirect is
      // cached privately and briefly, well within the URL's life.
      const presigned = await storage.presignedUrl?.(playback.key)
      if (presigned) {
        const maxAge = Math.min(60, Math.floor((config.s3?.presignSeconds ?? 0) / 2))
        reply.removeHeader('etag').removeHeader('last-modified').removeHeader('accept-ranges')
        return reply.header('cache-control', `private, max-age=${maxAge}`).redirect(presigned, 307)
      }

      const range = rangeToServe(request.headers, object)
      if (range.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${object.size}`)
        throw new HttpError(416, `The requested range is outside the video (${object.size} bytes).`)
      }
      reply.header('content-type', contentTypeOf(playback.key))
      if (range.kind === 'range') {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
          .header('content-length', String(range.end - range.start + 1))
        return reply.send(await opened(storage.read(playback.key, range)))
      }
      reply.header('content-length', String(object.size))
      if (object.size === 0) return reply.send('')
      return reply.send(await opened(storage.read(playback.key)))
    },
  )
}

export default videoProxyRoutes
