// Crafted paging cursors answer 400 {error}, never 500 (issue 27, item 7). Before: a lift cursor
// with a date PostgreSQL cannot hold, a leaderboard cursor at -1e308, or one whose name holds a
// NUL (a NUL inside the base64) reached the database and answered 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
let challengeId: number
beforeAll(async () => {
  t = await startTestApp()
  const u = await registerUser(t.app)
  challengeId = await createChallenge(t.app, u.access_token)
})
afterAll(async () => {
  await t?.close()
})

const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('crafted cursors', () => {
  const lifts = {
    'a year PostgreSQL cannot hold': cursor(['-271821-04-20T00:00:00.000Z', 5]),
    'year 275760': cursor(['+275760-09-13T00:00:00.000Z', 5]),
    'a date in another format': cursor(['Tue, 01 Jan 2026 00:00:00 GMT', 5]),
    'a NUL in the date': cursor(['2026-01-01T00:00:00.000Z\u0000', 5]),
  }
  const board = {
    '-1e308': cursor([-1e308, 'Anna', 1, 'powerlifting', 0]),
    '1e308': cursor([1e308, 'Anna', 1, 'powerlifting', 0]),
    'a NUL in the name': cursor([100, 'An\u0000na', 1, 'powerlifting', 0]),
    'a NUL raw inside the base64': Buffer.from('[100,"An\u0000na",1,"powerlifting",0]').toString('base64url'),
    'a sport that does not exist': cursor([100, 'Anna', 1, 'curling\u0000', 0]),
    'a name longer than any name': cursor([100, 'A'.repeat(101), 1, 'powerlifting', 0]),
  }
  it.each(Object.entries(lifts))('a lift cursor with %s answers 400 {error}', async (_what, value) => {
    const res = await t.app.inject({ url: `/api/competitions/${challengeId}/lifts?cursor=${value}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: expect.stringMatching(/^The cursor is not valid/) })
  })
  it.each(Object.entries(board))('a leaderboard cursor with %s answers 400 {error}', async (_what, value) => {
    const res = await t.app.inject({ url: `/api/leaderboard?cursor=${value}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: expect.stringMatching(/^The cursor is not valid/) })
  })
  it('a real cursor still pages', async () => {
    const res = await t.app.inject({ url: `/api/competitions/${challengeId}/lifts?cursor=${cursor(['2026-01-01T00:00:00.000Z', 5])}` })
    expect(res.statusCode).toBe(200)
    expect((await t.app.inject({ url: `/api/leaderboard?cursor=${cursor([100, 'Anna', 1, 'powerlifting', 0])}` })).statusCode).toBe(200)
  })
})
