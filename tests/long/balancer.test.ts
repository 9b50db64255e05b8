// The production topology through its one entry point: Debian's caddy running deploy/Caddyfile
// (the file docker-compose.yml mounts, unchanged; only LIFTARENA_SITE and LIFTARENA_UPSTREAMS
// differ) in front of two server processes and a transcode worker, on PostgreSQL, Redis and S3
// (s3rver). 200 spectators follow a challenge with the web app's live store over socket.io in
// its default transport order (long-polling first, then the WebSocket upgrade); like browsers on
// the site's own origin they keep the proxy's cookie (withCredentials gives socket.io-client's Node
// transport a cookie jar), which is what keeps a long-polling session on its node.
// Through the proxy: lifters join, one uploads a lift, the worker transcodes it, a certified panel
// judges it; node A restarts (SIGTERM, then the same port) half-way while more lifters join.
// Checked: every request answered (a client retries a 502/503 as the web app does), nothing lost
// (every join and the decision are in the database once), and every spectator converges on the
// database's state (participants, count, the judged attempt).
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath, resolve } from 'node:path'
import { io } from 'socket.io-client'
import { challengeRoom } from '../../contract/index.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../infra/db.ts'
import { makeClip, multipartForm } from '../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import {
  createLifters,
  createOngoingChallenge,
  dropRedisPrefix,
  freePort,
  REDIS_URL,
  sleep,
  spawnServer,
  uniqueRedisPrefix,
  waitUntil,
  type ClientSocket,
  type Lifter,
  type ServerProcess,
} from '../helpers/live.ts'
import { RoomFollower } from '../helpers/room-follower.ts'
import { startS3, type TestS3 } from '../helpers/s3.ts'
import { spawnWorker, type WorkerProcess } from '../helpers/worker.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const SPECTATORS = 200
const JOINS_BEFORE = 10
const JOINS_DURING = 20
const JWT_SECRET = 'balancer-test-secret-0123456789abcdef0123456789'

let root: string
let database: TestDatabase
let db: Database
let s3: TestS3
let redisPrefix: string
let caddy: ChildProcess
let caddyOutput = ''
let proxyUrl: string
const ports = { a: 0, b: 0 }
const nodes: { a?: ServerProcess; b?: ServerProcess } = {}
let worker: WorkerProcess
let nodeEnv: Record<string, string>
const sockets: ClientSocket[] = []

async function startCaddy(port: number) {
  const home = joinPath(root, 'caddy')
  mkdirSync(home)
  caddy = spawn('caddy', ['run', '--config', resolve(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      LIFTARENA_SITE: `:${port}`,
      LIFTARENA_UPSTREAMS: `to 127.0.0.1:${ports.a} 127.0.0.1:${ports.b}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  caddy.stdout!.on('data', (c) => {
    caddyOutput += String(c)
  })
  caddy.stderr!.on('data', (c) => {
    caddyOutput += String(c)
  })
  const deadline = Date.now() + 30_000
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyOutput}`)
    const ok = await fetch(`${proxyUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    if (Date.now() > deadline) throw new Error(`caddy did not answer in 30 s:\n${caddyOutput}`)
    await sleep(200)
  }
}

/** A request through the proxy, retried as the web app retries (no answer, 502, 503, 504: 1 s doubling). */
async function call(path: string, init: RequestInit & { retryable?: boolean } = {}): Promise<Response> {
  for (let attempt = 0, delay = 500; ; attempt++, delay = Math.min(delay * 2, 4_000)) {
    const res = await fetch(`${proxyUrl}${path}`, init).catch(() => undefined)
    if (res && ![502, 503, 504].includes(res.status)) return res
    if (attempt >= 8) throw new Error(`${init.method ?? 'GET'} ${path}: ${res?.status ?? 'no answer'} after ${attempt + 1} tries`)
    await sleep(delay)
  }
}

async function joinThroughProxy(lifter: Lifter, challengeId: number) {
  const res = await call('/api/join_competition', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${lifter.token}` },
    body: JSON.stringify({ competition_id: challengeId, weight_class: '83kg' }),
  })
  // A retry after a lost answer finds the lifter already in: the join happened once.
  expect([200, 201, 409], await res.clone().text()).toContain(res.status)
}

