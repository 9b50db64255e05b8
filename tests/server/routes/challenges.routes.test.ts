import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { discardingPublisher } from '../../../infra/live-publisher.ts'
import { createRepositories } from '../../../infra/repositories/index.ts'
import { scoringSettings } from '../../../infra/scoring-view.ts'
import { toParticipant } from '../../../server/services/mappers.ts'
import { nextAttemptNumber } from '../../helpers/attempts.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

const join = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/join_competition', headers: { authorization: `Bearer ${token}` }, payload })

/** Joins and answers the participant's id in answers (the user id) and its row id (what attempts reference). */
async function joinAs(token: string, challengeId: number, weightClass = '83kg') {
  const res = await join(token, { competition_id: challengeId, weight_class: weightClass })
  expect(res.statusCode).toBe(201)
  const id = res.json().participant_id as number
  const row = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: id }, select: { id: true } })
  return { id, rowId: row.id }
}

/** Records an attempt directly (uploads are covered by the video tests). */
async function addAttempt(participant: { rowId: number }, liftType: string, weight: number, extra: Record<string, unknown> = {}) {
  return t.db.prisma.attempt.create({
    data: {
      participantId: participant.rowId,
      liftType,
      attemptNumber: await nextAttemptNumber(t.db.prisma, participant.rowId, liftType),
      weight,
      status: 'completed',
      ...extra,
    },
  })
}

const create = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/create_competition', headers: { authorization: `Bearer ${token}` }, payload })

