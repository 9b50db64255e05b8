// DELETE /api/competitions/:id/participants/me: a lifter leaves a challenge before it starts.
// A real listening server on a fresh PostgreSQL database, real socket.io and plain-feed clients:
// the refusals and their sentences, and that counts, lists, places and the live room stay true.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom, GLOBAL_ROOM, type LiveEvent, type Participant } from '../../../contract/index.ts'
import { LEAVE_REFUSED } from '../../../server/services/entries.service.ts'
import {
  collectEvents,
  connectClient,
  createLifters,
  openFeed,
  startLiveServer,
  subscribe,
  waitUntil,
  type ClientSocket,
  type Lifter,
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

const DAY = 86_400_000
/** A challenge straight in the database, starting `startDays` from now (negative: started). */
async function challenge(startDays: number, ranking = 'class') {
  const row = await t.db.prisma.challenge.create({
    data: {
      name: 'Leave Test',
      location: 'Gym',
      startDate: new Date(Date.now() + startDays * DAY),
      endDate: new Date(Date.now() + (startDays + 3) * DAY),
      liftTypes: ['Squat', 'Bench Press', 'Deadlift'],
      weightClasses: ['83kg', '93kg'],
      gender: 'M',
      description: 'Leave Test',
      ranking,
    },
  })
  return row.id
}

async function api(method: string, path: string, lifter?: Lifter, body?: unknown) {
  const res = await fetch(`${t.url}/api${path}`, {
    method,
    headers: {
      ...(lifter ? { authorization: `Bearer ${lifter.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, seq: res.headers.get('x-live-seq') }
}
const joinAs = (lifter: Lifter, id: number, weightClass = '83kg') =>
  api('POST', '/join_competition', lifter, { competition_id: id, weight_class: weightClass })
const leave = (id: number, lifter?: Lifter) => api('DELETE', `/competitions/${id}/participants/me`, lifter)
const participantsOf = async (id: number) => (await api('GET', `/competitions/${id}/participants`)).body.participants as Participant[]
const summaryOf = async (id: number) =>
  (await api('GET', `/competitions/${id}/summary`)).body as { count: number; class_counts: Record<string, number>; top: Participant[] }

/** Completed squat, bench and deadlift for a lifter, straight in the database (uploads are covered elsewhere). */
async function giveTotal(challengeId: number, userId: number, kg: number) {
  const row = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId } })
  for (const liftType of ['squat', 'bench', 'deadlift']) {
    // Numbered as an upload numbers it: answers carry attempt_number from 1.
    const attemptNumber = (await t.db.prisma.attempt.count({ where: { participantId: row.id, liftType } })) + 1
    await t.db.prisma.attempt.create({ data: { participantId: row.id, liftType, weight: kg, attemptNumber, status: 'completed' } })
  }
}

describe('leaving a challenge', () => {
  it('before the start: the lifter is gone from the count, the lists and the summary, and may join again', async () => {
    const id = await challenge(2)
    const [a, b, c] = await createLifters(t.db.prisma, t.config.jwtSecret, 3, 'Leaver')
    for (const [lifter, cls] of [
      [a!, '83kg'],
      [b!, '93kg'],
      [c!, '83kg'],
    ] as const)
      expect((await joinAs(lifter, id, cls)).status).toBe(201)
    // Cached answers first: the leave must reach them.
    expect((await summaryOf(id)).count).toBe(3)
    expect((await api('GET', '/competitions')).body.competitions).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, participants: 3 })]),
    )

    const res = await leave(id, a)
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'You left the challenge.', competition_id: id, user_id: a!.userId, participants: 2 },
    })

    expect((await participantsOf(id)).map((p) => p.user_id).sort()).toEqual([b!.userId, c!.userId].sort())
    const summary = await summaryOf(id)
    expect(summary.count).toBe(2)
    expect(summary.class_counts).toEqual({ '83kg': 1, '93kg': 1 })
    expect(summary.top.map((p) => p.user_id)).not.toContain(a!.userId)
    expect((await api('GET', `/competitions/${id}`)).body.competition).toMatchObject({ participants: 2 })
    expect((await api('GET', '/competitions')).body.competitions).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, participants: 2 })]),
    )
    expect((await api('GET', `/competitions/${id}/participants/${a!.userId}`)).status).toBe(404)

    // Leaving twice: not a participant any more.
    expect(await leave(id, a)).toMatchObject({ status: 404, body: { error: 'You have not joined this challenge.' } })
    // And back in: counted once again.
    expect(await joinAs(a!, id, '93kg')).toMatchObject({ status: 201, body: { participants: 3 } })
  })

  it('publishes a numbered participant.left after commit, to the room (socket.io and the plain feed), and leaderboard.changed to the global room', async () => {
    const id = await challenge(1)
    const [a, b] = await createLifters(t.db.prisma, t.config.jwtSecret, 2, 'Watched')
    await joinAs(a!, id)
    await joinAs(b!, id, '93kg')
    const room = challengeRoom(id)
    const watcher = await connectClient(t.url)
    sockets.push(watcher)
    const events = collectEvents(watcher)
    expect((await subscribe(watcher, room, 2)).seq).toBe(2)
    await subscribe(watcher, GLOBAL_ROOM)
    const feed = await openFeed(t.url, id)
    await waitUntil(() => feed.messages.length >= 1, 'the feed snapshot')
    expect(feed.messages[0]).toMatchObject({ type: 'snapshot', seq: 2, count: 2 })

    // When the event arrives, a fresh read already shows the lifter gone: it was published after the commit.
    let listWhenEventCame: Promise<Participant[]> | undefined
    watcher.on('event', (event) => {
      if (event.type === 'participant.left') listWhenEventCame = participantsOf(id)
    })
    expect((await leave(id, a)).status).toBe(200)
    await waitUntil(() => events.some((e) => e.type === 'participant.left'), 'participant.left on the socket')
    const left = events.find((e) => e.room === room && e.type === 'participant.left') as Extract<LiveEvent, { type: 'participant.left' }>
    expect(left).toMatchObject({
      room,
      seq: 3,
      type: 'participant.left',
      data: { competition_id: id, participant_id: a!.userId, user_id: a!.userId, weight_class: '83kg', participants: 1 },
    })
    expect((await listWhenEventCame!).map((p) => p.user_id)).toEqual([b!.userId])
    await waitUntil(
      () => events.some((e) => e.room === GLOBAL_ROOM && e.type === 'leaderboard.changed' && e.data.competition_id === id),
      'leaderboard.changed',
    )
    await waitUntil(() => feed.messages.some((m) => m.type === 'participant.left'), 'participant.left on the plain feed')
    expect(feed.messages.find((m) => m.type === 'participant.left')).toMatchObject({ seq: 3, data: { participants: 1 } })
    await feed.close()

    // Stored in the outbox: a client that was away replays it.
    const late = await connectClient(t.url)
    sockets.push(late)
    const replay = await subscribe(late, room, 2)
    expect(replay.missed.map((e) => [e.seq, e.type])).toEqual([[3, 'participant.left']])
    // The participants answer is versioned past it.
    expect((await api('GET', `/competitions/${id}/participants`)).seq).toBe('3')
  })

  it('leaves the places of the others right: ranked and placed again without the lifter', async () => {
    const id = await challenge(1)
    const [strong, leaver, weak, other] = await createLifters(t.db.prisma, t.config.jwtSecret, 4, 'Ranked')
    for (const lifter of [strong!, leaver!, weak!]) await joinAs(lifter, id)
    await joinAs(other!, id, '93kg')
    // Lifts recorded straight in the database (uploads need a started challenge): the leaver has none.
    await giveTotal(id, strong!.userId, 200)
    await giveTotal(id, weak!.userId, 100)
    const before = (await summaryOf(id)).top
    expect(before.filter((p) => p.weight_class === '83kg').map((p) => [p.user_id, p.place])).toEqual([
      [strong!.userId, 1],
      [weak!.userId, 2],
      [leaver!.userId, null],
    ])

    expect((await leave(id, leaver)).status).toBe(200)
    const after = await participantsOf(id)
    expect(after.map((p) => [p.user_id, p.weight_class, p.place])).toEqual([
      [strong!.userId, '83kg', 1],
      [weak!.userId, '83kg', 2],
      [other!.userId, '93kg', null],
    ])
    expect((await summaryOf(id)).top.map((p) => p.user_id)).toEqual(after.map((p) => p.user_id))
    expect((await api('GET', `/competitions/${id}/participants/${weak!.userId}`)).body.participant).toMatchObject({ place: 2 })
  })

  it('is refused once the challenge has started, or has ended (409, nothing changes, nothing is published)', async () => {
    for (const startDays of [-1, -10]) {
      const id = await challenge(startDays)
      const [a] = await createLifters(t.db.prisma, t.config.jwtSecret, 1, 'Late')
      // Joined straight in the database: an ended challenge takes no joins.
      await t.db.prisma.participant.create({ data: { userId: a!.userId, challengeId: id, weightClass: '83kg', gender: 'M' } })
      expect(await leave(id, a)).toMatchObject({ status: 409, body: { error: LEAVE_REFUSED.started } })
      expect(await t.db.prisma.participant.count({ where: { challengeId: id } })).toBe(1)
      expect(await t.db.prisma.liveEvent.count({ where: { room: challengeRoom(id) } })).toBe(0)
    }
  })

  it('is refused to a lifter with lifts recorded (409), and the seq reserved for it is not spent', async () => {
    const id = await challenge(1)
    const [a, b] = await createLifters(t.db.prisma, t.config.jwtSecret, 2, 'Lifted')
    await joinAs(a!, id)
    const row = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId: id, userId: a!.userId } })
    await t.db.prisma.attempt.create({
      data: {
        participantId: row.id,
        liftType: 'squat',
        weight: 120,
        attemptNumber: (await t.db.prisma.attempt.count({ where: { participantId: row.id, liftType: 'squat' } })) + 1,
        status: 'pending',
      },
    })
    expect(await leave(id, a)).toMatchObject({ status: 409, body: { error: LEAVE_REFUSED.hasAttempts } })
    expect(await t.db.prisma.participant.count({ where: { challengeId: id } })).toBe(1)
    // The refusal rolled back with its reserved number: the next event of the room is seq 2, no gap.
    expect(await joinAs(b!, id)).toMatchObject({ status: 201 })
    expect(
      (await t.db.prisma.liveEvent.findMany({ where: { room: challengeRoom(id) }, orderBy: { seq: 'asc' } })).map((e) => [e.seq, e.type]),
    ).toEqual([
      [1, 'participant.joined'],
      [2, 'participant.joined'],
    ])
  })

  it('answers 404 to a lifter who has not joined, and for a challenge that does not exist', async () => {
    const id = await challenge(1)
    const [a] = await createLifters(t.db.prisma, t.config.jwtSecret, 1, 'Stranger')
    expect(await leave(id, a)).toMatchObject({ status: 404, body: { error: 'You have not joined this challenge.' } })
    expect(await leave(2_000_000_000, a)).toMatchObject({ status: 404, body: { error: 'Challenge 2000000000 does not exist.' } })
  })

  it('needs a signed-in lifter and acts only for them (401 signed out; a body naming a user is refused)', async () => {
    const id = await challenge(1)
    const [a, b] = await createLifters(t.db.prisma, t.config.jwtSecret, 2, 'Token')
    await joinAs(a!, id)
    expect(await leave(id)).toMatchObject({ status: 401, body: { error: expect.any(String) } })
    expect((await api('DELETE', `/competitions/${id}/participants/me`, { userId: 0, token: 'not-a-token' })).status).toBe(401)
    // b names a in a body: refused; only the token decides (and b has not joined).
    expect(await api('DELETE', `/competitions/${id}/participants/me`, b, { user_id: a!.userId })).toMatchObject({
      status: 400,
      body: { error: 'Leaving takes no request body: the signed-in lifter is the one who leaves.' },
    })
    expect(await leave(id, b)).toMatchObject({ status: 404 })
    expect(await t.db.prisma.participant.count({ where: { challengeId: id } })).toBe(1)
  })
})
