// The judging rules against an in-memory judging repository: a write's handle reads and changes
// plain objects, and a refusal rolls the write back as the database transaction would.
import { describe, expect, it } from 'vitest'
import type { JudgeQueueChange, Lift, LiftType } from '../../contract/index.ts'
import type {
  AttemptState,
  Decision,
  LockedAttempt,
  LockedChallenge,
  LockedPanel,
  Seats,
  StoredVote,
} from '../../infra/repositories/judging-handles.ts'
import { Refusal, statusOf } from '../errors.ts'
import { PANEL_BUSY_LIVE, createJudgingService, type JudgingStore } from './judging.service.ts'

const ORGANISER = 1
const HOUR = 3_600_000

interface World {
  users: Map<number, { username: string; name: string; certified: boolean }>
  challenge: { organiserId: number | null; allowLifters: boolean; publishNames: boolean; judges: number[]; lifters: number[] }
  attempts: Map<number, AttemptState & { decision?: Decision; appealNote?: string; appealReason?: string }>
  votes: (StoredVote & { attemptId: number })[]
  events: string[]
}

function fakeJudging() {
  let world: World = {
    users: new Map([[ORGANISER, { username: 'org', name: 'Organiser', certified: true }]]),
    challenge: { organiserId: ORGANISER, allowLifters: false, publishNames: false, judges: [], lifters: [] },
    attempts: new Map(),
    votes: [],
    events: [],
  }
  /** A write: on a refusal the world is as it was before it. */
  async function write<T>(work: () => Promise<T>): Promise<T> {
    const before = structuredClone(world)
    try {
      return await work()
    } catch (error) {
      world = before
      throw error
    }
  }
  const seats = async (): Promise<Seats> => {
    const { challenge } = world
    const ids = challenge.judges.length > 0 ? challenge.judges : challenge.organiserId !== null ? [challenge.organiserId] : []
    return {
      organiserId: challenge.organiserId,
      publishNames: challenge.publishNames,
      seats: ids.map((userId, i) => ({ userId, seat: i + 1, name: world.users.get(userId)!.name })),
    }
  }
  const liftOf = (a: AttemptState): Lift =>
    ({ id: a.id, status: a.status, judging: { votes_cast: a.votesCast, verified: a.verified } }) as unknown as Lift
  const challengeHandle = (): LockedChallenge => ({
    challengeId: 10,
    seats,
    certifiedAmong: async (ids) => new Set(ids.filter((id) => world.users.get(id)?.certified)),
    firstVotes: async (attemptId, n) => world.votes.filter((v) => v.attemptId === attemptId).slice(0, n),
    async decide(attemptId, decision) {
      const attempt = world.attempts.get(attemptId)!
      Object.assign(attempt, {
        status: decision.status,
        decidedBy: decision.by,
        verified: decision.verified,
        appealUntil: decision.appealUntil,
        decision,
      })
      world.events.push(`judged ${attemptId} ${decision.status}`)
      return { ...attempt }
    },
    async announceVotes(attempt) {
      world.events.push(`voted ${attempt.id} ${attempt.votesCast}/${attempt.votesNeeded}`)
    },
  })
  const store: JudgingStore = {
    async panel() {
      const { challenge } = world
      return {
        challengeId: 10,
        organiserId: challenge.organiserId,
        allowLifters: challenge.allowLifters,
        publishNames: challenge.publishNames,
        judges: challenge.judges.map((userId, i) => ({
          userId,
          username: world.users.get(userId)!.username,
          name: world.users.get(userId)!.name,
          seat: i + 1,
        })),
      }
    },
    withAttemptLocked: (attemptId, work) =>
      write(async () => {
        if (!world.attempts.has(attemptId)) return null
        const attempt = () => world.attempts.get(attemptId)!
        const locked: LockedAttempt = {
          ...challengeHandle(),
          attempt: () => ({ ...attempt() }),
          lift: () => liftOf(attempt()),
          hasVoted: async (judgeId) => world.votes.some((v) => v.attemptId === attemptId && v.judgeId === judgeId),
          async recordVote(vote) {
            world.votes.push({ attemptId, ...vote })
            attempt().votesCast += 1
            return { ...attempt() }
          },
          async openAppeal(note) {
            Object.assign(attempt(), { appealState: 'open', appealNote: note })
          },
          async closeAppeal(verdict) {
            Object.assign(attempt(), { appealState: verdict.state, appealReason: verdict.reason })
            if (verdict.reversal)
              Object.assign(attempt(), { status: verdict.reversal.status, decidedBy: 'jury', verified: verdict.reversal.verified })
          },
        }
        return work(locked)
      }),
    withPanelLocked: (_challengeId, work) =>
      write(async () => {
        const locked: LockedPanel = {
          ...challengeHandle(),
          challenge: { ...world.challenge },
          usersNamed: async (names) =>
            new Map([...world.users].filter(([, u]) => names.includes(u.username)).map(([id, u]) => [u.username, id])),
          lifterAmong: async (ids) => ids.find((id) => world.challenge.lifters.includes(id)) ?? null,
          async replacePanel(ids, settings) {
            Object.assign(world.challenge, { judges: [...ids], ...settings })
          },
          pendingAttempts: async () => [...world.attempts.values()].filter((a) => a.status === 'pending').map((a) => ({ ...a })),
          async setVotesNeeded(attemptId, needed) {
            world.attempts.get(attemptId)!.votesNeeded = needed
            return { ...world.attempts.get(attemptId)! }
          },
          async announcePanelChanged(judges) {
            world.events.push(`panel ${judges}`)
          },
        }
        return work(locked)
      }),
    // The judge's challenges: 10 (the world's), 11 organised by ORGANISER with judge 21 appointed, 12 organised by 21 with no panel.
    panelsOf: async () => [
      { challengeId: 10, organiserId: world.challenge.organiserId, appointed: [...world.challenge.judges] },
      { challengeId: 11, organiserId: ORGANISER, appointed: [21] },
      { challengeId: 12, organiserId: 21, appointed: [] },
    ],
    async queue(filter) {
      world.events.push(`queue ${JSON.stringify(filter)}`)
      return []
    },
    challengesOf: async () => [],
    overview: async () => null,
  }
  return {
    store,
    get world() {
      return world
    },
    user(id: number, certified = false) {
      world.users.set(id, { username: `u${id}`, name: `User ${id}`, certified })
      return `u${id}`
    },
    attempt(id: number, lifterId: number, votesNeeded: number, liftType: LiftType = 'squat', source: 'video' | 'live' = 'video') {
      world.challenge.lifters.push(lifterId)
      world.attempts.set(id, {
        id,
        challengeId: 10,
        lifterId,
        liftType,
        status: 'pending',
        source,
        decidedBy: null,
        appealState: null,
        appealUntil: null,
        verified: false,
        votesCast: 0,
        votesNeeded,
      })
    },
  }
}

