// One error handler for the whole API: every failure answers {"error": "..."}
// with the right status. Details of unexpected errors go to the log, never to the client.
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance } from 'fastify'
import { Refusal, statusOf, unavailable } from '../../errors.ts'
import { bodyTooLarge } from '../../body-limits.ts'
import {
  BirthDate,
  CLIENT_DATE_PATTERN,
  NAME,
  birthDateProblem,
  NAME_OR_EMPTY,
  NOT_BLANK,
  NOT_BLANK_LINES,
  PLAIN_LINE,
  PLAIN_LINES,
} from '../../../contract/index.ts'
import { invalidDate } from '../../services/challenge-dates.service.ts'

interface ValidationIssue {
  instancePath?: string
  message?: string
  params?: Record<string, unknown>
  keyword?: string
}

/** "body/weight must be number" → "weight must be a number". Names the field the client got wrong. */
export function describeValidation(issues: readonly ValidationIssue[], context: string | undefined): string {
  const issue = issues[0]
  if (!issue) return 'The request is not valid.'
  const params = issue.params ?? {}
  let field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')
  if (issue.keyword === 'required' && typeof params.missingProperty === 'string')
    field = field ? `${field}.${params.missingProperty}` : params.missingProperty
  if (issue.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `Unknown field "${params.additionalProperty}" in ${context ?? 'the request'}.`
  }
  const where = field || context || 'request'
  // A choice between fixed values (a union of literals) fails once per value, then as anyOf: name them.
  if (issue.keyword === 'const') {
    const allowed = issues.filter((i) => i.keyword === 'const' && i.instancePath === issue.instancePath).map((i) => i.params?.allowedValue)
    if (allowed.length > 1 && allowed.length <= 12 && allowed.every((v) => typeof v === 'string'))
      return `${where} must be one of ${allowed.join(', ')}.`
  }
  switch (issue.keyword) {
    case 'required':
      return `${where} is required.`
    case 'type':
      return `${where} must be ${params.type === 'integer' ? 'a whole number' : `a ${String(params.type)}`}.`
    case 'minLength':
      return params.limit === 1 ? `${where} must not be empty.` : `${where} must be at least ${String(params.limit)} characters.`
    case 'maxLength':
      return `${where} must be at most ${String(params.limit)} characters.`
    case 'format':
      return `${where} must be a valid ${String(params.format)}.`
    case 'minimum':
    case 'exclusiveMinimum':
      return `${where} is too small.`
    case 'maximum':
    case 'exclusiveMaximum':
      return `${where} is too large.`
    case 'anyOf':
    case 'enum':
    case 'const':
      return `${where} has a value that is not allowed.`
    case 'pattern':
      if (params.pattern === NAME)
        return `${where} must not be blank or hold control characters, invisible characters (zero-width spaces, joiners outside the scripts and emoji that need them) or text-direction controls.`
      if (params.pattern === NAME_OR_EMPTY)
        return `${where} must not hold control characters, invisible characters (zero-width spaces, joiners outside the scripts and emoji that need them) or text-direction controls.`
      if (params.pattern === NOT_BLANK || params.pattern === NOT_BLANK_LINES)
        return `${where} must not be blank or hold control characters.`
      if (params.pattern === PLAIN_LINE || params.pattern === PLAIN_LINES) return `${where} must not hold control characters.`
      // The sentence the birth date's own check gives a text not written YYYY-MM-DD (docs/categories.md).
      if (params.pattern === (BirthDate as unknown as { pattern: string }).pattern)
        return birthDateProblem('') ?? `${where} has an invalid format.`
      return params.pattern === CLIENT_DATE_PATTERN ? invalidDate(where) : `${where} has an invalid format.`
    case 'maxItems':
      return `${where} has too many items.`
    case 'minProperties':
      return `${where} must name at least one thing to change.`
    default:
      return `${where} ${issue.message ?? 'is not valid'}.`
  }
}

/** Prisma and pg errors that mean "the database is not reachable right now". */
function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; name?: string; message?: string; cause?: unknown }
  const code = e?.code ?? ''
  // P2028: no transaction could start (or finish) in time: every pooled connection was busy.
  // P2034/40P01/40001: the transaction lost a deadlock or a serialization race (e.g. leaving a challenge at the
  // instant an upload to it is recorded): nothing was written, and the same request again will pass.
  if (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'ENOTFOUND',
      'P1001',
      'P1002',
      'P1017',
      'P2024',
      'P2028',
      'P2034',
      '40P01',
      '40001',
      '57P01',
      '57P03',
      '53300',
    ].includes(code)
  )
    return true
  if (e?.name === 'PrismaClientInitializationError') return true
  if (
    /connect(ion)? (timeout|terminated|refused)|Can't reach database|Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(
      e?.message ?? '',
    )
  )
    return true
  return e?.cause ? isDatabaseUnavailable(e.cause) : false
}

export const RESTARTING = 'The server is restarting. Please try again in a moment.'

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) return reply.status(statusOf(error)).send({ error: error.message })
    if (error.validation) {
      return reply.status(400).send({ error: describeValidation(error.validation as ValidationIssue[], error.validationContext) })
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable')
      return reply.status(503).send({ error: 'The service is temporarily unavailable. Please try again in a moment.' })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const messages: Record<number, string> = {
        413: 'The upload is too large.',
        415: 'This content type is not supported. Send JSON or multipart form data.',
      }
      // Fastify's own 4xx texts (bad JSON, empty body…) are safe and specific.
      const ownText = (error as { error?: unknown }).error // @fastify/rate-limit puts its built text here
      // A JSON body over the route's limit (body-limits.ts) says what the limit is.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return reply.status(413).send({ error: bodyTooLarge(request.routeOptions.bodyLimit) })
      const text =
        messages[status] ??
        (status === 429 && typeof ownText === 'string' ? ownText : undefined) ??
        (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.message)
      return reply.status(status).send({ error: text })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' })
  })

  // While the server shuts down, requests that still arrive on open connections answer 503 in
  // our {error} shape (Fastify's own 503 is turned off in app.ts), and the connection closes.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return
    reply.header('connection', 'close')
    throw unavailable(RESTARTING)
  })

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` })
  })
})
