// A client that drops out during a burst of 100 REST joins ends exactly at the
// database's state: same participant ids, same count, every event applied once in
// seq order. Run on one node with the in-memory adapter and with the Redis Streams
// adapter (what several nodes use), for the three ways events go missing: the
// transport drops (connection state recovery), the client disconnects (replay from
// the outbox on subscribe), and a publish is lost (seq gap, and the head watch for
// a lost last event).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom, type LiveEvent } from '../../../contract/index.ts'
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
import { RoomFollower } from '../../helpers/room-follower.ts'

const BURST = 100

describe.each([
  { mode: 'in-memory adapter', redis: false },
  { mode: 'Redis Streams adapter', redis: true },
])('recovery during a burst of 100 joins ($mode)', ({ redis }) => {
  let t: LiveTestServer
  const sockets: ClientSocket[] = []
  beforeAll(async () => {
    t = await startLiveServer({ redis })
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await t?.close()
  })

  async function follow(id: number) {
    const socket = await connectClient(t.url)
    sockets.push(socket)
    const follower = new RoomFollower(socket, t.url, id)
    await follower.start()
    return follower
  }

  /** 100 joins from 100 lifters, started 5 ms apart, so they overlap and finish out of order. */
  async function burst(id: number, during: (follower: RoomFollower) => Promise<void>, follower: RoomFollower) {
    const lifters = await createLifters(t.db.prisma, t.config.jwtSecret, BURST)
    const joins = Promise.all(
      lifters.map(async (lifter, i) => {
        await sleep(i * 5)
        return join(t.url, lifter, id)
      }),
    )
    await during(follower)
    const results = await joins
    expect(results.every((r) => r.status === 201)).toBe(true)
  }

  async function expectDatabaseState(follower: RoomFollower, id: number, n = BURST) {
    await waitUntil(() => follower.count === n && follower.participants.size === n, `the follower to reach ${n} participants`, 15_000)
    const rows = await t.db.prisma.participant.findMany({ where: { challengeId: id }, select: { id: true } })
    const head = await t.db.prisma.liveRoom.findUnique({ where: { room: challengeRoom(id) } })
    expect([...follower.participants.keys()].sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b))
    expect(follower.count).toBe(rows.length)
    expect(follower.seq).toBe(head!.seq)
    // Every event exactly once, in order: the snapshot was at 0, so the applied seqs are 1..n.
    expect(follower.applied.map((e) => e.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1))
    expect(follower.applied.map((e) => e.type === 'participant.joined' && e.data.participants)).toEqual(
      Array.from({ length: n }, (_, i) => i + 1),
    )
  }

  it('a dropped transport reconnects and recovers its session (socket.io connection state recovery)', async () => {
    const id = await createOngoingChallenge(t.db.prisma)
    const follower = await follow(id)
    await burst(
      id,
      async (f) => {
        await waitUntil(() => f.applied.length >= 20, '20 events before the drop')
        f.socket.io.engine.close() // the transport dies; socket.io reconnects on its own
        await waitUntil(() => f.socket.connected, 'the reconnection')
      },
      follower,
    )
    await expectDatabaseState(follower, id)
    expect(follower.recoveries).toBe(1)
    expect(follower.snapshots).toBe(1)
  })

  it("a recovered session misses no event broadcast between the recovery's read of missed packets and its room join", async () => {
    const id = await createOngoingChallenge(t.db.prisma)
    const room = challengeRoom(id)
    const follower = await follow(id)
    const observer = await connectClient(t.url)
    sockets.push(observer)
    const seen = collectEvents(observer)
    await subscribe(observer, room, null)
    const [first, racer] = await createLifters(t.db.prisma, t.config.jwtSecret, 2)
    expect((await join(t.url, first!, id)).status).toBe(201)
    await waitUntil(() => follower.seq === 1, 'the first join on the follower')

    // The race, made certain: once socket.io has read the session's missed packets (from the
    // Redis stream, or memory) and before the recovered socket joins its rooms again, a join
    // commits and is broadcast to the room — which the socket is not yet in.
    const adapter = t.app.live.io.of('/').adapter as unknown as { restoreSession(pid: string, offset: string): Promise<unknown> }
    const restore = adapter.restoreSession.bind(adapter)
    let raced = false
    adapter.restoreSession = async (pid, offset) => {
      const session = await restore(pid, offset)
      if (session && !raced) {
        raced = true
        expect((await join(t.url, racer!, id)).status).toBe(201)
        await waitUntil(() => seen.some((e) => e.seq === 2), 'the racing join to be broadcast')
      }
      return session
    }
    try {
      follower.socket.io.engine.close()
      await waitUntil(() => follower.recoveries === 1, 'the recovered session')
    } finally {
      adapter.restoreSession = restore
    }
    expect(raced).toBe(true)
    // The room stays quiet: nothing later reveals a gap, so the store must see it by itself.
    await waitUntil(() => follower.seq === 2, 'the follower to reach the racing join', 3000)
    expect(follower.applied.map((e) => e.seq)).toEqual([1, 2])
    expect(follower.snapshots).toBe(1)
  })

  it('a client that disconnects and comes back replays what it missed from the outbox', async () => {
    const id = await createOngoingChallenge(t.db.prisma)
    const follower = await follow(id)
    let missedWhileAway = 0
    await burst(
      id,
      async (f) => {
        await waitUntil(() => f.applied.length >= 20, '20 events before leaving')
        f.socket.disconnect()
        const before = (await t.db.prisma.liveRoom.findUnique({ where: { room: challengeRoom(id) } }))!.seq
        await sleep(300)
        missedWhileAway = (await t.db.prisma.liveRoom.findUnique({ where: { room: challengeRoom(id) } }))!.seq - before
        f.socket.connect()
      },
      follower,
    )
    await expectDatabaseState(follower, id)
    expect(missedWhileAway).toBeGreaterThan(0)
    expect(follower.recoveries).toBe(0)
    expect(follower.replays).toBeGreaterThanOrEqual(2) // the first subscribe, and the one after coming back
    expect(follower.snapshots).toBe(1)
  })

  it('lost publishes: a gap is refilled from the outbox, and a lost last event is re-delivered by the head watch', async () => {
    const id = await createOngoingChallenge(t.db.prisma)
    const room = challengeRoom(id)
    const follower = await follow(id)
    const publisher = t.app.publisher
    const original = publisher.publish
    const dropped: number[] = []
    let lose = (seq: number) => seq % 10 === 5
    // As if the process that committed these crashed before publishing them.
    publisher.publish = (events: readonly LiveEvent[]) => {
      const kept = events.filter((e) => !(e.room === room && lose(e.seq)))
      dropped.push(...events.filter((e) => !kept.includes(e)).map((e) => e.seq))
      original.call(publisher, kept)
    }
    try {
      await burst(id, async () => {}, follower)
      expect(dropped).toEqual([5, 15, 25, 35, 45, 55, 65, 75, 85, 95])
      await expectDatabaseState(follower, id, BURST) // each gap was seen at the next event and refilled by a subscribe

      // The room's last event is lost: no later event reveals it to the client…
      lose = () => true
      const [last] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
      expect((await join(t.url, last!, id)).status).toBe(201)
      expect(dropped.at(-1)).toBe(BURST + 1)
      await sleep(400)
      expect(follower.seq).toBe(BURST)
    } finally {
      publisher.publish = original
    }
    // …until the head watch, finding it committed for a whole interval, re-delivers it on this node.
    await t.app.live.sweep()
    await t.app.live.sweep()
    await expectDatabaseState(follower, id, BURST + 1)
  })
})
