// Two real server processes (`tsx server/server.ts`, what `npm start` runs) on two
// ports, one PostgreSQL database, one Redis: joins through node A reach clients on
// node B in order; the worker's publisher (infra/live-redis.ts) reaches every node's
// clients exactly once; a client moving from A to B recovers its session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath } from 'node:path'
import { challengeRoom, type ChallengeSnapshot, type LiveEvent, type TranscodeProgress } from '../../../contract/index.ts'
import { loadConfig } from '../../../infra/config.ts'
import { openDatabase, type Database } from '../../../infra/db.ts'
import { appendEvent } from '../../../infra/repositories/live-events.repository.ts'
import { createRedisPublisher } from '../../../infra/live-redis.ts'
import { toLift } from '../../../infra/attempt-view.ts'
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts'
import { nextAttemptNumber } from '../../helpers/attempts.ts'
import {
  collectEvents,
  connectClient,
  createLifters,
  createOngoingChallenge,
  dropRedisPrefix,
  join,
  openFeed,
  REDIS_URL,
  sleep,
  spawnServer,
  subscribe,
  uniqueRedisPrefix,
  waitUntil,
  type ClientSocket,
  type FeedClient,
  type ServerProcess,
} from '../../helpers/live.ts'
import { RoomFollower } from '../../helpers/room-follower.ts'

let database: TestDatabase
let db: Database
let a: ServerProcess
let b: ServerProcess
let dataDir: string
const redisPrefix = uniqueRedisPrefix()
const jwtSecret = loadConfig().jwtSecret
const sockets: ClientSocket[] = []
const feeds: FeedClient[] = []
const client = async (node: ServerProcess, token?: string) => {
  const socket = await connectClient(node.url, token)
  sockets.push(socket)
  return socket
}
const follow = async (node: ServerProcess, id: number) => {
  const follower = new RoomFollower(await client(node), node.url, id)
  await follower.start()
  return follower
}

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = mkdtempSync(joinPath(tmpdir(), 'liftarena-multinode-'))
  // Migrate once here: two nodes starting together on a fresh database would race to apply the migrations.
  db = await openDatabase({ databaseUrl: database.url, dataDir }, { migrate: true })
  const env = { DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: redisPrefix }
  ;[a, b] = await Promise.all([spawnServer(env), spawnServer(env)])
})

afterAll(async () => {
  for (const s of sockets) s.close()
  for (const f of feeds) await f.close()
  await Promise.all([a?.stop(), b?.stop()])
  await db?.close()
  await database?.drop()
  await dropRedisPrefix(redisPrefix)
  rmSync(dataDir, { recursive: true, force: true })
})

