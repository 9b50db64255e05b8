// The OpenAPI document tells the truth. Every operation in GET /api/docs/json is sent a good
// request (its data set up through the API: users, a challenge, a join, a real uploaded clip)
// and bad ones derived from the document itself (malformed and unknown path ids, bad query
// values, NUL characters, invalid JSON, missing fields, a wrong Content-Type, an oversized body,
// no or a bad bearer token), plus a few route-specific cases. Every answer's status must be
// documented for that operation, its Content-Type must be one the document names, and a JSON
// body must validate (ajv + ajv-formats) against the documented schema for that status.
// Shapes are read from the document, never written here, so the walk follows the contract.
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../helpers/app.ts'
import { makeClip, multipartForm } from '../helpers/clips.ts'
import { certifiedPanel } from '../helpers/judging.ts'

// ---------------------------------------------------------------------------------------------
// The parts of an OpenAPI 3.0 document the walk reads.

type JsonSchema = Record<string, unknown>
interface MediaType {
  schema?: JsonSchema
}
interface Response {
  description?: string
  content?: Record<string, MediaType>
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie'
  name: string
  required?: boolean
  schema?: JsonSchema
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, MediaType> }
  responses: Record<string, Response>
  security?: Array<Record<string, string[]>>
}
interface OpenApiDocument {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components?: Record<string, unknown>
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/**
 * Routes the walk sends nothing to, each with its reason, named as the document would name them.
 * Each must exist in the app (a stale entry fails); one that is in the document is left out of the
 * walk. Every other operation of the document needs a good request in GOOD, or the walk fails.
 */
const SKIPPED: Record<string, string> = {
  'GET /api/docs': 'Swagger UI, hidden from the document it shows',
  'GET /api/docs/json': 'the document itself (hidden from it); the walk reads it first',
  'GET /api/docs/yaml': 'the same document as YAML (hidden from it)',
  'GET /api/live/{competitionId}':
    'the plain WebSocket feed: an upgrade, not an HTTP answer (hidden by @fastify/websocket); tests/live-feed.test.ts',
  'OPTIONS /*': 'CORS preflight (hidden); CORS is closed unless CORS_ORIGINS is set',
  'GET /metrics': 'Prometheus text for operators, not the API (hidden); tests/server/metrics.test.ts',
  'PUT /api/auth/user/avatar': 'a raw image body the walk cannot make; tests/server/routes/avatar.routes.test.ts walks its answers',
  'GET /api/avatars/{file}': 'needs an uploaded avatar; tests/server/routes/avatar.routes.test.ts reads it',
  'POST /api/admin/attempts/{id}/video/remove':
    "takes the shared fixture attempt's video away from every later operation; tests/server/routes/site-moderation.routes.test.ts walks its answers",
}

/** `/api/users/{id}` → `/api/users/:id`, `{*}` → `*`: the route as Fastify names it. */
const fastifyUrl = (path: string) => path.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1')

// ---------------------------------------------------------------------------------------------
// Requests.

interface Req {
  params?: Record<string, string | number>
  query?: Record<string, string | number>
  /** Sent as is after `?` (for values URLSearchParams would re-encode). */
  rawQuery?: string
  headers?: Record<string, string>
  payload?: unknown
}

interface Probe {
  /** What kind of input this is, for the failure message. */
  kind: string
  req: Req
  /** The status this input must get, when one is certain; the walk checks every answer against the document regardless. */
  expect?: number | 'success'
}

const MAX_ID = 2147483647
const JSON_HEADERS = { 'content-type': 'application/json' }

function toInject(method: string, template: string, req: Req): InjectOptions {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = req.params?.[name]
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${template}`)
    return String(value)
  })
  const query = req.rawQuery ?? new URLSearchParams(Object.entries(req.query ?? {}).map(([k, v]) => [k, String(v)])).toString()
  return {
    method: method.toUpperCase() as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    headers: req.headers,
    payload: req.payload as InjectOptions['payload'],
  }
}

// ---------------------------------------------------------------------------------------------
// The fixture: data every good request needs, made through the API.

let t: TestApp
let doc: OpenApiDocument
let clipDir: string
let clip: Buffer

type User = Awaited<ReturnType<typeof registerUser>>
interface Fixture {
  /** A site administrator (ADMIN_USERNAMES). */
  admin: User
  /** The outsider's username (no results: certified, uncertified and given a sex by the walk). */
  outsiderUsername: string
  owner: User
  lifter: User
  outsider: User
  challengeId: number
  endedChallengeId: number
  attemptId: number
  participantId: number
  /** The encoded media key of the uploaded original, as `url` gives it after /api/video/. */
  videoKey: string
}
let f: Fixture

function uploadForm(auth: Record<string, string>, fields: Record<string, string | number>, withClip = true): Req {
  const form = multipartForm(fields, withClip ? [{ filename: 'lift.mp4', data: clip }] : [])
  return { headers: { ...auth, ...form.headers }, payload: form.payload }
}

async function send(method: string, template: string, req: Req) {
  return t.app.inject(toInject(method, template, req))
}

let meet: Promise<number> | undefined
/** A meet (format 'meet') of the owner's, made once. */
const meetId = () => (meet ??= createChallenge(t.app, f.owner.access_token, { format: 'meet', name: 'Walk Meet' }))

let emailCounter = 0
const challengeBody = () => ({
  name: 'Walk Challenge',
  location: 'Walk Gym',
  lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
  weightclasses: ['83kg', '93kg'],
  gender: 'M',
  start_date: new Date(Date.now() - 86_400_000).toISOString(),
  end_date: new Date(Date.now() + 6 * 86_400_000).toISOString(),
})

/** A meet of the owner's with 8 lifters who declared their squat openers (a hall's smallest flight). */
async function hallMeet(name: string) {
  const id = await createChallenge(t.app, f.owner.access_token, { format: 'meet', name })
  const lifters: number[] = []
  for (let i = 0; i < 8; i++) {
    const lifter = await registerUser(t.app)
    expect(
      (await send('POST', '/api/join_competition', { headers: lifter.auth, payload: { competition_id: id, weight_class: '83kg' } }))
        .statusCode,
    ).toBe(201)
    expect(
      (
        await send('POST', '/api/competitions/{id}/declarations', {
          params: { id },
          headers: lifter.auth,
          payload: { lift_type: 'squat', weight: 100 + 10 * i },
        })
      ).statusCode,
    ).toBe(201)
    lifters.push(lifter.user_id)
  }
  return { id, lifters }
}
/** A hall meet with its flight set on platform 1 and a panel of three. */
async function hallSet(name: string) {
  const { id, lifters } = await hallMeet(name)
  const panel = await certifiedPanel(t, f.owner, id)
  const set = await send('PUT', '/api/competitions/{id}/hall', {
    params: { id },
    headers: f.owner.auth,
    payload: { venue: 'in_person', flights: [{ name: 'A', session: 1, platform: 1, lifters }] },
  })
  expect(set.statusCode, set.body).toBe(200)
  return { id, flightId: (set.json() as { flights: { id: number }[] }).flights[0]!.id, referee: panel.judges[0]! }
}
let hall: Promise<{ id: number; attemptId: number; referee: User }> | undefined
/** A hall meet whose first lifter is called on platform 1. */
const hallFixture = () =>
  (hall ??= (async () => {
    const { id, flightId, referee } = await hallSet('Walk Hall Meet')
    const called = await send('POST', '/api/competitions/{id}/hall/platforms/{platform}/call', {
      params: { id, platform: 1 },
      headers: f.owner.auth,
      payload: { flight_id: flightId, lift_type: 'squat' },
    })
    expect(called.statusCode, called.body).toBe(200)
    return { id, attemptId: (called.json() as { platform: { current: { attempt_id: number } } }).platform.current.attempt_id, referee }
  })())

/** A good request for every operation of the document, keyed `METHOD /path` as the document names it. */
const GOOD: Record<string, () => Req | Promise<Req>> = {
  'POST /api/auth/register': () => ({
    payload: {
      name: 'Walk Lifter',
      email: `walk${Date.now().toString(36)}${emailCounter++}@example.com`,
      password: 'correct horse battery',
    },
  }),
  'POST /api/auth/login': () => ({ payload: { username: f.lifter.email, password: f.lifter.password } }),
  'POST /api/auth/refresh': async () => ({ payload: { refresh_token: (await registerUser(t.app)).refresh_token } }),
  'POST /api/auth/logout': async () => ({ headers: (await registerUser(t.app)).auth }),
  'POST /api/auth/password_reset': () => ({ payload: { email: f.outsider.email } }),
  'POST /api/auth/password_reset/confirm': async () => {
    // A link as a mail would carry it: its token's hash stored for a fresh account.
    const u = await registerUser(t.app)
    const token = randomBytes(32).toString('base64url')
    await t.app.repos.passwordResets.create({
      userId: u.user_id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 60_000),
    })
    return { payload: { token, password: 'a brand new passphrase' } }
  },
  'POST /api/auth/verify_email': async () => ({ headers: (await registerUser(t.app)).auth }),
  'POST /api/auth/verify_email/confirm': async () => {
    const u = await registerUser(t.app)
    const token = randomBytes(32).toString('base64url')
    const email = (await t.app.repos.users.find(u.user_id))!.email
    await t.app.repos.emailVerifications.create({
      userId: u.user_id,
      email,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 60_000),
    })
    return { payload: { token } }
  },
  'POST /api/auth/password': async () => {
    const u = await registerUser(t.app)
    return { headers: u.auth, payload: { current_password: u.password, new_password: 'a brand new passphrase' } }
  },
  'DELETE /api/auth/user': async () => {
    const u = await registerUser(t.app)
    return { headers: u.auth, payload: { password: u.password } }
  },
  'GET /api/auth/user': () => ({ headers: f.lifter.auth }),
  'GET /api/auth/user/data': () => ({ headers: f.lifter.auth }),
  'PATCH /api/auth/user': () => ({ headers: f.outsider.auth, payload: { sex: 'M' } }),
  'PUT /api/auth/user/profile': () => ({ headers: f.outsider.auth, payload: { bio: 'Walks the API.' } }),
  'GET /api/admin/accounts': () => ({ headers: f.admin.auth, query: { q: 'walk' } }),
  'GET /api/admin/reports': () => ({ headers: f.admin.auth }),
  'PUT /api/admin/judges/{username}': () => ({ params: { username: f.outsiderUsername }, headers: f.admin.auth }),
  'DELETE /api/admin/judges/{username}': () => ({ params: { username: f.outsiderUsername }, headers: f.admin.auth }),
  'PUT /api/admin/accounts/{username}/sex': () => ({
    params: { username: f.outsiderUsername },
    headers: f.admin.auth,
    payload: { sex: 'M' },
  }),
  'PATCH /api/competitions/{id}': () => ({
    params: { id: f.challengeId },
    headers: f.owner.auth,
    payload: { end_date: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  }),
  'POST /api/competitions/{id}/cancel': async () => ({
    params: { id: await createChallenge(t.app, f.owner.access_token, { name: 'Walk Cancel' }) },
    headers: f.owner.auth,
  }),
  'PUT /api/admin/accounts/{username}/ban': async () => ({
    params: { username: await freshUsername() },
    headers: f.admin.auth,
    payload: { reason: 'Spam' },
  }),
  'POST /api/admin/accounts/{username}/unban': async () => {
    const username = await freshUsername()
    await t.db.prisma.user.update({ where: { username }, data: { bannedAt: new Date() } })
    return { params: { username }, headers: f.admin.auth, payload: { reason: 'Appeal accepted' } }
  },
  'POST /api/admin/comments/{id}/remove': async () => ({
    params: { id: await freshComment() },
    headers: f.admin.auth,
    payload: { reason: 'Spam' },
  }),
  'GET /api/admin/moderation': () => ({ headers: f.admin.auth }),
  'POST /api/admin/comments/{id}/reports/dismiss': async () => {
    const id = await freshComment()
    const reported = await t.app.inject({ method: 'POST', url: `/api/comments/${id}/reports`, headers: f.lifter.auth })
    expect(reported.statusCode, reported.body).toBeLessThan(300)
    return { params: { id }, headers: f.admin.auth, payload: { reason: 'Fair comment' } }
  },
  'GET /api/competitions': () => ({}),
  'GET /api/competitions/{id}': () => ({ params: { id: f.challengeId } }),
  'GET /api/competitions/{id}/participants': () => ({ params: { id: f.challengeId } }),
  'GET /api/competitions/{id}/lifts': () => ({ params: { id: f.challengeId }, query: { limit: 5 } }),
  'GET /api/competitions/{id}/summary': () => ({ params: { id: f.challengeId } }),
  'GET /api/competitions/{id}/participants/{userId}': () => ({ params: { id: f.challengeId, userId: f.lifter.user_id } }),
  'GET /api/competitions/open': () => ({ query: { limit: 3 } }),
  'GET /api/leaderboard': () => ({ query: { sort: 'dots', sport: 'powerlifting', limit: 10 } }),
  'GET /api/leaderboard/filters': () => ({}),
  'GET /api/top-lifts': () => ({ query: { days: 7 } }),
  'GET /api/records': () => ({ query: { sport: 'powerlifting', sex: 'M' } }),
  'GET /api/records/history': () => ({
    query: {
      sport: 'powerlifting',
      sex: 'M',
      class_set: 'spec',
      weight_class: '83kg',
      division: 'open',
      equipment: 'classic',
      lift: 'squat',
    },
  }),
  'GET /api/competitions/{id}/records': () => ({ params: { id: f.challengeId } }),
  'GET /api/competitions/{id}/teams': () => ({ params: { id: f.challengeId } }),
  'GET /api/competitions/{id}/participants/{participantId}/attempts/{videoId}': () => ({
    params: { id: f.challengeId, participantId: f.participantId, videoId: f.attemptId },
  }),
  'POST /api/create_competition': () => ({ headers: f.owner.auth, payload: challengeBody() }),
  'POST /api/join_competition': async () => ({
    headers: (await registerUser(t.app)).auth,
    payload: { competition_id: f.challengeId, weight_class: '83kg' },
  }),
  'PUT /api/competitions/{id}/bodyweight': async () => {
    const lifter = await registerUser(t.app)
    const joined = await send('POST', '/api/join_competition', {
      headers: lifter.auth,
      payload: { competition_id: f.challengeId, weight_class: '83kg' },
    })
    expect(joined.statusCode, joined.body).toBe(201)
    return { params: { id: f.challengeId }, headers: lifter.auth, payload: { bodyweight: 82.4 } }
  },
  'DELETE /api/competitions/{id}/participants/me': async () => {
    // Leaving is for a challenge that has not started: one of its own, joined by a fresh lifter.
    const upcoming = await createChallenge(t.app, f.owner.access_token, {}, { start: 1, end: 7 })
    const lifter = await registerUser(t.app)
    const joined = await send('POST', '/api/join_competition', {
      headers: lifter.auth,
      payload: { competition_id: upcoming, weight_class: '83kg' },
    })
    expect(joined.statusCode, joined.body).toBe(201)
    return { params: { id: upcoming }, headers: lifter.auth }
  },
  'GET /api/users/{id}': () => ({ params: { id: f.lifter.user_id } }),
  'GET /api/users/{id}/profile': () => ({ params: { id: f.lifter.user_id }, headers: f.lifter.auth }),
  'GET /api/athletes': () => ({ query: { q: 'Lifter' } }),
  'GET /api/random-video': () => ({ query: { lift_type: 'squat' } }),
  'GET /api/next-video': () => ({ query: { after: f.attemptId } }),
  'POST /api/upload': () => uploadForm(f.lifter.auth, { lift_type: 'squat', weight: 150, competition_id: f.challengeId }),
  'GET /api/video/{*}': () => ({ params: { '*': f.videoKey } }),
  'GET /api/competitions/{id}/judges': () => ({ params: { id: f.challengeId } }),
  'PUT /api/competitions/{id}/judges': () => ({ params: { id: f.challengeId }, headers: f.owner.auth, payload: { usernames: [] } }),
  'GET /api/judge/queue': () => ({ headers: f.owner.auth }),
  'GET /api/judge/challenges': () => ({ headers: f.owner.auth }),
  'GET /api/attempts/{id}/take-checks': () => ({ params: { id: f.attemptId }, headers: f.owner.auth }),
  // The organiser judges alone (no panel appointed): each walk gets a fresh pending attempt.
  'POST /api/attempts/{id}/votes': async () => ({
    params: { id: await freshAttempt() },
    headers: f.owner.auth,
    payload: { good: false, reason: 'depth', at_seconds: 1.5 },
  }),
  'POST /api/attempts/{id}/jury': async () => ({ params: { id: await freshAttempt() }, headers: f.owner.auth, payload: { good: true } }),
  'POST /api/attempts/{id}/appeal': async () => ({
    params: { id: await decidedAttempt() },
    headers: f.lifter.auth,
    payload: { note: 'It was deep enough.' },
  }),
  'POST /api/attempts/{id}/appeal/decision': async () => {
    const id = await decidedAttempt()
    expect(
      (await send('POST', '/api/attempts/{id}/appeal', { params: { id }, headers: f.lifter.auth, payload: { note: 'Deep.' } })).statusCode,
    ).toBe(201)
    return { params: { id }, headers: f.owner.auth, payload: { reverse: true, reason: 'Below parallel at 0:02.' } }
  },
  'GET /api/competitions/{id}/judging': () => ({ params: { id: f.challengeId }, headers: f.owner.auth }),
  // A meet's opener, declared by a lifter who just joined it.
  'POST /api/competitions/{id}/declarations': async () => {
    const meet = await meetId()
    const lifter = await registerUser(t.app)
    const joined = await send('POST', '/api/join_competition', {
      headers: lifter.auth,
      payload: { competition_id: meet, weight_class: '83kg' },
    })
    expect(joined.statusCode, joined.body).toBe(201)
    return { params: { id: meet }, headers: lifter.auth, payload: { lift_type: 'squat', weight: 140 } }
  },
  'GET /api/competitions/{id}/cards': async () => ({ params: { id: await meetId() } }),
  // A lifter's own declarations (with their attempt codes), after joining and declaring an opener.
  'GET /api/competitions/{id}/declarations/mine': async () => {
    const meet = await meetId()
    const lifter = await registerUser(t.app)
    expect(
      (await send('POST', '/api/join_competition', { headers: lifter.auth, payload: { competition_id: meet, weight_class: '83kg' } }))
        .statusCode,
    ).toBe(201)
    return { params: { id: meet }, headers: lifter.auth }
  },
  'GET /api/hall/time': () => ({}),
  'GET /api/competitions/{id}/hall': async () => ({ params: { id: (await hallFixture()).id } }),
  'PUT /api/competitions/{id}/hall': async () => {
    const { id, lifters } = await hallMeet('Walk Hall Setup')
    return {
      params: { id },
      headers: f.owner.auth,
      payload: { venue: 'hybrid', flights: [{ name: 'A', session: 1, platform: 1, lifters }] },
    }
  },
  'POST /api/competitions/{id}/hall/platforms/{platform}/call': async () => {
    const { id, flightId } = await hallSet('Walk Hall Call')
    return { params: { id, platform: 1 }, headers: f.owner.auth, payload: { flight_id: flightId, lift_type: 'squat' } }
  },
  'POST /api/competitions/{id}/hall/platforms/{platform}/clock': async () => ({
    params: { id: (await hallFixture()).id, platform: 1 },
    headers: f.owner.auth,
    payload: { action: 'start' },
  }),
  'POST /api/competitions/{id}/hall/platforms/{platform}/presses': async () => {
    const { id, attemptId, referee } = await hallFixture()
    return { params: { id, platform: 1 }, headers: referee.auth, payload: { seat: 1, decision: 'white', attempt_id: attemptId } }
  },
  'PUT /api/competitions/{id}/hall/platforms/{platform}/officials': async () => ({
    params: { id: (await hallFixture()).id, platform: 1 },
    headers: f.owner.auth,
    payload: { timekeeper: null, announcer: null },
  }),
  // The desk changes a lifter's opener before the flight's first call.
  'POST /api/competitions/{id}/hall/platforms/{platform}/declarations': async () => {
    const { id, lifters } = await hallMeet('Walk Hall Desk')
    const set = await send('PUT', '/api/competitions/{id}/hall', {
      params: { id },
      headers: f.owner.auth,
      payload: { venue: 'in_person', flights: [{ name: 'A', session: 1, platform: 1, lifters }] },
    })
    expect(set.statusCode, set.body).toBe(200)
    return { params: { id, platform: 1 }, headers: f.owner.auth, payload: { user_id: lifters[0], lift_type: 'squat', weight: 105 } }
  },
  'GET /api/competitions/{id}/hall/scoreboard': async () => ({ params: { id: (await hallFixture()).id } }),
  'POST /api/competitions/{id}/entries/import/preview': async () => ({
    params: { id: await createChallenge(t.app, f.owner.access_token, { name: 'Walk Import' }, { start: 1, end: 7 }) },
    headers: f.owner.auth,
    payload: { csv: 'name,sex,weight_class,email\nWalk Entrant,M,83kg,walk.entrant@example.org' },
  }),
  // A meet with its weigh-in open now: the organiser weighs in a lifter who just joined it.
  'POST /api/competitions/{id}/weigh-ins': async () => {
    const window = { opens_at: new Date(Date.now() - 3_600_000).toISOString(), closes_at: new Date(Date.now() + 3_600_000).toISOString() }
    const meet = await createChallenge(t.app, f.owner.access_token, { format: 'meet', name: 'Walk Weigh-in Meet', weigh_in: window })
    const lifter = await registerUser(t.app)
    const joined = await send('POST', '/api/join_competition', {
      headers: lifter.auth,
      payload: { competition_id: meet, weight_class: '83kg' },
    })
    expect(joined.statusCode, joined.body).toBe(201)
    return { params: { id: meet }, headers: f.owner.auth, payload: { user_id: lifter.user_id, bodyweight: 82.5 } }
  },
  'GET /api/competitions/{id}/results.csv': async () => {
    // A meet that has ended (its end moved into the past, as time would).
    const id = await createChallenge(t.app, f.owner.access_token, { format: 'meet', name: 'Walk Finished Meet' })
    await t.db.prisma.challenge.update({ where: { id }, data: { endDate: new Date(Date.now() - 60_000) } })
    return { params: { id }, query: { format: 'openpowerlifting' } }
  },
  'GET /api/network': () => ({}),
  'GET /api/health': () => ({}),
  'GET /api/ready': () => ({}),
  'GET /api/attempts/{id}/comments': () => ({ params: { id: f.attemptId }, query: { limit: 5 } }),
  'POST /api/attempts/{id}/comments': () => ({ params: { id: f.attemptId }, headers: f.outsider.auth, payload: { text: 'Strong lift!' } }),
  'DELETE /api/comments/{id}': async () => ({ params: { id: await freshComment() }, headers: f.outsider.auth }),
  'POST /api/comments/{id}/reports': async () => ({ params: { id: await freshComment() }, headers: f.lifter.auth }),
  'GET /api/attempts/{id}/engagement': () => ({ params: { id: f.attemptId }, headers: f.lifter.auth }),
  'PUT /api/attempts/{id}/reaction': () => ({ params: { id: f.attemptId }, headers: f.outsider.auth, payload: { reaction: 'fire' } }),
  'DELETE /api/attempts/{id}/reaction': () => ({ params: { id: f.attemptId }, headers: f.outsider.auth }),
  'POST /api/attempts/{id}/views': () => ({ params: { id: f.attemptId }, payload: { kind: 'view', viewer: 'walk-browser-1' } }),
}

/** A new pending attempt of the lifter in the walk's challenge. */
async function freshAttempt(): Promise<number> {
  const res = await send(
    'POST',
    '/api/upload',
    uploadForm(f.lifter.auth, { lift_type: 'squat', weight: 140, competition_id: f.challengeId }),
  )
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { attempt_id: number }).attempt_id
}

/** A new attempt the organiser (judging alone) decided as no lift. */
async function decidedAttempt(): Promise<number> {
  const id = await freshAttempt()
  expect(
    (await send('POST', '/api/attempts/{id}/votes', { params: { id }, headers: f.owner.auth, payload: { good: false, reason: 'depth' } }))
      .statusCode,
  ).toBe(201)
  return id
}

/** The username of a fresh account. */
async function freshUsername(): Promise<string> {
  const u = await registerUser(t.app)
  return (await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.user_id }, select: { username: true } })).username
}

/** A new comment of the outsider on the walk's attempt. */
async function freshComment(): Promise<number> {
  const res = await send('POST', '/api/attempts/{id}/comments', {
    params: { id: f.attemptId },
    headers: f.outsider.auth,
    payload: { text: 'Nice.' },
  })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { comment: { id: number } }).comment.id
}

/** Route-specific inputs: the statuses only that route answers. */
const EXTRA: Record<string, Array<() => Probe | Promise<Probe>>> = {
  'POST /api/auth/register': [
    () => ({
      kind: 'an email already registered',
      req: { payload: { name: 'Again', email: f.lifter.email, password: 'another password' } },
      expect: 409,
    }),
    () => ({
      kind: 'passwords that do not match',
      req: { payload: { name: 'Typo', email: `typo${emailCounter++}@example.com`, password: 'one', confirmPassword: 'two' } },
      expect: 400,
    }),
  ],
  'DELETE /api/auth/user': [
    async () => ({
      kind: 'a wrong password',
      req: { headers: (await registerUser(t.app)).auth, payload: { password: 'not it at all' } },
      expect: 400,
    }),
  ],
  'POST /api/auth/password': [
    async () => ({
      kind: 'a wrong current password',
      req: {
        headers: (await registerUser(t.app)).auth,
        payload: { current_password: 'not it at all', new_password: 'a brand new passphrase' },
      },
      expect: 400,
    }),
  ],
  'POST /api/auth/verify_email/confirm': [
    () => ({ kind: 'a token no link carries', req: { payload: { token: 'x'.repeat(43) } }, expect: 400 }),
  ],
  'POST /api/auth/verify_email': [
    async () => {
      const u = await registerUser(t.app)
      await t.db.prisma.user.update({ where: { id: u.user_id }, data: { emailVerifiedAt: new Date() } })
      return { kind: 'an account already verified', req: { headers: u.auth }, expect: 409 }
    },
  ],
  'POST /api/auth/password_reset/confirm': [
    () => ({
      kind: 'a token no link carries',
      req: { payload: { token: 'x'.repeat(43), password: 'a brand new passphrase' } },
      expect: 400,
    }),
  ],
  'POST /api/auth/login': [
    () => ({ kind: 'a wrong password', req: { payload: { username: f.lifter.email, password: 'not the password' } }, expect: 401 }),
  ],
  'POST /api/auth/refresh': [
    () => ({ kind: 'no refresh token', req: {}, expect: 401 }),
    () => ({ kind: 'an unknown refresh token', req: { payload: { refresh_token: 'not-a-refresh-token' } }, expect: 401 }),
    async () => {
      const u = await registerUser(t.app)
      const next = (await send('POST', '/api/auth/refresh', { payload: { refresh_token: u.refresh_token } })).json().refresh_token as string
      await send('POST', '/api/auth/refresh', { payload: { refresh_token: next } }) // within the reuse grace only an unused successor comes back
      return {
        kind: 'a refresh token used again after its successor was used',
        req: { payload: { refresh_token: u.refresh_token } },
        expect: 401,
      }
    },
  ],
  'GET /api/users/{id}/profile': [
    () => ({ kind: 'no token (public)', req: { params: { id: f.lifter.user_id } }, expect: 200 }),
    () => ({
      kind: 'a bad token (ignored)',
      req: { params: { id: f.lifter.user_id }, headers: { authorization: 'Bearer nope' } },
      expect: 200,
    }),
  ],
  'POST /api/create_competition': [
    () => ({
      kind: "someone else's user_id",
      req: { headers: f.owner.auth, payload: { ...challengeBody(), user_id: f.lifter.user_id } },
      expect: 403,
    }),
    () => ({
      kind: 'an end before the start',
      req: { headers: f.owner.auth, payload: { ...challengeBody(), end_date: '2000-01-01T00:00:00.000Z' } },
      expect: 400,
    }),
    () => ({
      kind: 'a 2nd prize above the 1st',
      req: { headers: f.owner.auth, payload: { ...challengeBody(), prize_pool: { currency: 'EUR', first: 100, second: 500 } } },
      expect: 400,
    }),
  ],
  'PUT /api/admin/accounts/{username}/ban': [
    () => ({
      kind: 'a site administrator',
      req: { params: { username: 'walkadmin' }, headers: f.admin.auth, payload: { reason: 'Spam' } },
      expect: 403,
    }),
    async () => {
      const username = await freshUsername()
      await t.db.prisma.user.update({ where: { username }, data: { bannedAt: new Date() } })
      return {
        kind: 'an account already banned',
        req: { params: { username }, headers: f.admin.auth, payload: { reason: 'Spam' } },
        expect: 409,
      }
    },
  ],
  'POST /api/admin/accounts/{username}/unban': [
    async () => ({
      kind: 'an account not banned',
      req: { params: { username: await freshUsername() }, headers: f.admin.auth, payload: { reason: 'Appeal' } },
      expect: 409,
    }),
  ],
  'PATCH /api/competitions/{id}': [
    () => ({
      kind: "someone else's challenge",
      req: {
        params: { id: f.challengeId },
        headers: f.outsider.auth,
        payload: { end_date: new Date(Date.now() + 7 * 86_400_000).toISOString() },
      },
      expect: 403,
    }),
    () => ({
      kind: 'an unknown challenge',
      req: { params: { id: MAX_ID }, headers: f.owner.auth, payload: { name: 'Gone' } },
      expect: 404,
    }),
    () => ({
      kind: 'a new name once it started',
      req: { params: { id: f.challengeId }, headers: f.owner.auth, payload: { name: 'Renamed' } },
      expect: 409,
    }),
  ],
  'POST /api/competitions/{id}/cancel': [
    () => ({ kind: "someone else's challenge", req: { params: { id: f.challengeId }, headers: f.outsider.auth }, expect: 403 }),
    () => ({ kind: 'a challenge with lifts', req: { params: { id: f.challengeId }, headers: f.owner.auth }, expect: 409 }),
  ],
  'POST /api/join_competition': [
    () => ({
      kind: 'an unknown challenge',
      req: { headers: f.outsider.auth, payload: { competition_id: MAX_ID, weight_class: '83kg' } },
      expect: 404,
    }),
    () => ({
      kind: 'a second join',
      req: { headers: f.lifter.auth, payload: { competition_id: f.challengeId, weight_class: '83kg' } },
      expect: 409,
    }),
    () => ({
      kind: 'an ended challenge',
      req: { headers: f.outsider.auth, payload: { competition_id: f.endedChallengeId, weight_class: '83kg' } },
      expect: 409,
    }),
    () => ({
      kind: "someone else's user_id",
      req: { headers: f.outsider.auth, payload: { competition_id: f.challengeId, weight_class: '83kg', user_id: f.lifter.user_id } },
      expect: 403,
    }),
    () => ({
      kind: 'a class the challenge lacks',
      req: { headers: f.outsider.auth, payload: { competition_id: f.challengeId, weight_class: '120kg' } },
      expect: 400,
    }),
  ],
  'GET /api/random-video': [() => ({ kind: 'an unknown lift type', req: { query: { lift_type: 'curl' } } })],
  'GET /api/next-video': [() => ({ kind: 'after the last video (wraps)', req: { query: { after: MAX_ID } }, expect: 200 })],
  'POST /api/upload': [
    () => ({
      kind: 'a lifter who has not joined',
      req: uploadForm(f.outsider.auth, { lift_type: 'squat', weight: 100, competition_id: f.challengeId }),
      expect: 403,
    }),
    () => ({
      kind: 'an unknown challenge',
      req: uploadForm(f.lifter.auth, { lift_type: 'squat', weight: 100, competition_id: MAX_ID }),
      expect: 404,
    }),
    () => ({
      kind: 'an ended challenge',
      req: uploadForm(f.lifter.auth, { lift_type: 'squat', weight: 100, competition_id: f.endedChallengeId }),
      expect: 409,
    }),
    () => ({ kind: 'missing form fields', req: uploadForm(f.lifter.auth, { lift_type: 'squat' }), expect: 400 }),
    () => ({
      kind: 'no file',
      req: uploadForm(f.lifter.auth, { lift_type: 'squat', weight: 100, competition_id: f.challengeId }, false),
      expect: 400,
    }),
    () => ({ kind: 'a JSON body instead of a form', req: { headers: { ...f.lifter.auth, ...JSON_HEADERS }, payload: '{}' }, expect: 400 }),
  ],
  'DELETE /api/comments/{id}': [
    async () => ({ kind: "someone else's comment", req: { params: { id: await freshComment() }, headers: f.lifter.auth }, expect: 403 }),
  ],
  'POST /api/comments/{id}/reports': [
    async () => ({ kind: 'my own comment', req: { params: { id: await freshComment() }, headers: f.outsider.auth }, expect: 403 }),
  ],
  'GET /api/video/{*}': [
    () => ({ kind: 'a byte range', req: { params: { '*': f.videoKey }, headers: { range: 'bytes=0-99' } }, expect: 206 }),
    () => ({ kind: 'a range beyond the end', req: { params: { '*': f.videoKey }, headers: { range: 'bytes=999999999-' } }, expect: 416 }),
    async () => {
      const etag = (await send('GET', '/api/video/{*}', { params: { '*': f.videoKey } })).headers.etag
      return {
        kind: 'If-None-Match with the current ETag',
        req: { params: { '*': f.videoKey }, headers: { 'if-none-match': String(etag) } },
        expect: 304,
      }
    },
    () => ({ kind: 'a key leaving the media root', req: { params: { '*': '..%2F..%2Fetc%2Fpasswd' } }, expect: 400 }),
    () => ({ kind: 'an unknown key', req: { params: { '*': encodeURIComponent(`attempts/${MAX_ID}/original.mp4`) } }, expect: 404 }),
    () => ({ kind: 'an unknown poster', req: { params: { '*': encodeURIComponent('posters/nothing.jpg') } }, expect: 404 }),
  ],
}

// ---------------------------------------------------------------------------------------------
// Bad inputs derived from the document.

const schemaType = (schema: JsonSchema | undefined) => schema?.type as string | undefined

/** A value the parameter's schema refuses, or undefined when any text is valid. */
function badValue(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined
  if (schemaType(schema) === 'integer' || schemaType(schema) === 'number') return 'abc'
  if (Array.isArray(schema.enum) || Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) return 'not-one-of-the-choices'
  if (typeof schema.maxLength === 'number') return 'x'.repeat(schema.maxLength + 1)
  if (typeof schema.pattern === 'string') return '\u2603'
  return undefined
}

function derivedProbes(method: string, op: Operation, good: Req): Probe[] {
  const probes: Probe[] = []
  const params = op.parameters ?? []

  for (const param of params.filter((p) => p.in === 'path')) {
    const withValue = (value: string): Req => ({ ...good, params: { ...good.params, [param.name]: value } })
    if (schemaType(param.schema) === 'integer') {
      for (const value of ['abc', '0', '-1', '1.5', '99999999999', '%00']) {
        probes.push({ kind: `path ${param.name}=${value}`, req: withValue(value), expect: 400 })
      }
      probes.push({ kind: `path ${param.name} not percent-encoded properly (%zz)`, req: withValue('%zz'), expect: 400 })
      probes.push({ kind: `path ${param.name} of 101 digits`, req: withValue('1'.repeat(101)), expect: 414 })
      probes.push({ kind: `path ${param.name} unknown (${MAX_ID})`, req: withValue(String(MAX_ID)), expect: 404 })
    } else {
      probes.push({ kind: `path ${param.name} with NUL`, req: withValue('a%00b'), expect: 400 })
      probes.push({ kind: `path ${param.name} not percent-encoded properly (%zz)`, req: withValue('%zz'), expect: 400 })
    }
  }

  for (const param of params.filter((p) => p.in === 'query')) {
    const value = badValue(param.schema)
    if (value !== undefined)
      probes.push({
        kind: `query ${param.name}=${value.length > 20 ? `${value.slice(0, 8)}…(${value.length})` : value}`,
        req: { ...good, query: { ...good.query, [param.name]: value } },
        expect: 400,
      })
  }
  const queryName = params.find((p) => p.in === 'query')?.name ?? 'probe'
  probes.push({ kind: `query ${queryName} with NUL`, req: { ...good, query: { ...good.query, [queryName]: 'a\u0000b' } }, expect: 400 })

  if (op.security && op.security.length > 0) {
    const headers = { ...good.headers }
    delete headers.authorization
    probes.push({ kind: 'no bearer token', req: { ...good, headers }, expect: 401 })
    probes.push({
      kind: 'a malformed bearer token',
      req: { ...good, headers: { ...headers, authorization: 'Bearer not-a-token' } },
      expect: 401,
    })
    probes.push({ kind: 'a Basic authorization', req: { ...good, headers: { ...headers, authorization: 'Basic YTpi' } }, expect: 401 })
  }

  if (!['get', 'head'].includes(method)) {
    const auth: Record<string, string> = good.headers?.authorization ? { authorization: good.headers.authorization } : {}
    const body = (payload: unknown, contentType = 'application/json'): Req => ({
      ...good,
      headers: { ...auth, 'content-type': contentType },
      payload,
    })
    probes.push({ kind: 'invalid JSON', req: body('{"name": '), expect: 400 })
    probes.push({ kind: 'a wrong Content-Type (application/xml)', req: body('<lift/>', 'application/xml'), expect: 415 })
    probes.push({ kind: 'a text/plain body', req: body('hello', 'text/plain') })
    probes.push({ kind: 'a JSON body over 1 MiB', req: body(`{"name":"${'x'.repeat(1024 * 1024 + 10)}"}`), expect: 413 })
    // Exactly one byte over the limit the document gives (server/body-limits.ts): refused before parsing.
    const documentedLimit = /larger than (\d+) KiB/.exec(op.responses['413']?.description ?? '')
    if (documentedLimit)
      probes.push({
        kind: 'a JSON body one byte over the documented limit',
        req: body(`{"name":"${'x'.repeat(Number(documentedLimit[1]) * 1024 - 10)}"}`),
        expect: 413,
      })
    const json = op.requestBody?.content?.['application/json']?.schema
    const goodObject =
      good.payload && typeof good.payload === 'object' && !Buffer.isBuffer(good.payload) ? (good.payload as Record<string, unknown>) : {}
    const stringField =
      Object.entries((json?.properties ?? {}) as Record<string, JsonSchema>).find(([, s]) => schemaType(s) === 'string')?.[0] ?? 'probe'
    probes.push({
      kind: `NUL in body field ${stringField}`,
      req: body(JSON.stringify({ ...goodObject, [stringField]: 'a\u0000b' })),
      expect: 400,
    })
    if (Array.isArray(json?.required) && json.required.length > 0) {
      probes.push({ kind: 'a body missing required fields', req: body('{}'), expect: 400 })
      probes.push({ kind: 'a JSON array body', req: body('[]'), expect: 400 })
    }
  }
  return probes
}

// ---------------------------------------------------------------------------------------------
// Checking an answer against the document.

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv
const DOC_ID = 'openapi.json'
let ajv: Ajv
const validators = new Map<string, ValidateFunction>()

/** `#/components/…` refs of the document point into the copy of its components added to ajv. */
function rebaseRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebaseRefs)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : rebaseRefs(v),
    ]),
  )
}

