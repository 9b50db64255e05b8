// Redis restarted (killed and started again, empty: no persistence) while a real server
// process, a real BullMQ worker process and 20 socket.io clients are connected. Neither
// process is restarted: both reconnect by themselves; a transcode enqueued after the restart
// completes, and so does the upload whose enqueue was lost while Redis was away; every
// client ends at the database's state (participants, count, seq and each attempt's
// processing state), and each upload is announced ready exactly once.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom } from '../../contract/index.ts'
import { loadConfig } from '../../infra/config.ts'
import { openDatabase, type Database } from '../../infra/db.ts'
import { makeClip, multipartForm } from '../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import {
  connectClient,
  createLifters,
  createOngoingChallenge,
  join,
  sleep,
  spawnServer,
  waitUntil,
  type ClientSocket,
  type Lifter,
  type ServerProcess,
} from '../helpers/live.ts'
import { RoomFollower } from '../helpers/room-follower.ts'
import { privateRedis, type PrivateRedis } from '../helpers/redis.ts'
import { spawnWorker, type WorkerProcess } from '../helpers/worker.ts'

const FOLLOWERS = 20
const DB_PASSWORD = 'db-password-redis-restart-5d1e'

let database: TestDatabase
let db: Database
let dir: string
let redis: PrivateRedis
let server: ServerProcess
let worker: WorkerProcess
let clip: Buffer
const sockets: ClientSocket[] = []

beforeAll(async () => {
  redis = await privateRedis()
  await redis.start()
  database = await createTestDatabase()
  dir = mkdtempSync(joinPath(tmpdir(), 'liftarena-redis-restart-'))
  db = await openDatabase({ databaseUrl: database.url, dataDir: dir }, { migrate: true })
  clip = readFileSync(await makeClip(dir, 'lift.mp4', { width: 640, height: 360, seconds: 2 }))
  const url = new URL(database.url)
  url.password = DB_PASSWORD
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'restart',
    MEDIA_DIR: joinPath(dir, 'media'),
    DATA_DIR: dir,
    RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
  }
  ;[server, worker] = await Promise.all([spawnServer({ ...env, LOG_LEVEL: 'warn' }), spawnWorker(env)])
}, 120_000)

afterAll(async () => {
  for (const s of sockets) s.close()
  await worker?.stop()
  await server?.stop()
  await redis.kill()
  await db?.close()
  await database?.drop()
  rmSync(dir, { recursive: true, force: true })
})

