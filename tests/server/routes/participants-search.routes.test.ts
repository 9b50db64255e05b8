// GET /api/competitions/:id/participants?q=: the full participant list searched by name (the
// challenge page's "And N more participants..." list). Matches keep the board's ranked order and
// places, page like the whole list, and follow joins (the search reads the per-change summary cache).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Participant } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

type Page = { participants: Participant[]; next_cursor?: string }
const get = (url: string) => t.app.inject({ url })

/** Joins `name` in `weightClass` and records a squat/bench/deadlift total of 3 × `each` kg (null: no lifts). */
async function lifter(challengeId: number, name: string, weightClass: string, each: number | null) {
  const user = await registerUser(t.app, name)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: user.auth,
    payload: { competition_id: challengeId, weight_class: weightClass },
  })
  expect(res.statusCode).toBe(201)
  if (each !== null) {
    const row = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: user.user_id }, select: { id: true } })
    for (const liftType of ['squat', 'bench', 'deadlift']) {
      await t.db.prisma.attempt.create({ data: { participantId: row.id, liftType, attemptNumber: 1, weight: each, status: 'completed' } })
    }
  }
  return user
}

describe('GET /api/competitions/:id/participants?q=', () => {
  let id: number
  let whole: Participant[]
  beforeAll(async () => {
    const organiser = await registerUser(t.app)
    id = await createChallenge(t.app, organiser.access_token, { ranking: 'class' })
    // Attempts are written straight to the database: every lifter's before the first read, so the cache holds them.
    await lifter(id, 'José Álvarez', '83kg', 150)
    await lifter(id, 'Anna Novak', '83kg', 200)
    await lifter(id, 'Jose Smith', '83kg', 100)
    await lifter(id, 'Mark Josephs', '93kg', 180)
    await lifter(id, 'Ola Nordmann', '83kg', null)
    await lifter(id, 'Kari Nordmann', '93kg', 170)
    whole = ((await get(`/api/competitions/${id}/participants`)).json() as Page).participants
  })

  const search = async (q: string, extra = '') => {
    const res = await get(`/api/competitions/${id}/participants?q=${encodeURIComponent(q)}${extra}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as Page
  }
  const names = (page: Page) => page.participants.map((p) => p.name)

  it('finds lifters by any part of the name, ignoring case and accents, in ranked order with their board places', async () => {
    expect(whole.map((p) => [p.name, p.place])).toEqual([
      ['Anna Novak', 1],
      ['José Álvarez', 2],
      ['Jose Smith', 3],
      ['Ola Nordmann', null],
      ['Mark Josephs', 1],
      ['Kari Nordmann', 2],
    ])
    for (const q of ['jose', 'JOSÉ', '  Jos ']) {
      const found = await search(q)
      expect(names(found), q).toEqual(['José Álvarez', 'Jose Smith', 'Mark Josephs'])
      // The same entries as the whole list's: places are the board's, not renumbered within the matches.
      expect(found.participants).toEqual(whole.filter((p) => ['José Álvarez', 'Jose Smith', 'Mark Josephs'].includes(p.name)))
      expect(found.next_cursor).toBeUndefined()
    }
    expect(names(await search('nordmann'))).toEqual(['Ola Nordmann', 'Kari Nordmann'])
    expect(names(await search('álvarez'))).toEqual(['José Álvarez'])
  })

  it('answers no one when nothing matches, and the whole list when q is empty or only spaces', async () => {
    expect(await search('zzz')).toEqual({ participants: [] })
    expect((await search('')).participants).toEqual(whole)
    expect((await search('   ')).participants).toEqual(whole)
  })

  it('pages the matches like the whole list', async () => {
    const first = await search('jose', '&limit=2')
    expect(names(first)).toEqual(['José Álvarez', 'Jose Smith'])
    expect(first.next_cursor).toEqual(expect.any(String))
    const second = await search('jose', `&limit=2&cursor=${first.next_cursor}`)
    expect(names(second)).toEqual(['Mark Josephs'])
    expect(second.next_cursor).toBeUndefined()
  })

  it('sees a lifter who joined after the last search', async () => {
    expect(names(await search('josefine'))).toEqual([])
    await lifter(id, 'Josefine Berg', '93kg', null)
    expect(names(await search('josefine'))).toEqual(['Josefine Berg'])
    expect(names(await search('jose'))).toEqual(['José Álvarez', 'Jose Smith', 'Mark Josephs', 'Josefine Berg'])
  })

  it('refuses a search longer than 60 characters with a sentence, and answers 404 for a challenge that does not exist', async () => {
    const long = await get(`/api/competitions/${id}/participants?q=${'a'.repeat(61)}`)
    expect(long.statusCode).toBe(400)
    expect(long.json()).toEqual({ error: expect.any(String) })
    const missing = await get('/api/competitions/999999/participants?q=jose')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ error: 'Challenge 999999 does not exist.' })
  })
})
