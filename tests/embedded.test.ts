// The embedded default: no DATABASE_URL → PGlite, migrated, seeded with demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoData } from '../prisma/seed.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from './helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ embedded: true })
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
    const list = res.json() as Array<{ status: string; participants: number; lifttypes: string[] }>
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
