// POST /upload: a lifter's video of one attempt. Who uploads what to which challenge is
// checked before a byte of the file is stored when the fields come first (our client sends
// them first); fields after the file are checked once it has arrived. The bytes must be a
// playable video. The attempt is recorded and announced with its file in place; the answer
// comes at once, and `url` plays the original until the renditions exist.
//
// Decision: only a participant may upload to a challenge. Uploading to a challenge you have
// not joined answers 403 (an attempt belongs to a participant: its weight class and the board
// need one).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { ErrorResponse, UploadForm, UploadResponse } from '../../contract/index.ts'
import { mediaUrl } from '../../infra/attempt-view.ts'
import { attemptKeys } from '../../infra/storage.ts'
import { badRequest, forbidden, notFound } from '../errors.ts'
import { assertActsAsSelf, bearerToken } from '../plugins/app/auth.ts'
import { NOT_JOINED, assertUploadable, hasRequiredFields, parseUploadFields } from '../services/upload.service.ts'

const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, queue, storage } = app.deps
  const { competitions, participants, attempts } = app.repos

  /** Who uploads what to which challenge: the caller, an open challenge they joined, a lift it lists. */
  async function check(request: FastifyRequest, fields: Readonly<Record<string, string>>) {
    const userId = assertActsAsSelf(request, fields.user_id)
    const { liftType, weight, competitionId } = parseUploadFields(fields)
    const competition = await competitions.findUploadRules(competitionId)
    if (!competition) throw notFound(`Challenge ${competitionId} does not exist.`)
    const lift = assertUploadable(competition, liftType)
    const lifter = await participants.findLifter(userId, competitionId)
    if (!lifter) throw forbidden(NOT_JOINED)
    return { liftType: lift, weight, lifter }
  }

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
    // Checked when the file begins if the fields came first; a field arriving after it means checking again.
    let early: { fieldCount: number; checked: Awaited<ReturnType<typeof check>> } | undefined
    return app.uploads.receive(request, reply, {
      fileField: 'video',
      async beforeFile(fields) {
        if (hasRequiredFields(fields)) early = { fieldCount: Object.keys(fields).length, checked: await check(request, fields) }
      },
      async work(form) {
        if (!form.file) throw badRequest('Please fill in all fields: attach the video file in the "video" field.')
        const { liftType, weight, lifter } = early && early.fieldCount === Object.keys(form.fields).length ? early.checked : await check(request, form.fields)
        if (form.file.size === 0) throw badRequest('The uploaded file is empty. Please choose a video.')
        const video = await app.uploads.checkVideo(form.file.path)
        if (!video.playable) {
          if (video.reason === 'notVideo') throw badRequest('The file is not a video. Please upload an MP4, MOV or WebM clip.')
          // Over VIDEO_MAX_SECONDS, 4096×2304 or 120 fps: the check's sentence names the clip's figure and the limit.
          if (video.reason === 'tooLong' || video.reason === 'tooManyPixels' || video.reason === 'tooFast') throw badRequest(video.detail)
          request.log.info({ reason: video.detail }, 'upload refused: not a playable video')
          throw badRequest('The video could not be read: it may be truncated or damaged. Please upload it again.')
        }

        const path = form.file.path
        const recorded = await attempts.record(lifter, { liftType, weight }, (id) => attemptKeys.original(id, video.ext), (key) => storage.putFile(key, path))
        try {
          await queue.enqueue({ attemptId: recorded.attemptId, userId: lifter.userId })
        } catch (err) {
          // The attempt stays pending in the database; the next start of a server or worker enqueues it.
          request.log.error({ err, attemptId: recorded.attemptId }, 'could not enqueue the transcode')
        }
        reply.status(201)
        return { url: mediaUrl(config.apiBase, recorded.originalKey), attempt_id: recorded.attemptId, participant_id: lifter.userId, competition_id: lifter.competitionId }
      },
    })
  })
}

export default uploadRoutes