function setup(start = new Date('2030-03-01T10:00:00Z')) {
  const fake = fakeJudging()
  let now = start
  const told: { userIds: readonly number[]; change: JudgeQueueChange }[] = []
  const service = createJudgingService({
    judging: fake.store,
    appealWindowMs: 24 * HOUR,
    now: () => now,
    judgeQueue: (userIds, change) => told.push({ userIds, change }),
  })
  return {
    fake,
    service,
    told,
    later: (ms: number) => {
      now = new Date(now.getTime() + ms)
    },
  }
}

const refused = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error instanceof Refusal ? { status: statusOf(error), error: error.message } : error),
  )

/** Seats three certified judges (ids 21–23) and answers their usernames. */
async function panelOfThree(t: ReturnType<typeof setup>) {
  const names = [21, 22, 23].map((id) => t.fake.user(id, true))
  await t.service.setPanel(10, ORGANISER, { usernames: names })
  return names
}

describe('the judging service', () => {
  it('lets only the organiser appoint the panel, of existing accounts, and a lifter only when lifters are allowed', async () => {
    const t = setup()
    t.fake.user(2)
    t.fake.attempt(100, 2, 1)
    const u2 = 'u2'
    expect(await refused(t.service.setPanel(10, 2, { usernames: [] }))).toEqual({
      status: 403,
      error: 'Only the organiser of this challenge can do this.',
    })
    expect(await refused(t.service.setPanel(10, ORGANISER, { usernames: ['ghost'] }))).toEqual({
      status: 400,
      error: 'There is no user named ghost.',
    })
    expect(await refused(t.service.setPanel(10, ORGANISER, { usernames: [u2] }))).toEqual({
      status: 409,
      error: 'u2 lifts in this challenge; allow lifters on the panel to appoint them.',
    })
    expect(t.fake.world.challenge.judges).toEqual([])
    await t.service.setPanel(10, ORGANISER, { usernames: [u2], allowLifters: true })
    expect(t.fake.world.challenge).toMatchObject({ judges: [2], allowLifters: true })
    expect(t.told.at(-1)).toEqual({ userIds: [2], change: { competition_id: 10, attempt_id: 0 } })
    expect(t.fake.world.events).toEqual(['panel 1'])
  })

  it('decides at the quorum by majority, once, and tells the other judges; refuses the lifter, strangers, a second vote and a late one', async () => {
    const t = setup()
    t.fake.user(2)
    t.fake.attempt(100, 2, 3)
    await panelOfThree(t)
    expect(await refused(t.service.vote(100, 2, { good: true }))).toEqual({ status: 403, error: 'You are not a judge of this challenge.' })
    expect(await refused(t.service.vote(100, 21, { good: false }))).toEqual({
      status: 400,
      error: expect.stringMatching(/^A no lift needs a reason for this lift: one of /),
    })
    await t.service.vote(100, 21, { good: true })
    expect(await refused(t.service.vote(100, 21, { good: true }))).toEqual({
      status: 409,
      error: 'You have already voted on this attempt.',
    })
    await t.service.vote(100, 22, { good: false, reason: 'depth' })
    expect(t.fake.world.attempts.get(100)!.status).toBe('pending')
    const decided = await t.service.vote(100, 23, { good: true })
    expect(decided.status).toBe('completed')
    const attempt = t.fake.world.attempts.get(100)!
    expect(attempt).toMatchObject({ decidedBy: 'panel', verified: true, appealUntil: new Date('2030-03-02T10:00:00Z') })
    expect(attempt.decision!.lights.map((l) => l.good)).toEqual([true, true, false])
    expect(t.fake.world.events.slice(-3)).toEqual(['voted 100 1/3', 'voted 100 2/3', 'judged 100 completed'])
    expect(t.told.at(-1)).toEqual({ userIds: [21, 22], change: { competition_id: 10, attempt_id: 100 } })
    expect(await refused(t.service.vote(100, 21, { good: true }))).toMatchObject({ status: 409 })
    expect(await refused(t.service.vote(999, 21, { good: true }))).toEqual({ status: 404, error: 'Attempt 999 does not exist.' })
  })

  it('never lets a judge vote on their own attempt', async () => {
    const t = setup()
    await panelOfThree(t)
    t.fake.attempt(100, 21, 1)
    expect(await refused(t.service.vote(100, 21, { good: true }))).toEqual({ status: 403, error: 'You cannot judge your own attempt.' })
  })

  it('a panel change gives pending attempts the new quorum and decides one whose votes reach it', async () => {
    const t = setup()
    t.fake.user(2)
    await panelOfThree(t)
    t.fake.attempt(100, 2, 3)
    await t.service.vote(100, 21, { good: false, reason: 'depth' })
    await t.service.setPanel(10, ORGANISER, { usernames: ['u21'] })
    expect(t.fake.world.attempts.get(100)).toMatchObject({ votesNeeded: 1, status: 'failed', verified: false })
  })

  it("refuses a panel change while a lift is with the referees in the hall (their presses are that panel's votes)", async () => {
    const t = setup()
    t.fake.user(2)
    await panelOfThree(t)
    t.fake.attempt(101, 2, 3, 'squat', 'live')
    expect(await refused(t.service.setPanel(10, ORGANISER, { usernames: ['u21'] }))).toEqual({ status: 409, error: PANEL_BUSY_LIVE })
    expect(t.fake.world.attempts.get(101)).toMatchObject({ votesNeeded: 3, status: 'pending' })
  })

  it("the organiser decides as jury, final and not appealable; an organiser's own attempt has no jury above it", async () => {
    const t = setup()
    t.fake.user(2)
    t.fake.attempt(100, 2, 1)
    t.fake.attempt(101, ORGANISER, 1)
    expect(await refused(t.service.juryDecide(100, 2, { good: true }))).toMatchObject({
      status: 403,
      error: 'Only the organiser of this challenge can do this.',
    })
    expect((await t.service.juryDecide(100, ORGANISER, { good: true })).status).toBe('completed')
    expect(t.fake.world.attempts.get(100)).toMatchObject({ decidedBy: 'jury', appealUntil: null, verified: false })
    expect(await refused(t.service.juryDecide(100, ORGANISER, { good: true }))).toEqual({
      status: 409,
      error: 'This attempt has already been decided.',
    })
    expect(await refused(t.service.juryDecide(101, ORGANISER, { good: true }))).toEqual({
      status: 403,
      error: 'You cannot judge your own attempt.',
    })
  })

  it('lets the lifter appeal a panel decision once within the window; the jury reverses it with a reason', async () => {
    const t = setup()
    t.fake.user(2)
    t.fake.user(3)
    t.fake.attempt(100, 2, 1)
    t.fake.attempt(101, 3, 1)
    await t.service.vote(100, ORGANISER, { good: false, reason: 'depth' })
    await t.service.vote(101, ORGANISER, { good: true })
    expect(await refused(t.service.appeal(100, 3, 'mine'))).toEqual({ status: 403, error: 'Only the lifter can appeal this attempt.' })
    expect(await refused(t.service.decideAppeal(100, ORGANISER, { reverse: true, reason: 'x' }))).toEqual({
      status: 409,
      error: 'This attempt has no appeal to decide.',
    })
    await t.service.appeal(100, 2, '  Knees were locked  ')
    expect(t.fake.world.attempts.get(100)).toMatchObject({ appealState: 'open', appealNote: 'Knees were locked' })
    expect(await refused(t.service.appeal(100, 2, 'again'))).toEqual({
      status: 409,
      error: 'Only a decision of the judges can be appealed, and only once.',
    })
    await t.service.decideAppeal(100, ORGANISER, { reverse: true, reason: ' Depth was fine ' })
    expect(t.fake.world.attempts.get(100)).toMatchObject({
      appealState: 'reversed',
      appealReason: 'Depth was fine',
      status: 'completed',
      decidedBy: 'jury',
    })
    t.later(24 * HOUR)
    expect(await refused(t.service.appeal(101, 3, 'late'))).toEqual({ status: 409, error: 'The time to appeal this decision has passed.' })
  })

  it('shows the seats to the organiser only while names are unpublished', async () => {
    const t = setup()
    await panelOfThree(t)
    const asOrganiser = await t.service.panelFor(10, ORGANISER)
    expect(asOrganiser.judges.map((j) => j.seat)).toEqual([1, 2, 3])
    expect((await t.service.panelFor(10, null)).judges.map((j) => j.seat)).toEqual([0, 0, 0])
  })
})

describe("a judge's queue", () => {
  it('asks for the pending attempts with a video of the panels the judge sits on, without their own lifts and votes', async () => {
    const t = setup()
    const queued = () => t.fake.world.events.filter((e) => e.startsWith('queue ')).map((e) => JSON.parse(e.slice(6)) as unknown)
    // The organiser sits alone on a challenge with no panel (10), not on one with judges appointed (11).
    await t.service.queue(ORGANISER)
    expect(queued()).toEqual([{ challengeIds: [10], votedBy: ORGANISER, liftedBy: ORGANISER, withVideo: true }])
    // Once judges are appointed to 10, its organiser no longer judges it; judge 21 sits on 10 and 11, and alone on 12 (theirs, no panel).
    await panelOfThree(t)
    await t.service.queue(ORGANISER)
    await t.service.queue(21)
    expect(queued().slice(1)).toEqual([{ challengeIds: [10, 11, 12], votedBy: 21, liftedBy: 21, withVideo: true }])
  })
})
