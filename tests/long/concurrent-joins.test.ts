// Load: 500 concurrent joins over HTTP from 50 users across 10 challenges, plus
// 100 duplicate joins racing them → exact counts, no duplicate participant,
// and exactly one numbered live event per successful join, gap-free.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom } from '../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../helpers/app.ts'

let t: TestApp
let base: string
beforeAll(async () => {
  t = await startTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await t?.close()
})

describe('500 concurrent joins', () => {
  it('ends with exact counts, unique participants and gap-free events', async () => {
    const users = await Promise.all(Array.from({ length: 50 }, (_, i) => registerUser(t.app, `Load ${i}`)))
    const challenges: number[] = []
    for (let i = 0; i < 10; i++) challenges.push(await createChallenge(t.app, users[0]!.access_token, { name: `Load ${i}` }))

    const requests = users.flatMap((u) => challenges.map((c) => ({ u, c })))
    const duplicates = requests.filter((_, i) => i % 5 === 0) // 100 repeats racing the originals
    const all = [...requests, ...duplicates].sort(() => Math.random() - 0.5)
    const started = Date.now()
    const statuses = await Promise.all(
      all.map(async ({ u, c }) => {
        const res = await fetch(`${base}/api/join_competition`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${u.access_token}` },
          body: JSON.stringify({ competition_id: c, weight_class: '83kg' }),
        })
        return res.status
      }),
    )
    const elapsed = Date.now() - started
    console.log(`600 joins (500 unique) in ${elapsed} ms`)

    expect(statuses.filter((s) => s === 201)).toHaveLength(500)
    expect(statuses.filter((s) => s === 409)).toHaveLength(100)
    for (const c of challenges) {
      const res = await fetch(`${base}/api/competitions/${c}`)
      expect(await res.json()).toHaveProperty('competition.participants', 50)
      const events = await t.db.prisma.liveEvent.findMany({ where: { room: challengeRoom(c) }, orderBy: { seq: 'asc' } })
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
      // Each event carries the count after its own join: 1, 2, …, 50 in seq order.
      expect(events.map((e) => (e.payload as { participants: number }).participants)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    }
    const pairs = await t.db.prisma.participant.groupBy({
      by: ['userId', 'challengeId'],
      _count: true,
      where: { challengeId: { in: challenges } },
    })
    expect(pairs).toHaveLength(500)
    expect(pairs.every((p) => p._count === 1)).toBe(true)
  })
})