/** OpenAPI 3.0 schemas have no `type: 'null'` and no type arrays (nullable: true says it); ajv would quietly accept both. */
function openApi30Problems(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => openApi30Problems(v, `${at}/${i}`))
  if (value === null || typeof value !== 'object') return []
  const schema = value as JsonSchema
  const own = Array.isArray(schema.type) || schema.type === 'null' ? [`${at}: type ${JSON.stringify(schema.type)} is not OpenAPI 3.0`] : []
  return [...own, ...Object.entries(schema).flatMap(([k, v]) => openApi30Problems(v, `${at}/${k}`))]
}

function validatorFor(key: string, schema: JsonSchema): ValidateFunction {
  let validate = validators.get(key)
  if (!validate) {
    validate = ajv.compile(rebaseRefs(schema) as JsonSchema)
    validators.set(key, validate)
  }
  return validate
}

/** The documented media type for an answer's Content-Type: exact, then `type/*`, then `*\/*`. */
function mediaFor(content: Record<string, MediaType>, contentType: string): [string, MediaType] | undefined {
  const [type] = contentType.split('/')
  for (const candidate of [contentType, `${type}/*`, '*/*']) {
    const media = content[candidate]
    if (media) return [candidate, media]
  }
  return undefined
}

const isJson = (contentType: string) => contentType === 'application/json' || contentType.endsWith('+json')

