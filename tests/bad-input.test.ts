// Bad input never gets a 5xx, a stack trace or a half-written row: generated
// bodies (fast-check) against every JSON endpoint, plus the named nasty cases.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from './helpers/app.ts'

let t: TestApp
let user: Awaited<ReturnType<typeof registerUser>>
let competitionId: number
beforeAll(async () => {
  t = await startTestApp()
  user = await registerUser(t.app, 'Fuzz Owner')
  competitionId = await createChallenge(t.app, user.access_token)
})
afterAll(async () => { await t?.close() })

const endpoints = ['/api/auth/register', '/api/auth/login', '/api/auth/refresh', '/api/auth/logout', '/api/create_competition', '/api/join_competition']
const fieldNames = ['name', 'email', 'password', 'username', 'location', 'start_date', 'end_date', 'lifttypes', 'weightclasses', 'gender', 'competition_id', 'weight_class', 'user_id', 'refresh_token', 'confirmPassword', 'description', 'image', 'bodyweight']
const nasty = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom("'; DROP TABLE users; --", '$(rm -rf /)', '`id`', '<script>alert(1)</script>', '../../etc/passwd', '\u0000', 'NaN', '-1', '1e309', '83kg', '2030-01-01T00:00:00.000Z', 'x'.repeat(5000)),
  fc.double(), fc.integer(),
)
const body = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...fieldNames), nasty))

function assertClean(res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string) {
  expect(res.statusCode, `${what} → ${res.body}`).toBeLessThan(500)
  if (res.statusCode >= 400) {
    const parsed = JSON.parse(res.body) as Record<string, unknown>
    expect(Object.keys(parsed), what).toEqual(['error'])
    expect(typeof parsed.error).toBe('string')
    expect(res.body).not.toMatch(/\.ts:\d+|node_modules|at async/)
  }
}

describe('generated bodies against every JSON endpoint', () => {
  it.each(endpoints)('%s answers < 500 with {error} on failure', async (url) => {
    const usersBefore = await t.db.prisma.user.count()
    let created = 0
    await fc.assert(fc.asyncProperty(body, fc.boolean(), async (payload, authed) => {
      const res = await t.app.inject({ method: 'POST', url, headers: authed ? user.auth : {}, payload: payload as object })
      assertClean(res, `${url} ${JSON.stringify(payload).slice(0, 200)}`)
      if (url === '/api/auth/register' && res.statusCode === 201) created++
    }), { numRuns: 150 })
    // Nothing half-written: only successful registrations added users.
    expect(await t.db.prisma.user.count()).toBe(usersBefore + created)
  })

  it('GET routes with generated ids and queries answer < 500', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string(), fc.integer().map(String), fc.constantFrom('%00', '..%2f', '1e3', '-1', '99999999999')), fc.string(), async (id, q) => {
      for (const url of [`/api/competitions/${encodeURIComponent(id)}`, `/api/competitions/${encodeURIComponent(id)}/participants`, `/api/users/${encodeURIComponent(id)}/profile`, `/api/random-video?lift_type=${encodeURIComponent(q)}`, `/api/athletes?q=${encodeURIComponent(q)}`]) {
        assertClean(await t.app.inject({ url }), url)
      }
    }), { numRuns: 60 })
  })
})

describe('named bad inputs', () => {
  const post = (url: string, payload: unknown, headers: Record<string, string> = user.auth) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) })
  // The challenge is created in beforeAll, after the table below is built.
  const CURRENT = '$competition'
  const withCompetition = (payload: unknown) => JSON.parse(JSON.stringify(payload).replace(`"${CURRENT}"`, String(competitionId)))
  const challenge = { name: 'N', location: 'L', start_date: '2030-01-01T00:00:00.000Z', end_date: '2030-01-05T00:00:00.000Z' }

  it.each([
    ['malformed JSON', '/api/create_competition', '{"name": "x",', /not valid JSON/],
    ['an array body', '/api/create_competition', '[1,2]', /must be a object|must be an object|body/],
    ['a 1 MB name', '/api/create_competition', { ...challenge, name: 'x'.repeat(1_000_000) }, /name must be at most 120 characters/],
    ['a body over 1 MiB', '/api/create_competition', { ...challenge, description: 'x'.repeat(1_100_000) }, /too large/],
    ['a wrong type', '/api/join_competition', { competition_id: CURRENT, weight_class: 83 }, /weight_class/],
    ['an extra field', '/api/join_competition', { competition_id: CURRENT, weight_class: '83kg', role: 'admin' }, /Unknown field "role"/],
    ['an unknown weight class', '/api/join_competition', { competition_id: CURRENT, weight_class: '200kg' }, /weight_class/],
    ['a negative bodyweight', '/api/join_competition', { competition_id: CURRENT, weight_class: '83kg', bodyweight: -5 }, /bodyweight is too small/],
    ['an absurd bodyweight', '/api/join_competition', { competition_id: CURRENT, weight_class: '83kg', bodyweight: 1e9 }, /bodyweight is too large/],
    ['an end date before the start', '/api/create_competition', { ...challenge, end_date: '2029-12-01T00:00:00.000Z' }, /end_date must be after start_date/],
    ['an invalid date', '/api/create_competition', { ...challenge, start_date: 'tomorrow' }, /start_date must be a valid date-time/],
  ])('refuses %s with a 4xx naming the problem', async (_name, url, payload, message) => {
    const res = await post(url, typeof payload === 'string' ? payload : withCompetition(payload))
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    expect(res.json().error).toMatch(message)
  })

  it('stores SQL and shell metacharacters and HTML as inert text', async () => {
    const name = `<img src=x onerror=alert(1)>'; DROP TABLE competitions; -- $(reboot)`
    const res = await post('/api/create_competition', { ...challenge, name: name.slice(0, 120), location: '`rm -rf /`' })
    expect(res.statusCode).toBe(201)
    const read = await t.app.inject({ url: `/api/competitions/${res.json().competition_id}` })
    expect(read.json().name).toBe(name.slice(0, 120))
    expect(await t.db.prisma.competition.count()).toBeGreaterThan(0)
  })
})

describe('abuse protections', () => {
  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await t.app.inject({ url: '/api/competitions' })
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['strict-transport-security']).toBeDefined()
  })

  it('keeps CORS closed by default', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/competitions', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})
