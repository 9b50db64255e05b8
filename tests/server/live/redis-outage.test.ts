// Redis goes away and comes back under two nodes (a private redis-server from the
// system binary, so the shared service is not touched). While it is down, a node's
// own clients still get its events and the other node's clients get them from the
// outbox (head watch); once it is back, nodes broadcast to each other again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts'
import {
  connectClient,
  createLifters,
  createOngoingChallenge,
  join,
  sleep,
  startLiveServer,
  waitUntil,
  type ClientSocket,
  type LiveTestServer,
} from '../../helpers/live.ts'
import { RoomFollower } from '../../helpers/room-follower.ts'
import { privateRedis, type PrivateRedis } from '../../helpers/redis.ts'

let database: TestDatabase
let redis: PrivateRedis
let a: LiveTestServer
let b: LiveTestServer
const sockets: ClientSocket[] = []

beforeAll(async () => {
  redis = await privateRedis()
  await redis.start()
  database = await createTestDatabase()
  const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_PREFIX: 'outage' }
  a = await startLiveServer({ env })
  b = await startLiveServer({ env }) // after A: A applied the migrations
})

afterAll(async () => {
  for (const s of sockets) s.close()
  await a?.close()
  await b?.close()
  await redis.kill()
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

    await redis.kill()
    const down = performance.now()
    for (const l of lifters.slice(1, 4)) expect((await join(a.url, l, id)).status).toBe(201)
    await waitUntil(() => onA.seq === 4, "node A's own clients, without Redis", 10_000)
    console.log(`Redis down: 3 joins through A reached A's client ${(performance.now() - down).toFixed(0)} ms after the outage began`)
    expect(onB.seq).toBe(1)
    await b.app.live.sweep()
    await sleep(50)
    await b.app.live.sweep()
    await waitUntil(() => onB.seq === 4, "node B's clients, from the outbox", 5000)

    await redis.start()
    await sleep(1500) // ioredis reconnects with a backoff
    for (const l of lifters.slice(4)) expect((await join(a.url, l, id)).status).toBe(201)
    await waitUntil(() => onA.seq === 7 && onB.seq === 7, 'joins through A on B again, over Redis', 10_000)
    for (const f of [onA, onB]) {
      expect(f.applied.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7])
      expect(f.count).toBe(7)
    }
  })
})
