// The server's log settings (pino, through Fastify). No secret reaches the log:
// - request lines carry the method, the URL with secret query values masked (the web
//   app's /auth/callback?token=… puts an access token in a URL), and no headers;
// - anything that logs headers or bodies anyway has Authorization, cookies, passwords
//   and tokens replaced by "[redacted]".
import type { FastifyRequest } from 'fastify'
import type { Config } from '../infra/config.ts'

export const REDACTED = '[redacted]'

/** Query parameters whose values are credentials. */
const SECRET_PARAMS = /^(token|access_token|refresh_token|id_token|code|password|secret|api_key|key)$/i

/** The URL with the values of credential-like query parameters masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q === -1) return url
  const query = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=')
    const name = eq === -1 ? pair : pair.slice(0, eq)
    let decoded = name
    try { decoded = decodeURIComponent(name) } catch { /* keep it as sent */ }
    return eq !== -1 && SECRET_PARAMS.test(decoded) ? `${name}=${REDACTED}` : pair
  })
  return `${url.slice(0, q)}?${query.join('&')}`
}

const SECRET_FIELDS = ['authorization', 'cookie', 'password', 'confirmPassword', 'refresh_token', 'access_token', 'token', 'jwtSecret', 'databaseUrl']

export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]',
  'headers.authorization', 'headers.cookie',
  ...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`), ...SECRET_FIELDS.map((f) => `*.*.${f}`),
]

export function loggerOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(request: FastifyRequest): Record<string, unknown> {
        // Something that is not a request (a hand-built { headers } object): left to the redaction paths.
        if (typeof request?.url !== 'string') return request as unknown as Record<string, unknown>
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }
      },
    },
  }
}