describe('POST /api/create_competition', () => {
  it('creates a challenge, writes the description metadata and answers the spec shape', async () => {
    const u = await registerUser(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create_competition',
      headers: u.auth,
      payload: {
        name: 'Spring Open',
        location: 'Oslo',
        lifttypes: ['Squat', 'Deadlift'],
        weightclasses: ['83kg', '93kg'],
        gender: 'F',
        start_date: '2030-03-01T09:00:00.000Z',
        end_date: '2030-03-08T18:00:00.000Z',
        description: 'Two lifts only',
      },
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toEqual({
      competition_id: expect.any(Number),
      name: 'Spring Open',
      start_date: '2030-03-01T09:00:00.000Z',
      end_date: '2030-03-08T18:00:00.000Z',
      location: 'Oslo',
      description: 'Two lifts only - {"lifttypes":["Squat","Deadlift"],"weightclasses":["83kg","93kg"],"gender":"F"}',
      lifttypes: ['Squat', 'Deadlift'],
      prize_pool: null,
      class_set: 'spec',
      equipment: 'classic',
    })
    const read = await t.app.inject({ url: `/api/competitions/${body.competition_id}` })
    expect(read.json().competition).toMatchObject({
      id: body.competition_id,
      gender: 'F',
      weightclasses: ['83kg', '93kg'],
      participants: 0,
      status: 'upcoming',
      prize_pool: null,
    })
  })

  it("keeps the organiser's registration deadline (at most the end), shows it, and refuses a join after it with a sentence", async () => {
    const u = await registerUser(t.app)
    const lifter = await registerUser(t.app)
    const start = new Date(Date.now() - 3 * 86_400_000).toISOString()
    const end = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const past = new Date(Date.now() - 86_400_000)
    const closed = await create(u.access_token, {
      name: 'Closed Entry',
      location: 'Oslo',
      start_date: start,
      end_date: end,
      registration_deadline: past.toISOString(),
    })
    expect(closed.statusCode, closed.body).toBe(201)
    const read = (await t.app.inject({ url: `/api/competitions/${closed.json().competition_id}` })).json().competition
    expect(read.registration_deadline).toBe(past.toISOString())
    const refused = await join(lifter.access_token, { competition_id: closed.json().competition_id, weight_class: '83kg' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toBe(`Registration for this challenge closed on ${past.toISOString().slice(0, 16).replace('T', ' ')} UTC.`)

    const open = await create(u.access_token, { name: 'Open Entry', location: 'Oslo', start_date: start, end_date: end })
    expect((await t.app.inject({ url: `/api/competitions/${open.json().competition_id}` })).json().competition.registration_deadline).toBe(
      end,
    )
    expect((await join(lifter.access_token, { competition_id: open.json().competition_id, weight_class: '83kg' })).statusCode).toBe(201)

    const late = await create(u.access_token, {
      name: 'Late',
      location: 'Oslo',
      start_date: start,
      end_date: end,
      registration_deadline: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    })
    expect([late.statusCode, late.json().error]).toEqual([
      400,
      'registration_deadline must not be after end_date: lifters cannot join a challenge that has ended.',
    ])
  })

  it('keeps the prize pool the organiser enters, in their currency; none is invented', async () => {
    const u = await registerUser(t.app)
    const base = { name: 'Prize Open', location: 'Oslo', start_date: '2030-03-01', end_date: '2030-03-08' }
    const res = await create(u.access_token, { ...base, prize_pool: { currency: 'EUR', first: 500, second: 200 } })
    expect(res.statusCode, res.body).toBe(201)
    const pool = { currency: 'EUR', first: 500, second: 200, third: 0, total: 700 }
    expect(res.json().prize_pool).toEqual(pool)
    const read = await t.app.inject({ url: `/api/competitions/${res.json().competition_id}` })
    expect(read.json().competition.prize_pool).toEqual(pool)
    const list = (await t.app.inject({ url: '/api/competitions' })).json().competitions as { id: number; prize_pool: unknown }[]
    expect(list.find((c) => c.id === res.json().competition_id)?.prize_pool).toEqual(pool)
    // null is "no prize", as leaving it out.
    const none = await create(u.access_token, { ...base, prize_pool: null })
    expect(none.statusCode).toBe(201)
    expect(none.json().prize_pool).toBeNull()

    const refused: Array<[unknown, string]> = [
      [{ currency: 'EUR', first: 100, second: 200 }, 'prize_pool.second must not be more than prize_pool.first.'],
      [
        { currency: 'EUR', first: 300, third: 50 },
        'prize_pool.third must not be more than prize_pool.second (0 when 2nd place has no prize).',
      ],
    ]
    for (const [prize_pool, error] of refused) {
      const r = await create(u.access_token, { ...base, prize_pool })
      expect(r.statusCode, JSON.stringify(prize_pool)).toBe(400)
      expect(r.json().error).toBe(error)
    }
    for (const prize_pool of [
      { first: 100 },
      { currency: '', first: 100 },
      { currency: 'EUR', first: 0 },
      { currency: 'EUR', first: 10.5 },
      { currency: 'EUR' },
    ]) {
      const r = await create(u.access_token, { ...base, prize_pool })
      expect(r.statusCode, JSON.stringify(prize_pool)).toBe(400)
      expect(r.json().error, JSON.stringify(prize_pool)).toMatch(/prize_pool/)
    }
  })

  it('takes dates as clients send them: a date alone is its whole day (UTC), datetime-local, a space, or ISO with a zone', async () => {
    const u = await registerUser(t.app)
    const base = { name: 'Date Forms', location: 'Gym' }
    const cases: Array<[string, string, string, string]> = [
      ['2030-03-01', '2030-03-08', '2030-03-01T00:00:00.000Z', '2030-03-08T23:59:59.999Z'],
      ['2030-03-01T09:30', '2030-03-08T18:00', '2030-03-01T09:30:00.000Z', '2030-03-08T18:00:00.000Z'],
      ['2030-03-01 09:30:15', '2030-03-08 18:00:00', '2030-03-01T09:30:15.000Z', '2030-03-08T18:00:00.000Z'],
      ['2030-03-01T09:30:00+02:00', '2030-03-08T18:00:00.250Z', '2030-03-01T07:30:00.000Z', '2030-03-08T18:00:00.250Z'],
      ['2030-03-01', '2030-03-01', '2030-03-01T00:00:00.000Z', '2030-03-01T23:59:59.999Z'], // a one-day meet
    ]
    for (const [start, end, startIso, endIso] of cases) {
      const res = await create(u.access_token, { ...base, start_date: start, end_date: end })
      expect(res.statusCode, `${start} → ${end}: ${res.body}`).toBe(201)
      expect(res.json()).toMatchObject({ start_date: startIso, end_date: endIso })
      const read = (await t.app.inject({ url: `/api/competitions/${res.json().competition_id}` })).json().competition
      expect(read).toMatchObject({ start_date: startIso, end_date: endIso })
    }
    for (const [field, value] of [
      ['start_date', '2030-02-30'],
      ['end_date', '2030-03-08T24:00'],
      ['start_date', '03/01/2030'],
      ['end_date', 'next week'],
    ] as const) {
      const res = await create(u.access_token, { ...base, start_date: '2030-03-01', end_date: '2030-03-08', [field]: value })
      expect(res.statusCode, value).toBe(400)
      expect(res.json().error, value).toBe(
        `${field} must be a valid date-time: YYYY-MM-DD, YYYY-MM-DDTHH:mm, YYYY-MM-DD HH:mm:ss or ISO 8601 with a zone.`,
      )
    }
  })

  it('understands metadata carried only in the description', async () => {
    const row = await t.db.prisma.challenge.create({
      data: {
        name: 'Legacy',
        location: 'Old Gym',
        startDate: new Date('2020-01-01'),
        endDate: new Date('2020-01-02'),
        liftTypes: [],
        weightClasses: [],
        gender: '',
        description: 'From the old app - {"lifttypes":["Snatch"],"weightclasses":["59kg"],"gender":"Female"}',
      },
    })
    const res = await t.app.inject({ url: `/api/competitions/${row.id}` })
    expect(res.json().competition).toMatchObject({ lifttypes: ['Snatch'], weightclasses: ['59kg'], gender: 'F', status: 'completed' })
  })

  it('refuses an end date before the start, missing fields, no token and a foreign user_id', async () => {
    const u = await registerUser(t.app)
    const base = { name: 'X', location: 'Y', start_date: '2030-03-08T00:00:00.000Z', end_date: '2030-03-01T00:00:00.000Z' }
    const backwards = await t.app.inject({ method: 'POST', url: '/api/create_competition', headers: u.auth, payload: base })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().error).toBe('end_date must not be before start_date.')
    const missing = await t.app.inject({ method: 'POST', url: '/api/create_competition', headers: u.auth, payload: { name: 'X' } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toMatch(/location is required/)
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/create_competition', payload: base })
    expect(anonymous.statusCode).toBe(401)
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/create_competition',
      headers: u.auth,
      payload: { ...base, end_date: '2030-04-01T00:00:00.000Z', user_id: u.user_id + 1000 },
    })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().error).toMatch(/only act as yourself/)
  })

  it("takes an image only as a path on this site: another host's URL would make every viewer's browser call it", async () => {
    const u = await registerUser(t.app)
    const base = { name: 'Images', location: 'Gym', start_date: '2030-03-01', end_date: '2030-03-02' }
    const foreign = [
      'https://evil.example/pixel.gif',
      'http://evil.example/x.png',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example\\x',
      '/images\\..\\x.png',
      '/\t/evil.example/x',
      '/\n/evil.example/x',
      ' /x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'x.png',
      '',
    ]
    for (const image of foreign) {
      const res = await create(u.access_token, { ...base, image })
      expect(res.statusCode, image).toBe(400)
      expect(res.json(), image).toEqual({ error: 'image has an invalid format.' })
    }
    for (const image of ['/challenges/spring.jpg', '/api/video/posters/1.jpg?v=2', '/']) {
      const res = await create(u.access_token, { ...base, image })
      expect(res.statusCode, image).toBe(201)
      const read = await t.app.inject({ url: `/api/competitions/${res.json().competition_id}` })
      expect(read.json().competition.image).toBe(image)
    }
  })
})

describe('GET /api/competitions and /api/competitions/:id', () => {
  it('lists challenges with counts and computed status', async () => {
    const u = await registerUser(t.app)
    const id = await createChallenge(t.app, u.access_token)
    expect((await join(u.access_token, { competition_id: id, weight_class: '83kg' })).statusCode).toBe(201)
    const answer = (await t.app.inject({ url: '/api/competitions' })).json() as { competitions: Array<Record<string, unknown>> }
    expect(Object.keys(answer)).toEqual(['competitions'])
    const list = answer.competitions
    const mine = list.find((c) => c.id === id)
    expect(mine).toMatchObject({
      name: 'Test Challenge',
      location: 'Test Gym',
      participants: 1,
      status: 'ongoing',
      gender: 'M',
      image: null,
    })
    expect(Object.keys(mine!).sort()).toEqual([
      'class_set',
      'declaration_window_minutes',
      'description',
      'end_date',
      'equipment',
      'format',
      'gender',
      'id',
      'image',
      'lifttypes',
      'location',
      'name',
      'participants',
      'points_formula',
      'prize_pool',
      'ranking',
      'registration_deadline',
      'require_verified_email',
      'sport',
      'start_date',
      'status',
      'take_check_window_hours',
      'total_lifts',
      'weigh_in',
      'weightclasses',
    ])
    // Created without a format (the spec's client): open, with the default declaration window.
    expect(mine).toMatchObject({ format: 'open', declaration_window_minutes: 60 })
    // The three powerlifts: a powerlifting total, places by total within each class, DOTS as the best-lifter formula.
    expect(mine).toMatchObject({
      sport: 'powerlifting',
      total_lifts: ['squat', 'bench', 'deadlift'],
      ranking: 'class',
      points_formula: 'dots',
    })
  })

  it('shows each new challenge, each join and each change of status with time at once, though the list is cached', async () => {
    const u = await registerUser(t.app)
    const list = async () =>
      (
        (await t.app.inject({ url: '/api/competitions' })).json() as {
          competitions: Array<{ id: number; participants: number; status: string }>
        }
      ).competitions
    const before = await list()
    const soon = await createChallenge(t.app, u.access_token, { name: 'Starts Soon' }, { start: 1.5 / 86_400, end: 2 })
    const created = await list()
    expect(created).toHaveLength(before.length + 1)
    expect(created.find((c) => c.id === soon)).toMatchObject({ participants: 0, status: 'upcoming' })
    expect((await join(u.access_token, { competition_id: soon, weight_class: '83kg' })).statusCode).toBe(201)
    expect((await list()).find((c) => c.id === soon)).toMatchObject({ participants: 1, status: 'upcoming' })
    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect((await list()).find((c) => c.id === soon)).toMatchObject({ participants: 1, status: 'ongoing' })
  })

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const missing = await t.app.inject({ url: '/api/competitions/999999' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ error: 'Challenge 999999 does not exist.' })
    for (const path of ['/api/competitions/999999/participants', '/api/competitions/999999/lifts']) {
      expect((await t.app.inject({ url: path })).statusCode).toBe(404)
    }
    const bad = await t.app.inject({ url: '/api/competitions/abc' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatch(/id must be a whole number/)
  })
})

describe('POST /api/join_competition', () => {
  it('joins as the token user and answers the new count', async () => {
    const owner = await registerUser(t.app)
    const id = await createChallenge(t.app, owner.access_token, { gender: 'F' })
    const u = await registerUser(t.app, 'Joiner')
    const res = await join(u.access_token, {
      competition_id: String(id),
      weight_class: '93kg',
      gender: 'female',
      user_id: String(u.user_id),
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ competition_id: id, user_id: u.user_id, weight_class: '93kg', gender: 'F', participants: 1 })
  })

  it('refuses a second join with 409 and exactly one of two concurrent joins', async () => {
    const u = await registerUser(t.app)
    const id = await createChallenge(t.app, u.access_token)
    const [a, b] = await Promise.all([
      join(u.access_token, { competition_id: id, weight_class: '83kg' }),
      join(u.access_token, { competition_id: id, weight_class: '83kg' }),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409])
    expect([a, b].find((r) => r.statusCode === 409)!.json()).toEqual({ error: 'You have already joined this challenge.' })
    expect(await t.db.prisma.participant.count({ where: { challengeId: id } })).toBe(1)
  })

  it("refuses a completed challenge with the spec's wording", async () => {
    const u = await registerUser(t.app)
    const id = await createChallenge(t.app, u.access_token, {}, { start: -10, end: -3 })
    const res = await join(u.access_token, { competition_id: id, weight_class: '83kg' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ error: 'This challenge has ended' })
  })

  it('refuses a foreign user_id, an unknown challenge, a class the challenge lacks, and no token', async () => {
    const u = await registerUser(t.app)
    const id = await createChallenge(t.app, u.access_token)
    expect((await join(u.access_token, { competition_id: id, weight_class: '83kg', user_id: u.user_id + 1 })).statusCode).toBe(403)
    const unknown = await join(u.access_token, { competition_id: 999999, weight_class: '83kg' })
    expect(unknown.statusCode).toBe(404)
    const wrongClass = await join(u.access_token, { competition_id: id, weight_class: '59kg' })
    expect(wrongClass.statusCode).toBe(400)
    expect(wrongClass.json().error).toMatch(/83kg, 93kg/)
    const badClass = await join(u.access_token, { competition_id: id, weight_class: '1000kg' })
    expect(badClass.statusCode).toBe(400)
    expect(badClass.json().error).toMatch(/weight_class/)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/join_competition',
      payload: { competition_id: id, weight_class: '83kg' },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(await t.db.prisma.participant.count({ where: { challengeId: id } })).toBe(0)
  })
})

describe('participants, lifts and attempt detail', () => {
  it('ranks participants within their weight class by total, from completed attempts; no total without a good lift of each', async () => {
    const owner = await registerUser(t.app)
    const id = await createChallenge(t.app, owner.access_token)
    const strong = await registerUser(t.app, 'Strong One')
    const light = await registerUser(t.app, 'Light One')
    const p1 = await joinAs(strong.access_token, id, '93kg')
    const p2 = await joinAs(light.access_token, id, '83kg')
    await addAttempt(p2, 'squat', 100)
    await addAttempt(p2, 'bench', 80)
    await addAttempt(p1, 'squat', 200)
    await addAttempt(p1, 'squat', 250, { status: 'failed' })
    await addAttempt(p1, 'bench', 140)
    await addAttempt(p1, 'deadlift', 260)
    const res = await t.app.inject({ url: `/api/competitions/${id}/participants` })
    expect(res.statusCode).toBe(200)
    expect(Number(res.headers['x-live-seq'])).toBe(2)
    const answer = res.json()
    expect(Object.keys(answer)).toEqual(['participants'])
    const list = answer.participants
    // Grouped by class, lightest first; the 83 kg lifter has no deadlift yet, so no total and no place.
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Light One', 'Strong One'])
    // A participant's id is the user's id, as the spec's client compares it with its stored userId.
    expect(p1.id).toBe(strong.user_id)
    expect(list[1]).toMatchObject({
      id: strong.user_id,
      user_id: strong.user_id,
      best_squat: 200,
      best_bench: 140,
      best_deadlift: 260,
      total: 600,
      total_weight: 600,
      weight_class: '93kg',
      place: 1,
      // No bodyweight given: no points.
      points: null,
    })
    expect(list[1].attempts).toHaveLength(4)
    expect(list[0]).toMatchObject({ best_squat: 100, best_bench: 80, best_deadlift: 0, total: null, total_weight: 0, place: null })

    expect(list[1].attempts[0]).toMatchObject({ participant_id: strong.user_id })
    const lifts = (await t.app.inject({ url: `/api/competitions/${id}/lifts` })).json().lifts
    expect(lifts).toHaveLength(6)
    expect(lifts[0]).toMatchObject({
      participant_name: 'Strong One',
      participant_id: strong.user_id,
      lift_type: 'deadlift',
      weight: 260,
      competition_id: id,
      video_url: null,
    })
  })

  it('serves each change of the challenge at once, though the answer is serialized only once per change', async () => {
    const owner = await registerUser(t.app)
    const id = await createChallenge(t.app, owner.access_token)
    const participants = async () => {
      const res = await t.app.inject({ url: `/api/competitions/${id}/participants` })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      return {
        seq: Number(res.headers['x-live-seq']),
        list: res.json().participants as { name: string; attempts: unknown[] }[],
        body: res.body,
      }
    }
    const empty = await participants()
    expect(empty).toMatchObject({ seq: 0, list: [] })
    const first = await registerUser(t.app, 'First Joiner')
    await join(first.access_token, { competition_id: id, weight_class: '83kg' })
    const one = await participants()
    expect(one.seq).toBe(1)
    expect(one.list.map((p) => p.name)).toEqual(['First Joiner'])
    expect((await participants()).body).toBe(one.body)
    const second = await registerUser(t.app, 'Second Joiner')
    await Promise.all([join(second.access_token, { competition_id: id, weight_class: '93kg' }), participants()])
    const two = await participants()
    expect(two.seq).toBe(2)
    expect(two.list.map((p) => p.name).sort()).toEqual(['First Joiner', 'Second Joiner'])
    expect((await t.app.inject({ url: '/api/competitions/999999/participants' })).statusCode).toBe(404)
  })

  it('shows a change whose event never reached this node (a lost publish) within the staleness bound', async () => {
    const owner = await registerUser(t.app)
    const id = await createChallenge(t.app, owner.access_token)
    const url = `/api/competitions/${id}/participants`
    expect((await t.app.inject({ url })).json()).toEqual({ participants: [] })
    // Another process commits a join with its event and dies before publishing it.
    const other = await registerUser(t.app, 'Lost Publish')
    const elsewhere = createRepositories(t.db.prisma, discardingPublisher, '/api')
    await elsewhere.participants.join(
      { userId: other.user_id, challengeId: id, weightClass: '83kg', gender: 'M', bodyweight: null },
      false,
      (row) =>
        toParticipant('/api', row, scoringSettings({ liftTypes: ['Squat', 'Bench Press', 'Deadlift'], description: '', ranking: 'class' })),
    )
    await new Promise((resolve) => setTimeout(resolve, 150)) // past the 100 ms the cache may go unchecked
    const res = await t.app.inject({ url })
    expect(res.json().participants.map((p: { name: string }) => p.name)).toEqual(['Lost Publish'])
    expect(Number(res.headers['x-live-seq'])).toBe(1)
  })

  it('answers an attempt with its video only under its own challenge and participant', async () => {
    const u = await registerUser(t.app, 'Video Lifter')
    const id = await createChallenge(t.app, u.access_token)
    const participant = await joinAs(u.access_token, id)
    const pid = participant.id
    expect(pid).toBe(u.user_id)
    const a = await addAttempt(participant, 'deadlift', 220, {
      originalKey: 'attempts/1/original.mp4',
      processingState: 'ready',
      renditions: { 720: 'attempts/1/720.mp4' },
    })
    const ok = await t.app.inject({ url: `/api/competitions/${id}/participants/${pid}/attempts/${a.id}` })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({
      id: a.id,
      participant_id: u.user_id,
      video_url: '/api/video/attempts%2F1%2Foriginal.mp4',
      participant_name: 'Video Lifter',
      lift_type: 'deadlift',
      weight: 220,
      success: 'true',
      timestamp: expect.any(String),
      renditions: { 720: '/api/video/attempts%2F1%2F720.mp4' },
    })
    for (const path of [
      `/api/competitions/${id}/participants/${pid + 1}/attempts/${a.id}`,
      `/api/competitions/${id + 1}/participants/${pid}/attempts/${a.id}`,
      `/api/competitions/${id}/participants/${pid}/attempts/999999`,
    ]) {
      const res = await t.app.inject({ url: path })
      expect(res.statusCode, path).toBe(404)
      expect(res.json()).toEqual({ error: 'Video data not found' })
    }
  })
})

describe('cached reads: ETag, 304 and compressed bytes kept per change', () => {
  it('answers the participants compressed (br or gzip as asked), revalidates with If-None-Match, and changes its ETag with a join', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib')
    const organiser = await registerUser(t.app)
    const id = await createChallenge(t.app, organiser.access_token)
    // Enough lifters that the answer is over the 1 KB threshold.
    for (let i = 0; i < 4; i++) {
      const lifter = await registerUser(t.app, `Compressed Lifter ${i}`)
      await joinAs(lifter.access_token, id)
    }
    const url = `/api/competitions/${id}/participants`
    const plain = await t.app.inject({ url })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(1024)
    const etag = plain.headers.etag as string
    expect(etag).toMatch(/^"4-[\w-]+"$/)

    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toContain('Accept-Encoding')
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(br.headers['x-live-seq']).toBe('4')

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body)
    const refused = await t.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } })
    expect(refused.headers['content-encoding']).toBeUndefined()

    const unchanged = await t.app.inject({ url, headers: { 'if-none-match': etag, 'accept-encoding': 'br' } })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')
    expect(unchanged.headers.etag).toBe(etag)

    const late = await registerUser(t.app, 'Late Joiner')
    await joinAs(late.access_token, id)
    const changed = await t.app.inject({ url, headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(changed.json().participants).toHaveLength(5)
  })

  it('keeps a small answer uncompressed and gives the challenge list an ETag too', async () => {
    const list = await t.app.inject({ url: '/api/competitions', headers: { 'accept-encoding': 'br' } })
    expect(list.statusCode).toBe(200)
    const etag = list.headers.etag as string
    expect(etag).toBeTruthy()
    expect((await t.app.inject({ url: '/api/competitions', headers: { 'if-none-match': `W/${etag}` } })).statusCode).toBe(304)
    const organiser = await registerUser(t.app)
    const id = await createChallenge(t.app, organiser.access_token)
    const empty = await t.app.inject({ url: `/api/competitions/${id}/participants`, headers: { 'accept-encoding': 'br' } })
    expect(empty.headers['content-encoding']).toBeUndefined()
    expect(empty.json()).toEqual({ participants: [] })
  })
})
