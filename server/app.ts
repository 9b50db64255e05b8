// Builds the Fastify application from its dependencies; server.ts runs it.
// Order: external plugins, then the app's own plugins, then routes by resource.
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from '../infra/config.ts'
import type { Database } from '../infra/db.ts'
import type { Storage } from '../infra/storage.ts'
import type { TranscodeQueue } from '../infra/transcoding/jobs.ts'
import security from './plugins/external/security.ts'
import rateLimiting from './plugins/external/rate-limit.ts'
import docs from './plugins/external/swagger.ts'
import multipartBodies from './plugins/external/multipart.ts'
import webStatic from './plugins/external/web-static.ts'
import errorHandler from './plugins/app/error-handler.ts'
import documentedStatuses from './plugins/app/documented-statuses.ts'
import textGuard from './plugins/app/text-guard.ts'
import repositories from './plugins/app/repositories.ts'
import auth from './plugins/app/auth.ts'
import live from './plugins/app/live.ts'
import uploads from './plugins/app/uploads.ts'
import authRoutes from './routes/auth.routes.ts'
import competitionRoutes from './routes/competitions.routes.ts'
import userRoutes from './routes/users.routes.ts'
import videoRoutes from './routes/videos.routes.ts'
import uploadRoutes from './routes/upload.routes.ts'
import videoProxyRoutes from './routes/video-proxy.routes.ts'

/** What the app is built from; each is created once by the process (server.ts) or a test. */
export interface AppDeps {
  config: Config
  db: Database
  queue: TranscodeQueue
  /** Where originals, renditions and posters are stored. */
  storage: Storage
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
  }
}

export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}) {
  const app = Fastify({
    logger: false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // Requests arriving during shutdown answer 503 {error} from our error handler instead.
    return503OnClosing: false,
    frameworkErrors: routerError,
    ...options,
  }).withTypeProvider<TypeBoxTypeProvider>()
  // Bodies are validated strictly ("83" is not a number); URL parts arrive as text and are coerced.
  const strict = newAjv(false)
  const coercing = newAjv('array')
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema))
  app.decorate('deps', deps)

  // First: its onRoute hook documents the shared statuses on every route registered after it.
  await app.register(documentedStatuses)
  await app.register(errorHandler)
  await app.register(textGuard)
  await app.register(security)
  await app.register(rateLimiting)
  await app.register(docs)
  await app.register(multipartBodies)
  await app.register(repositories)
  await app.register(auth)
  await app.register(live)
  await app.register(uploads)

  const prefix = deps.config.apiBase
  await app.register(authRoutes, { prefix })
  await app.register(competitionRoutes, { prefix })
  await app.register(userRoutes, { prefix })
  await app.register(videoRoutes, { prefix })
  await app.register(uploadRoutes, { prefix })
  await app.register(videoProxyRoutes, { prefix })
  if (deps.config.serveWeb) await app.register(webStatic)
  return app
}

/** The router's own refusals (a badly encoded or overlong path part) answer in our {error} shape too. */
function routerError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send({ error: 'A part of the address is too long.' })
  if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ error: 'The address is not valid: a part of it is not properly percent-encoded.' })
  return reply.code(400).send({ error: 'The request could not be routed.' })
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

function newAjv(coerceTypes: false | 'array') {
  return addFormats(new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, strict: false }))
}

export type App = Awaited<ReturnType<typeof buildApp>>
