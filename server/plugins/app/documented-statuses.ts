// The OpenAPI document tells the truth: every status a route can answer is in its
// `schema.response`, with a description. Routes list what only they answer (404, 409, 403…);
// this hook adds, to every route registered after it, the statuses the shared mechanisms
// answer, each as ErrorResponse:
//   400  text-guard.ts refuses NUL in any path, query or body field (every route: any URL can
//        carry a query string); plus schema validation of params/querystring/body, a body that
//        is not valid JSON (routes that read a body), and a path parameter that is not valid
//        percent-encoding (the router answers, routes with parameters)
//   401  `onRequest: app.authenticate` (auth.ts): no, a malformed, forged or expired token
//   408  the request's headers or body did not arrive within REQUEST_TIMEOUT_MS (server/app.ts, every
//        route); an upload whose throughput fell below its minimum (plugins/app/uploads.ts)
//   413  a body over the route's bodyLimit (Fastify's body parser, before parsing; routes that read a body;
//        server/body-limits.ts)
//   414  a path parameter longer than the router's maxParamLength (Fastify answers before any route runs)
//   415  a Content-Type no parser reads (routes that read a body)
//   429  `config.rateLimit` (rate-limit.ts; limiting is opt-in per route)
//   503  error-handler.ts: during shutdown (every route) and when the database is unreachable
// A status the route already documents keeps its schema; it only gets a description if it has none.
// A route that uses app.authenticate without declaring `security` gets the bearer scheme.
// Routes hidden from the document (websocket feed, docs pages, the web app) are left alone.
import fp from 'fastify-plugin'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { ErrorResponse } from '../../../contract/index.ts'
import { formatBodyLimit } from '../../body-limits.ts'

type Schema = Record<string, unknown>

/** ErrorResponse with the description the OpenAPI document shows for this status. */
export const errorStatus = (description: string): typeof ErrorResponse => ({ ...ErrorResponse, description }) as typeof ErrorResponse

/** Descriptions for statuses a route documents without one (@fastify/swagger would say "Default Response"). */
const FALLBACK_DESCRIPTIONS: Record<string, string> = {
  200: 'OK.',
  201: 'Created.',
  202: 'Accepted: the work it asks for is done after the answer.',
  204: 'No content.',
  206: 'Partial content: the requested byte range.',
  304: 'Not modified: the copy the client holds is current.',
  400: 'The request is not valid; `error` says what to change.',
  401: 'Not logged in: the bearer token is missing, invalid or expired.',
  403: 'Not allowed for this user; `error` says why.',
  404: 'What the request names does not exist.',
  408: 'The request did not arrive in time; send it again.',
  409: 'The request conflicts with the current state; `error` says how.',
  413: 'The body is too large.',
  415: 'This Content-Type is not supported.',
  416: 'The requested range is outside the file.',
  429: 'Too many requests from this client; `error` says how long to wait.',
  503: 'The server is restarting or the database is unreachable, or this connection has carried its MAX_REQUESTS_PER_SOCKET requests (send again on a new connection); try again in a moment.',
}

const BODYLESS = new Set(['GET', 'HEAD'])

function readsBody(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  return methods.some((m) => !BODYLESS.has(m.toUpperCase()))
}

/** Whether `app.authenticate` (or `app.requireAdmin`, which runs it) runs in one of the route's hooks (routes use `onRequest`, auth.ts). */
function usesAuthenticate(route: RouteOptions, app: FastifyInstance): boolean {
  const hooks = [route.onRequest, route.preParsing, route.preValidation, route.preHandler].flat().filter(Boolean)
  return hooks.includes(app.authenticate as never) || (app.requireAdmin !== undefined && hooks.includes(app.requireAdmin as never))
}

/** The statuses the shared mechanisms can answer on this route, with why. */
export function sharedStatuses(route: RouteOptions, app: FastifyInstance): Record<number, string> {
  const schema = (route.schema ?? {}) as Schema
  const body = readsBody(route)
  const statuses: Record<number, string> = {}

  const invalid: string[] = []
  const parts = [schema.params && 'path', schema.querystring && 'query', schema.body && 'body'].filter(Boolean)
  if (parts.length > 0) invalid.push(`a ${parts.join(', ')} field does not match the schema (\`error\` names it)`)
  if (body) invalid.push('the body is not valid JSON')
  if (/[:*]/.test(route.url)) invalid.push('the path is not valid percent-encoding (answered by the router)')
  invalid.push('a path, query or body field contains the NUL character (\\u0000)')
  statuses[400] = `The request is not valid: ${invalid.join('; or ')}.`

  statuses[408] = body
    ? "The request (headers and body) did not arrive within the server's request timeout; an upload instead must keep a minimum throughput. Send it again."
    : "The request headers did not arrive within the server's request timeout. Send it again."
  if (usesAuthenticate(route, app)) {
    statuses[401] = 'Not logged in: the Authorization bearer token is missing, malformed, forged or expired.'
  }
  if (body) {
    const limit = route.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024
    statuses[413] = `The body is larger than ${formatBodyLimit(limit)}.`
    statuses[415] = 'The Content-Type is not one the server reads (send JSON, or multipart/form-data where the route says so).'
  }
  if (/\/:/.test(route.url)) {
    const max = app.initialConfig.maxParamLength ?? 100
    statuses[414] = `A path parameter is longer than ${max} characters (answered by the router, before the route runs).`
  }
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) {
    statuses[429] = 'Too many requests from this client in the rate-limit window; `error` says how long to wait.'
  }
  statuses[503] = 'The server is restarting, or the database is unreachable right now; try again in a moment.'
  return statuses
}

export default fp(async function documentedStatuses(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Schema
    if (schema.hide || (route as { websocket?: boolean }).websocket) return
    const response: Record<string, Schema> = { ...((schema.response ?? {}) as Record<string, Schema>) }
    for (const [status, description] of Object.entries(sharedStatuses(route, app))) {
      if (!(status in response)) response[status] = errorStatus(description) as unknown as Schema
    }
    // Copies, never the shared contract objects: the same TypeBox schema serves several routes.
    for (const [status, answer] of Object.entries(response)) {
      const fallback = FALLBACK_DESCRIPTIONS[status]
      if (!answer.description && fallback) response[status] = { ...answer, description: fallback }
    }
    // A route that needs a token says so in the document, as the routes that declare it do.
    const security = schema.security ?? (usesAuthenticate(route, app) ? [{ bearer: [] }] : undefined)
    route.schema = { ...schema, response, ...(security ? { security } : {}) } as RouteOptions['schema']
  })
})
