// Live rooms on one real listening server with real socket.io clients: who gets
// which event, subscribe/replay answers, private progress, and the measured time
// from a REST join to its receipt on a connected client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom, GLOBAL_ROOM, type LiveEvent, type TranscodeProgress } from '../../../contract/index.ts'
import type { PrismaClient } from '../../../infra/db.ts'
import { createLiveEventsRepository } from '../../../infra/repositories/live-events.repository.ts'
import { batchedRoomSeq } from '../../../server/live/socket-server.ts'
import {
  collectEvents,
  connectClient,
  createLifters,
  createOngoingChallenge,
  join,
  sleep,
  startLiveServer,
  subscribe,
  waitUntil,
  type ClientSocket,
  type LiveTestServer,
} from '../../helpers/live.ts'

let t: LiveTestServer
const sockets: ClientSocket[] = []
const client = async (token?: string) => {
  const socket = await connectClient(t.url, token)
  sockets.push(socket)
  return socket
}

beforeAll(async () => {
  t = await startLiveServer()
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await t?.close()
})

describe('subscribe bursts', () => {
  it('read the room seq once per burst, each read starting after the subscribers that share it', async () => {
    const id = await createOngoingChallenge(t.db.prisma, 'Burst')
    const lifters = await createLifters(t.db.prisma, t.config.jwtSecret, 2)
    let reads = 0
    // The real database, with its room reads counted.
    const counted = t.db.prisma.$extends({
      query: {
        liveRoom: {
          findUnique: ({ args, query }) => {
            reads++
            return query(args)
          },
        },
      },
    }) as unknown as PrismaClient
    const seqOf = batchedRoomSeq(createLiveEventsRepository(counted))
    const room = challengeRoom(id)
    expect(new Set(await Promise.all(Array.from({ length: 200 }, () => seqOf(room))))).toEqual(new Set([0]))
    expect(reads).toBe(1)

    expect((await join(t.url, lifters[0]!, id)).status).toBe(201)
    const first = seqOf(room)
    await new Promise((resolve) => setImmediate(resolve)) // after the first read's turn: it has begun, a caller now must not share it
    const second = seqOf(room)
    await Promise.all([first, second, join(t.url, lifters[1]!, id)])
    expect(await first).toBeGreaterThanOrEqual(1)
    expect(reads).toBe(3)
    expect(await seqOf(room)).toBe(2)
  })
})

describe('rooms', () => {
  it('a REST join reaches every subscriber of that room, with the count, and no one else', async () => {
    const [a, b] = [await createOngoingChallenge(t.db.prisma, 'A'), await createOngoingChallenge(t.db.prisma, 'B')]
    const lifters = await createLifters(t.db.prisma, t.config.jwtSecret, 3)
    const inA = await Promise.all([client(), client(lifters[0]!.token), client()])
    const inB = await client()
    const onGlobal = await client()
    const idle = await client()
    const seen = new Map<ClientSocket, LiveEvent[]>([...inA, inB, onGlobal, idle].map((s) => [s, collectEvents(s)]))
    for (const s of inA)
      expect(await subscribe(s, challengeRoom(a), 0)).toEqual({ room: challengeRoom(a), seq: 0, missed: [], resync: false })
    await subscribe(inB, challengeRoom(b))
    await subscribe(onGlobal, GLOBAL_ROOM)

    const first = await join(t.url, lifters[0]!, a)
    const second = await join(t.url, lifters[1]!, a)
    expect([first.status, second.status]).toEqual([201, 201])
    for (const s of inA) await waitUntil(() => seen.get(s)!.length === 2, 'two joins in room A')
    for (const s of inA) {
      const events = seen.get(s)!
      expect(events.map((e) => [e.room, e.seq, e.type])).toEqual([
        [challengeRoom(a), 1, 'participant.joined'],
        [challengeRoom(a), 2, 'participant.joined'],
      ])
      expect(
        events.map((e) => e.type === 'participant.joined' && [e.data.competition_id, e.data.participant.id, e.data.participants]),
      ).toEqual([
        [a, first.body.participant_id, 1],
        [a, second.body.participant_id, 2],
      ])
    }
    await waitUntil(() => seen.get(onGlobal)!.length === 2, 'two leaderboard changes')
    expect(seen.get(onGlobal)!.map((e) => [e.room, e.type, 'competition_id' in e.data && e.data.competition_id])).toEqual([
      ['global', 'leaderboard.changed', a],
      ['global', 'leaderboard.changed', a],
    ])

    // Room B's subscriber and the idle socket got nothing; B's first event is B's own join.
    await join(t.url, lifters[2]!, b)
    await waitUntil(() => seen.get(inB)!.length === 1, 'the join in room B')
    expect(seen.get(inB)![0]).toMatchObject({ room: challengeRoom(b), seq: 1, type: 'participant.joined', data: { participants: 1 } })
    await sleep(100)
    expect(seen.get(idle)).toEqual([])
    for (const s of inA) expect(seen.get(s)!.length).toBe(2)

    // Unsubscribing stops the room's events.
    inA[0]!.emit('unsubscribe', { room: challengeRoom(a) })
    await sleep(50)
    const [late] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    await join(t.url, late!, a)
    await waitUntil(() => seen.get(inA[1]!)!.length === 3, 'the third join')
    await sleep(100)
    expect(seen.get(inA[0]!)!.length).toBe(2)
  })

  it('subscribe replays the outbox after `since`, orders a resync when it cannot, and refuses bad requests', async () => {
    const id = await createOngoingChallenge(t.db.prisma)
    const room = challengeRoom(id)
    const lifters = await createLifters(t.db.prisma, t.config.jwtSecret, 3)
    for (const l of lifters) expect((await join(t.url, l, id)).status).toBe(201)
    const s = await client()

    const all = await subscribe(s, room, 0)
    expect(all.resync).toBe(false)
    expect(all.seq).toBe(3)
    expect(all.missed.map((e) => [e.seq, e.type === 'participant.joined' && e.data.participants])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ])
    expect((await subscribe(s, room, 2)).missed.map((e) => e.seq)).toEqual([3])
    expect(await subscribe(s, room, 3)).toEqual({ room, seq: 3, missed: [], resync: false })
    expect(await subscribe(s, room, null)).toEqual({ room, seq: 3, missed: [], resync: false })
    expect(await subscribe(s, room, 99)).toEqual({ room, seq: 3, missed: [], resync: true })
    // Only challenges that exist (before: any id joined a room and answered seq 0).
    await expect(subscribe(s, challengeRoom(999_999), 0)).rejects.toThrow('There is no such challenge.')
    expect(s.connected).toBe(true)

    const bad = [
      { room: 'user:1' },
      { room: 'competition:abc' },
      { room: 'competition:0' },
      { room: 'nope' },
      {},
      null,
      { room, since: -1 },
      { room, since: 1.5 },
      { room, since: '2' },
    ]
    for (const request of bad) {
      const answer = await s.timeout(5000).emitWithAck('subscribe', request as never)
      expect(answer).toEqual({ error: expect.stringContaining('Send { room') })
    }
  })

  it('limits the rooms one connection follows', async () => {
    const ids: number[] = []
    for (let i = 0; i < 20; i++) ids.push(await createOngoingChallenge(t.db.prisma, `Room limit ${i}`))
    const s = await client()
    for (const id of ids.slice(0, 19)) await subscribe(s, challengeRoom(id))
    await subscribe(s, GLOBAL_ROOM)
    await expect(subscribe(s, challengeRoom(ids[19]!))).rejects.toThrow(/At most 20 rooms/)
    await subscribe(s, GLOBAL_ROOM) // already in it: fine
    s.emit('unsubscribe', { room: GLOBAL_ROOM })
    await sleep(20)
    await subscribe(s, challengeRoom(ids[19]!))
  })
})

