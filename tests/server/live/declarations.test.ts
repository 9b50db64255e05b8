// 'attempt.declared' on a real server with real socket.io clients: a lifter's declaration and the window's
// sweep reach a spectator of the challenge's room in order, numbered like the room's other events, and a
// client that subscribes again from an earlier seq gets them replayed from the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom, type LiveEvent } from '../../../contract/index.ts'
import {
  collectEvents,
  connectClient,
  createLifters,
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

describe('attempt.declared', () => {
  it('reaches the room in seq order with the other events, and is replayed to a client that missed it', async () => {
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1, 'Declaring')
    const row = await t.db.prisma.challenge.create({
      data: {
        name: 'Live Meet',
        location: 'Gym',
        startDate: new Date(Date.now() - 86_400_000),
        endDate: new Date(Date.now() + 6 * 86_400_000),
        liftTypes: ['Snatch', 'Clean & Jerk'],
        weightClasses: ['83kg'],
        gender: 'M',
        format: 'meet',
        declarationWindowMinutes: 1,
      },
    })
    expect((await join(t.url, lifter!, row.id)).status).toBe(201)
    const spectator = await connectClient(t.url)
    sockets.push(spectator)
    const events = collectEvents(spectator)
    const subscribed = await subscribe(spectator, challengeRoom(row.id), null)

    const res = await fetch(`${t.url}/api/competitions/${row.id}/declarations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${lifter!.token}` },
      body: JSON.stringify({ lift_type: 'snatch', weight: 100 }),
    })
    expect(res.status).toBe(201)
    await waitUntil(() => events.some((e) => e.type === 'attempt.declared'), 'the declaration event')
    const declared = events.find((e) => e.type === 'attempt.declared') as Extract<LiveEvent, { type: 'attempt.declared' }>
    expect(declared.data.declaration).toMatchObject({
      user_id: lifter!.userId,
      lift_type: 'snatch',
      attempt_number: 1,
      weight: 100,
      automatic: false,
    })
    expect(declared.seq).toBe(subscribed.seq + 1)

    // A decided first snatch whose window passed: the sweep declares the second and announces it next.
    const participant = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId: row.id, userId: lifter!.userId } })
    await t.db.prisma.attempt.create({
      data: {
        participantId: participant.id,
        liftType: 'snatch',
        attemptNumber: 1,
        weight: 100,
        status: 'completed',
        decidedAt: new Date(Date.now() - 2 * 60_000),
      },
    })
    // (The node's own periodic sweep may make it first: either way it is made once and announced once.)
    await t.app.services.meets.sweep()
    await waitUntil(() => events.filter((e) => e.type === 'attempt.declared').length === 2, 'the automatic declaration event')
    const automatic = events.filter((e): e is Extract<LiveEvent, { type: 'attempt.declared' }> => e.type === 'attempt.declared')[1]!
    expect(automatic.data.declaration).toMatchObject({ lift_type: 'snatch', attempt_number: 2, weight: 101, automatic: true })
    expect(await t.app.services.meets.sweep()).toEqual([])
    const seqs = events.map((e) => e.seq)
    expect(seqs).toEqual(seqs.map((_, i) => subscribed.seq + 1 + i))

    // A client that missed both subscribes from before them and gets them replayed.
    const late = await connectClient(t.url)
    sockets.push(late)
    const replayed = await subscribe(late, challengeRoom(row.id), subscribed.seq)
    expect(replayed.resync).toBe(false)
    expect(replayed.missed.filter((e) => e.type === 'attempt.declared').map((e) => e.seq)).toEqual(
      events.filter((e) => e.type === 'attempt.declared').map((e) => e.seq),
    )
  })
})
