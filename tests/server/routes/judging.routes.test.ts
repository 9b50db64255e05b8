// Judging on a real server and database, with real socket.io clients: the organiser's
// panel, blind votes decided once at the quorum (three judges voting at the same moment
// give one decision and one event), the refusals, the jury, appeals and their window,
// and that only judged good lifts are ranked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  challengeRoom,
  type AttemptResponse,
  type LiveEvent,
  type ParticipantListResponse,
  type PanelResponse,
} from '../../../contract/index.ts'
import { nextAttemptNumber } from '../../helpers/attempts.ts'
import {
  collectEvents,
  connectClient,
  createLifters,
  join,
  startLiveServer,
  subscribe,
  waitUntil,
  type ClientSocket,
  type Lifter,
  type LiveTestServer,
} from '../../helpers/live.ts'

let t: LiveTestServer
let closed: LiveTestServer | undefined
const sockets: ClientSocket[] = []

beforeAll(async () => {
  t = await startLiveServer()
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await t?.close()
  await closed?.close()
})

interface Call {
  status: number
  body: Record<string, unknown> & Partial<AttemptResponse> & { error?: string }
}
async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<Call> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Call['body'] }
}
const api = (method: string, path: string, token?: string, body?: unknown) => call(t.url, method, path, token, body)

/** A challenge run by `organiser`, with lifters joined, and its room's events as a spectator sees them. */
async function challenge(server: LiveTestServer, options: { judges?: number; lifters?: number } = {}) {
  const [organiser, ...rest] = await createLifters(
    server.db.prisma,
    server.config.jwtSecret,
    1 + (options.judges ?? 0) + (options.lifters ?? 1),
    'Judging',
  )
  const row = await server.db.prisma.challenge.create({
    data: {
      name: 'Judged Open',
      location: 'Gym',
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 6 * 86_400_000),
      liftTypes: ['Squat', 'Bench Press', 'Deadlift'],
      weightClasses: ['83kg'],
      gender: 'M',
      createdById: organiser!.userId,
    },
  })
  const judges = rest.slice(0, options.judges ?? 0)
  const lifters = rest.slice(options.judges ?? 0)
  for (const lifter of lifters) expect((await join(server.url, lifter, row.id)).status).toBe(201)
  const spectator = await connectClient(server.url)
  sockets.push(spectator)
  const events = collectEvents(spectator)
  await subscribe(spectator, challengeRoom(row.id), null)
  return { id: row.id, organiser: organiser!, judges, lifters, events }
}

async function usernames(server: LiveTestServer, people: Lifter[]) {
  const rows = await server.db.prisma.user.findMany({
    where: { id: { in: people.map((p) => p.userId) } },
    select: { id: true, username: true },
  })
  return people.map((p) => rows.find((r) => r.id === p.userId)!.username)
}

/** An uploaded attempt (the upload's own record path; the file itself is not needed here). */
async function attempt(server: LiveTestServer, challengeId: number, lifter: Lifter, liftType = 'squat', weight = 200) {
  const participant = await server.db.prisma.participant.findFirstOrThrow({
    where: { challengeId, userId: lifter.userId },
    include: { user: { select: { name: true } } },
  })
  const { attemptId } = await server.app.repos.attempts.record(
    participant,
    { liftType, weight },
    (id) => `attempts/${id}/original.mp4`,
    async () => {},
  )
  return attemptId
}

describe('the panel', () => {
  it('is appointed by the organiser only, by username, and a lifter sits on it only when allowed', async () => {
    const c = await challenge(t, { judges: 3 })
    const names = await usernames(t, c.judges)
    const before = await api('GET', `/competitions/${c.id}/judges`)
    expect(before.body).toEqual({
      competition_id: c.id,
      organiser_id: c.organiser.userId,
      judges: [],
      allow_lifters: false,
      publish_names: false,
    } satisfies PanelResponse)

    expect(await api('PUT', `/competitions/${c.id}/judges`, c.judges[0]!.token, { usernames: names })).toEqual({
      status: 403,
      body: { error: 'Only the organiser of this challenge can do this.' },
    })
    expect(await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: ['nobody-here'] })).toEqual({
      status: 400,
      body: { error: 'There is no user named nobody-here.' },
    })
    const [lifterName] = await usernames(t, c.lifters)
    expect(await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: [lifterName] })).toEqual({
      status: 409,
      body: { error: `${lifterName} lifts in this challenge; allow lifters on the panel to appoint them.` },
    })
    expect(
      (await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: [...names, lifterName, 'x', 'y'] })).status,
    ).toBe(400) // six: over five

    const set = await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: names, publish_names: true })
    expect(set.status).toBe(200)
    expect((set.body as unknown as PanelResponse).judges.map((j) => [j.username, j.seat])).toEqual(names.map((n, i) => [n, i + 1]))
    // A judge of the challenge cannot join it as a lifter unless the organiser allows it.
    expect((await join(t.url, c.judges[0]!, c.id)).body.error).toBe(
      'You judge this challenge, so you cannot lift in it unless the organiser allows judges to lift.',
    )
  })
})

