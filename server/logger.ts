// The server's log settings (pino, through Fastify). No secret reaches the log:
// - request lines carry the method, the URL with secret query values masked (the web
//   app's /auth/callback?token=… puts an access token in a URL), and no headers;
// - anything that logs headers or bodies anyway has Authorization, cookies, passwords
//   and tokens replaced by "[redacted]".
import type { FastifyRequest } from 'fastify'
import type { Config } from '../infra/config.ts'
import { DEMO_PASSWORD } from '../infra/demo-data.ts'

export const REDACTED = '[redacted]'

/** Query parameters whose values are credentials. */
const SECRET_PARAMS = /^(token|access_token|refresh_token|id_token|code|password|secret|api_key|key)$/i

/** The URL with the values of credential-like query parameters masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q === -1) return url
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq === -1 ? pair : pair.slice(0, eq)
      let decoded = name
      try {
        decoded = decodeURIComponent(name)
      } catch {
        /* keep it as sent */
      }
      return eq !== -1 && SECRET_PARAMS.test(decoded) ? `${name}=${REDACTED}` : pair
    })
  return `${url.slice(0, q)}?${query.join('&')}`
}

const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'confirmPassword',
  'refresh_token',
  'access_token',
  'token',
  'jwtSecret',
  'databaseUrl',
]

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...SECRET_FIELDS.map((f) => `*.*.${f}`),
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

/** Request lines go to debug when a person watches the terminal; a service's or container's output keeps them at info. */
export const requestsAtDebug = (stdout: { isTTY?: boolean }) => stdout.isTTY === true

/**
 * What `npm start` prints under "LiftArena is running at …" for the person who ran it: the demo logins (when
 * demo data is seeded), where data lives, and what the log shows.
 */
export function startSummary(
  config: Pick<Config, 'seedDemoData' | 'dataDir' | 'mediaDir' | 'logLevel' | 's3'>,
  databaseKind: 'postgres' | 'embedded',
  quietRequests: boolean,
): string[] {
  return [
    ...(config.seedDemoData
      ? [`  Demo logins (password ${DEMO_PASSWORD}): organiser anna1 · lifters ben2, alma1 · judge jonas10 (README: Demo logins)`]
      : []),
    `  Data: ${databaseKind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL at DATABASE_URL'}; videos ${config.s3 ? 'in the S3 bucket' : `in ${config.mediaDir}`}`,
    quietRequests
      ? `  Log: warnings and errors here; one line per request with LOG_LEVEL=debug (now ${config.logLevel})`
      : `  Log: JSON lines at ${config.logLevel}`,
  ]
}
