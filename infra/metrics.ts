// Prometheus metrics, one registry per process, shared by both roles (API server and worker).
// Counters and histograms are updated where things happen (cheap: an increment); the gauges
// (socket.io, queue depth) are read from their sources only when Prometheus scrapes.
// The registry is module-level on purpose: a metric may be registered once per process, and
// tests that run two apps in one process see both apps' gauges summed.
// Served by infra/metrics-server.ts (METRICS_PORT, both roles) and the server's GET /metrics.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export const registry = new Registry()

let processMetrics = false
/** Process metrics (CPU, memory, event-loop lag, GC): started by whoever serves the registry, once. */
export function collectProcessMetrics(): void {
  if (processMetrics) return
  processMetrics = true
  collectDefaultMetrics({ register: registry, prefix: 'liftarena_' })
}

/** The Prometheus text of every metric of this process. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() }
}

// ---------------------------------------------------------------------------------------------
// HTTP (server/plugins/app/metrics.ts)

export const httpRequestDuration = new Histogram({
  name: 'liftarena_http_request_duration_seconds',
  help: "Time from a request's arrival to its answer, by method, route pattern (not the raw URL) and status class.",
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

// ---------------------------------------------------------------------------------------------
// Uploads: bytes received, whichever way they came.

export const uploadBytesTotal = new Counter({
  name: 'liftarena_upload_bytes_total',
  help: 'Bytes of uploaded video received, by method (multipart: POST /api/upload; tus: resumable uploads).',
  labelNames: ['method'] as const,
  registers: [registry],
})

// ---------------------------------------------------------------------------------------------
// Live events (infra/announcer.ts: each committed event, once, on the node that wrote it)

export const liveEventsPublished = new Counter({
  name: 'liftarena_live_events_published_total',
  help: 'Live events published after their write committed, by event type.',
  labelNames: ['type'] as const,
  registers: [registry],
})

// ---------------------------------------------------------------------------------------------
// Transcoding (infra/transcoding/transcode.job.ts; whichever process runs the job)

export const transcodesTotal = new Counter({
  name: 'liftarena_transcodes_total',
  help: 'Transcode tries by outcome: ready, skipped (nothing to do), failed (the attempt was marked failed), retry (failed, another try follows).',
  labelNames: ['outcome'] as const,
  registers: [registry],
})
export const transcodeDuration = new Histogram({
  name: 'liftarena_transcode_duration_seconds',
  help: 'How long a transcode try took, from start to ready or to failure.',
  labelNames: ['outcome'] as const,
  buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800],
  registers: [registry],
})

// ---------------------------------------------------------------------------------------------
// Gauges read on scrape. A source is registered by its owner and removed when it closes.

export interface SocketStats {
  connections: number
  /** Public rooms (challenges, global) with at least one follower on this node. */
  rooms: number
}
export type QueueState = 'waiting' | 'active' | 'delayed' | 'failed'
export type QueueCounts = Partial<Record<QueueState, number>>

const socketSources = new Set<() => SocketStats>()
const queueSources = new Set<() => Promise<QueueCounts>>()

/** Adds a socket.io server's figures to the gauges; call the returned function when it closes. */
export function watchSockets(source: () => SocketStats): () => void {
  socketSources.add(source)
  return () => void socketSources.delete(source)
}

/** Adds a transcode queue's depth to the gauge; call the returned function when it closes. */
export function watchQueue(source: () => Promise<QueueCounts>): () => void {
  queueSources.add(source)
  return () => void queueSources.delete(source)
}

const sumSockets = (pick: (s: SocketStats) => number) => [...socketSources].reduce((sum, source) => sum + pick(source()), 0)

new Gauge({
  name: 'liftarena_socketio_connections',
  help: 'socket.io connections open on this node.',
  registers: [registry],
  collect() {
    this.set(sumSockets((s) => s.connections))
  },
})
new Gauge({
  name: 'liftarena_socketio_rooms',
  help: 'Public live rooms (challenges, global) followed by at least one connection on this node.',
  registers: [registry],
  collect() {
    this.set(sumSockets((s) => s.rooms))
  },
})

/** A scrape must not hang on an unreachable Redis: the depth is left out then. */
const QUEUE_READ_TIMEOUT_MS = 1_000

new Gauge({
  name: 'liftarena_transcode_queue_jobs',
  help: "Transcode jobs in the queue by state (BullMQ with REDIS_URL: the whole cluster's queue; else this process's in-process queue).",
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset() // a state no source reports (or a source that did not answer) is absent, not stale
    const totals: QueueCounts = {}
    for (const source of queueSources) {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), QUEUE_READ_TIMEOUT_MS)
      })
      const counts = await Promise.race([source(), timeout])
        .catch(() => undefined)
        .finally(() => clearTimeout(timer))
      for (const [state, n] of Object.entries(counts ?? {}) as Array<[QueueState, number]>) totals[state] = (totals[state] ?? 0) + n
    }
    for (const [state, n] of Object.entries(totals)) this.set({ state }, n)
  },
})