describe('votes', () => {
  it('stay blind until three votes decide by majority, and only then is the lift ranked', async () => {
    const c = await challenge(t, { judges: 3 })
    await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: await usernames(t, c.judges) })
    const lifter = c.lifters[0]!
    const id = await attempt(t, c.id, lifter, 'squat', 200)

    const ranked = async () =>
      ((await (await fetch(`${t.url}/api/competitions/${c.id}/participants`)).json()) as ParticipantListResponse).participants[0]!
    expect((await ranked()).best_squat).toBe(0) // pending: counts nowhere
    expect((await ranked()).attempts[0]).toMatchObject({ status: 'pending', judging: { votes_cast: 0, votes_needed: 3, lights: [] } })

    const first = await api('POST', `/attempts/${id}/votes`, c.judges[0]!.token, {
      good: false,
      reason: 'depth',
      at_seconds: 3.2,
      note: 'high',
    })
    expect(first.status).toBe(201)
    expect(first.body.attempt).toMatchObject({
      status: 'pending',
      judging: { votes_cast: 1, votes_needed: 3, lights: [], decided_by: null },
    })
    expect(JSON.stringify(first.body)).not.toContain('depth') // nothing of the vote itself
    const second = await api('POST', `/attempts/${id}/votes`, c.judges[1]!.token, { good: true })
    expect(second.body.attempt?.judging.lights).toEqual([])
    await waitUntil(() => c.events.filter((e) => e.type === 'attempt.voted').length === 2, 'two vote counts')
    const voted = c.events.filter((e) => e.type === 'attempt.voted')
    expect(voted.map((e) => e.data)).toEqual([
      { competition_id: c.id, attempt_id: id, votes_cast: 1, votes_needed: 3 },
      { competition_id: c.id, attempt_id: id, votes_cast: 2, votes_needed: 3 },
    ])
    expect(JSON.stringify(c.events)).not.toContain('depth')
    expect((await ranked()).best_squat).toBe(0)

    const third = await api('POST', `/attempts/${id}/votes`, c.judges[2]!.token, { good: true })
    expect(third.body.attempt).toMatchObject({ status: 'completed', judging: { votes_cast: 3, decided_by: 'panel' } })
    // Names unpublished: no seat on the lights, white ones first (judge-anonymity.test.ts).
    expect(third.body.attempt!.judging.lights).toEqual([
      { judge: 'Judge', good: true, card: null, reason: null, reason_label: null, at_seconds: null, note: null },
      { judge: 'Judge', good: true, card: null, reason: null, reason_label: null, at_seconds: null, note: null },
      {
        judge: 'Judge',
        good: false,
        card: 'red',
        reason: 'depth',
        reason_label: 'Not deep enough: hip crease not below the top of the knee',
        at_seconds: 3.2,
        note: 'high',
      },
    ])
    expect((await ranked()).best_squat).toBe(200)
    await waitUntil(() => c.events.some((e) => e.type === 'attempt.judged'), 'the decision')
  })

  it('three judges voting at the same moment give exactly one decision and one event', async () => {
    const c = await challenge(t, { judges: 3 })
    await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: await usernames(t, c.judges) })
    for (let round = 0; round < 5; round++) {
      const id = await attempt(t, c.id, c.lifters[0]!, 'deadlift', 250 + round)
      const answers = await Promise.all(
        c.judges.map((j, i) =>
          api('POST', `/attempts/${id}/votes`, j.token, i === round % 3 ? { good: false, reason: 'ramping' } : { good: true }),
        ),
      )
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201])
      expect(answers.filter((a) => a.body.attempt?.status !== 'pending')).toHaveLength(1)
      await waitUntil(
        () => c.events.filter((e) => e.type === 'attempt.judged' && e.data.attempt.id === id).length === 1,
        'the one decision',
      )
      const row = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id } })
      expect([row.status, row.votesCast, (row.lights as unknown[]).length]).toEqual(['completed', 3, 3])
    }
    const judged = c.events.filter((e): e is Extract<LiveEvent, { type: 'attempt.judged' }> => e.type === 'attempt.judged')
    expect(judged).toHaveLength(5)
    expect(new Set(c.events.map((e) => e.seq)).size).toBe(c.events.length)
  })

  it('refuses a judge on their own attempt, a non-judge, a second vote, a vote after the decision and a no lift without its reason', async () => {
    const c = await challenge(t, { judges: 3, lifters: 2 })
    const judgeNames = await usernames(t, c.judges)
    const [lifterName] = await usernames(t, c.lifters)
    // A lifter on the panel, allowed by the organiser: never on their own attempt.
    await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: [...judgeNames, lifterName], allow_lifters: true })
    const own = await attempt(t, c.id, c.lifters[0]!, 'bench', 150)
    expect(await api('POST', `/attempts/${own}/votes`, c.lifters[0]!.token, { good: true })).toEqual({
      status: 403,
      body: { error: 'You cannot judge your own attempt.' },
    })
    expect(await api('POST', `/attempts/${own}/votes`, c.lifters[1]!.token, { good: true })).toEqual({
      status: 403,
      body: { error: 'You are not a judge of this challenge.' },
    })
    expect(await api('POST', `/attempts/${own}/votes`, c.judges[0]!.token, { good: false })).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/^A no lift needs a reason for this lift: one of not_to_chest, touched_belt, /) },
    })
    expect((await api('POST', `/attempts/${own}/votes`, c.judges[0]!.token, { good: false, reason: 'depth' })).status).toBe(400) // a squat reason on a bench
    expect((await api('POST', `/attempts/${own}/votes`, c.judges[0]!.token, { good: false, reason: 'no_pause' })).status).toBe(201)
    expect(await api('POST', `/attempts/${own}/votes`, c.judges[0]!.token, { good: true })).toEqual({
      status: 409,
      body: { error: 'You have already voted on this attempt.' },
    })
    expect(await api('POST', `/attempts/999999/votes`, c.judges[0]!.token, { good: true })).toEqual({
      status: 404,
      body: { error: 'Attempt 999999 does not exist.' },
    })
    for (const j of c.judges.slice(1))
      expect((await api('POST', `/attempts/${own}/votes`, j.token, { good: false, reason: 'no_pause' })).status).toBe(201)
    expect((await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: own } })).status).toBe('failed')
    expect(await api('POST', `/attempts/${own}/votes`, c.lifters[0]!.token, { good: true })).toEqual({
      status: 403,
      body: { error: 'You cannot judge your own attempt.' },
    })
    // The lifter-judge judges someone else's attempt.
    const other = await attempt(t, c.id, c.lifters[1]!, 'bench', 140)
    expect((await api('POST', `/attempts/${other}/votes`, c.lifters[0]!.token, { good: true })).status).toBe(201)
    expect((await api('POST', `/attempts/${own}/votes`, c.judges[0]!.token, { good: true })).body).toEqual({
      error: 'This attempt has already been decided.',
    })
    const unvoted = await attempt(t, c.id, c.lifters[1]!, 'bench', 141)
    for (const j of c.judges) await api('POST', `/attempts/${unvoted}/votes`, j.token, { good: true })
    expect(await api('POST', `/attempts/${unvoted}/votes`, c.lifters[0]!.token, { good: true })).toEqual({
      status: 409,
      body: { error: 'This attempt has already been decided.' },
    })
  })

  it('lets the organiser judge alone while no panel is appointed, with a quorum of one', async () => {
    const c = await challenge(t)
    const id = await attempt(t, c.id, c.lifters[0]!, 'squat', 180)
    const queue = await api('GET', '/judge/queue', c.organiser.token)
    expect((queue.body.attempts as { id: number }[]).map((a) => a.id)).toEqual([id])
    const vote = await api('POST', `/attempts/${id}/votes`, c.organiser.token, { good: true })
    expect(vote.body.attempt).toMatchObject({ status: 'completed', judging: { votes_cast: 1, votes_needed: 1, decided_by: 'panel' } })
    expect((await api('GET', '/judge/queue', c.organiser.token)).body.attempts).toEqual([])
  })
})

