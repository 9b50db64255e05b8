// Prometheus metrics for the API server (infra/metrics.ts holds the registry):
// - every answer's duration, by method, route pattern and status class (onResponse: one observe);
// - socket.io connections and rooms, and the transcode queue's depth, read when scraped;
// - GET /metrics on the API's port, never public by default: with METRICS_TOKEN it asks for
//   `Authorization: Bearer <token>` (401); without, only loopback and private addresses get it
//   (403), and a request a proxy forwarded (X-Forwarded-For…) counts as public unless TRUST_PROXY
//   names that proxy (then request.ip is the client the proxy names);
// - with METRICS_PORT, /metrics and /health also on that port (infra/metrics-server.ts).
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { parseRoom } from '../../../contract/index.ts'
import { collectProcessMetrics, httpRequestDuration, metricsText, watchQueue, watchSockets } from '../../../infra/metrics.ts'
import {
  METRICS_TOKEN_REQUIRED,
  bearerMatches,
  isPrivateAddress,
  startMetricsListener,
  type MetricsListener,
} from '../../../infra/metrics-server.ts'
import { HttpError } from '../../errors.ts'

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const

export const METRICS_PRIVATE_ONLY = 'Metrics are served only to private addresses; set METRICS_TOKEN to read them from elsewhere.'

export default fp(async function metrics(app: FastifyInstance) {
  const { config, queue } = app.deps
  collectProcessMetrics()

  // Hot path: no allocation beyond the label object; unmatched URLs share one label (no cardinality from scans).
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_class: STATUS_CLASSES[Math.floor(reply.statusCode / 100) - 1] ?? 'other',
      },
      reply.elapsedTime / 1000,
    )
    done()
  })

  const unwatch: Array<() => void> = []
  let listener: MetricsListener | undefined
  app.addHook('onReady', async () => {
    if (app.hasDecorator('live')) {
      const nsp = app.live.io.of('/')
      unwatch.push(
        watchSockets(() => {
          let rooms = 0
          for (const room of nsp.adapter.rooms.keys()) if (parseRoom(room)) rooms++
          return { connections: nsp.sockets.size, rooms }
        }),
      )
    }
    if (queue.counts) unwatch.push(watchQueue(() => queue.counts!()))
    if (config.metricsPort !== undefined)
      listener = await startMetricsListener({ port: config.metricsPort, host: config.host, token: config.metricsToken })
  })
  app.addHook('onClose', async () => {
    for (const stop of unwatch.splice(0)) stop()
    await listener?.close()
  })

  const trustsProxy = config.trustProxy !== false
  app.get(
    '/metrics',
    {
      schema: { hide: true }, // an operator's endpoint, not the API's (tests/server/metrics.test.ts)
    },
    async (request, reply) => {
      if (config.metricsToken) {
        if (!bearerMatches(request.headers.authorization, config.metricsToken)) throw new HttpError(401, METRICS_TOKEN_REQUIRED)
      } else {
        const forwarded = !trustsProxy && FORWARDED.some((name) => request.headers[name] !== undefined)
        // The peer must be private too: with TRUST_PROXY as a hop count, any peer is taken for the proxy,
        // and a public client could name a private address in X-Forwarded-For.
        const peerPrivate = isPrivateAddress(request.socket.remoteAddress ?? '')
        if (forwarded || !peerPrivate || !isPrivateAddress(request.ip)) throw new HttpError(403, METRICS_PRIVATE_ONLY)
      }
      const { contentType, body } = await metricsText()
      return reply.type(contentType).header('cache-control', 'no-store').send(body)
    },
  )
})
