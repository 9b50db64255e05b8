// Builds the Fastify application from its dependencies; server.ts runs it.
// Order: external plugins, then the app's own plugins, then routes by resource.
import type { Socket } from 'node:net'
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from '../infra/config.ts'
import type { Database } from '../infra/db.ts'
import type { LiveBus } from '../infra/live-bus.ts'
import type { RedisClients } from '../infra/redis-clients.ts'
import type { Mailer } from '../infra/mailer.ts'
import type { Repositories } from '../infra/repositories/index.ts'
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
import uploads, { receivingUpload } from './plugins/app/uploads.ts'
import { capRequestsPerConnection } from './connection-request-cap.ts'
import httpCaching from './plugins/app/http-caching.ts'
import metrics from './plugins/app/metrics.ts'
import authRoutes from './routes/auth.routes.ts'
import accountDeletionRoutes from './routes/account-deletion.routes.ts'
import avatarRoutes from './routes/avatar.routes.ts'
import challengeRoutes from './routes/challenges.routes.ts'
import entryRoutes from './routes/entries.routes.ts'
import userRoutes from './routes/users.routes.ts'
import videoRoutes from './routes/videos.routes.ts'
import uploadRoutes from './routes/upload.routes.ts'
import tusRoutes from './routes/tus.routes.ts'
import videoProxyRoutes from './routes/video-proxy.routes.ts'
import judgingRoutes from './routes/judging.routes.ts'
import meetRoutes from './routes/meets.routes.ts'
import hallRoutes from './routes/hall.routes.ts'
import hallDeskRoutes from './routes/hall-desk.routes.ts'
import hallScoreboardRoutes from './routes/hall-scoreboard.routes.ts'
import resultsRoutes from './routes/results.routes.ts'
import recordsRoutes from './routes/records.routes.ts'
import registrationImportRoutes from './routes/registration-import.routes.ts'
import aggregateRoutes from './routes/aggregates.routes.ts'
import engagementRoutes from './routes/engagement.routes.ts'
import healthRoutes from './routes/health.routes.ts'
import adminRoutes from './routes/admin.routes.ts'
import challengeControlRoutes from './routes/challenge-control.routes.ts'
import { BODY_LIMITS } from './body-limits.ts'

/** What the app is built from; each is created once by the process's composition root (server.ts) or a test. */
export interface AppDeps {
  config: Config
  db: Database
  /** Every repository, announcing through `bus`. */
  repos: Repositories
  /** The process's one live bus: the repositories publish committed events to it, the live layer and the caches subscribe. */
  bus: LiveBus
  queue: TranscodeQueue
  /** Where originals, renditions and posters are stored. */
  storage: Storage
  /** The process's named Redis clients, with REDIS_URL (infra/redis-clients.ts). */
  redis?: RedisClients
  /** Where the product's mails go: SMTP_URL, else DATA_DIR/outbox (infra/mailer.ts). */
  mailer: Mailer
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
  }
}

export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}) {
  const { config } = deps
  const app = Fastify({
    logger: false,
    // Only a configured proxy's X-Forwarded-For names the client (else any client could pick its own address and dodge per-address limits).
    // A hop count trusts that many proxies nearest the server (what Fastify does with a number, which its types omit).
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy === false ? false : [...config.trustProxy],
    // A route reads no bigger a JSON body than it needs (body-limits.ts): parsing holds the event loop.
    bodyLimit: BODY_LIMITS.default,
    // Slow clients: headers and body must arrive within requestTimeout (Node checks every
    // connectionsCheckingInterval and answers 408 through clientError below; an upload's body is held
    // to a minimum throughput by plugins/app/uploads.ts instead); an idle connection closes after
    // connectionTimeout; a kept-alive one after keepAliveTimeout.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // MAX_REQUESTS_PER_SOCKET is capRequestsPerConnection's (Node's own cap never closes the connection).
    http: {
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(config.requestTimeoutMs / 4))),
    },
    clientErrorHandler: clientError,
    // Requests arriving during shutdown answer 503 {error} from our error handler instead.
    return503OnClosing: false,
    frameworkErrors: routerError,
    ...options,
  }).withTypeProvider<TypeBoxTypeProvider>()
  // Connections beyond the cap are closed as they arrive.
  app.server.maxConnections = config.maxConnections
  // Bodies are validated strictly ("83" is not a number); URL parts arrive as text and are coerced.
  const strict = newAjv(false)
  const coercing = newAjv('array')
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema))
  app.decorate('deps', deps)
  capRequestsPerConnection(app, config.maxRequestsPerSocket)

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
  await app.register(httpCaching)
  await app.register(metrics) // before the routes: its onResponse hook times each of them

  const prefix = deps.config.apiBase
  await app.register(authRoutes, { prefix })
  await app.register(accountDeletionRoutes, { prefix })
  await app.register(avatarRoutes, { prefix })
  await app.register(challengeRoutes, { prefix })
  await app.register(entryRoutes, { prefix })
  await app.register(userRoutes, { prefix })
  await app.register(videoRoutes, { prefix })
  await app.register(uploadRoutes, { prefix })
  await app.register(tusRoutes, { prefix })
  await app.register(videoProxyRoutes, { prefix })
  await app.register(judgingRoutes, { prefix })
  await app.register(meetRoutes, { prefix })
  await app.register(hallRoutes, { prefix })
  await app.register(hallDeskRoutes, { prefix })
  await app.register(hallScoreboardRoutes, { prefix })
  await app.register(resultsRoutes, { prefix })
  await app.register(recordsRoutes, { prefix })
  await app.register(registrationImportRoutes, { prefix })
  await app.register(aggregateRoutes, { prefix })
  await app.register(engagementRoutes, { prefix })
  await app.register(healthRoutes, { prefix })
  await app.register(adminRoutes, { prefix })
  await app.register(challengeControlRoutes, { prefix })
  if (deps.config.serveWeb) await app.register(webStatic)
  return app
}

/** The router's own refusals (a badly encoded or overlong path part) answer in our {error} shape too. */
function routerError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.code(414).send({ error: 'A part of the address is too long.' })
  else if (error.code === 'FST_ERR_BAD_URL')
    void reply.code(400).send({ error: 'The address is not valid: a part of it is not properly percent-encoded.' })
  else void reply.code(400).send({ error: 'The request could not be routed.' })
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

/**
 * Errors Node raises on a connection before a route runs, answered in our {error} shape: a request
 * that did not arrive within requestTimeout (408), oversized headers (431), a malformed request (400).
 * An upload receiving its body is exempt from requestTimeout: its throughput watchdog decides.
 */
function clientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && receivingUpload(socket)) return
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['408 Request Timeout', 'The request took too long to arrive. Please try again.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ['431 Request Header Fields Too Large', 'The request headers are too large.']
        : ['400 Bad Request', 'The request is malformed.']
  const body = JSON.stringify({ error: message })
  if (!socket.writable) return void socket.destroy()
  const head = `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`
  socket.end(head + body, () => socket.destroy())
  setTimeout(() => socket.destroy(), 1_000).unref() // a client that does not read the answer either
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

function newAjv(coerceTypes: false | 'array') {
  return addFormats(new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, strict: false }))
}

export type App = Awaited<ReturnType<typeof buildApp>>