describe('authentication and private progress', () => {
  it('refuses a bad token, lets anonymous clients in, and sends progress only to the uploader', async () => {
    await expect(connectClient(t.url, 'not-a-token')).rejects.toThrow('Invalid access token. Please log in again.')
    const [uploader, other] = await createLifters(t.db.prisma, t.config.jwtSecret, 2)
    const uploaderTabs = [await client(uploader!.token), await client(uploader!.token)]
    const otherSocket = await client(other!.token)
    const anonymous = await client()
    const progress = new Map<ClientSocket, TranscodeProgress[]>()
    for (const s of [...uploaderTabs, otherSocket, anonymous]) {
      const list: TranscodeProgress[] = []
      progress.set(s, list)
      s.on('transcode:progress', (p) => list.push(p))
    }
    t.app.publisher.progress(uploader!.userId, { attempt_id: 7, percent: 40, state: 'processing' })
    t.app.publisher.progress(uploader!.userId, { attempt_id: 7, percent: 100, state: 'ready' })
    for (const s of uploaderTabs) await waitUntil(() => progress.get(s)!.length === 2, 'progress on both tabs')
    expect(progress.get(uploaderTabs[0]!)).toEqual([
      { attempt_id: 7, percent: 40, state: 'processing' },
      { attempt_id: 7, percent: 100, state: 'ready' },
    ])
    await sleep(100)
    expect(progress.get(otherSocket)).toEqual([])
    expect(progress.get(anonymous)).toEqual([])
    // The private room cannot be subscribed to by anyone.
    await expect(subscribe(anonymous, `user:${uploader!.userId}` as never)).rejects.toThrow(/Send/)
  })
})

describe('latency', () => {
  it('measures REST join → receipt on a connected client (median of 50)', async () => {
    const id = await createOngoingChallenge(t.db.prisma)
    const lifters = await createLifters(t.db.prisma, t.config.jwtSecret, 50)
    const s = await client()
    const receivedAt = new Map<number, number>()
    s.on('event', (e) => {
      if (e.type === 'participant.joined') receivedAt.set(e.data.participant.id, performance.now())
    })
    await subscribe(s, challengeRoom(id), 0)
    const afterResponse: number[] = []
    const afterRequest: number[] = []
    for (const lifter of lifters) {
      const sent = performance.now()
      const { status, body } = await join(t.url, lifter, id)
      const answered = performance.now()
      expect(status).toBe(201)
      await waitUntil(() => receivedAt.has(body.participant_id!), 'the join event', 5000)
      afterResponse.push(receivedAt.get(body.participant_id!)! - answered)
      afterRequest.push(receivedAt.get(body.participant_id!)! - sent)
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!
    const p95 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length * 0.95)]!
    console.log(
      `join → receipt (single node, in-memory adapter), 50 joins: median ${median(afterResponse).toFixed(2)} ms after the REST response ` +
        `(p95 ${p95(afterResponse).toFixed(2)} ms; negative = the event arrived before the response); ` +
        `median ${median(afterRequest).toFixed(2)} ms after the request was sent (p95 ${p95(afterRequest).toFixed(2)} ms)`,
    )
    expect(median(afterResponse)).toBeLessThan(50)
  })
})
