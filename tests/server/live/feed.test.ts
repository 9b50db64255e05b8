// The plain WebSocket feed (/api/live/:competitionId) with a real `ws` client:
// a JSON snapshot first, then the room's events strictly in seq order — also
// while joins race, publishes get lost, and a second client arrives mid-stream.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { challengeRoom, type ChallengeSnapshot, type LiveEvent, type LiveFeedMessage } from '../../../contract/index.ts'
import { appendEvent } from '../../../infra/repositories/live-events.repository.ts'
import { toLift } from '../../../infra/attempt-view.ts'
import { nextAttemptNumber } from '../../helpers/attempts.ts'
import {
  collectEvents,
  connectClient,
  createLifters,
  createOngoingChallenge,
  join,
  openFeed,
  sleep,
  startLiveServer,
  subscribe,
  waitUntil,
  type FeedClient,
  type LiveTestServer,
} from '../../helpers/live.ts'

let t: LiveTestServer
const feeds: FeedClient[] = []
const feed = async (id: number | string) => {
  const f = await openFeed(t.url, id)
  feeds.push(f)
  return f
}
beforeAll(async () => {
  t = await startLiveServer()
})
afterAll(async () => {
  for (const f of feeds) await f.close()
  await t?.close()
})

const events = (messages: LiveFeedMessage[]) => messages.filter((m): m is LiveEvent => m.type !== 'snapshot' && m.type !== 'error')

