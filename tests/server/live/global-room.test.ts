// The global room hears of every write on the platform without making writes wait for
// each other: its events are numbered just after their write commits (infra/announcer.ts).
// On a real server and database: a join commits while the global room's lock is held
// elsewhere; concurrent joins over ten challenges give one dense global event each; and
// an event whose writer died before numbering it is numbered and delivered by the sweep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { GLOBAL_ROOM, type LiveEvent } from '../../../contract/index.ts'
import {
  collectEvents,
  connectClient,
  createLifters,
  createOngoingChallenge,
  join,
  startLiveServer,
  subscribe,
  waitUntil,
  type ClientSocket,
  type LiveTestServer,
} from '../../helpers/live.ts'

let t: LiveTestServer
const sockets: ClientSocket[] = []
beforeAll(async () => {
  t = await startLiveServer()
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await t?.close()
})

async function globalSubscriber() {
  const socket = await connectClient(t.url)
  sockets.push(socket)
  const events = collectEvents(socket)
  const { seq } = await subscribe(socket, GLOBAL_ROOM, null)
  return { events, seq }
}

const globalSeqs = async () =>
  (await t.db.prisma.liveEvent.findMany({ where: { room: GLOBAL_ROOM }, orderBy: { seq: 'asc' }, select: { seq: true } })).map((e) => e.seq)

describe('the global room', () => {
  it('does not hold a join: its write commits while another transaction holds the global room', async () => {
    const id = await createOngoingChallenge(t.db.prisma, 'Unblocked')
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    await t.db.prisma.liveRoom.upsert({ where: { room: GLOBAL_ROOM }, create: { room: GLOBAL_ROOM, seq: 0 }, update: {} })
    const { events, seq: before } = await globalSubscriber()

    // Another connection holds the global room's row lock, as a slow writer would.
    const holder = new pg.Client({ connectionString: t.config.databaseUrl })
    await holder.connect()
    try {
      await holder.query('BEGIN')
      await holder.query(`SELECT seq FROM live_rooms WHERE room = 'global' FOR UPDATE`)
      const answered = join(t.url, lifter!, id)
      // Before: the join's own transaction waited on that lock (and answered 503 after 5 s).
      const deadline = Date.now() + 3000
      let committed = 0
      while (committed === 0 && Date.now() < deadline) {
        committed = await t.db.prisma.participant.count({ where: { challengeId: id, userId: lifter!.userId } })
        if (committed === 0) await new Promise((r) => setTimeout(r, 20))
      }
      expect(committed).toBe(1)
      expect(events.filter((e) => e.type === 'leaderboard.changed')).toHaveLength(0) // numbered only once the lock is free
      await holder.query('COMMIT')
      expect((await answered).status).toBe(201)
    } finally {
      await holder.end()
    }
    await waitUntil(() => events.some((e) => e.type === 'leaderboard.changed'), 'the join on the global room')
    expect(events.map((e) => e.seq)).toEqual([before + 1])
  })

  it('numbers one dense global event per join of 50 concurrent joins over ten challenges', async () => {
    const challenges = await Promise.all(Array.from({ length: 10 }, (_, i) => createOngoingChallenge(t.db.prisma, `Spread ${i}`)))
    const lifters = await createLifters(t.db.prisma, t.config.jwtSecret, 50)
    const { events, seq: before } = await globalSubscriber()
    const results = await Promise.all(lifters.map((lifter, i) => join(t.url, lifter, challenges[i % 10]!)))
    expect(results.map((r) => r.status)).toEqual(lifters.map(() => 201))

    await waitUntil(() => events.length >= 50, '50 global events')
    const seqs = await globalSeqs()
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1)) // dense from 1
    expect(seqs.at(-1)).toBe(before + 50)
    expect(new Set(events.map((e) => e.seq)).size).toBe(50)
    const perChallenge = new Map<number, number>()
    for (const e of events)
      if (e.type === 'leaderboard.changed') perChallenge.set(e.data.competition_id, (perChallenge.get(e.data.competition_id) ?? 0) + 1)
    expect([...perChallenge.values()]).toEqual(challenges.map(() => 5))
    expect(await t.db.prisma.livePendingEvent.count()).toBe(0)
  })

  it('numbers and delivers an event whose writer died between its commit and numbering it', async () => {
    const { events, seq: before } = await globalSubscriber()
    // What a crashed writer leaves: its committed, unnumbered event.
    await t.db.prisma.$executeRaw`
      INSERT INTO live_pending_events (room, type, payload, created_at)
      VALUES ('global', 'leaderboard.changed', '{"competition_id": 424242}', now() - interval '5 seconds')`
    await t.app.live.sweep()
    await waitUntil(() => events.length === 1, 'the repaired event')
    expect(events[0]).toMatchObject({
      room: GLOBAL_ROOM,
      seq: before + 1,
      type: 'leaderboard.changed',
      data: { competition_id: 424242 },
    } satisfies Partial<LiveEvent>)
    expect(await t.db.prisma.livePendingEvent.count()).toBe(0)
    // A second sweep finds nothing to do.
    await t.app.live.sweep()
    expect(await globalSeqs()).toHaveLength(before + 1)
  })
})
