// Helpers for the live-layer tests: a real listening server (or separate server
// processes), real socket.io-client and ws clients, and RoomFollower, a client that
// follows a challenge the way the web app should (REST snapshot, subscribe since its
// seq, apply strictly in seq order, refill gaps, resync when told to).
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join as joinPath, resolve } from 'node:path'
import { Redis } from 'ioredis'
import { io as connect, type Socket } from 'socket.io-client'
import WebSocket from 'ws'
import type { ClientEvents, LiveEvent, LiveFeedMessage, Participant, ParticipantListResponse, ServerEvents, SubscribeResult } from '../../contract/index.ts'
import { competitionRoom } from '../../contract/index.ts'
import type { PrismaClient } from '../../infra/db.ts'
import { RoomSequencer } from '../../contract/live-sequencer.ts'
import { createTokenService } from '../../server/services/tokens.service.ts'
import { createRefreshTokensRepository } from '../../infra/repositories/users.repository.ts'
import { startTestApp, type TestApp, type TestAppOptions } from './app.ts'

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const ROOT = resolve(import.meta.dirname, '../..')

export type ClientSocket = Socket<ServerEvents, ClientEvents>

export const uniqueRedisPrefix = () => `liftarena-test-${randomBytes(5).toString('hex')}`

/** Deletes every key of a test's prefix. */
export async function dropRedisPrefix(prefix: string) {
  const redis = new Redis(REDIS_URL)
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000)
      cursor = next
      if (keys.length > 0) await redis.del(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

export interface LiveTestServer extends TestApp {
  /** http://127.0.0.1:<port> */
  url: string
  redisPrefix: string | undefined
}

/** The real app on a fresh PostgreSQL database, listening on a free port; with `redis`, on the streams adapter. */
export async function startLiveServer(options: TestAppOptions & { redis?: boolean } = {}): Promise<LiveTestServer> {
  const redisPrefix = options.redis ? uniqueRedisPrefix() : undefined
  const t = await startTestApp({ ...options, env: { ...(redisPrefix ? { REDIS_URL, REDIS_PREFIX: redisPrefix } : {}), ...options.env } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  return {
    ...t, url, redisPrefix,
    async close() {
      await t.close()
      if (redisPrefix) await dropRedisPrefix(redisPrefix)
    },
  }
}

export interface Lifter {
  userId: number
  token: string
}

let lifterCounter = 0
/** Users straight in the database with real access tokens (registering through argon2 would take seconds). */
export async function createLifters(prisma: PrismaClient, jwtSecret: string, n: number, name = 'Lifter'): Promise<Lifter[]> {
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
  const rows = Array.from({ length: n }, (_, i) => {
    const id = `${tag}-${lifterCounter++}-${i}`
    return { name: `${name} ${i + 1}`, username: `live-${id}`, email: `live-${id}@example.com`, passwordHash: 'unused' }
  })
  await prisma.user.createMany({ data: rows })
  const users = await prisma.user.findMany({ where: { username: { in: rows.map((r) => r.username) } }, orderBy: { id: 'asc' } })
  const tokens = createTokenService(createRefreshTokensRepository(prisma), { secret: jwtSecret, accessTtlSeconds: 3600, refreshTtlDays: 1 })
  return Promise.all(users.map(async (u) => ({ userId: u.id, token: (await tokens.issue(u.id)).access_token })))
}

/** An ongoing challenge, straight in the database. */
export async function createOngoingChallenge(prisma: PrismaClient, name = 'Live Challenge'): Promise<number> {
  const row = await prisma.competition.create({
    data: {
      name, location: 'Test Gym', startDate: new Date(Date.now() - 86_400_000), endDate: new Date(Date.now() + 6 * 86_400_000),
      liftTypes: ['Squat', 'Bench Press', 'Deadlift'], weightClasses: ['83kg', '93kg'], gender: 'M', description: name,
    },
  })
  return row.id
}

/** POST /api/join_competition over HTTP. */
export async function join(url: string, lifter: Lifter, competitionId: number): Promise<{ status: number; body: { participant_id?: number; participants?: number; error?: string } }> {
  const res = await fetch(`${url}/api/join_competition`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${lifter.token}` },
    body: JSON.stringify({ competition_id: competitionId, weight_class: '83kg' }),
  })
  return { status: res.status, body: await res.json() }
}

/** A connected socket.io client (websocket transport, quick reconnection). */
export async function connectClient(url: string, token?: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    transports: ['websocket'], forceNew: true, auth: token ? { token } : {},
    reconnectionDelay: 50, reconnectionDelayMax: 200,
  })
  await new Promise<void>((resolvePromise, reject) => {
    socket.once('connect', () => resolvePromise())
    socket.once('connect_error', (error) => { socket.close(); reject(error) })
  })
  return socket
}

export async function subscribe(socket: ClientSocket, room: SubscribeResult['room'], since?: number | null): Promise<SubscribeResult> {
  const answer = await socket.timeout(5000).emitWithAck('subscribe', { room, since })
  if ('error' in answer) throw new Error(answer.error)
  return answer.data
}

/** Collects every `event` a socket receives. */
export function collectEvents(socket: ClientSocket): LiveEvent[] {
  const events: LiveEvent[] = []
  socket.on('event', (event) => events.push(event))
  return events
}

export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Follows one challenge like the web app should: REST snapshot (its `x-live-seq`), then
 * `subscribe` since that seq; events apply strictly in seq order (early ones wait); a gap
 * that outlives `gapWaitMs` is refilled by subscribing again since the last applied seq;
 * `resync` refetches the snapshot. After a reconnect the socket either recovered its
 * session (missed packets arrive as events) or subscribes again since its seq.
 */
export class RoomFollower {
  readonly participants = new Map<number, Participant>()
  count = 0
  /** Every event applied, in application order. */
  readonly applied: LiveEvent[] = []
  /** Every event the socket delivered for this room, applied or not (duplicates, early ones). */
  readonly received: LiveEvent[] = []
  snapshots = 0
  replays = 0
  recoveries = 0
  readonly room
  readonly #sequencer = new RoomSequencer<LiveEvent>(null)
  #gapTimer: NodeJS.Timeout | null = null
  #stopped = false

  constructor(readonly socket: ClientSocket, readonly baseUrl: string, readonly competitionId: number, readonly gapWaitMs = 300) {
    this.room = competitionRoom(competitionId)
  }

  get seq() {
    return this.#sequencer.seq
  }

  async start() {
    this.socket.on('event', this.#onEvent)
    this.socket.on('connect', this.#onConnect)
    await this.#snapshot()
  }

  stop() {
    this.#stopped = true
    this.socket.off('event', this.#onEvent)
    this.socket.off('connect', this.#onConnect)
    if (this.#gapTimer) clearTimeout(this.#gapTimer)
    if (this.socket.connected) this.socket.emit('unsubscribe', { room: this.room })
  }

  #onEvent = (event: LiveEvent) => {
    if (event.room !== this.room) return
    this.received.push(event)
    this.#apply(this.#sequencer.push(event))
  }

  /** A reconnection (automatic or manual): subscribe again since the last applied seq, unless the session came back. */
  #onConnect = () => {
    if (this.socket.recovered) this.recoveries++
    else void this.#subscribe()
  }

  async #snapshot() {
    const res = await fetch(`${this.baseUrl}/api/competitions/${this.competitionId}/participants`)
    if (!res.ok) throw new Error(`snapshot failed: ${res.status}`)
    const seq = Number(res.headers.get('x-live-seq'))
    const list = ((await res.json()) as ParticipantListResponse).participants
    this.snapshots++
    this.participants.clear()
    for (const p of list) this.participants.set(p.id, p)
    this.count = list.length
    this.#apply(this.#sequencer.reset(seq))
    await this.#subscribe()
  }

  async #subscribe(): Promise<void> {
    if (this.#stopped) return
    const since = this.#sequencer.seq
    if (since === null) return this.#snapshot()
    let result: SubscribeResult
    try {
      result = await subscribe(this.socket, this.room, since)
    } catch {
      // Disconnected or a transient error: the reconnect handler (or this retry) asks again.
      if (this.socket.connected && !this.#stopped) setTimeout(() => void this.#subscribe(), 200)
      return
    }
    if (result.resync) return this.#snapshot()
    this.replays++
    this.#apply(this.#sequencer.pushAll(result.missed))
  }

  #apply(events: LiveEvent[]) {
    for (const event of events) {
      this.applied.push(event)
      switch (event.type) {
        case 'participant.joined':
          this.participants.set(event.data.participant.id, event.data.participant)
          this.count = event.data.participants
          break
        case 'attempt.created':
        case 'attempt.updated': {
          const p = this.participants.get(event.data.attempt.participant_id)
          if (p) p.attempts = [...p.attempts.filter((a) => a.id !== event.data.attempt.id), event.data.attempt]
          break
        }
        case 'leaderboard.changed':
          break
      }
    }
    if (this.#sequencer.overflowing) {
      void this.#snapshot()
      return
    }
    const gap = this.#sequencer.gap
    if (!gap) {
      if (this.#gapTimer) clearTimeout(this.#gapTimer)
      this.#gapTimer = null
    } else if (!this.#gapTimer) {
      this.#gapTimer = setTimeout(() => {
        this.#gapTimer = null
        if (this.#sequencer.gap) void this.#subscribe()
      }, this.gapWaitMs)
    }
  }
}

export interface FeedClient {
  ws: WebSocket
  messages: LiveFeedMessage[]
  close(): Promise<void>
}

/** A plain `ws` client of /api/live/:competitionId, recording every message. */
export async function openFeed(url: string, competitionId: number | string): Promise<FeedClient> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live/${competitionId}`)
  const messages: LiveFeedMessage[] = []
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveFeedMessage))
  await once(ws, 'open')
  return {
    ws, messages,
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return
      const closed = once(ws, 'close')
      ws.close()
      await closed
    },
  }
}

export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  await new Promise((r) => server.close(r))
  return port
}

export interface ServerProcess {
  url: string
  process: ChildProcess
  output(): string
  stop(): Promise<void>
}

/** `tsx server/server.ts` as its own process (what `npm start` runs), on a free port. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'liftarena-node-'))
  const child = spawn(joinPath(ROOT, 'node_modules/.bin/tsx'), ['server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SEED_DEMO_DATA: 'false', SERVE_WEB: 'false', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => { output += String(chunk) })
  child.stderr!.on('data', (chunk) => { output += String(chunk) })
  const exited = once(child, 'exit')
  await new Promise<void>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 45 s:\n${output}`)), 45_000)
    const onData = () => {
      if (output.includes('LiftArena is running')) {
        clearTimeout(timer)
        resolvePromise()
      }
    }
    child.stdout!.on('data', onData)
    void exited.then(() => { clearTimeout(timer); reject(new Error(`server exited:\n${output}`)) })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(timer)
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
