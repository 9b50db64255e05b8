// POST /upload: a lifter's video of one attempt. Who uploads what to which challenge is
// checked before a byte of the file is stored when the fields come first (our client sends
// them first); fields after the file are checked once it has arrived, and every upload is
// checked again then (a slow one may outlast the challenge). The bytes must be a playable video. The attempt is recorded and announced with its file in place; the answer
// comes at once, and `url` plays the original until the renditions exist.
//
// Decision: only a participant may upload to a challenge. Uploading to a challenge you have
// not joined answers 403 (an attempt belongs to a participant: its weight class and the board
// need one).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse, UploadForm, UploadResponse } from '../../contract/index.ts'
import { badRequest } from '../errors.ts'
import { hasRequiredFields } from '../services/upload.service.ts'

const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { acceptor } = app.uploads

  app.post(
    '/upload',
    {
      onRequest: [app.authenticate, app.uploads.limit],
      config: {
        // The OpenAPI document shows the multipart fields; Fastify does not validate a multipart body.
        swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body: UploadForm }, url }),
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
          201: UploadResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          413: ErrorResponse,
          429: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      return app.uploads.receive(request, reply, {
        fileField: 'video',
        // When the fields came first, a refusal stops the upload before a byte of the file is stored.
        async beforeFile(fields) {
          if (hasRequiredFields(fields)) await acceptor.check(request.userId, fields)
        },
        async work(form) {
          if (!form.file) throw badRequest('Please fill in all fields: attach the video file in the "video" field.')
          // Checked again now the file is here, as the resumable route checks its last byte: a slow upload may have
          // outlasted the challenge or the lifter's place in it (and fields may have come after the file).
          const checked = await acceptor.check(request.userId, form.fields)
          const { answer } = await acceptor.accept(request.log, checked, form.file)
          reply.status(201)
          return answer
        },
      })
    },
  )
}

export default uploadRoutes
