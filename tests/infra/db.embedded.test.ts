// The embedded default: no DATABASE_URL → PGlite, migrated, seeded with demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discardingPublisher } from '../../infra/live-publisher.ts'
import { createRepositories } from '../../infra/repositories/index.ts'
import { requeueUnfinished } from '../../infra/transcoding/index.ts'
import { DEMO_PASSWORD, seedDemoData, seedDemoVideos } from '../../infra/demo-data.ts'
import { pointsFor, type Challenge, type MeetCardsResponse, type Participant } from '../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../helpers/app.ts'
import { binaries } from '../helpers/clips.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ embedded: true, transcoding: true })
  await seedDemoData(t.db.prisma)
}, 180_000)
afterAll(async () => {
  await t?.close()
})

describe('embedded PostgreSQL (PGlite) with demo data', () => {
  it('runs on PGlite', () => {
    expect(t.db.kind).toBe('embedded')
  })

  it('serves the demo challenges in the spec shape, in every status', async () => {
    const res = await t.app.inject({ url: '/api/competitions' })
    expect(res.statusCode).toBe(200)
    const list = (res.json() as { competitions: Challenge[] }).competitions
    expect(list).toHaveLength(12)
    expect(
      list
        .filter((c) => c.format === 'meet')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Harbour Weightlifting Meet', 'Riverside Powerlifting Meet'])
    expect(new Set(list.map((c) => c.status))).toEqual(new Set(['upcoming', 'ongoing', 'completed']))
    expect(list.every((c) => c.participants > 0)).toBe(true)
    expect(new Set(list.map((c) => c.sport))).toEqual(new Set(['powerlifting', 'weightlifting', 'single_lift']))
  })

  async function demoChallenge(name: string): Promise<{ challenge: Challenge; participants: Participant[] }> {
    const { competitions: challenges } = (await t.app.inject({ url: '/api/competitions' })).json() as { competitions: Challenge[] }
    const challenge = challenges.find((c) => c.name === name)!
    const { participants } = (await t.app.inject({ url: `/api/competitions/${challenge.id}/participants` })).json() as {
      participants: Participant[]
    }
    return { challenge, participants }
  }

  it('the deadlift challenge ranked by DOTS orders its lifters by the formula, across classes', async () => {
    const { challenge, participants } = await demoChallenge('Global Deadlift Showdown')
    expect(challenge).toMatchObject({ sport: 'single_lift', total_lifts: ['deadlift'], ranking: 'dots', points_formula: 'dots' })
    const placed = participants.filter((p) => p.place !== null)
    expect(placed.length).toBeGreaterThan(5)
    expect(new Set(placed.map((p) => p.weight_class)).size).toBeGreaterThan(1)
    for (const p of placed) expect(p.points).toBe(pointsFor('dots', ['deadlift'], p.gender, p.bodyweight, p.best_deadlift))
    expect(placed.map((p) => p.place)).toEqual(placed.map((_, i) => i + 1))
    expect(placed.map((p) => p.points)).toEqual(placed.map((p) => p.points).sort((a, b) => b! - a!))
    // Placed lifters first; those without a bodyweight (no points) after them.
    expect(participants.slice(0, placed.length)).toEqual(placed)
    expect(participants.slice(placed.length).every((p) => p.points === null)).toBe(true)
  })

  it('the weightlifting challenge totals snatch and clean & jerk and shows Sinclair points', async () => {
    const { challenge, participants } = await demoChallenge('Snatch & Clean Open')
    expect(challenge).toMatchObject({
      sport: 'weightlifting',
      total_lifts: ['snatch', 'clean_and_jerk'],
      ranking: 'class',
      points_formula: 'sinclair',
    })
    const withTotal = participants.filter((p) => p.total !== null)
    expect(withTotal.length).toBeGreaterThan(5)
    for (const p of withTotal) {
      expect(p.total).toBe(p.best_snatch + p.best_clean_and_jerk)
      expect(p.points).toBe(pointsFor('sinclair', ['snatch', 'clean_and_jerk'], p.gender, p.bodyweight, p.total))
    }
  })

  it('seeds athletes across weight classes and countries, with attempts', async () => {
    const athletes = (await t.app.inject({ url: '/api/athletes' })).json() as Array<{
      country: string
      weight_class: string
      best_total: number
    }>
    expect(athletes.length).toBeGreaterThanOrEqual(30)
    expect(new Set(athletes.map((a) => a.country)).size).toBeGreaterThanOrEqual(8)
    // The spec's eight classes, and the IPF's of the category demo (docs/categories.md).
    expect(new Set(athletes.map((a) => a.weight_class))).toEqual(
      new Set(['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+', '47kg', '52kg', '57kg', '63kg', '69kg', '76kg', '53kg']),
    )
    expect(athletes.filter((a) => a.best_total > 0).length).toBeGreaterThan(10)
  })

  it("makes demo videos of each ongoing challenge's best lifts and of one attempt awaiting judges, which the queue turns ready as after a restart", async () => {
    const ongoing = ((await t.app.inject({ url: '/api/competitions' })).json() as { competitions: Challenge[] }).competitions
      .filter((c) => c.status === 'ongoing')
      .map((c) => ({ id: c.id, total_lifts: [...c.total_lifts].sort() }))
    const awaiting = new Map<number, number>()
    for (const { id } of ongoing)
      awaiting.set(id, Math.min(1, await t.db.prisma.attempt.count({ where: { status: 'pending', participant: { challengeId: id } } })))
    expect([...awaiting.values()].some((n) => n > 0)).toBe(true)
    const made = await seedDemoVideos(t.db.prisma, t.storage, binaries().ffmpeg)
    expect(made).toBe(ongoing.reduce((sum, c) => sum + c.total_lifts.length + awaiting.get(c.id)!, 0))
    const { attempts } = createRepositories(t.db.prisma, discardingPublisher, t.config.apiBase)
    expect(await requeueUnfinished(attempts, t.transcoding!.queue)).toBe(made) // what `npm start` does when its queue starts
    await t.transcoding!.idle()
    let deadliftVideos = 0
    for (const { id } of ongoing) {
      const { lifts } = (await t.app.inject({ url: `/api/competitions/${id}/lifts` })).json() as {
        lifts: Array<{ lift_type: string; weight: number; status: string; processing: string; video_url: string | null }>
      }
      deadliftVideos += lifts.filter((l) => l.video_url && l.lift_type === 'deadlift').length
      const withVideo = lifts.filter((l) => l.video_url && l.status !== 'pending')
      expect(withVideo.map((l) => [l.lift_type, l.processing]).sort()).toEqual(
        ongoing.find((c) => c.id === id)!.total_lifts.map((lift) => [lift, 'ready']),
      )
      expect(lifts.filter((l) => l.video_url && l.status === 'pending' && l.processing === 'ready')).toHaveLength(awaiting.get(id)!)
      for (const video of withVideo) {
        const heaviest = Math.max(...lifts.filter((l) => l.lift_type === video.lift_type && l.status === 'completed').map((l) => l.weight))
        expect(video.weight).toBe(heaviest)
      }
    }
    // A demo judge of a challenge with clips awaiting judgement finds them on the desk.
    const withAwaiting = ongoing.find((c) => awaiting.get(c.id)! > 0)!
    const judge = await t.db.prisma.judge.findFirstOrThrow({
      where: { challengeId: withAwaiting.id },
      include: { user: { select: { username: true } } },
    })
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: judge.user.username, password: DEMO_PASSWORD },
    })
    expect(login.statusCode, login.body).toBe(200)
    const queue = await t.app.inject({
      url: '/api/judge/queue',
      headers: { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` },
    })
    expect((queue.json() as { attempts: unknown[] }).attempts.length).toBeGreaterThan(0)
    const random = await t.app.inject({ url: '/api/random-video?lift_type=deadlift' })
    expect(deadliftVideos).toBeGreaterThanOrEqual(ongoing.filter((c) => c.total_lifts.includes('deadlift')).length)
    expect(random.json()).toMatchObject({ total_videos: deadliftVideos, lift_type: 'deadlift' })
  }, 240_000)

  it('seeds IPF lifters of every powerlifting division, women and men, one equipped, that the leaderboard filters find', async () => {
    await t.app.repos.leaderboard.rebuildAll() // what `npm start` does after seeding
    const { competitions: challenges } = (await t.app.inject({ url: '/api/competitions' })).json() as { competitions: Challenge[] }
    const ipf = challenges.filter((c) => c.class_set === 'ipf')
    expect(ipf.map((c) => [c.gender, c.equipment]).sort()).toEqual([
      ['F', 'classic'],
      ['M', 'both'],
    ])
    const entries: Participant[] = []
    for (const c of ipf)
      entries.push(
        ...((await t.app.inject({ url: `/api/competitions/${c.id}/participants` })).json() as { participants: Participant[] }).participants,
      )
    const divisions = new Set(entries.flatMap((p) => p.divisions))
    for (const d of ['sub_junior', 'junior', 'open', 'masters_1', 'masters_2', 'masters_3']) expect(divisions, d).toContain(d)
    expect(entries.filter((p) => p.equipment === 'equipped')).toHaveLength(1)
    expect(entries.find((p) => p.weight_class === '53kg')!.divisions).toContain('sub_junior')
    const board = async (query: string) =>
      (
        (await t.app.inject({ url: `/api/leaderboard?${query}` })).json() as {
          rows: Array<{ name: string; divisions: string[]; equipment: string }>
        }
      ).rows
    const juniors = await board('division=junior&class_set=ipf')
    expect(juniors.length).toBeGreaterThan(0)
    expect(juniors.every((r) => r.divisions.includes('junior'))).toBe(true)
    expect((await board('equipment=equipped')).map((r) => r.name)).toEqual(['Bjorn Strand'])
    expect((await board('gender=F&class_set=ipf&division=masters_1')).map((r) => r.name)).toEqual(['Grete Hansen'])
  })

  it('certifies its panels, so the global boards are full of verified results; the garage meet shows only when asked', async () => {
    await t.app.repos.leaderboard.rebuildAll() // what `npm start` does after seeding
    const { competitions: challenges } = (await t.app.inject({ url: '/api/competitions' })).json() as { competitions: Challenge[] }
    const garage = challenges.find((c) => c.name === 'Garage Meet (self-judged)')!
    const { participants } = (await t.app.inject({ url: `/api/competitions/${garage.id}/participants` })).json() as {
      participants: Participant[]
    }
    // Its own page ranks its results as any challenge's.
    expect(participants.filter((p) => p.place !== null).length).toBeGreaterThan(2)
    const garageLifters = new Set(participants.map((p) => p.user_id))
    const board = (await t.app.inject({ url: '/api/leaderboard?limit=200' })).json() as {
      rows: Array<{ user_id: number; competition_id: number; verified: boolean; total: number | null }>
    }
    expect(board.rows.length).toBeGreaterThan(30)
    expect(board.rows.filter((r) => !(r.verified && r.competition_id !== garage.id))).toEqual([])
    const all = (await t.app.inject({ url: '/api/leaderboard?limit=200&include_unverified=true' })).json() as typeof board
    const unverified = all.rows.filter((r) => !r.verified)
    expect(unverified.length).toBeGreaterThan(0)
    // A row shows a lifter's best of each lift across challenges: a garage lifter's row is unverified when any figure came from the garage meet.
    expect(unverified.filter((r) => !garageLifters.has(r.user_id))).toEqual([])
    // Every account competes in one category: its entries are all of its sex.
    const entries = await t.db.prisma.participant.findMany({ select: { gender: true, user: { select: { sex: true } } } })
    expect(entries.filter((e) => e.gender !== e.user.sex)).toEqual([])
    // The panels' judges are certified; the garage meet's organiser (who judged alone) is not.
    const judges = await t.db.prisma.judge.findMany({ select: { user: { select: { judgeCertifiedAt: true } } } })
    expect(judges.length).toBeGreaterThan(0)
    expect(judges.every((j) => j.user.judgeCertifiedAt !== null)).toBe(true)
  })

  it('shows each demo lifter the same everywhere: one class, one bodyweight, and no two lifters of a challenge with the same lifts', async () => {
    const entries = await t.db.prisma.participant.findMany({
      select: {
        userId: true,
        challengeId: true,
        weightClass: true,
        bodyweight: true,
        user: { select: { weightClass: true } },
        attempts: { select: { liftType: true, weight: true, status: true }, orderBy: { id: 'asc' } },
      },
    })
    const groupBy = <K>(key: (e: (typeof entries)[number]) => K, list = entries) => {
      const groups = new Map<K, typeof entries>()
      for (const e of list) groups.set(key(e), [...(groups.get(key(e)) ?? []), e])
      return groups
    }
    const byLifter = groupBy((e) => e.userId)
    const inconsistent = [...byLifter.values()].filter(
      (own) =>
        new Set(own.map((e) => `${e.weightClass}|${e.bodyweight}`)).size > 1 || own.some((e) => e.weightClass !== e.user.weightClass),
    )
    expect(inconsistent).toEqual([])
    const byChallenge = groupBy(
      (e) => e.challengeId,
      entries.filter((e) => e.attempts.length > 0),
    )
    for (const lifters of byChallenge.values()) {
      const results = lifters.map((e) => JSON.stringify(e.attempts))
      expect(new Set(results).size).toBe(results.length)
    }
    expect(byChallenge.size).toBeGreaterThan(4)
  })

  it('seeds a powerlifting and a weightlifting meet mid-competition: lifters done, attempts waiting, a window running, a bomb-out', async () => {
    const { competitions: challenges } = (await t.app.inject({ url: '/api/competitions' })).json() as { competitions: Challenge[] }
    for (const name of ['Riverside Powerlifting Meet', 'Harbour Weightlifting Meet']) {
      const meet = challenges.find((c) => c.name === name)!
      expect(meet).toMatchObject({ format: 'meet', status: 'ongoing' })
      const res = await t.app.inject({ url: `/api/competitions/${meet.id}/cards` })
      expect(res.statusCode, res.body).toBe(200)
      const board = res.json() as MeetCardsResponse
      const cells = board.cards.flatMap((c) => c.lifts.flatMap((l) => l.cells))
      expect(board.cards.filter((c) => c.bombed_out)).toHaveLength(1)
      expect(board.cards.filter((c) => c.place !== null).length).toBeGreaterThanOrEqual(2)
      // Two lifters and the bombed-out one have every attempt judged.
      expect(
        board.cards.filter((c) => c.lifts.every((l) => l.cells.every((cell) => cell.state === 'good' || cell.state === 'no_lift'))),
      ).toHaveLength(3)
      expect(cells.some((cell) => cell.state === 'declared')).toBe(true)
      expect(board.next_up.length).toBeGreaterThan(0)
      expect(new Set(board.cards.map((c) => c.lot)).size).toBe(board.cards.length)
    }
    const cells = async (name: string) =>
      (
        (await t.app.inject({ url: `/api/competitions/${challenges.find((c) => c.name === name)!.id}/cards` })).json() as MeetCardsResponse
      ).cards.flatMap((c) => c.lifts.flatMap((l) => l.cells))
    expect((await cells('Riverside Powerlifting Meet')).some((cell) => cell.state === 'pending')).toBe(true)
    expect((await cells('Harbour Weightlifting Meet')).some((cell) => cell.declare_by !== null)).toBe(true)
  })

  it('does not seed twice', async () => {
    expect(await seedDemoData(t.db.prisma)).toBe(false)
  })

  it('handles joins, including the unique constraint, on PGlite', async () => {
    const u = await registerUser(t.app)
    const id = await createChallenge(t.app, u.access_token)
    const payload = { competition_id: id, weight_class: '83kg' }
    const first = await t.app.inject({ method: 'POST', url: '/api/join_competition', headers: u.auth, payload })
    const second = await t.app.inject({ method: 'POST', url: '/api/join_competition', headers: u.auth, payload })
    expect([first.statusCode, second.statusCode]).toEqual([201, 409])
  })
})
