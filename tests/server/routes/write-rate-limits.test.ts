// Per-account limits on the writes every open page hears about: joining, leaving and setting one's
// bodyweight share one budget (RATE_LIMIT_ENTRIES_PER_MINUTE: a join/leave loop is the abuse),
// appointing a judge panel has its own of the same size, and removing and reporting comments each
// have their own of RATE_LIMIT_COMMENTS_PER_MINUTE; setting and removing a reaction share
// RATE_LIMIT_REACTIONS_PER_MINUTE. Over it, a 429 with a sentence; other
// accounts (and the account's other budgets) are untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

const LIMIT = 3
let t: TestApp

beforeAll(async () => {
  t = await startTestApp({
    env: {
      RATE_LIMIT_ENTRIES_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_COMMENTS_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_REACTIONS_PER_MINUTE: String(LIMIT),
    },
  })
})
afterAll(async () => {
  await t?.close()
})

type User = Awaited<ReturnType<typeof registerUser>>

async function call(method: 'POST' | 'PUT' | 'DELETE', url: string, user: User, payload?: object) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) })
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Record<string, unknown> }
}

/** A refusal over the limit: 429, `{error}` alone, a sentence saying what and how long to wait. */
function expectTooFast(answer: { status: number; body: Record<string, unknown> }, what: string) {
  expect(answer.status).toBe(429)
  expect(Object.keys(answer.body)).toEqual(['error'])
  expect(answer.body.error).toMatch(new RegExp(`^You are ${what} too fast\\. Please wait \\d+ seconds and try again\\.$`))
}

/** A challenge that starts tomorrow (leaving is allowed before the start). */
async function upcomingChallenge() {
  const organiser = await registerUser(t.app, 'Organiser')
  return { organiser, id: await createChallenge(t.app, organiser.access_token, {}, { start: 1, end: 7 }) }
}

describe('joining, leaving and bodyweight', () => {
  it('share one budget per account: the join/leave loop stops at RATE_LIMIT_ENTRIES_PER_MINUTE, for that account only', async () => {
    const { id } = await upcomingChallenge()
    const looper = await registerUser(t.app, 'Looper')
    const join = (who: User) => call('POST', '/join_competition', who, { competition_id: id, weight_class: '83kg' })
    const leave = (who: User) => call('DELETE', `/competitions/${id}/participants/me`, who)
    const bodyweight = (who: User) => call('PUT', `/competitions/${id}/bodyweight`, who, { bodyweight: 80 })

    expect((await join(looper)).status).toBe(201)
    expect((await bodyweight(looper)).status).toBe(200)
    expect((await leave(looper)).status).toBe(200)
    // The fourth write of any of the three is refused, and writes nothing.
    const what = 'joining, leaving or changing your bodyweight'
    expectTooFast(await join(looper), what)
    expectTooFast(await leave(looper), what)
    expectTooFast(await bodyweight(looper), what)
    expect(await t.db.prisma.participant.count({ where: { challengeId: id, userId: looper.user_id } })).toBe(0)

    const someoneElse = await registerUser(t.app, 'Someone Else')
    expect((await join(someoneElse)).status).toBe(201)
    expect((await bodyweight(someoneElse)).status).toBe(200)
  })
})

describe('the judge panel', () => {
  it('changes at most RATE_LIMIT_ENTRIES_PER_MINUTE times a minute per organiser, apart from their entries', async () => {
    const { organiser, id } = await upcomingChallenge()
    const judge = await registerUser(t.app, 'Judge')
    const { username } = await t.db.prisma.user.findUniqueOrThrow({ where: { id: judge.user_id }, select: { username: true } })
    const panel = (who: User, challenge: number, usernames: string[]) =>
      call('PUT', `/competitions/${challenge}/judges`, who, { usernames })
    for (let i = 0; i < LIMIT; i++) expect((await panel(organiser, id, i % 2 ? [] : [username])).status).toBe(200)
    expectTooFast(await panel(organiser, id, []), 'changing judge panels')

    // Their joins count apart; another organiser is untouched.
    const other = await upcomingChallenge()
    expect((await call('POST', '/join_competition', organiser, { competition_id: other.id, weight_class: '83kg' })).status).toBe(201)
    expect((await panel(other.organiser, other.id, [username])).status).toBe(200)
  })
})

