// Organisers control their challenges (docs/challenge-control.md): PATCH /api/competitions/:id and
// POST /api/competitions/:id/cancel on a real listening server, PostgreSQL and socket.io: only the
// organiser; details before the start, the end moved until the end; a cancel before any lift, told
// live to the room and the global room; refusals with their sentences once results would be rewritten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom, GLOBAL_ROOM, type Challenge } from '../../../contract/index.ts'
import { CONTROL_REFUSED } from '../../../server/services/challenges.service.ts'
import { NOT_ORGANISER } from '../../../server/services/challenge-control.service.ts'
import {
  collectEvents,
  connectClient,
  createLifters,
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
const inDays = (n: number) => new Date(Date.now() + n * DAY)

async function challenge(organiser: Lifter, startDays: number, endDays = startDays + 3) {
  const row = await t.db.prisma.challenge.create({
    data: {
      name: 'Control Test',
      location: 'Gym',
      startDate: inDays(startDays),
      endDate: inDays(endDays),
      createdById: organiser.userId,
      liftTypes: ['Squat', 'Bench Press', 'Deadlift'],
      weightClasses: ['83kg', '93kg'],
      gender: 'M',
      description: 'Control Test - {"lifttypes":["Squat","Bench Press","Deadlift"],"weightclasses":["83kg","93kg"],"gender":"M"}',
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
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const patch = (id: number, lifter: Lifter, body: unknown) => api('PATCH', `/competitions/${id}`, lifter, body)
const cancel = (id: number, lifter: Lifter) => api('POST', `/competitions/${id}/cancel`, lifter)

describe('an organiser changing a challenge', () => {
  it('edits details before the start, only as the organiser; the room and the lists hear it', async () => {
    const [organiser, other] = await createLifters(t.db.prisma, t.config.jwtSecret, 2, 'Organiser')
    const id = await challenge(organiser!, 2)
    expect((await api('GET', '/competitions')).status).toBe(200) // cached list first: the change must reach it
    const watcher = await connectClient(t.url)
    sockets.push(watcher)
    const events = collectEvents(watcher)
    await subscribe(watcher, challengeRoom(id), 0)
    await subscribe(watcher, GLOBAL_ROOM)

    expect(await patch(id, other!, { name: 'Hijacked' })).toEqual({ status: 403, body: { error: NOT_ORGANISER } })
    const res = await patch(id, organiser!, {
      name: 'Summer Open',
      location: 'Hall 2',
      start_date: inDays(1).toISOString(),
      require_verified_email: true,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.competition).toMatchObject({
      id,
      name: 'Summer Open',
      location: 'Hall 2',
      require_verified_email: true,
      lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
    })
    await waitUntil(
      () => events.some((e) => e.room === challengeRoom(id) && e.type === 'competition.updated'),
      'competition.updated in the room',
    )
    await waitUntil(
      () => events.some((e) => e.room === GLOBAL_ROOM && e.type === 'competition.updated'),
      'competition.updated in the global room',
    )
    expect(((await api('GET', `/competitions/${id}`)).body.competition as Challenge).name).toBe('Summer Open')
    expect(((await api('GET', '/competitions')).body.competitions as Challenge[]).find((c) => c.id === id)?.name).toBe('Summer Open')
    expect(await patch(id, organiser!, {})).toMatchObject({ status: 400 })
  })

  it('once started: refuses details, extends and shortens the end to a time still to come; once ended, refuses everything', async () => {
    const [organiser] = await createLifters(t.db.prisma, t.config.jwtSecret, 1, 'Organiser')
    const running = await challenge(organiser!, -1, 3)
    expect(await patch(running, organiser!, { name: 'Renamed' })).toEqual({ status: 409, body: { error: CONTROL_REFUSED.started('name') } })
    const longer = await patch(running, organiser!, { end_date: inDays(10).toISOString() })
    expect(longer.status).toBe(200)
    expect(Math.abs(Date.parse((longer.body.competition as Challenge).end_date) - inDays(10).getTime())).toBeLessThan(60_000)
    expect((await patch(running, organiser!, { end_date: inDays(1).toISOString() })).status).toBe(200)
    expect(await patch(running, organiser!, { end_date: inDays(-0.5).toISOString() })).toEqual({
      status: 400,
      body: { error: CONTROL_REFUSED.endPast },
    })
    const ended = await challenge(organiser!, -5, -1)
    expect(await patch(ended, organiser!, { end_date: inDays(2).toISOString() })).toEqual({
      status: 409,
      body: { error: CONTROL_REFUSED.ended },
    })
    expect(await cancel(ended, organiser!)).toEqual({ status: 409, body: { error: CONTROL_REFUSED.ended } })
  })
})

describe('an organiser cancelling a challenge', () => {
  it('removes it before any lift is recorded and tells its lifters live; refuses once a lift is recorded', async () => {
    const [organiser, a, b] = await createLifters(t.db.prisma, t.config.jwtSecret, 3, 'Canceller')
    const id = await challenge(organiser!, -1, 3)
    for (const lifter of [a!, b!])
      expect((await api('POST', '/join_competition', lifter, { competition_id: id, weight_class: '83kg' })).status).toBe(201)
    const lifterSocket = await connectClient(t.url, a!.token)
    sockets.push(lifterSocket)
    const events = collectEvents(lifterSocket)
    await subscribe(lifterSocket, challengeRoom(id), 0)
    await subscribe(lifterSocket, GLOBAL_ROOM)

    expect(await cancel(id, a!)).toEqual({ status: 403, body: { error: NOT_ORGANISER } })
    expect(await cancel(id, organiser!)).toEqual({
      status: 200,
      body: { message: '"Control Test" is cancelled; its 2 lifters were told.' },
    })
    await waitUntil(
      () => events.some((e) => e.room === challengeRoom(id) && e.type === 'competition.cancelled'),
      'competition.cancelled in the room',
    )
    expect(events.find((e) => e.type === 'competition.cancelled')).toMatchObject({ data: { competition_id: id, name: 'Control Test' } })
    await waitUntil(
      () => events.some((e) => e.room === GLOBAL_ROOM && e.type === 'competition.cancelled'),
      'competition.cancelled in the global room',
    )
    expect((await api('GET', `/competitions/${id}`)).status).toBe(404)
    expect(((await api('GET', '/competitions')).body.competitions as Challenge[]).some((c) => c.id === id)).toBe(false)
    expect(await cancel(id, organiser!)).toMatchObject({ status: 404 })

    const withLift = await challenge(organiser!, -1, 3)
    expect((await api('POST', '/join_competition', a!, { competition_id: withLift, weight_class: '83kg' })).status).toBe(201)
    const entry = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId: withLift, userId: a!.userId } })
    await t.db.prisma.attempt.create({
      data: { participantId: entry.id, liftType: 'squat', weight: 100, attemptNumber: 1, status: 'completed' },
    })
    expect(await cancel(withLift, organiser!)).toEqual({ status: 409, body: { error: CONTROL_REFUSED.hasLifts } })
    expect((await api('GET', `/competitions/${withLift}`)).status).toBe(200)
  })
})