/** A spectator as the web app makes one: socket.io's default transports (polling, then WebSocket). */
function spectator(): ClientSocket {
  const socket = io(proxyUrl, { path: '/socket.io/', forceNew: true, withCredentials: true }) as ClientSocket
  sockets.push(socket)
  return socket
}

beforeAll(async () => {
  root = mkdtempSync(joinPath(tmpdir(), 'liftarena-balancer-'))
  redisPrefix = uniqueRedisPrefix()
  mkdirSync(joinPath(root, 's3'))
  ;[database, s3] = await Promise.all([createTestDatabase(), startS3({ directory: joinPath(root, 's3') })])
  db = await openDatabase({ databaseUrl: database.url, dataDir: root }, { migrate: true })
  ports.a = await freePort()
  ports.b = await freePort()
  const proxyPort = await freePort()
  proxyUrl = `http://127.0.0.1:${proxyPort}`
  nodeEnv = {
    ...s3.env,
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    JWT_SECRET,
    TRUST_PROXY: '1',
    MIGRATE_ON_START: 'false',
    RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
    RATE_LIMIT_ENTRIES_PER_MINUTE: '1000',
  }
  const slow = { startTimeoutMs: 120_000 }
  ;[nodes.a, nodes.b, worker] = await Promise.all([
    spawnServer({ ...nodeEnv, PORT: String(ports.a) }, slow),
    spawnServer({ ...nodeEnv, PORT: String(ports.b) }, slow),
    spawnWorker({ ...nodeEnv, DATA_DIR: joinPath(root, 'worker') }),
  ])
  await startCaddy(proxyPort)
}, 240_000)

afterAll(async () => {
  for (const s of sockets) s.close()
  caddy?.kill('SIGTERM')
  if (caddy && caddy.exitCode === null) await Promise.race([once(caddy, 'exit'), sleep(5_000)])
  await Promise.all([nodes.a?.stop(), nodes.b?.stop(), worker?.stop()])
  await s3?.stop()
  await db?.close()
  await database?.drop()
  if (redisPrefix) await dropRedisPrefix(redisPrefix)
  if (root) rmSync(root, { recursive: true, force: true })
})