describe('comments', () => {
  /** A running challenge with one attempt, and `n` comments on it by `author` (written directly: posting has its own limit). */
  async function commented(author: User, n: number) {
    const organiser = await registerUser(t.app, 'Organiser')
    const id = await createChallenge(t.app, organiser.access_token)
    const lifter = await registerUser(t.app, 'Lifter')
    expect((await call('POST', '/join_competition', lifter, { competition_id: id, weight_class: '83kg' })).status).toBe(201)
    const participant = await t.db.prisma.participant.findFirstOrThrow({
      where: { challengeId: id, userId: lifter.user_id },
      include: { user: { select: { name: true } } },
    })
    const { attemptId } = await t.app.repos.attempts.record(
      participant,
      { liftType: 'squat', weight: 180 },
      (a) => `attempts/${a}/original.mp4`,
      async () => {},
    )
    const ids: number[] = []
    for (let i = 0; i < n; i++)
      ids.push((await t.app.repos.engagement.createComment(attemptId, author.user_id, `comment ${i}`))!.comment.id)
    return { organiser, attemptId, ids }
  }

  it('are reported at most RATE_LIMIT_COMMENTS_PER_MINUTE times a minute per account, on a budget of its own', async () => {
    const author = await registerUser(t.app, 'Author')
    const { attemptId, ids } = await commented(author, LIMIT + 1)
    const reporter = await registerUser(t.app, 'Reporter')
    for (const id of ids.slice(0, LIMIT)) expect((await call('POST', `/comments/${id}/reports`, reporter)).status).toBe(204)
    expectTooFast(await call('POST', `/comments/${ids[LIMIT]}/reports`, reporter), 'reporting comments')
    expect(await t.db.prisma.commentReport.count({ where: { userId: reporter.user_id } })).toBe(LIMIT)

    expect((await call('POST', `/comments/${ids[LIMIT]}/reports`, await registerUser(t.app, 'Another Reporter'))).status).toBe(204)
    // Posting is counted apart.
    expect((await call('POST', `/attempts/${attemptId}/comments`, reporter, { text: 'Still here.' })).status).toBe(201)
  })

  it('are removed at most RATE_LIMIT_COMMENTS_PER_MINUTE times a minute per account; the organiser still moderates', async () => {
    const author = await registerUser(t.app, 'Author')
    const { organiser, attemptId, ids } = await commented(author, LIMIT + 2)
    for (const id of ids.slice(0, LIMIT)) expect((await call('DELETE', `/comments/${id}`, author)).status).toBe(204)
    expectTooFast(await call('DELETE', `/comments/${ids[LIMIT]}`, author), 'removing comments')
    expect(await t.db.prisma.comment.count({ where: { attemptId } })).toBe(2)

    expect((await call('DELETE', `/comments/${ids[LIMIT]}`, organiser)).status).toBe(204)
    // Posting is counted apart.
    expect((await call('POST', `/attempts/${attemptId}/comments`, author, { text: 'Back again.' })).status).toBe(201)
  })
})

describe('reactions', () => {
  it('setting and removing share one budget per account', async () => {
    const { organiser, id } = await upcomingChallenge()
    expect((await call('POST', '/join_competition', organiser, { competition_id: id, weight_class: '83kg' })).status).toBe(201)
    const participant = await t.db.prisma.participant.findFirstOrThrow({
      where: { challengeId: id, userId: organiser.user_id },
      include: { user: { select: { name: true } } },
    })
    const { attemptId } = await t.app.repos.attempts.record(
      participant,
      { liftType: 'squat', weight: 150 },
      (a) => `attempts/${a}/original.mp4`,
      async () => {},
    )
    const fan = await registerUser(t.app, 'Fan')
    const react = (reaction: string) => call('PUT', `/attempts/${attemptId}/reaction`, fan, { reaction })
    const unreact = () => call('DELETE', `/attempts/${attemptId}/reaction`, fan)
    expect((await react('fire')).status).toBe(200)
    expect((await unreact()).status).toBe(200)
    expect((await react('strong')).status).toBe(200)
    expectTooFast(await unreact(), 'reacting')
    expectTooFast(await react('clap'), 'reacting')
    expect((await call('PUT', `/attempts/${attemptId}/reaction`, organiser, { reaction: 'wow' })).status).toBe(200)
  })
})