describe('the judge queue', () => {
  it('holds what awaits my vote across my panels, oldest first, and tells my socket when it changes', async () => {
    const c = await challenge(t, { judges: 3 })
    await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: await usernames(t, c.judges) })
    const judgeSocket = await connectClient(t.url, c.judges[0]!.token)
    sockets.push(judgeSocket)
    const changes: unknown[] = []
    judgeSocket.on('judge:queue', (change) => changes.push(change))
    const a = await attempt(t, c.id, c.lifters[0]!, 'squat', 150)
    const b = await attempt(t, c.id, c.lifters[0]!, 'squat', 155)
    await waitUntil(() => changes.length >= 2, 'queue changes on the judge socket')
    expect(changes).toContainEqual({ competition_id: c.id, attempt_id: b })
    const ids = async (j: Lifter) => (await api('GET', '/judge/queue', j.token)).body.attempts as { id: number; competition_name: string }[]
    expect((await ids(c.judges[0]!)).map((x) => x.id)).toEqual([a, b])
    expect((await ids(c.judges[0]!))[0]!.competition_name).toBe('Judged Open')
    await api('POST', `/attempts/${a}/votes`, c.judges[0]!.token, { good: true })
    expect((await ids(c.judges[0]!)).map((x) => x.id)).toEqual([b])
    expect((await ids(c.judges[1]!)).map((x) => x.id)).toEqual([a, b])
    expect(await ids(c.lifters[0]!)).toEqual([])
    expect((await api('GET', '/judge/queue')).status).toBe(401)
  })

  it('GET /judge/challenges lists what I judge or organise, and nothing for a lifter', async () => {
    const c = await challenge(t, { judges: 1 })
    await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: await usernames(t, c.judges) })
    const list = async (who: Lifter) =>
      ((await api('GET', '/judge/challenges', who.token)).body.challenges as { id: number; role: string }[]).filter((x) => x.id === c.id)
    expect(await list(c.judges[0]!)).toEqual([{ id: c.id, name: 'Judged Open', role: 'judge' }])
    expect(await list(c.organiser)).toEqual([{ id: c.id, name: 'Judged Open', role: 'organiser' }])
    expect((await api('GET', '/judge/challenges', c.lifters[0]!.token)).body).toEqual({ challenges: [] })
    expect((await api('GET', '/judge/challenges')).status).toBe(401)
  })

  it('never holds an attempt without a video: a judge decides from the video', async () => {
    const c = await challenge(t, { judges: 1 })
    await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: await usernames(t, c.judges) })
    const withVideo = await attempt(t, c.id, c.lifters[0]!, 'squat', 150)
    const participant = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId: c.id, userId: c.lifters[0]!.userId } })
    const without = await t.db.prisma.attempt.create({
      data: {
        participantId: participant.id,
        liftType: 'squat',
        attemptNumber: await nextAttemptNumber(t.db.prisma, participant.id, 'squat'),
        weight: 160,
        status: 'pending',
      },
    })
    const queue = (await api('GET', '/judge/queue', c.judges[0]!.token)).body.attempts as { id: number; video_url: string | null }[]
    expect(queue.map((x) => x.id)).toEqual([withVideo])
    expect(queue.map((x) => x.id)).not.toContain(without.id)
    expect(queue.every((x) => x.video_url !== null)).toBe(true)
  })
})

