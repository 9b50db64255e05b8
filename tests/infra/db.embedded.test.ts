// The embedded default: no DATABASE_URL → PGlite, migrated, seeded with demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discardingPublisher } from '../../infra/live-publisher.ts'
import { createRepositories } from '../../infra/repositories/index.ts'
import { requeueUnfinished } from '../../infra/transcoding/index.ts'
import { seedDemoData, seedDemoVideos } from '../../infra/demo-data.ts'
import { pointsFor, type Competition, type Participant } from '../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../helpers/app.ts'
import { binaries } from '../helpers/clips.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ embedded: true, transcoding: true })
  await seedDemoData(t.db.prisma)
}, 180_000)
afterAll(async () => { await t?.close() })

describe('embedded PostgreSQL (PGlite) with demo data', () => {
  it('runs on PGlite', () => {
    expect(t.db.kind).toBe('embedded')
  })

  it('serves the demo challenges in the spec shape, in every status', async () => {
    const res = await t.app.inject({ url: '/api/competitions' })
    expect(res.statusCode).toBe(200)
    const list = (res.json() as { competitions: Competition[] }).competitions
    expect(list).toHaveLength(7)
    expect(new Set(list.map((c) => c.status))).toEqual(new Set(['upcoming', 'ongoing', 'completed']))
    expect(list.every((c) => c.participants > 0)).toBe(true)
    expect(new Set(list.map((c) => c.sport))).toEqual(new Set(['powerlifting', 'weightlifting', 'single_lift']))
  })

  async function demoChallenge(name: string): Promise<{ competition: Competition; participants: Participant[] }> {
    const { competitions } = (await t.app.inject({ url: '/api/competitions' })).json() as { competitions: Competition[] }
    const competition = competitions.find((c) => c.name === name)!
    const { participants } = (await t.app.inject({ url: `/api/competitions/${competition.id}/participants` })).json() as { participants: Participant[] }
    return { competition, participants }
  }

  it('the deadlift challenge ranked by DOTS orders its lifters by the formula, across classes', async () => {
    const { competition, participants } = await demoChallenge('Global Deadlift Showdown')
    expect(competition).toMatchObject({ sport: 'single_lift', total_lifts: ['deadlift'], ranking: 'dots', points_formula: 'dots' })
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
    const { competition, participants } = await demoChallenge('Snatch & Clean Open')
    expect(competition).toMatchObject({ sport: 'weightlifting', total_lifts: ['snatch', 'clean_and_jerk'], ranking: 'class', points_formula: 'sinclair' })
    const withTotal = participants.filter((p) => p.total !== null)
    expect(withTotal.length).toBeGreaterThan(5)
    for (const p of withTotal) {
      expect(p.total).toBe(p.best_snatch + p.best_clean_and_jerk)
      expect(p.points).toBe(pointsFor('sinclair', ['snatch', 'clean_and_jerk'], p.gender, p.bodyweight, p.total))
    }
  })

  it('seeds athletes across weight classes and countries, with attempts', async () => {
    const athletes = (await t.app.inject({ url: '/api/athletes' })).json() as Array<{ country: string; weight_class: string; best_total: number }>
    expect(athletes.length).toBeGreaterThanOrEqual(30)
    expect(new Set(athletes.map((a) => a.country)).size).toBeGreaterThanOrEqual(8)
    expect(new Set(athletes.map((a) => a.weight_class)).size).toBe(8)
    expect(athletes.filter((a) => a.best_total > 0).length).toBeGreaterThan(10)
  })

  it('makes demo videos of each ongoing challenge\'s best lifts, which the queue turns ready as after a restart', async () => {
    const made = await seedDemoVideos(t.db.prisma, t.storage, binaries().ffmpeg)
    const ongoing = ((await t.app.inject({ url: '/api/competitions' })).json() as { competitions: Competition[] }).competitions
      .filter((c) => c.status === 'ongoing').map((c) => ({ id: c.id, total_lifts: [...c.total_lifts].sort() }))
    expect(made).toBe(ongoing.reduce((sum, c) => sum + c.total_lifts.length, 0))
    const { attempts } = createRepositories(t.db.prisma, () => discardingPublisher, t.config.apiBase)
    expect(await requeueUnfinished(attempts, t.transcoding!.queue)).toBe(made) // what `npm start` does when its queue starts
    await t.transcoding!.idle()
    for (const { id } of ongoing) {
      const { lifts } = (await t.app.inject({ url: `/api/competitions/${id}/lifts` })).json() as { lifts: Array<{ lift_type: string; weight: number; status: string; processing: string; video_url: string | null }> }
      const withVideo = lifts.filter((l) => l.video_url)
      expect(withVideo.map((l) => [l.lift_type, l.processing]).sort()).toEqual(ongoing.find((c) => c.id === id)!.total_lifts.map((lift) => [lift, 'ready']))
      for (const video of withVideo) {
        const heaviest = Math.max(...lifts.filter((l) => l.lift_type === video.lift_type && l.status === 'completed').map((l) => l.weight))
        expect(video.weight).toBe(heaviest)
      }
    }
    const random = await t.app.inject({ url: '/api/random-video?lift_type=deadlift' })
    expect(random.json()).toMatchObject({ total_videos: ongoing.filter((c) => c.total_lifts.includes('deadlift')).length, lift_type: 'deadlift' })
  }, 120_000)

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
