// The aggregate reads of issue 17 over the API, against PostgreSQL: the global leaderboard (rows
// per athlete and sport, sorts, filters, keyset pages, kept by the writes that change results),
// top lifts of a period, the first open challenges, a challenge's summary and one lifter's entry,
// and pages of participants and lifts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pointsFor, type LeaderboardRow, type Lift, type Participant } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { certifiedPanel } from '../../helpers/judging.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

type User = Awaited<ReturnType<typeof registerUser>>

async function lifter(name: string, country: string | null = null): Promise<User> {
  const user = await registerUser(t.app, name)
  if (country) await t.db.prisma.user.update({ where: { id: user.user_id }, data: { country } })
  return user
}

async function join(user: User, challengeId: number, weightClass: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: user.auth,
    payload: { competition_id: challengeId, weight_class: weightClass, ...extra },
  })
  expect(res.statusCode, res.body).toBe(201)
}

/** Each challenge's certified panel (appointed at its first lift), so its decisions count on the global boards. */
const panels = new Map<number, Awaited<ReturnType<typeof certifiedPanel>>>()

/** Records a pending attempt directly (with an original video unless `video` is false), then the challenge's certified panel decides it (the route judges use). */
async function lift(organiser: User, user: User, challengeId: number, liftType: string, weight: number, good = true, video = true) {
  if (!panels.has(challengeId)) panels.set(challengeId, await certifiedPanel(t, organiser, challengeId))
  const participant = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: user.user_id } })
  // Numbered as an upload numbers it (1, 2, 3 … within the lifter's lift): answers carry attempt_number from 1.
  const attemptNumber = (await t.db.prisma.attempt.count({ where: { participantId: participant.id, liftType } })) + 1
  const attempt = await t.db.prisma.attempt.create({
    data: {
      participantId: participant.id,
      liftType,
      weight,
      attemptNumber,
      status: 'pending',
      votesNeeded: 3,
      originalKey: video ? `originals/${participant.id}-${weight}.mp4` : null,
    },
  })
  expect((await panels.get(challengeId)!.decide(attempt.id, good, liftType)).judging.verified).toBe(true)
  return attempt.id
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers })
async function board(query: string): Promise<{ rows: LeaderboardRow[]; next_cursor: string | null }> {
  const res = await get(`/api/leaderboard?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('global leaderboard', () => {
  const hall = `Hall ${Date.now()}`
  let organiser: User
  let anna: User
  let ben: User
  let cleo: User
  let meet1: number
  let meet2: number
  let wl: number

  beforeAll(async () => {
    organiser = await registerUser(t.app, 'Organiser')
    meet1 = await createChallenge(t.app, organiser.access_token, { name: 'Spring Meet', location: hall, weightclasses: ['83kg', '93kg'] })
    meet2 = await createChallenge(t.app, organiser.access_token, {
      name: 'Summer Meet',
      location: 'Elsewhere',
      weightclasses: ['83kg', '93kg'],
    })
    wl = await createChallenge(t.app, organiser.access_token, {
      name: 'Snatch Open',
      location: hall,
      lifttypes: ['Snatch', 'Clean & Jerk'],
      weightclasses: ['83kg'],
    })
    anna = await lifter('Anna Strong', 'Norway')
    ben = await lifter('Ben Heavy', 'Chile')
    cleo = await lifter('Cleo Quick', 'Norway')
    // Anna: 600 total at 82 kg in meet 1; a heavier squat but no total in meet 2.
    await join(anna, meet1, '83kg', { bodyweight: 82 })
    for (const [type, kg] of [
      ['squat', 220],
      ['bench', 140],
      ['deadlift', 240],
    ] as const)
      await lift(organiser, anna, meet1, type, kg)
    await join(anna, meet2, '93kg', { bodyweight: 88 })
    await lift(organiser, anna, meet2, 'squat', 230)
    await lift(organiser, anna, meet2, 'bench', 150, false)
    // Ben: 650 total at 92 kg in meet 2, and a failed heavier deadlift.
    await join(ben, meet2, '93kg', { bodyweight: 92 })
    for (const [type, kg] of [
      ['squat', 240],
      ['bench', 160],
      ['deadlift', 250],
    ] as const)
      await lift(organiser, ben, meet2, type, kg)
    await lift(organiser, ben, meet2, 'deadlift', 270, false)
    // Cleo: weightlifting only, and one pending powerlifting attempt in meet 1.
    await join(cleo, wl, '83kg', { bodyweight: 80 })
    await lift(organiser, cleo, wl, 'snatch', 120)
    await lift(organiser, cleo, wl, 'clean_and_jerk', 150)
  })

  it('has a row per athlete and sport: bests across challenges, the total and its points from one challenge', async () => {
    const { rows, next_cursor } = await board('')
    expect(next_cursor).toBeNull()
    expect(rows.map((r) => [r.rank, r.name, r.sport, r.total])).toEqual([
      [1, 'Ben Heavy', 'powerlifting', 650],
      [2, 'Anna Strong', 'powerlifting', 600],
      [3, 'Cleo Quick', 'weightlifting', 270],
    ])
    const annaRow = rows.find((r) => r.user_id === anna.user_id)!
    // The 230 squat of meet 2 is her best squat; the total, class, bodyweight and place are meet 1's.
    expect(annaRow).toMatchObject({
      squat: 230,
      bench: 140,
      deadlift: 240,
      snatch: 0,
      clean_and_jerk: 0,
      weight_class: '83kg',
      bodyweight: 82,
      location: hall,
      competition_id: meet1,
      country: 'Norway',
      pending: 0,
    })
    expect(annaRow.points.dots).toBe(pointsFor('dots', ['squat', 'bench', 'deadlift'], 'M', 82, 600))
    expect(annaRow.points.sinclair).toBeNull()
    expect(rows.find((r) => r.user_id === ben.user_id)!.deadlift).toBe(250) // the failed 270 does not count
    expect(rows.find((r) => r.user_id === cleo.user_id)!.points.sinclair).toBe(
      pointsFor('sinclair', ['snatch', 'clean_and_jerk'], 'M', 80, 270),
    )
  })

  it('sorts by a lift or a formula (rows without that figure last) and filters', async () => {
    expect((await board('sort=squat')).rows.map((r) => [r.name, r.squat])).toEqual([
      ['Ben Heavy', 240],
      ['Anna Strong', 230],
      ['Cleo Quick', 0],
    ])
    expect((await board('sort=snatch')).rows.map((r) => r.name)).toEqual(['Cleo Quick', 'Anna Strong', 'Ben Heavy']) // no snatch: by name
    const dots = (await board('sort=dots')).rows
    expect(dots.at(-1)!.name).toBe('Cleo Quick')
    expect(dots[0]!.points.dots!).toBeGreaterThan(dots[1]!.points.dots!)
    expect((await board(`location=${encodeURIComponent(hall)}`)).rows.map((r) => r.name)).toEqual(['Anna Strong', 'Cleo Quick'])
    expect((await board('country=Norway&sport=weightlifting')).rows.map((r) => r.name)).toEqual(['Cleo Quick'])
    expect((await board('weight_class=93kg')).rows.map((r) => r.name)).toEqual(['Ben Heavy'])
    expect((await board('gender=F')).rows).toEqual([])
    const filters = (await get('/api/leaderboard/filters')).json()
    expect(filters).toEqual({ countries: ['Chile', 'Norway'], locations: ['Elsewhere', hall].sort() })
  })

  it('pages by cursor: the pages together are the whole board, ranked on', async () => {
    const whole = (await board('sort=squat')).rows
    const first = await board('sort=squat&limit=2')
    expect(first.rows).toEqual(whole.slice(0, 2))
    const second = await board(`sort=squat&limit=2&cursor=${first.next_cursor}`)
    expect(second.rows).toEqual(whole.slice(2))
    expect(second.next_cursor).toBeNull()
    const bad = await get('/api/leaderboard?cursor=bm90LWEtY3Vyc29y')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatch(/^The cursor is not valid/)
    expect((await get('/api/leaderboard?limit=0')).statusCode).toBe(400)
  })

  it('follows a decision: the page changes, and its ETag with it', async () => {
    const before = await get('/api/leaderboard?sort=total')
    const etag = before.headers.etag as string
    expect((await get('/api/leaderboard?sort=total', { 'if-none-match': etag })).statusCode).toBe(304)
    await lift(organiser, anna, meet2, 'bench', 150)
    await lift(organiser, anna, meet2, 'deadlift', 300)
    const after = await get('/api/leaderboard?sort=total', { 'if-none-match': etag })
    expect(after.statusCode).toBe(200)
    // 230 + 150 + 300 = 680 in meet 2 is now her total, with meet 2's class and bodyweight.
    expect((after.json().rows as LeaderboardRow[])[0]).toMatchObject({
      name: 'Anna Strong',
      total: 680,
      weight_class: '93kg',
      bodyweight: 88,
      competition_id: meet2,
      rank: 1,
    })
  })

  it('counts attempts awaiting judges beside the name, without ranking them', async () => {
    const participant = await t.db.prisma.participant.findFirstOrThrow({
      where: { challengeId: wl, userId: cleo.user_id },
      include: { user: { select: { name: true } } },
    })
    // An upload is recorded through the repository, which refreshes the row in its transaction.
    await t.app.repos.attempts.record(
      participant,
      { liftType: 'snatch', weight: 200 },
      (id) => `test/${id}.mp4`,
      async () => {},
    )
    const row = (await board('sport=weightlifting')).rows[0]!
    expect(row).toMatchObject({ name: 'Cleo Quick', snatch: 120, total: 270, pending: 1 })
  })

  it('rebuilding from scratch gives the rows the writes kept', async () => {
    const kept = await t.db.prisma.leaderboardEntry.findMany({ orderBy: [{ userId: 'asc' }, { sport: 'asc' }] })
    await t.db.prisma.leaderboardEntry.deleteMany()
    expect(await t.app.repos.leaderboard.needsRebuild()).toBe(true)
    await t.app.repos.leaderboard.rebuildAll(2)
    expect(await t.db.prisma.leaderboardEntry.findMany({ orderBy: [{ userId: 'asc' }, { sport: 'asc' }] })).toEqual(kept)
  })
})

describe('top lifts, open challenges', () => {
  it('gives the heaviest good lifts of the period, each athlete once per lift', async () => {
    const organiser = await registerUser(t.app, 'Top Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { name: 'Top Lifts Meet' })
    const users = await Promise.all(['Top One', 'Top Two', 'Top Three', 'Top Four'].map((n) => lifter(n)))
    for (const u of users) await join(u, id, '83kg')
    await lift(organiser, users[0]!, id, 'squat', 400)
    await lift(organiser, users[0]!, id, 'squat', 390)
    await lift(organiser, users[1]!, id, 'squat', 380)
    await lift(organiser, users[2]!, id, 'squat', 500, false)
    const old = await lift(organiser, users[3]!, id, 'squat', 450)
    await t.db.prisma.attempt.update({ where: { id: old }, data: { createdAt: new Date(Date.now() - 40 * 86_400_000) } })
    await lift(organiser, users[2]!, id, 'squat', 370)
    // The back-dated lift wrote nothing the cache knows of: a new event makes it read again.
    await lift(organiser, users[2]!, id, 'bench', 100)

    const month = (await get('/api/top-lifts')).json()
    expect(month.lifts.squat.map((l: { name: string; weight: number }) => [l.name, l.weight])).toEqual([
      ['Top One', 400],
      ['Top Two', 380],
      ['Top Three', 370],
    ])
    expect(month.lifts.bench.map((l: { name: string }) => l.name)).toContain('Top Three')
    const twoMonths = (await get('/api/top-lifts?days=60')).json()
    expect(twoMonths.lifts.squat[0]).toMatchObject({ name: 'Top Four', weight: 450, competition_id: id, attempt_id: old })
    expect((await get('/api/top-lifts?days=0')).statusCode).toBe(400)
  })

  it('gives the first running and upcoming challenges, soonest first, with their counts', async () => {
    const owner = await registerUser(t.app, 'Open Owner')
    const before = (await get('/api/competitions/open?limit=20')).json()
    const later = await createChallenge(t.app, owner.access_token, { name: 'Starts Later' }, { start: 10, end: 12 })
    const sooner = await createChallenge(t.app, owner.access_token, { name: 'Starts Sooner' }, { start: 2, end: 3 })
    await createChallenge(t.app, owner.access_token, { name: 'Long Over' }, { start: -10, end: -9 })
    const res = await get('/api/competitions/open?limit=20')
    const open = res.json()
    expect(open.counts).toEqual({ ongoing: before.counts.ongoing, upcoming: before.counts.upcoming + 2 })
    const upcomingIds = open.upcoming.map((c: { id: number }) => c.id)
    expect(upcomingIds.indexOf(sooner)).toBeLessThan(upcomingIds.indexOf(later))
    expect(open.upcoming.every((c: { status: string }) => c.status === 'upcoming')).toBe(true)
    expect(open.ongoing.every((c: { status: string }) => c.status === 'ongoing')).toBe(true)
    const started = open.ongoing.map((c: { start_date: string }) => c.start_date)
    expect(started).toEqual([...started].sort())
    const two = (await get('/api/competitions/open')).json()
    expect(two.ongoing.length).toBeLessThanOrEqual(2)
    expect(two.upcoming).toEqual(open.upcoming.slice(0, 2))
  })
})

describe('a challenge summary and pages', () => {
  let organiser: User
  let id: number
  const names = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7']
  let lifters: User[]

  beforeAll(async () => {
    organiser = await registerUser(t.app, 'Summary Organiser')
    id = await createChallenge(t.app, organiser.access_token, { name: 'Summary Meet', lifttypes: ['Squat'] })
    lifters = []
    for (const n of names) lifters.push(await lifter(n))
    for (const [i, u] of lifters.entries()) {
      await join(u, id, '83kg')
      await lift(organiser, u, id, 'squat', 200 + i * 10)
      await lift(organiser, u, id, 'squat', 205 + i * 10, false)
    }
    for (const n of ['H1', 'H2']) {
      const u = await lifter(n)
      lifters.push(u)
      await join(u, id, '93kg')
      await lift(organiser, u, id, 'squat', n === 'H1' ? 250 : 260)
    }
    // The newest attempt has no video (entered by hand): it is not among the recent videos.
    await lift(organiser, lifters[0]!, id, 'squat', 190, true, false)
  })

  it('has the count, the count per class, the top 5 of each class and the 12 newest attempts with a video', async () => {
    const res = await get(`/api/competitions/${id}/summary`)
    expect(res.statusCode).toBe(200)
    expect(Number(res.headers['x-live-seq'])).toBeGreaterThan(0)
    const summary = res.json()
    expect(summary.count).toBe(9)
    expect(summary.competition).toMatchObject({ id, name: 'Summary Meet', participants: 9 })
    expect(summary.class_counts).toEqual({ '83kg': 7, '93kg': 2 })
    expect(summary.top.map((p: Participant) => [p.name, p.place])).toEqual([
      ['P7', 1],
      ['P6', 2],
      ['P5', 3],
      ['P4', 4],
      ['P3', 5],
      ['H2', 1],
      ['H1', 2],
    ])
    const recent = summary.recent_lifts as Lift[]
    expect(recent).toHaveLength(12)
    const all = (await get(`/api/competitions/${id}/lifts`)).json().lifts as Lift[]
    expect(all[0]).toMatchObject({ weight: 190, video_url: null })
    expect(recent).toEqual(all.filter((l) => l.video_url).slice(0, 12))
    expect((await get('/api/competitions/999999/summary')).statusCode).toBe(404)
  })

  it("shows at most two of one lifter's videos among the recent ones, however many they upload", async () => {
    const flood = await registerUser(t.app, 'Flood Organiser')
    const floodId = await createChallenge(t.app, flood.access_token, { name: 'Flood Meet', lifttypes: ['Squat'] })
    const [busy, other] = [await lifter('Busy'), await lifter('Other')]
    await join(busy, floodId, '83kg')
    await join(other, floodId, '83kg')
    await lift(flood, other, floodId, 'squat', 150)
    for (let i = 0; i < 10; i++) await lift(flood, busy, floodId, 'squat', 160 + i)
    const recent = (await get(`/api/competitions/${floodId}/summary`)).json().recent_lifts as Lift[]
    expect(recent.map((l) => [l.participant_name, l.weight])).toEqual([
      ['Busy', 169],
      ['Busy', 168],
      ['Other', 150],
    ])
  })

  it("gives one lifter's ranked entry, and 404 for someone who has not joined", async () => {
    const entry = (await get(`/api/competitions/${id}/participants/${lifters[0]!.user_id}`)).json().participant as Participant
    expect(entry).toMatchObject({ name: 'P1', place: 7, best_squat: 200 })
    expect(entry.attempts).toHaveLength(3) // two with a video, one entered without
    const res = await get(`/api/competitions/${id}/participants/${organiser.user_id}`)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: 'This lifter has not joined this challenge.' })
    // Asked as the signed-in user's own entry: "not joined" is an answer, not an error.
    const own = await get(`/api/competitions/${id}/participants/${organiser.user_id}?missing=null`)
    expect([own.statusCode, own.json()]).toEqual([200, { participant: null }])
    expect((await get(`/api/competitions/${id}/participants/${lifters[0]!.user_id}?missing=null`)).json().participant).toMatchObject({
      name: 'P1',
    })
    expect((await get(`/api/competitions/${id}/participants/${organiser.user_id}?missing=nothing`)).statusCode).toBe(400)
  })

  it('pages participants and lifts; the pages together are the whole list in order', async () => {
    const whole = (await get(`/api/competitions/${id}/participants`)).json()
    expect(whole.next_cursor).toBeUndefined()
    const seen: Participant[] = []
    let cursor: string | undefined
    do {
      const page: { participants: Participant[]; next_cursor?: string } = (
        await get(`/api/competitions/${id}/participants?limit=4${cursor ? `&cursor=${cursor}` : ''}`)
      ).json()
      expect(page.participants.length).toBeLessThanOrEqual(4)
      seen.push(...page.participants)
      cursor = page.next_cursor
    } while (cursor)
    expect(seen).toEqual(whole.participants)

    const lifts = (await get(`/api/competitions/${id}/lifts`)).json().lifts as Lift[]
    const pagedLifts: Lift[] = []
    cursor = undefined
    do {
      const page: { lifts: Lift[]; next_cursor?: string } = (
        await get(`/api/competitions/${id}/lifts?limit=5${cursor ? `&cursor=${cursor}` : ''}`)
      ).json()
      pagedLifts.push(...page.lifts)
      cursor = page.next_cursor
    } while (cursor)
    expect(pagedLifts.map((l) => l.id)).toEqual(lifts.map((l) => l.id))
    expect((await get(`/api/competitions/${id}/lifts?cursor=xyz`)).statusCode).toBe(400)
    expect((await get(`/api/competitions/${id}/participants?limit=1001`)).statusCode).toBe(400)
  })
})
