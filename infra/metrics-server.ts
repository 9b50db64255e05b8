// The small HTTP listener both roles open on METRICS_PORT: GET /metrics (Prometheus text) and
// GET /health ({"status":"ok"}: the process is alive). Plain node:http, so the worker needs no
// web framework. The port is meant for scrapers and health checks on a private network; when
// METRICS_TOKEN is set, /metrics asks for it here too.
// Also the access rules the server's own GET /metrics applies (server/plugins/app/metrics.ts).
import { timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { BlockList, isIP, type AddressInfo } from 'node:net'
import { collectProcessMetrics, metricsText } from './metrics.ts'

// Loopback and private ranges (RFC 1918, CGNAT, IPv6 unique-local and link-local).
const PRIVATE = new BlockList()
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4')
}
PRIVATE.addAddress('::1', 'ipv6')
PRIVATE.addSubnet('fc00::', 7, 'ipv6')
PRIVATE.addSubnet('fe80::', 10, 'ipv6')

/** Whether an address is loopback or private (an IPv4-mapped IPv6 address is read as IPv4). */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const ip = mapped ?? address
  const family = isIP(ip)
  return family !== 0 && PRIVATE.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

/** Whether an Authorization header carries exactly `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  if (!match) return false
  const given = Buffer.from(match[1]!)
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export const METRICS_TOKEN_REQUIRED = 'Metrics need the token: send Authorization: Bearer <METRICS_TOKEN>.'

export interface MetricsListener {
  readonly port: number
  close(): Promise<void>
}

/** Opens /metrics and /health on `port` (0: a free one) at `host`. */
export async function startMetricsListener(options: { port: number; host: string; token?: string }): Promise<MetricsListener> {
  collectProcessMetrics()
  const server: Server = createServer((request, response) => {
    const send = (status: number, body: string, type = 'application/json; charset=utf-8') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) })
      response.end(request.method === 'HEAD' ? undefined : body)
    }
    const path = (request.url ?? '/').split('?')[0]
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, JSON.stringify({ error: 'Only GET is served here.' }))
    if (path === '/health') return send(200, JSON.stringify({ status: 'ok' }))
    if (path !== '/metrics') return send(404, JSON.stringify({ error: 'Not found: this port serves /metrics and /health.' }))
    if (options.token && !bearerMatches(request.headers.authorization, options.token))
      return send(401, JSON.stringify({ error: METRICS_TOKEN_REQUIRED }))
    metricsText().then(
      ({ contentType, body }) => send(200, body, contentType),
      () => send(500, JSON.stringify({ error: 'The metrics could not be collected.' })),
    )
  })
  // Slow or idle scrapers do not hold connections for long.
  server.requestTimeout = 10_000
  server.headersTimeout = 10_000
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