/** Problems with one answer, as sentences naming method, path, input, status and what is wrong. */
function checkAnswer(method: string, path: string, op: Operation, probe: Probe, res: LightMyRequestResponse): string[] {
  const where = `${method.toUpperCase()} ${path} [${probe.kind}] → ${res.statusCode}`
  const body = res.body.length > 300 ? `${res.body.slice(0, 300)}…` : res.body
  const problems: string[] = []
  if (res.statusCode >= 500 && res.statusCode !== 503) problems.push(`${where}: a server error: ${body}`)
  if (
    probe.expect === 'success'
      ? res.statusCode >= 300 && res.statusCode !== 304
      : probe.expect !== undefined && res.statusCode !== probe.expect
  ) {
    problems.push(`${where}: expected ${String(probe.expect)}: ${body}`)
  }
  const status = String(res.statusCode)
  const documented = op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default
  if (!documented)
    return [...problems, `${where}: status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')}); body ${body}`]
  if (!documented.description) problems.push(`${where}: the documented ${status} has no description`)

  const contentType = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  if (!documented.content) {
    if (res.rawPayload.length > 0)
      problems.push(`${where}: documented without a body, answered ${res.rawPayload.length} bytes of ${contentType || 'no type'}`)
    return problems
  }
  const found = mediaFor(documented.content, contentType)
  if (!found)
    return [...problems, `${where}: answered ${contentType || 'no Content-Type'}, documented ${Object.keys(documented.content).join(', ')}`]
  const [mediaType, media] = found
  if (!isJson(contentType)) {
    // Bytes (a video, a poster): the document must not claim a JSON shape for them.
    if (media.schema && !(schemaType(media.schema) === 'string' && ['binary', 'byte'].includes(String(media.schema.format)))) {
      problems.push(`${where}: ${mediaType} is documented with a JSON schema, but the answer is ${contentType} bytes`)
    }
    return problems
  }
  if (!media.schema) return [...problems, `${where}: ${mediaType} is documented without a schema`]
  let parsed: unknown
  try {
    parsed = JSON.parse(res.body)
  } catch {
    return [...problems, `${where}: answered ${contentType} that is not JSON: ${body}`]
  }
  const validate = validatorFor(`${method} ${path} ${status} ${mediaType}`, media.schema)
  if (!validate(parsed)) {
    problems.push(
      `${where}: the body does not match the documented ${status} schema: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}; body ${body}`,
    )
  }
  return problems
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'liftarena-openapi-'))
  ;[t, clip] = await Promise.all([
    startTestApp({
      env: {
        RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
        RATE_LIMIT_COMMENTS_PER_MINUTE: '1000',
        RATE_LIMIT_REACTIONS_PER_MINUTE: '1000',
        ADMIN_USERNAMES: 'walkadmin',
      },
    }),
    makeClip(clipDir, 'lift.mp4', { width: 320, height: 240, seconds: 1 }).then((p) => readFileSync(p)),
  ])
  const res = await t.app.inject({ url: '/api/docs/json' })
  expect(res.statusCode).toBe(200)
  doc = res.json() as OpenApiDocument
  ajv = addFormats(new Ajv({ strict: false, allErrors: true }))
  ajv.addSchema({ $id: DOC_ID, components: rebaseRefs(doc.components ?? {}) } as JsonSchema)

  const [owner, lifter, outsider] = [
    await registerUser(t.app, 'Walk Owner'),
    await registerUser(t.app, 'Walk Lifter'),
    await registerUser(t.app, 'Walk Outsider'),
  ]
  const challengeId = await createChallenge(t.app, owner.access_token)
  const endedChallengeId = await createChallenge(t.app, owner.access_token, {}, { start: -10, end: -1 })
  const joined = await send('POST', '/api/join_competition', {
    headers: lifter.auth,
    payload: { competition_id: challengeId, weight_class: '83kg' },
  })
  expect(joined.statusCode, joined.body).toBe(201)
  const uploaded = await send(
    'POST',
    '/api/upload',
    uploadForm(lifter.auth, { lift_type: 'squat', weight: 140, competition_id: challengeId }),
  )
  expect(uploaded.statusCode, uploaded.body).toBe(201)
  const answer = uploaded.json() as { url: string; attempt_id: number; participant_id: number }
  const registered = await send('POST', '/api/auth/register', {
    payload: { name: 'Walk Admin', username: 'walkadmin', email: 'walkadmin@example.com', password: 'correct horse battery' },
  })
  expect(registered.statusCode, registered.body).toBe(201)
  const admin = {
    ...(registered.json() as { access_token: string; refresh_token: string; user_id: number }),
    email: 'walkadmin@example.com',
    password: 'correct horse battery',
    auth: { authorization: `Bearer ${(registered.json() as { access_token: string }).access_token}` },
  }
  const { username: outsiderUsername } = await t.db.prisma.user.findUniqueOrThrow({
    where: { id: outsider.user_id },
    select: { username: true },
  })
  f = {
    admin,
    outsiderUsername,
    owner,
    lifter,
    outsider,
    challengeId,
    endedChallengeId,
    attemptId: answer.attempt_id,
    participantId: answer.participant_id,
    videoKey: answer.url.replace(/^\/api\/video\//, ''),
  }
})

