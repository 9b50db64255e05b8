// Redis goes away and comes back under two nodes (a private redis-server from the
// system binary, so the shared service is not touched). While it is down, a node's
// own clients still get its events and the other node's clients get them from the
// outbox (head watch); once it is back, nodes broadcast to each other again.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './helpers/database.ts'
import {
  connectClient, createLifters, createOngoingChallenge, freePort, join, RoomFollower, sleep, startLiveServer, waitUntil,
  type ClientSocket, type LiveTestServer,
} from './helpers/live.ts'

let database: TestDatabase
let redisPort: number
let redis: ChildProcess | undefined
let a: LiveTestServer
let b: LiveTestServer
const sockets: ClientSocket[] = []

async function startRedis() {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  redis.stdout!.on('data', (chunk) => { output += String(chunk) })
  await waitUntil(() => output.includes('Ready to accept connections'), 'redis-server to start', 10_000)
}

async function stopRedis() {
  if (!redis || redis.exitCode !== null) return
  const exited = once(redis, 'exit')
  redis.kill('SIGKILL')
  await exited
}

beforeAll(async () => {
  redisPort = await freePort()
  await startRedis()
  database = await createTestDatabase()
  const env = { DATABASE_URL: database.url, REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_PREFIX: 'outage' }
  a = await startLiveServer({ env })
  b = await startLiveServer({ env }) // after A: A applied the migrations
})

afterAll(async () => {
  for (const s of sockets) s.close()
  await a?.close()
  await b?.close()
  await stopRedis()
  await database?.drop()
})

async function follow(node: LiveTestServer, id: number) {
  const socket = await connectClient(node.url)
  sockets.push(socket)
  const follower = new RoomFollower(socket, node.url, id)
  await follower.start()
  return follower
}

describe('Redis outage under two nodes', () => {
  it('loses nothing while Redis is down and broadcasts across nodes again once it is back', async () => {
    const id = await createOngoingChallenge(a.db.prisma)
    const lifters = await createLifters(a.db.prisma, a.config.jwtSecret, 7)
    const onA = await follow(a, id)
    const onB = await follow(b, id)
    await join(a.url, lifters[0]!, id)
    await waitUntil(() => onA.seq === 1 && onB.seq === 1, 'the first join on both nodes')

    await stopRedis()
    const down = performance.now()
    for (const l of lifters.slice(1, 4)) expect((await join(a.url, l, id)).status).toBe(201)
    await waitUntil(() => onA.seq === 4, "node A's own clients, without Redis", 10_000)
    console.log(`Redis down: 3 joins through A reached A's client ${(performance.now() - down).toFixed(0)} ms after the outage began`)
    expect(onB.seq).toBe(1)
    await b.app.live.sweep()
    await sleep(50)
    await b.app.live.sweep()
    await waitUntil(() => onB.seq === 4, "node B's clients, from the outbox", 5000)

    await startRedis()
    await sleep(1500) // ioredis reconnects with a backoff
    for (const l of lifters.slice(4)) expect((await join(a.url, l, id)).status).toBe(201)
    await waitUntil(() => onA.seq === 7 && onB.seq === 7, 'joins through A on B again, over Redis', 10_000)
    for (const f of [onA, onB]) {
      expect(f.applied.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7])
      expect(f.count).toBe(7)
    }
  })
})