describe('two server processes on one Redis', () => {
  it('answers 50 concurrent joins over ten challenges, half through each node, all 201 (no platform-wide lock)', async () => {
    const challenges = await Promise.all(Array.from({ length: 10 }, (_, i) => createOngoingChallenge(db.prisma, `Spread ${i}`)))
    const lifters = await createLifters(db.prisma, jwtSecret, 50)
    const started = performance.now()
    const results = await Promise.all(lifters.map((lifter, i) => join(i % 2 === 0 ? a.url : b.url, lifter, challenges[i % 10]!)))
    console.log(`50 concurrent joins over ten challenges through two nodes: ${(performance.now() - started).toFixed(0)} ms`)
    expect(results.map((r) => r.status)).toEqual(lifters.map(() => 201))
    for (const id of challenges) expect((await db.prisma.liveRoom.findUnique({ where: { room: challengeRoom(id) } }))?.seq).toBe(5)
  })

  it('joins through node A reach clients and the plain feed on node B, in order, ending at the database state', async () => {
    const id = await createOngoingChallenge(db.prisma)
    const room = challengeRoom(id)
    const onB = await follow(b, id)
    const onA = await follow(a, id)
    const rawOnB = collectEvents(onB.socket)
    const feedOnB = await openFeed(b.url, id)
    feeds.push(feedOnB)
    await waitUntil(() => feedOnB.messages.length === 1, 'the feed snapshot')

    // One at a time: B receives them exactly in order. Measure A's REST answer → receipt on B.
    const sequential = await createLifters(db.prisma, jwtSecret, 30)
    const receivedAt = new Map<number, number>()
    onB.socket.on('event', (e) => {
      if (e.type === 'participant.joined') receivedAt.set(e.data.participant.id, performance.now())
    })
    const afterResponse: number[] = []
    for (const lifter of sequential) {
      const { status, body } = await join(a.url, lifter, id)
      const answered = performance.now()
      expect(status).toBe(201)
      await waitUntil(() => receivedAt.has(body.participant_id!), 'the join on B', 5000)
      afterResponse.push(receivedAt.get(body.participant_id!)! - answered)
    }
    const sorted = [...afterResponse].sort((x, y) => x - y)
    console.log(
      `join on node A → receipt on node B (Redis Streams adapter), 30 joins: median ${sorted[15]!.toFixed(2)} ms after A's REST response ` +
        `(p95 ${sorted[28]!.toFixed(2)} ms; negative = the event arrived before the response)`,
    )
    expect(rawOnB.filter((e) => e.room === room).map((e) => e.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))

    // Then a burst of 40 racing joins, half through each node.
    const racing = await createLifters(db.prisma, jwtSecret, 40)
    const results = await Promise.all(
      racing.map(async (lifter, i) => {
        await sleep(i * 3)
        return join(i % 2 === 0 ? a.url : b.url, lifter, id)
      }),
    )
    expect(results.every((r) => r.status === 201)).toBe(true)
    for (const f of [onA, onB]) await waitUntil(() => f.count === 70 && f.participants.size === 70, 'all 70 joins', 10_000)
    const rows = await db.prisma.participant.findMany({ where: { challengeId: id }, select: { id: true } })
    const ids = rows.map((r) => r.id).sort((x, y) => x - y)
    for (const f of [onA, onB]) {
      expect(f.applied.map((e) => e.seq)).toEqual(Array.from({ length: 70 }, (_, i) => i + 1))
      expect([...f.participants.keys()].sort((x, y) => x - y)).toEqual(ids)
    }
    // Both nodes' clients saw the same ordered stream.
    expect(onA.applied).toEqual(onB.applied)
    // Every stream entry reached B's socket once (the adapter delivers each entry once per node).
    expect(new Set(rawOnB.map((e) => e.seq)).size).toBe(rawOnB.length)
    await waitUntil(() => feedOnB.messages.length === 71, 'the feed on B', 10_000)
    expect(feedOnB.messages.slice(1).map((m) => (m as LiveEvent).seq)).toEqual(Array.from({ length: 70 }, (_, i) => i + 1))
    expect((feedOnB.messages[0] as ChallengeSnapshot).seq).toBe(0)
  })

  it("the worker's Redis publisher reaches each client on every node exactly once, and progress only the uploader", async () => {
    const id = await createOngoingChallenge(db.prisma)
    const room = challengeRoom(id)
    const [uploader, spectator] = await createLifters(db.prisma, jwtSecret, 2)
    const { body } = await join(a.url, uploader!, id)
    const tabs = [await client(a, uploader!.token), await client(b, uploader!.token)]
    const spectators = [await client(a, spectator!.token), await client(b)]
    const feedOnB = await openFeed(b.url, id)
    feeds.push(feedOnB)
    const seen = new Map<ClientSocket, LiveEvent[]>()
    const progress = new Map<ClientSocket, TranscodeProgress[]>()
    for (const s of [...tabs, ...spectators]) {
      seen.set(s, collectEvents(s))
      const list: TranscodeProgress[] = []
      progress.set(s, list)
      s.on('transcode:progress', (p) => list.push(p))
      await subscribe(s, room, 1)
    }
    await waitUntil(() => feedOnB.messages.length === 1, 'the feed snapshot')

    // What worker/worker.ts does after a transcode: write, commit, then publish from its own process.
    const publisher = createRedisPublisher({ redisUrl: REDIS_URL, redisPrefix })
    try {
      publisher.progress(uploader!.userId, { attempt_id: 1, percent: 50, state: 'processing' })
      const event = await db.prisma.$transaction(async (tx) => {
        const participant = await tx.participant.findUniqueOrThrow({
          where: { userId_challengeId: { userId: body.participant_id!, challengeId: id } },
          include: { user: { select: { name: true } } },
        })
        const attempt = await tx.attempt.create({
          data: {
            participantId: participant.id,
            liftType: 'Deadlift',
            attemptNumber: await nextAttemptNumber(tx, participant.id, 'Deadlift'),
            weight: 250,
            processingState: 'ready',
          },
        })
        return appendEvent(tx, room, 'attempt.updated', { competition_id: id, attempt: toLift('/api', attempt, participant) })
      })
      publisher.progress(uploader!.userId, { attempt_id: 1, percent: 100, state: 'ready' })
      publisher.publish([event])
      await publisher.flush()
      for (const s of [...tabs, ...spectators]) await waitUntil(() => seen.get(s)!.length === 1, 'the attempt on every client')
      await waitUntil(() => feedOnB.messages.length === 2, 'the attempt on the plain feed')
      for (const s of tabs) await waitUntil(() => progress.get(s)!.length === 2, 'progress on both tabs')
      await sleep(300)
      for (const s of [...tabs, ...spectators]) expect(seen.get(s)).toEqual([event])
      expect(feedOnB.messages[1]).toEqual(event)
      for (const s of tabs) expect(progress.get(s)!.map((p) => p.percent)).toEqual([50, 100])
      for (const s of spectators) expect(progress.get(s)).toEqual([])
    } finally {
      await publisher.close()
    }
  })

  it('log out of all sessions through node A disconnects the user on node B within a second, and its progress stops there', async () => {
    const [lifter, other] = await createLifters(db.prisma, jwtSecret, 2)
    const onA = await client(a, lifter!.token)
    const onB = await client(b, lifter!.token)
    const bystander = await client(b, other!.token)
    const progressOnB: TranscodeProgress[] = []
    onB.on('transcode:progress', (p) => progressOnB.push(p))
    const closed = [onA, onB].map((s) => new Promise<number>((resolve) => s.once('disconnect', () => resolve(Date.now()))))
    const started = Date.now()
    const res = await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${lifter!.token}` } })
    expect(res.status).toBe(200)
    // Before: the socket on node B stayed connected (and on node A too).
    const ends = await Promise.race([Promise.all(closed), sleep(1000).then(() => null)])
    expect(ends, 'both sockets disconnected within 1 s').not.toBeNull()
    for (const at of ends!) expect(at - started).toBeLessThan(1000)
    const publisher = createRedisPublisher({ redisUrl: REDIS_URL, redisPrefix })
    try {
      publisher.progress(lifter!.userId, { attempt_id: 3, percent: 100, state: 'ready' })
      await publisher.flush()
      await sleep(300)
    } finally {
      await publisher.close()
    }
    expect(progressOnB).toEqual([])
    expect(bystander.connected).toBe(true)
    // The old token is refused on node B as well, within the second node B may remember the user's token version for.
    const refusedAt = async () => {
      for (;;) {
        if ((await fetch(`${b.url}/api/auth/user`, { headers: { authorization: `Bearer ${lifter!.token}` } })).status === 401)
          return Date.now()
        await sleep(50)
      }
    }
    expect((await Promise.race([refusedAt(), sleep(2000).then(() => Infinity)])) - started).toBeLessThan(1500)
  })

  it('a client whose connection moves from node A to node B recovers its session there (missed events included)', async () => {
    const id = await createOngoingChallenge(db.prisma)
    const follower = await follow(a, id)
    const lifters = await createLifters(db.prisma, jwtSecret, 6)
    for (const l of lifters.slice(0, 3)) await join(a.url, l, id)
    await waitUntil(() => follower.seq === 3, 'three joins')
    // As if a load balancer sent the reconnection to the other node.
    const manager = follower.socket.io as unknown as { uri: string; engine: { close(): void } }
    manager.uri = b.url
    follower.socket.once('disconnect', () => {
      // While it is away: three more joins, through node A.
      void Promise.all(lifters.slice(3).map((l) => join(a.url, l, id)))
    })
    manager.engine.close()
    await waitUntil(() => follower.count === 6, 'the missed joins', 10_000)
    expect(follower.applied.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6])
    // Recovered from the Redis stream, or (if the session was not found) replayed from the outbox: both end here.
    expect(follower.recoveries + follower.replays).toBeGreaterThanOrEqual(2)
    console.log(
      `cross-node reconnection: ${follower.recoveries ? 'session recovered by connection state recovery' : 'replayed from the outbox'}`,
    )
  })
})
