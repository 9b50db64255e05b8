// Multipart bodies (the video upload). Limits are explicit: the plugin's default
// file size limit would be Fastify's bodyLimit (1 MiB). Files are streamed by the
// route to disk, never buffered; only `POST /upload` reads multipart.
import fp from 'fastify-plugin'
import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'

/** The upload form: one file (`video`) and four short text fields. */
export const UPLOAD_FORM_LIMITS = {
  files: 1,
  fields: 10,
  parts: 12,
  fieldNameSize: 100,
  fieldSize: 1024,
  headerPairs: 100,
} as const

export default fp(async function multipartBodies(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { ...UPLOAD_FORM_LIMITS, fileSize: app.deps.config.uploadMaxBytes },
    throwFileSizeLimit: true,
  })
})