afterAll(async () => {
  await t?.close()
  if (clipDir) rmSync(clipDir, { recursive: true, force: true })
})

describe('the OpenAPI document tells the truth', () => {
  it('is OpenAPI 3.0 with no schema type it cannot express, and every response has a description', () => {
    expect(doc.openapi).toMatch(/^3\.0\./)
    expect(openApi30Problems(doc.paths).concat(openApi30Problems(doc.components ?? {}, '#/components'))).toEqual([])
    const undescribed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m]) => METHODS.includes(m))
        .flatMap(([m, op]) =>
          Object.entries(op.responses)
            .filter(([, r]) => !r.description || r.description === 'Default Response')
            .map(([s]) => `${m.toUpperCase()} ${path} ${s}`),
        ),
    )
    expect(undescribed).toEqual([])
  })

  it("documents what clients must send: the upload's multipart fields and the date forms create_competition takes", () => {
    const upload = doc.paths['/api/upload']!.post!
    const form = upload.requestBody?.content?.['multipart/form-data']?.schema
    expect(Object.keys(form?.properties ?? {}).sort()).toEqual(['competition_id', 'lift_type', 'user_id', 'video', 'weight'])
    expect((form?.properties as Record<string, JsonSchema>).video).toMatchObject({ type: 'string', format: 'binary' })
    const create = doc.paths['/api/create_competition']!.post!.requestBody?.content?.['application/json']?.schema
    for (const field of ['start_date', 'end_date']) {
      const date = (create?.properties as Record<string, JsonSchema>)[field]!
      expect(String(date.description)).toMatch(
        /YYYY-MM-DD, YYYY-MM-DDTHH:mm, YYYY-MM-DD HH:mm:ss or ISO 8601 with a zone.*00:00.*23:59:59\.999/,
      )
    }
  })

  it('every operation answers good and bad input only with documented statuses and documented bodies', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m]) => METHODS.includes(m))
        .map(([m, op]) => ({ method: m, path, op })),
    )
    const names = new Set(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`))
    const problems: string[] = []
    for (const [name, reason] of Object.entries(SKIPPED)) {
      const [method, path] = name.split(' ') as [string, string]
      if (!t.app.hasRoute({ method: method as 'GET', url: fastifyUrl(path) }))
        problems.push(`SKIPPED lists ${name}, which is not a route of the app`)
      if (!reason.trim()) problems.push(`SKIPPED lists ${name} without a reason`)
    }
    for (const name of [...Object.keys(GOOD), ...Object.keys(EXTRA)]) {
      if (!names.has(name)) problems.push(`the walk has inputs for ${name}, which is not in the document (renamed?)`)
    }

    const seen = new Map<string, Set<string>>()
    let answers = 0
    for (const { method, path, op } of operations) {
      const name = `${method.toUpperCase()} ${path}`
      if (SKIPPED[name]) continue
      const makeGood = GOOD[name]
      if (!makeGood) {
        problems.push(`${name} is in the document but the walk has no good request for it: add one to GOOD, or a reason to SKIPPED`)
        continue
      }
      const good = await makeGood()
      const probes: Probe[] = [
        ...derivedProbes(method, op, good),
        ...(await Promise.all((EXTRA[name] ?? []).map((make) => make()))),
        // Last: a good request must not be spent by the probes before it (a refresh token, a fresh join).
        { kind: 'a good request', req: good, expect: 'success' },
      ]
      for (const probe of probes) {
        // A logout that gets through ends every session of its user: each probe that carries the good token gets a user of its own.
        if (name === 'POST /api/auth/logout' && probe.req.headers?.authorization === good.headers?.authorization) {
          probe.req = { ...probe.req, headers: { ...probe.req.headers, ...(await registerUser(t.app)).auth } }
        }
        // A removal that gets through spends its comment: each probe naming the good one gets a comment of its own.
        if (name === 'DELETE /api/comments/{id}' && probe.req.params?.id === good.params?.id) {
          probe.req = { ...probe.req, params: { ...probe.req.params, id: await freshComment() } }
        }
        const res = await send(method, path, probe.req)
        answers++
        problems.push(...checkAnswer(method, path, op, probe, res))
        if (!seen.has(name)) seen.set(name, new Set())
        seen.get(name)!.add(String(res.statusCode))
      }
    }

    // Documented statuses no input reached (503 needs a shutdown or a database outage: tests/infra/db.outage.test.ts).
    const unreached = [...seen]
      .map(([name, statuses]) => {
        const op = operations.find((o) => `${o.method.toUpperCase()} ${o.path}` === name)!.op
        const missing = Object.keys(op.responses).filter((s) => !statuses.has(s))
        return missing.length > 0 ? `${name}: ${missing.join(', ')}` : ''
      })
      .filter(Boolean)
    console.log(
      `OpenAPI walk: ${operations.length} operations, ${answers} answers checked. Documented but not reached here:\n  ${unreached.join('\n  ')}`,
    )
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([])
  })

  it('the rate-limited operations answer 429 with a documented body once over their limit', async () => {
    const limited = await startTestApp({
      env: {
        RATE_LIMIT_AUTH_PER_MINUTE: '2',
        RATE_LIMIT_UPLOAD_PER_MINUTE: '2',
        RATE_LIMIT_CREATE_PER_HOUR: '2',
        RATE_LIMIT_COMMENTS_PER_MINUTE: '2',
        RATE_LIMIT_REACTIONS_PER_MINUTE: '2',
        RATE_LIMIT_VIEWS_PER_MINUTE: '2',
        RATE_LIMIT_ENTRIES_PER_MINUTE: '2',
        RATE_LIMIT_VIDEO_PER_MINUTE: '2',
      },
    })
    try {
      const docs = (await limited.app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument
      const operations = Object.entries(docs.paths).flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([m, op]) => METHODS.includes(m) && op.responses['429'])
          .map(([m, op]) => ({ method: m, path, op })),
      )
      expect(operations.length).toBeGreaterThan(0)
      const user = await registerUser(limited.app) // before the register route's own limit is spent
      const problems: string[] = []
      for (const { method, path, op } of operations) {
        // Cheap input the route refuses early still counts: a limit counts requests, not successes.
        // Path ids of nothing: refused after the limit counted them.
        const params = Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name!, 1]))
        const probe: Probe = {
          kind: 'over the rate limit',
          req: { params, headers: { ...(op.security ? user.auth : {}), ...JSON_HEADERS }, payload: '{}' },
          expect: 429,
        }
        let res: LightMyRequestResponse | undefined
        for (let i = 0; i < 5 && res?.statusCode !== 429; i++) res = await limited.app.inject(toInject(method, path, probe.req))
        problems.push(...checkAnswer(method, path, op, probe, res!))
      }
      expect(problems, `\n${problems.join('\n')}\n`).toEqual([])
    } finally {
      await limited.close()
    }
  })
})
