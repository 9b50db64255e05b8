// The embedded default: no DATABASE_URL → PGlite, migrated, seeded with demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discardingPublisher } from '../../infra/live-publisher.ts'
import { createRepositories } from '../../infra/repositories/index.ts'
import { requeueUnfinished } from '../../infra/transcoding/index.ts'
import { seedDemoData, seedDemoVideos } from '../../infra/demo-data.ts'
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
    const list = (res.json() as { competitions: Array<{ status: string; participants: number; lifttypes: string[] }> }).competitions
    expect(list).toHaveLength(6)
    expect(new Set(list.map((c) => c.status))).toEqual(new Set(['upcoming', 'ongoing', 'completed']))
    expect(list.every((c) => c.participants > 0 && c.lifttypes.length === 3)).toBe(true)
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
    const ongoing = ((await t.app.inject({ url: '/api/competitions' })).json() as { competitions: Array<{ id: number; status: string }> }).competitions.filter((c) => c.status === 'ongoing')
    expect(made).toBe(ongoing.length * 3)
    const { attempts } = createRepositories(t.db.prisma, () => discardingPublisher, t.config.apiBase)
    expect(await requeueUnfinished(attempts, t.transcoding!.queue)).toBe(made) // what `npm start` does when its queue starts
    await t.transcoding!.idle()
    for (const { id } of ongoing) {
      const { lifts } = (await t.app.inject({ url: `/api/competitions/${id}/lifts` })).json() as { lifts: Array<{ lift_type: string; weight: number; status: string; processing: string; video_url: string | null }> }
      const withVideo = lifts.filter((l) => l.video_url)
      expect(withVideo.map((l) => [l.lift_type, l.processing]).sort()).toEqual([['bench', 'ready'], ['deadlift', 'ready'], ['squat', 'ready']])
      for (const video of withVideo) {
        const heaviest = Math.max(...lifts.filter((l) => l.lift_type === video.lift_type && l.status === 'completed').map((l) => l.weight))
        expect(video.weight).toBe(heaviest)
      }
    }
    const random = await t.app.inject({ url: '/api/random-video?lift_type=deadlift' })
    expect(random.json()).toMatchObject({ total_videos: ongoing.length, lift_type: 'deadlift' })
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
