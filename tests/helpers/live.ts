// Helpers for the live-layer tests: a real listening server (or separate server
// processes), real socket.io-client and ws clients. RoomFollower, which follows a challenge
// with the web app's own live store, is in room-follower.ts (it loads web code).
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join as joinPath, resolve } from 'node:path'
import { Redis } from 'ioredis'
import { Type } from 'typebox'
import { Value } from 'typebox/value'
import { io as connect, type Socket } from 'socket.io-client'
import WebSocket from 'ws'
import type { ClientEvents, LiveEvent, LiveFeedMessage, ServerEvents, SubscribeResult } from '../../contract/index.ts'
import type { PrismaClient } from '../../infra/db.ts'
import { createTokenService } from '../../server/services/tokens.service.ts'
import { createRefreshTokensRepository, createUsersRepository } from '../../infra/repositories/users.repository.ts'
import { standaloneAccessJwt } from '../../server/plugins/app/auth.ts'
import { startTestApp, type TestApp, type TestAppOptions } from './app.ts'

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
// Without JWT_SECRET each process keeps a secret in its own DATA_DIR, and spawned servers and
// workers get a DATA_DIR each: the test process and what it spawns share one secret per run,
// so `loadConfig().jwtSecret` here signs tokens every spawned node accepts.
process.env.JWT_SECRET ||= randomBytes(32).toString('hex')
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
    ...t,
    url,
    redisPrefix,
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
  const jwt = await standaloneAccessJwt(jwtSecret, 3600)
  const tokens = createTokenService(
    { refreshTokens: createRefreshTokensRepository(prisma), users: createUsersRepository(prisma), jwt },
    { refreshTtlDays: 1 },
  )
  return Promise.all(users.map(async (u) => ({ userId: u.id, token: (await tokens.issue(u.id)).access_token })))
}

/** An ongoing challenge, straight in the database (the three powerlifts unless `liftTypes` says otherwise). */
export async function createOngoingChallenge(
  prisma: PrismaClient,
  name = 'Live Challenge',
  liftTypes = ['Squat', 'Bench Press', 'Deadlift'],
): Promise<number> {
  const row = await prisma.challenge.create({
    data: {
      name,
      location: 'Test Gym',
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 6 * 86_400_000),
      liftTypes,
      weightClasses: ['83kg', '93kg'],
      gender: 'M',
      description: name,
    },
  })
  return row.id
}

/** POST /api/join_competition over HTTP. */
export async function join(
  url: string,
  lifter: Lifter,
  challengeId: number,
): Promise<{ status: number; body: { participant_id?: number; participants?: number; error?: string } }> {
  const res = await fetch(`${url}/api/join_competition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${lifter.token}` },
    body: JSON.stringify({ competition_id: challengeId, weight_class: '83kg' }),
  })
  const body: unknown = await res.json()
  if (!Value.Check(JoinAnswer, body)) throw new Error(`POST /api/join_competition answered ${JSON.stringify(body)}`)
  return { status: res.status, body }
}

/** What a join answers: the entry and the new count, or {error}. */
const JoinAnswer = Type.Object({
  participant_id: Type.Optional(Type.Number()),
  participants: Type.Optional(Type.Number()),
  error: Type.Optional(Type.String()),
})

/** A connected socket.io client (websocket transport, quick reconnection). */
export async function connectClient(url: string, token?: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    transports: ['websocket'],
    forceNew: true,
    auth: token ? { token } : {},
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
  })
  await new Promise<void>((resolvePromise, reject) => {
    socket.once('connect', () => resolvePromise())
    socket.once('connect_error', (error) => {
      socket.close()
      reject(error)
    })
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

export interface FeedClient {
  ws: WebSocket
  messages: LiveFeedMessage[]
  close(): Promise<void>
}

/** A plain `ws` client of /api/live/:competitionId, recording every message. */
export async function openFeed(url: string, challengeId: number | string): Promise<FeedClient> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live/${challengeId}`)
  const messages: LiveFeedMessage[] = []
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveFeedMessage))
  await once(ws, 'open')
  return {
    ws,
    messages,
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
export async function spawnServer(env: Record<string, string>, { startTimeoutMs = 45_000 } = {}): Promise<ServerProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'liftarena-node-'))
  const child = spawn(joinPath(ROOT, 'node_modules/.bin/tsx'), ['server/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO_DATA: 'false',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => {
    output += String(chunk)
  })
  child.stderr!.on('data', (chunk) => {
    output += String(chunk)
  })
  const exited = once(child, 'exit')
  await new Promise<void>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${startTimeoutMs / 1000} s:\n${output}`)), startTimeoutMs)
    const onData = () => {
      if (output.includes('LiftArena is running')) {
        clearTimeout(timer)
        resolvePromise()
      }
    }
    child.stdout!.on('data', onData)
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`server exited:\n${output}`))
    })
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