async function upload(lifter: Lifter, challengeId: number): Promise<number> {
  const form = multipartForm({ lift_type: 'deadlift', weight: 200, competition_id: challengeId }, [{ filename: 'lift.mp4', data: clip }])
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${lifter.token}` },
    body: new Uint8Array(form.payload),
  })
  const body = (await res.json()) as { attempt_id: number }
  expect(res.status, JSON.stringify(body)).toBe(201)
  return body.attempt_id
}

async function allReady(ids: number[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await db.prisma.attempt.findMany({ where: { id: { in: ids } }, select: { id: true, processingState: true } })
    if (rows.length === ids.length && rows.every((r) => r.processingState === 'ready')) return
    if (Date.now() > deadline)
      throw new Error(`not all ready after ${timeoutMs} ms: ${JSON.stringify(rows)}\nworker:\n${worker.output().slice(-3000)}`)
    await sleep(200)
  }
}

describe('Redis restarted under a server, a worker and connected clients', () => {
  it('both processes reconnect by themselves, every upload is transcoded once, and clients end at the database state', async () => {
    const serverPid = server.process.pid
    const workerPid = worker.child.pid
    const id = await createOngoingChallenge(db.prisma, 'Redis Restart Open')
    const lifters = await createLifters(db.prisma, loadConfig().jwtSecret, 7)
    const followers: RoomFollower[] = []
    for (let i = 0; i < FOLLOWERS; i++) {
      const socket = await connectClient(server.url)
      sockets.push(socket)
      const f = new RoomFollower(socket, server.url, id)
      await f.start()
      followers.push(f)
    }

    // Before: joins and an upload go through Redis (events on the stream, the job through BullMQ).
    for (const l of lifters.slice(0, 3)) expect((await join(server.url, l, id)).status).toBe(201)
    const before = await upload(lifters[0]!, id)
    await allReady([before], 60_000)

    // Redis dies. Joins and an upload still succeed (the database is the source of truth).
    await redis.kill()
    const downAt = performance.now()
    for (const l of lifters.slice(3, 5)) expect((await join(server.url, l, id)).status).toBe(201)
    const during = await upload(lifters[3]!, id)
    await sleep(2000)

    // Redis is back, empty. Nobody restarts the server or the worker.
    await redis.start()
    const upAt = performance.now()
    await sleep(1000)
    for (const l of lifters.slice(5, 7)) expect((await join(server.url, l, id)).status).toBe(201)
    const after = await upload(lifters[5]!, id)

    await allReady([during, after], 90_000)
    const readyMs = performance.now() - upAt
    expect(server.process.pid).toBe(serverPid)
    expect(server.process.exitCode).toBeNull()
    expect(worker.child.pid).toBe(workerPid)
    expect(worker.child.exitCode).toBeNull()

    // Every client converges on the database: same participants, count, seq and attempt states.
    const participants = await db.prisma.participant.findMany({ where: { challengeId: id }, include: { attempts: true } })
    const head = await db.prisma.liveRoom.findUniqueOrThrow({ where: { room: challengeRoom(id) } })
    const attemptStates = Object.fromEntries(participants.flatMap((p) => p.attempts.map((a) => [a.id, a.processingState])))
    const converged = (f: RoomFollower) => {
      if (f.seq !== head.seq || f.count !== participants.length) return false
      const seen = Object.fromEntries([...f.participants.values()].flatMap((p) => p.attempts.map((a) => [a.id, a.processing])))
      return JSON.stringify(seen, Object.keys(seen).sort()) === JSON.stringify(attemptStates, Object.keys(attemptStates).sort())
    }
    await waitUntil(() => followers.every(converged), `all ${FOLLOWERS} clients to reach the database state (seq ${head.seq})`, 30_000)
    const convergedMs = performance.now() - upAt
    for (const f of followers) {
      expect([...f.participants.keys()].sort((a, b) => a - b)).toEqual(participants.map((p) => p.id).sort((a, b) => a - b))
      // Applied strictly in order, each seq once.
      expect(f.applied.map((e) => e.seq)).toEqual(Array.from({ length: head.seq }, (_, i) => i + 1))
    }
    // Each upload announced ready exactly once.
    const events = await db.prisma.liveEvent.findMany({ where: { room: challengeRoom(id), type: 'attempt.updated' } })
    for (const attemptId of [before, during, after]) {
      const ready = events.filter((e) => {
        const a = (e.payload as { attempt: { id: number; processing: string } }).attempt
        return a.id === attemptId && a.processing === 'ready'
      })
      expect(ready, `attempt ${attemptId}`).toHaveLength(1)
    }
    // No secret in the worker's output either.
    expect(worker.output()).not.toContain(DB_PASSWORD)
    expect(worker.output()).not.toContain(loadConfig().jwtSecret)
    console.log(
      `Redis restart: down ${(upAt - downAt).toFixed(0)} ms; after it came back, both uploads ready in ${readyMs.toFixed(0)} ms and ${FOLLOWERS} clients at the database state (seq ${head.seq}) in ${convergedMs.toFixed(0)} ms; ` +
        `recoveries ${followers.reduce((n, f) => n + f.recoveries, 0)}, replays ${followers.reduce((n, f) => n + f.replays, 0)}, snapshots ${followers.reduce((n, f) => n + f.snapshots, 0)}`,
    )
  })
})
