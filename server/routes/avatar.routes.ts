// Avatars (docs/accounts.md): PUT /auth/user/avatar takes the picture's bytes as the body (any image Content-Type:
// the service sniffs the real one); GET /avatars/:file serves the stored 256 x 256 JPEG. The rules are
// services/avatar.service.ts's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AVATAR_MAX_BYTES, IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../services/avatar.service.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'
import { badRequest, notFound } from '../errors.ts'
import { openedFile, storedFileError } from './stored-file.ts'

const AVATAR_READ = {
  missing: 'No avatar has this name.',
  unavailable: 'Pictures cannot be shown right now (the media store does not answer). Please try again in a moment.',
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream']

const avatarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { avatars } = app.services
  // Raw bytes: the declared type only lets the body in; what it is, the service reads from the bytes. The 5 MB
  // limit is this parser's alone (no route bodyLimit): a JSON body keeps the app's small default, so a hostile
  // JSON body is refused (413) before it is parsed.
  app.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_req, body, done) => done(null, body))

  app.put(
    '/auth/user/avatar',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: app.deps.config.rateLimitAuthPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        description: `Sets the signed-in account's avatar from a JPEG, PNG or WebP picture sent as the body (at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB). The server checks the bytes (not the declared type), refuses pictures with too many pixels before decoding them, and stores a 256 x 256 JPEG it re-encodes without metadata.`,
        response: {
          200: Type.Object({ avatar: Type.String() }),
          400: errorStatus(`${NOT_AN_IMAGE} Or: ${IMAGE_TOO_LARGE}`),
          404: errorStatus('The account was deleted while the picture was being made.'),
        },
      },
    },
    async (request) => {
      const body = request.body
      if (!Buffer.isBuffer(body)) throw badRequest(NOT_AN_IMAGE)
      return { avatar: await avatars.set(request.userId!, body) }
    },
  )

  app.get(
    '/avatars/:file',
    {
      schema: {
        tags: ['users'],
        params: Type.Object({ file: Type.String({ pattern: '^[0-9]+-[0-9a-f]{16}\\.jpg$', maxLength: 40 }) }),
        description: "An account's uploaded avatar: a 256 x 256 JPEG. Its name changes with every upload, so it is cached for good.",
        response: {
          200: {
            description: 'The avatar, a 256 x 256 JPEG.',
            content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
          },
          404: errorStatus('No avatar has this name.'),
          503: errorStatus('The media store does not answer.'),
        },
      },
    },
    async (request, reply) => {
      const key = `avatars/${request.params.file}`
      const stat = await app.deps.storage.stat(key).catch((error: unknown) => {
        throw storedFileError(error, AVATAR_READ)
      })
      if (!stat) throw notFound(AVATAR_READ.missing)
      const body = await openedFile(app.deps.storage.read(key), AVATAR_READ) // before the headers: a failed read answers JSON
      reply.header('content-type', 'image/jpeg')
      reply.header('content-length', stat.size)
      reply.header('cache-control', 'public, max-age=31536000, immutable')
      reply.header('x-content-type-options', 'nosniff')
      return reply.send(body as never)
    },
  )
}

export default avatarRoutes
