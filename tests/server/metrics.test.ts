// Prometheus metrics as operators read them, from real parts: the request histogram by route
// pattern, a real multipart upload's bytes, its live events and its in-process transcode, real
// socket.io clients moving the connection and room gauges, the BullMQ queue's depth and a real
// worker process's own /metrics and /health on METRICS_PORT; and who may read /metrics at all.
import { readFileSync, rmSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../helpers/app.ts'
import { makeClip, multipartForm } from '../helpers/clips.ts'
import {
  REDIS_URL,
  connectClient,
  createOngoingChallenge,
  dropRedisPrefix,
  freePort,
  sleep,
  startLiveServer,
  subscribe,
  uniqueRedisPrefix,
  type ClientSocket,
  type LiveTestServer,
} from '../helpers/live.ts'
import { spawnWorker, type WorkerProcess } from '../helpers/worker.ts'

/** The sum of a metric's samples whose labels include `labels` (undefined when there is none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const own = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]))
    if (Object.entries(labels).every(([k, v]) => own[k] === v)) total = (total ?? 0) + Number(m[3])
  }
  return total
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({ url: '/metrics' })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  expect(res.headers['cache-control']).toBe('no-store')
  return res.body
}

describe('GET /metrics on the API port (in-process transcoding)', () => {
  let t: TestApp
  let dir: string
  let clip: Buffer
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'liftarena-metrics-'))
    ;[t, clip] = await Promise.all([
      startTestApp({ transcoding: { policy: { backoffMs: 10 } } }),
      makeClip(dir, 'lift.mp4', { width: 640, height: 360, seconds: 2 }).then((p) => readFileSync(p)),
    ])
  })
  afterAll(async () => {
    await t?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('times requests by method, route pattern (never the raw URL) and status class', async () => {
    expect((await t.app.inject({ url: '/api/users/2147483646' })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/no/such/page/8271' })).statusCode).toBe(404)
    const text = await scrape(t)
    expect(
      sample(text, 'liftarena_http_request_duration_seconds_count', { method: 'GET', route: '/api/users/:id', status_class: '4xx' }),
    ).toBe(1)
    expect(
      sample(text, 'liftarena_http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_class: '2xx' }),
    ).toBe(1)
    expect(sample(text, 'liftarena_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBe(1)
    expect(sample(text, 'liftarena_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })).toBe(1)
    // Raw URLs never become label values (a sample's value may contain any digits).
    const labelValues = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1] ?? '')
    expect(labelValues.filter((v) => v.includes('2147483646') || v.includes('8271'))).toEqual([])
    // Process metrics come along.
    expect(sample(text, 'liftarena_process_resident_memory_bytes')).toBeGreaterThan(0)
  })

  it("counts a real multipart upload's bytes, its live events and its transcode", async () => {
    const before = await scrape(t)
    const u = await registerUser(t.app)
    const challengeId = await createChallenge(t.app, u.access_token)
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/join_competition',
          headers: u.auth,
          payload: { competition_id: challengeId, weight_class: '83kg' },
        })
      ).statusCode,
    ).toBe(201)
    const form = multipartForm(
      { lift_type: 'squat', weight: 150, competition_id: challengeId },
      [{ filename: 'lift.mp4', data: clip }],
      'fields-first',
    )
    const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...u.auth, ...form.headers }, payload: form.payload })
    expect(res.statusCode, res.body).toBe(201)
    await t.transcoding!.idle()

    const after = await scrape(t)
    const grew = (name: string, labels: Record<string, string> = {}) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0)
    expect(grew('liftarena_upload_bytes_total', { method: 'multipart' })).toBe(clip.length)
    expect(grew('liftarena_live_events_published_total', { type: 'attempt.created' })).toBe(1)
    expect(grew('liftarena_live_events_published_total', { type: 'participant.joined' })).toBeGreaterThanOrEqual(1)
    expect(grew('liftarena_transcodes_total', { outcome: 'ready' })).toBe(1)
    expect(grew('liftarena_transcode_duration_seconds_count', { outcome: 'ready' })).toBe(1)
    expect(sample(after, 'liftarena_transcode_duration_seconds_sum', { outcome: 'ready' })).toBeGreaterThan(0)
    // The in-process queue reports its depth: nothing left once it is idle.
    expect(sample(after, 'liftarena_transcode_queue_jobs', { state: 'waiting' })).toBe(0)
    expect(sample(after, 'liftarena_transcode_queue_jobs', { state: 'active' })).toBe(0)
  })

  it('answers loopback and private addresses only, and not what an untrusted proxy forwarded', async () => {
    for (const remoteAddress of ['127.0.0.1', '10.2.3.4', '192.168.1.20', '172.20.0.5', '::1', 'fd00::7', '::ffff:10.0.0.9']) {
      expect((await t.app.inject({ url: '/metrics', remoteAddress })).statusCode, remoteAddress).toBe(200)
    }
    for (const remoteAddress of ['203.0.113.7', '8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:203.0.113.7']) {
      const res = await t.app.inject({ url: '/metrics', remoteAddress })
      expect(res.statusCode, remoteAddress).toBe(403)
      expect(res.json()).toEqual({ error: expect.stringContaining('METRICS_TOKEN') })
    }
    // A reverse proxy on this host without TRUST_PROXY: the request is somebody's from outside.
    const forwarded = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } })
    expect(forwarded.statusCode).toBe(403)
  })
})

describe('GET /metrics behind a trusted proxy', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('judges the client the proxy names', async () => {
    const outside = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } })
    expect(outside.statusCode).toBe(403)
    expect(outside.json()).toHaveProperty('error')
    expect((await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '10.1.2.3' } })).statusCode).toBe(200)
  })
})

describe('GET /metrics with TRUST_PROXY as a hop count', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it("refuses a public peer that names a private client, and takes a private proxy's word", async () => {
    const spoofed = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '10.0.0.1' } })
    expect(spoofed.statusCode).toBe(403)
    expect(spoofed.json()).toHaveProperty('error')
    expect(
      (await t.app.inject({ url: '/metrics', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '10.0.0.1' } })).statusCode,
    ).toBe(200)
    expect(
      (await t.app.inject({ url: '/metrics', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode,
    ).toBe(403)
  })
})

describe('METRICS_TOKEN and METRICS_PORT', () => {
  let t: TestApp
  let port: number
  const TOKEN = 'scrape-secret-0123456789'
  beforeAll(async () => {
    port = await freePort()
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_PORT: String(port), HOST: '127.0.0.1' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('asks for the bearer token on the API port, from any address', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      `Bearer ${TOKEN}x`,
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} })
      expect(res.statusCode, authorization).toBe(401)
      expect(res.json()).toEqual({ error: expect.stringContaining('Authorization: Bearer') })
    }
    const ok = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toContain('liftarena_http_request_duration_seconds')
  })

  it('serves /metrics and /health on METRICS_PORT (the token still holds there), and stops with the app', async () => {
    const base = `http://127.0.0.1:${port}`
    const health = await fetch(`${base}/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    const bare = await fetch(`${base}/metrics`)
    expect(bare.status).toBe(401)
    expect(await bare.json()).toHaveProperty('error')
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await res.text()).toContain('liftarena_socketio_connections')
    expect((await fetch(`${base}/other`)).status).toBe(404)
  })
})

describe('socket.io gauges', () => {
  let server: LiveTestServer
  const sockets: ClientSocket[] = []
  beforeAll(async () => {
    server = await startLiveServer()
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await server?.close()
  })

  const gauges = async () => {
    const text = await scrape(server)
    return { connections: sample(text, 'liftarena_socketio_connections'), rooms: sample(text, 'liftarena_socketio_rooms') }
  }

  it('follow real clients connecting, subscribing and leaving', async () => {
    const challengeId = await createOngoingChallenge(server.db.prisma)
    expect(await gauges()).toEqual({ connections: 0, rooms: 0 })
    sockets.push(await connectClient(server.url), await connectClient(server.url))
    expect(await gauges()).toEqual({ connections: 2, rooms: 0 })
    await subscribe(sockets[0]!, `competition:${challengeId}`)
    await subscribe(sockets[1]!, `competition:${challengeId}`)
    await subscribe(sockets[1]!, 'global')
    expect(await gauges()).toEqual({ connections: 2, rooms: 2 })
    sockets[1]!.close()
    let now = await gauges()
    for (let i = 0; i < 100 && now.connections !== 1; i++) {
      await sleep(20) // the server hears of the close a moment later
      now = await gauges()
    }
    expect(now).toEqual({ connections: 1, rooms: 1 })
  })
})

describe("BullMQ queue depth on the server, and a worker's own METRICS_PORT", () => {
  let t: TestApp
  let worker: WorkerProcess | undefined
  const prefix = uniqueRedisPrefix()
  beforeAll(async () => {
    t = await startTestApp({ env: { REDIS_URL, REDIS_PREFIX: prefix }, transcoding: true })
  })
  afterAll(async () => {
    await worker?.stop()
    await t?.close()
    await dropRedisPrefix(prefix)
  })

  it('counts waiting jobs in Redis; the worker serves /health and its own transcode counts', async () => {
    expect(t.transcoding!.mode).toBe('bullmq')
    // Attempts that do not exist: the worker will find nothing to do (skipped).
    await t.transcoding!.queue.enqueue({ attemptId: 2_000_000_001, userId: 1 })
    await t.transcoding!.queue.enqueue({ attemptId: 2_000_000_002, userId: 2 })
    let text = await scrape(t)
    expect(sample(text, 'liftarena_transcode_queue_jobs', { state: 'waiting' })).toBe(2)
    expect(sample(text, 'liftarena_transcode_queue_jobs', { state: 'active' })).toBe(0)

    const port = await freePort()
    worker = await spawnWorker({
      DATABASE_URL: t.config.databaseUrl!,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      DATA_DIR: t.config.dataDir,
      MEDIA_DIR: t.config.mediaDir,
      METRICS_PORT: String(port),
      HOST: '127.0.0.1',
    })
    expect(worker.output()).toContain(`/metrics and /health on 127.0.0.1:${port}`)
    const health = await fetch(`http://127.0.0.1:${port}/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })

    let skipped: number | undefined
    for (let i = 0; i < 200 && skipped !== 2; i++) {
      if (i > 0) await sleep(100)
      const res = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(res.status).toBe(200)
      skipped = sample(await res.text(), 'liftarena_transcodes_total', { outcome: 'skipped' })
    }
    expect(skipped, worker.output()).toBe(2)
    text = await scrape(t)
    expect(sample(text, 'liftarena_transcode_queue_jobs', { state: 'waiting' })).toBe(0)
  })
})