describe('plain WebSocket feed', () => {
  it('sends the snapshot first, then the deltas with their seq (joins and attempts, not other rooms)', async () => {
    const id = await createOngoingChallenge(t.db.prisma)
    const lifters = await createLifters(t.db.prisma, t.config.jwtSecret, 5)
    for (const l of lifters.slice(0, 2)) expect((await join(t.url, l, id)).status).toBe(201)

    const f = await feed(id)
    await waitUntil(() => f.messages.length === 1, 'the snapshot')
    const snapshot = f.messages[0] as ChallengeSnapshot
    expect(snapshot).toMatchObject({ type: 'snapshot', room: challengeRoom(id), seq: 2, count: 2 })
    const rest: unknown = await (await fetch(`${t.url}/api/competitions/${id}/participants`)).json()
    expect(rest).toHaveProperty('participants', snapshot.participants)

    const joined: number[] = []
    for (const l of lifters.slice(2)) joined.push((await join(t.url, l, id)).body.participant_id!)
    // An attempt written the way the upload route writes it: the event in the same transaction, published after commit.
    const attemptEvent = await t.db.prisma.$transaction(async (tx) => {
      const participant = await tx.participant.findFirstOrThrow({
        where: { challengeId: id, userId: joined[0] },
        include: { user: { select: { name: true } } },
      })
      const attempt = await tx.attempt.create({
        data: {
          participantId: participant.id,
          liftType: 'Squat',
          attemptNumber: await nextAttemptNumber(tx, participant.id, 'Squat'),
          weight: 180,
          processingState: 'pending',
        },
      })
      return appendEvent(tx, challengeRoom(id), 'attempt.created', {
        competition_id: id,
        attempt: toLift(t.config.apiBase, attempt, participant),
      })
    })
    t.app.publisher.publish([attemptEvent])

    await waitUntil(() => f.messages.length === 5, 'three joins and an attempt')
    const deltas = events(f.messages)
    expect(deltas.map((e) => [e.room, e.seq, e.type])).toEqual([
      [challengeRoom(id), 3, 'participant.joined'],
      [challengeRoom(id), 4, 'participant.joined'],
      [challengeRoom(id), 5, 'participant.joined'],
      [challengeRoom(id), 6, 'attempt.created'],
    ])
    expect(deltas.slice(0, 3).map((e) => e.type === 'participant.joined' && [e.data.participant.id, e.data.participants])).toEqual([
      [joined[0], 3],
      [joined[1], 4],
      [joined[2], 5],
    ])
    expect(deltas[3]).toMatchObject({
      data: { attempt: { lift_type: 'Squat', weight: 180, processing: 'pending', participant_id: joined[0] } },
    })
    await sleep(100)
    expect(f.messages).toHaveLength(5) // the global room's leaderboard.changed events are not on this feed
  })

  it('answers an unknown challenge with an error and close code 4404, and a bad id with 400', async () => {
    const f = await feed(987_654)
    const [code] = await new Promise<[number]>((resolve) => f.ws.once('close', (c) => resolve([c])))
    expect(code).toBe(4404)
    expect(f.messages).toEqual([{ type: 'error', message: 'Challenge 987654 does not exist.' }])
    await expect(openFeed(t.url, 'abc')).rejects.toThrow(/400/)
  })

  it('shares the port with socket.io', async () => {
    const id = await createOngoingChallenge(t.db.prisma)
    const f = await feed(id)
    const socket = await connectClient(t.url)
    const seen = collectEvents(socket)
    await subscribe(socket, challengeRoom(id), 0)
    const [l] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    await join(t.url, l!, id)
    await waitUntil(() => seen.length === 1 && f.messages.length === 2, 'the join on both')
    expect(events(f.messages)[0]).toEqual(seen[0])
    socket.close()
  })

  it('stays gap-free and in order through racing joins, lost publishes and a client arriving mid-stream', async () => {
    const id = await createOngoingChallenge(t.db.prisma)
    const room = challengeRoom(id)
    const lifters = await createLifters(t.db.prisma, t.config.jwtSecret, 60)
    const early = await feed(id)
    await waitUntil(() => early.messages.length === 1, 'the first snapshot')
    const publisher = t.app.publisher
    const original = publisher.publish
    publisher.publish = (list: readonly LiveEvent[]) =>
      original.call(
        publisher,
        list.filter((e) => !(e.room === room && e.seq % 7 === 3)),
      )
    let late: FeedClient | undefined
    try {
      await Promise.all(
        lifters.map(async (lifter, i) => {
          await sleep(i * 5)
          if (i === 30) late = await feed(id)
          return join(t.url, lifter, id)
        }),
      )
    } finally {
      publisher.publish = original
    }
    const rows = await t.db.prisma.participant.findMany({ where: { challengeId: id }, select: { id: true } })
    expect(rows).toHaveLength(60)
    for (const f of [early, late!]) {
      await waitUntil(() => events(f.messages).at(-1)?.seq === 60, 'the 60th event', 10_000)
      const [snapshot, ...rest] = f.messages as [ChallengeSnapshot, ...LiveEvent[]]
      expect(snapshot.type).toBe('snapshot')
      // Exactly the events after the snapshot, consecutive, once each.
      expect(rest.map((e) => e.seq)).toEqual(Array.from({ length: 60 - snapshot.seq }, (_, i) => snapshot.seq + 1 + i))
      const ids = [
        ...snapshot.participants.map((p) => p.id),
        ...rest.map((e) => (e.type === 'participant.joined' ? e.data.participant.id : -1)),
      ]
      expect(ids.sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b))
      expect(rest.at(-1)).toMatchObject({ data: { participants: 60 } })
    }
    expect((late!.messages[0] as ChallengeSnapshot).seq).toBeGreaterThan(0)
  })
  it('serves one cached snapshot per room and seq: 20 clients of an unchanged room cost one read, a change one more', async () => {
    const id = await createOngoingChallenge(t.db.prisma)
    const [first, second] = await createLifters(t.db.prisma, t.config.jwtSecret, 2)
    await join(t.url, first!, id)
    const reads = vi.spyOn(t.app.repos.participants, 'listWithSeq')
    const readsOf = () => reads.mock.calls.filter(([challengeId]) => challengeId === id).length
    try {
      const opened = await Promise.all(Array.from({ length: 20 }, () => feed(id)))
      await waitUntil(() => opened.every((f) => f.messages.length === 1), 'twenty snapshots')
      const later = await feed(id) // after the burst, from the same cache
      await waitUntil(() => later.messages.length === 1, 'a later snapshot')
      expect(readsOf()).toBe(1)
      const bytes = new Set([...opened, later].map((f) => JSON.stringify(f.messages[0])))
      expect(bytes.size).toBe(1)
      expect(later.messages[0]).toMatchObject({ type: 'snapshot', seq: 1, count: 1 })

      await join(t.url, second!, id)
      await waitUntil(() => later.messages.length === 2, 'the join on the open feed')
      const next = await Promise.all(Array.from({ length: 5 }, () => feed(id)))
      await waitUntil(() => next.every((f) => f.messages.length === 1), 'five snapshots after the change')
      expect(readsOf()).toBe(2)
      for (const f of next) expect(f.messages[0]).toMatchObject({ type: 'snapshot', seq: 2, count: 2 })
    } finally {
      reads.mockRestore()
    }
  })
})