describe('through the reverse proxy of docker-compose.yml', () => {
  it('joins, an upload, a judged decision and 200 spectators survive a node restart; every spectator converges', async () => {
    const challengeId = await createOngoingChallenge(db.prisma, 'Balancer Open')
    const [organiser, ...rest] = await createLifters(db.prisma, JWT_SECRET, 4 + JOINS_BEFORE + JOINS_DURING, 'Balancer Lifter')
    const judges = rest.slice(0, 3)
    const lifters = rest.slice(3)
    await db.prisma.challenge.update({ where: { id: challengeId }, data: { createdById: organiser!.userId } })
    await db.prisma.user.updateMany({ where: { id: { in: judges.map((j) => j.userId) } }, data: { judgeCertifiedAt: new Date() } })

    // 200 spectators, each following the challenge with the web app's live store.
    const followers = Array.from({ length: SPECTATORS }, () => new RoomFollower(spectator(), proxyUrl, challengeId))
    for (let i = 0; i < followers.length; i += 20) await Promise.all(followers.slice(i, i + 20).map((f) => f.start()))
    await waitUntil(() => sockets.every((s) => s.connected), 'every spectator to connect', 60_000)
    // The proxy spread them: both nodes hold sessions (the cookie decides, not the address).
    const cookies = new Set<string>()
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await fetch(`${proxyUrl}/socket.io/?EIO=4&transport=polling`)
        const cookie = res.headers.get('set-cookie')
        if (cookie) cookies.add(cookie.split(';')[0]!)
        await res.text()
      }),
    )
    expect(cookies.size, 'polling handshakes reach both nodes, each with its cookie').toBe(2)

    // Lifters join through the proxy; one uploads a lift.
    for (const lifter of lifters.slice(0, JOINS_BEFORE)) await joinThroughProxy(lifter, challengeId)
    const clip = readFileSync(await makeClip(root, 'lift.mp4', { width: 640, height: 360, seconds: 2 }))
    const form = multipartForm(
      { competition_id: challengeId, lift_type: 'squat', weight: 180 },
      [{ filename: 'lift.mp4', data: clip }],
      'fields-first',
    )
    const upload = await call('/api/upload', {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${lifters[0]!.token}` },
      body: new Uint8Array(form.payload),
    })
    const uploaded = (await upload.json()) as { attempt_id: number }
    expect(upload.status, JSON.stringify(uploaded)).toBe(201)

    // Node A restarts half-way while more lifters join (the proxy skips it while it is down).
    const joinsDuring = (async () => {
      for (const lifter of lifters.slice(JOINS_BEFORE)) {
        await joinThroughProxy(lifter, challengeId)
        await sleep(150)
      }
    })()
    await sleep(500)
    await nodes.a!.stop()
    nodes.a = await spawnServer({ ...nodeEnv, PORT: String(ports.a) }, { startTimeoutMs: 120_000 })
    await joinsDuring

    // The worker transcodes the upload from the bucket; the panel judges it through the proxy.
    const deadline = Date.now() + 120_000
    for (;;) {
      const attempt = await db.prisma.attempt.findUnique({ where: { id: uploaded.attempt_id } })
      if (attempt?.processingState === 'ready') break
      if (Date.now() > deadline)
        throw new Error(`the upload was not transcoded: ${JSON.stringify(attempt)}\n${worker.output().slice(-2000)}`)
      await sleep(500)
    }
    const usernames = (
      await db.prisma.user.findMany({ where: { id: { in: judges.map((j) => j.userId) } }, select: { username: true } })
    ).map((u) => u.username)
    const panel = await call(`/api/competitions/${challengeId}/judges`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${organiser!.token}` },
      body: JSON.stringify({ usernames }),
    })
    expect(panel.status, await panel.text()).toBe(200)
    for (const judge of judges) {
      const vote = await call(`/api/attempts/${uploaded.attempt_id}/votes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${judge.token}` },
        body: JSON.stringify({ good: true }),
      })
      expect([201, 409], await vote.clone().text()).toContain(vote.status)
    }

    // Nothing lost: every join once, the decision recorded.
    const participants = await db.prisma.participant.findMany({ where: { challengeId } })
    expect(participants.map((p) => p.userId).sort((x, y) => x - y)).toEqual(lifters.map((l) => l.userId).sort((x, y) => x - y))
    const judged = await db.prisma.attempt.findUniqueOrThrow({ where: { id: uploaded.attempt_id } })
    expect(judged.status, 'a good lift').toBe('completed')

    // Every spectator converges: the room's last event, the database's participants and count,
    // and the judged attempt (from the event, or from a snapshot taken after it).
    const expectedIds = participants.map((p) => p.userId).sort((x, y) => x - y)
    const head = (await db.prisma.liveRoom.findUniqueOrThrow({ where: { room: challengeRoom(challengeId) } })).seq
    const judgedSeen = (f: RoomFollower) =>
      f.participants.get(lifters[0]!.userId)?.attempts.some((a) => a.id === uploaded.attempt_id && a.status === 'completed') === true ||
      f.applied.some(
        (e) => e.type === 'attempt.judged' && e.data.attempt.id === uploaded.attempt_id && e.data.attempt.status === 'completed',
      )
    const converged = (f: RoomFollower) =>
      (f.seq ?? 0) >= head &&
      f.count === expectedIds.length &&
      [...f.participants.keys()].sort((x, y) => x - y).join() === expectedIds.join() &&
      judgedSeen(f)
    await waitUntil(() => followers.every(converged), 'every spectator to converge', 90_000).catch((error: Error) => {
      const behind = followers.filter((f) => !converged(f))
      throw new Error(
        `${error.message}: ${behind.length} of ${SPECTATORS} behind (e.g. count ${behind[0]?.count}, seq ${behind[0]?.seq} of ${head}, judged ${behind[0] ? judgedSeen(behind[0]) : '-'})\n--- caddy:\n${caddyOutput.slice(-1500)}`,
      )
    })
    expect(sockets.every((s) => s.connected)).toBe(true)
    for (const f of followers) f.stop()
  }, 400_000)
})