describe('jury and appeals', () => {
  it('the organiser decides a pending attempt as jury; the lifter appeals a panel decision once, and the jury reverses it with a reason', async () => {
    const c = await challenge(t, { judges: 1 })
    await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: await usernames(t, c.judges) })
    const direct = await attempt(t, c.id, c.lifters[0]!, 'deadlift', 300)
    expect((await api('POST', `/attempts/${direct}/jury`, c.judges[0]!.token, { good: true })).status).toBe(403)
    const jury = await api('POST', `/attempts/${direct}/jury`, c.organiser.token, { good: false, reason: 'ramping', note: 'hitched twice' })
    expect(jury.body.attempt).toMatchObject({
      status: 'failed',
      judging: { decided_by: 'jury', appeal_until: null, lights: [{ judge: 'Jury', card: 'blue', reason: 'ramping' }] },
    })
    expect(await api('POST', `/attempts/${direct}/appeal`, c.lifters[0]!.token, { note: 'It was locked' })).toEqual({
      status: 409,
      body: { error: 'Only a decision of the judges can be appealed, and only once.' },
    })

    const id = await attempt(t, c.id, c.lifters[0]!, 'deadlift', 290)
    const decided = await api('POST', `/attempts/${id}/votes`, c.judges[0]!.token, { good: false, reason: 'not_locked' })
    expect(decided.body.attempt?.status).toBe('failed')
    expect(Date.parse(decided.body.attempt!.judging.appeal_until!)).toBeGreaterThan(Date.now() + 23 * 3_600_000)
    expect((await api('POST', `/attempts/${id}/appeal`, c.judges[0]!.token, { note: 'x' })).body).toEqual({
      error: 'Only the lifter can appeal this attempt.',
    })
    const appealed = await api('POST', `/attempts/${id}/appeal`, c.lifters[0]!.token, { note: 'Knees were locked at 0:04' })
    expect(appealed.status).toBe(201)
    expect(appealed.body.attempt?.judging.appeal).toMatchObject({ state: 'open', note: 'Knees were locked at 0:04', reason: null })
    expect((await api('POST', `/attempts/${id}/appeal`, c.lifters[0]!.token, { note: 'again' })).status).toBe(409)
    const overview = await api('GET', `/competitions/${c.id}/judging`, c.organiser.token)
    expect(overview.body).toMatchObject({ pending: 0, judges: [{ user_id: c.judges[0]!.userId, votes_cast: 1, agreement: 1 }] })
    expect((overview.body.appeals as { id: number }[]).map((a) => a.id)).toEqual([id])
    expect((await api('GET', `/competitions/${c.id}/judging`, c.judges[0]!.token)).status).toBe(403)

    expect((await api('POST', `/attempts/${id}/appeal/decision`, c.organiser.token, { reverse: true })).status).toBe(400) // a reason is required
    const reversed = await api('POST', `/attempts/${id}/appeal/decision`, c.organiser.token, {
      reverse: true,
      reason: 'Locked out on the video at 0:04',
    })
    expect(reversed.body.attempt).toMatchObject({
      status: 'completed',
      judging: { decided_by: 'jury', appeal: { state: 'reversed', reason: 'Locked out on the video at 0:04' } },
    })
    expect((await api('POST', `/attempts/${id}/appeal/decision`, c.organiser.token, { reverse: false, reason: 'no' })).status).toBe(409)
    await waitUntil(
      () => c.events.some((e) => e.type === 'attempt.judged' && e.data.attempt.id === id && e.data.attempt.status === 'completed'),
      'the reversal, live',
    )
    // The judge's vote now disagrees with the final decision.
    expect((await api('GET', `/competitions/${c.id}/judging`, c.organiser.token)).body.judges).toMatchObject([{ agreement: 0 }])
  })

  it('an organiser who lifts in their own challenge cannot appeal, nor decide an appeal on their own attempt', async () => {
    const c = await challenge(t, { judges: 1 })
    await api('PUT', `/competitions/${c.id}/judges`, c.organiser.token, { usernames: await usernames(t, c.judges) })
    expect((await join(t.url, c.organiser, c.id)).status).toBe(201)
    const own = await attempt(t, c.id, c.organiser, 'deadlift', 400)
    const decided = await api('POST', `/attempts/${own}/votes`, c.judges[0]!.token, { good: false, reason: 'not_locked' })
    expect(decided.body.attempt).toMatchObject({ status: 'failed', judging: { decided_by: 'panel', appeal_until: null } })
    expect(await api('POST', `/attempts/${own}/appeal`, c.organiser.token, { note: 'It was locked' })).toEqual({
      status: 403,
      body: { error: 'You organise this challenge: your own attempts cannot be appealed, as the jury that hears appeals is you.' },
    })
    // An appeal opened before this rule (as the database may hold one) is not theirs to reverse;
    // confirming it closes it with the panel's decision standing.
    await t.db.prisma.attempt.update({
      where: { id: own },
      data: { appealState: 'open', appealNote: 'It was locked', appealedAt: new Date() },
    })
    expect(await api('POST', `/attempts/${own}/appeal/decision`, c.organiser.token, { reverse: true, reason: 'Mine, so good' })).toEqual({
      status: 403,
      body: { error: 'You cannot judge your own attempt.' },
    })
    expect((await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: own } })).status).toBe('failed')
    const closed = await api('POST', `/attempts/${own}/appeal/decision`, c.organiser.token, { reverse: false, reason: 'The panel stands' })
    expect(closed.body.attempt).toMatchObject({ status: 'failed', judging: { decided_by: 'panel', appeal: { state: 'confirmed' } } })
  })

  it('closes the appeal window after APPEAL_WINDOW_HOURS', async () => {
    closed = await startLiveServer({ env: { APPEAL_WINDOW_HOURS: '0' } })
    const c = await challenge(closed)
    const id = await attempt(closed, c.id, c.lifters[0]!, 'bench', 120)
    await call(closed.url, 'POST', `/attempts/${id}/votes`, c.organiser.token, { good: false, reason: 'no_pause' })
    expect(await call(closed.url, 'POST', `/attempts/${id}/appeal`, c.lifters[0]!.token, { note: 'It paused' })).toEqual({
      status: 409,
      body: { error: 'The time to appeal this decision has passed.' },
    })
  })
})
