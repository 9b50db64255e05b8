// Fair categories through the API (issue 31, docs/categories.md): a challenge's class set and equipment,
// a lifter's date of birth at registration and in the profile, the class a join may name, the
// divisions and equipment each participant answer lists, IPF GL by equipment. One server for the file.
import { nextAttemptNumber } from '../../helpers/attempts.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ipfGl } from '../../../contract/index.ts'
import { refreshLeaderboardOf } from '../../../infra/repositories/leaderboard-refresh.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

let n = 0
async function lifter(fields: { sex?: 'M' | 'F'; birth_date?: string } = {}) {
  const email = `cat${Date.now().toString(36)}${n++}@example.com`
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: `Lifter ${n}`, email, password: 'correct horse battery', ...fields },
  })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json() as { access_token: string; user_id: number }
  return { ...body, auth: { authorization: `Bearer ${body.access_token}` } }
}
const join = (auth: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/join_competition', headers: auth, payload })
const refusal = (res: { statusCode: number; json(): { error: string } }) => [res.statusCode, res.json().error]
async function participants(id: number) {
  return (await t.app.inject({ url: `/api/competitions/${id}/participants` })).json().participants as Record<string, unknown>[]
}

describe('class sets', () => {
  it('stores the class set (spec when absent) and answers it in the challenge', async () => {
    const organiser = await registerUser(t.app)
    const spec = await createChallenge(t.app, organiser.access_token)
    expect((await t.app.inject({ url: `/api/competitions/${spec}` })).json().competition).toMatchObject({
      class_set: 'spec',
      equipment: 'classic',
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create_competition',
      headers: organiser.auth,
      payload: {
        name: 'IPF Women',
        location: 'Oslo',
        start_date: '2030-03-01',
        end_date: '2030-03-02',
        gender: 'F',
        class_set: 'ipf',
        weightclasses: ['43kg', '47kg', '84kg+'],
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ class_set: 'ipf', equipment: 'classic' })
    expect((await t.app.inject({ url: `/api/competitions/${res.json().competition_id}` })).json().competition).toMatchObject({
      class_set: 'ipf',
      weightclasses: ['43kg', '47kg', '84kg+'],
    })
  })

  it('refuses classes of another set or sex, an unknown set and equipment for weightlifting, each with a sentence', async () => {
    const organiser = await registerUser(t.app)
    const body = { name: 'Bad', location: 'Oslo', start_date: '2030-03-01', end_date: '2030-03-02' }
    const create = (extra: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/create_competition', headers: organiser.auth, payload: { ...body, ...extra } })
    expect(refusal(await create({ gender: 'F', class_set: 'ipf', weightclasses: ['59kg'] }))).toEqual([
      400,
      'weightclasses: "59kg" is not one of the IPF classes for women: choose one of 43kg, 47kg, 52kg, 57kg, 63kg, 69kg, 76kg, 84kg, 84kg+.',
    ])
    expect(refusal(await create({ class_set: 'usapl' }))).toEqual([400, 'class_set must be one of spec, ipf, iwf.'])
    expect(refusal(await create({ lifttypes: ['Snatch', 'Clean & Jerk'], equipment: 'equipped' }))).toEqual([
      400,
      'equipment is for powerlifting challenges only (squat, bench press, deadlift): leave it out for these lifts.',
    ])
  })

  it("a 45 kg woman enters the women's 47 kg class of an IPF meet and ranks among women of her class, with her divisions", async () => {
    const organiser = await registerUser(t.app)
    const id = await createChallenge(t.app, organiser.access_token, { gender: 'F', class_set: 'ipf', weightclasses: [] })
    const ada = await lifter({ sex: 'F', birth_date: '1995-06-15' })
    const joined = await join(ada.auth, { competition_id: id, weight_class: '47kg', bodyweight: 45 })
    expect(joined.statusCode, joined.body).toBe(201)
    const [entry] = await participants(id)
    expect(entry).toMatchObject({
      weight_class: '47kg',
      gender: 'F',
      bodyweight: 45,
      divisions: ['open'],
      birth_year: 1995,
      equipment: 'classic',
    })
    // The date itself is private: no answer about the entry carries it.
    expect(JSON.stringify(entry)).not.toContain('1995-06-15')

    const bea = await lifter({ sex: 'F', birth_date: '1990-01-01' })
    expect(refusal(await join(bea.auth, { competition_id: id, weight_class: '59kg' }))).toEqual([
      400,
      'weight_class: "59kg" is not one of the IPF classes for women: choose one of 47kg, 52kg, 57kg, 63kg, 69kg, 76kg, 84kg, 84kg+.',
    ])
    expect(refusal(await join(bea.auth, { competition_id: id, weight_class: '43kg' }))).toEqual([
      400,
      'weight_class: The IPF 43kg class is for sub-junior and junior women only: choose one of 47kg, 52kg, 57kg, 63kg, 69kg, 76kg, 84kg, 84kg+.',
    ])
    expect(refusal(await join(bea.auth, { competition_id: id, weight_class: '47kg', bodyweight: 48 }))).toEqual([
      400,
      'A lifter of 48 kg is not in the 47kg class (up to 47 kg): choose the class your bodyweight is in.',
    ])
    for (const bodyweight of [19.99, 300.01, 45.123]) {
      expect(refusal(await join(bea.auth, { competition_id: id, weight_class: '47kg', bodyweight }))).toEqual([
        400,
        "bodyweight must be a number of kg from 20 to 300, to at most two decimals (a scale's 0.01 kg).",
      ])
    }
    expect(await t.db.prisma.participant.count({ where: { challengeId: id } })).toBe(1)

    // A junior may enter the 43 kg class (and is Junior and Open).
    const junior = await lifter({ sex: 'F', birth_date: `${new Date().getUTCFullYear() - 20}-02-01` })
    expect((await join(junior.auth, { competition_id: id, weight_class: '43kg', bodyweight: 42.5 })).statusCode).toBe(201)
    expect((await participants(id)).find((p) => p.user_id === junior.user_id)).toMatchObject({
      weight_class: '43kg',
      divisions: ['junior', 'open'],
    })
  })

  it("takes the men's list of an IPF challenge for men", async () => {
    const organiser = await registerUser(t.app)
    const id = await createChallenge(t.app, organiser.access_token, { class_set: 'ipf', weightclasses: [] })
    const bo = await lifter({ sex: 'M' })
    expect(refusal(await join(bo.auth, { competition_id: id, weight_class: '47kg' }))).toEqual([
      400,
      'weight_class: "47kg" is not one of the IPF classes for men: choose one of 59kg, 66kg, 74kg, 83kg, 93kg, 105kg, 120kg, 120kg+.',
    ])
    expect((await join(bo.auth, { competition_id: id, weight_class: '120kg+', bodyweight: 120.01 })).statusCode).toBe(201)
  })
})

describe('rankings by division', () => {
  it('filters participants by class, division and equipment, placing each group among itself; no filter, as before', async () => {
    const organiser = await registerUser(t.app)
    const id = await createChallenge(t.app, organiser.access_token, { gender: 'F', class_set: 'ipf', weightclasses: [], equipment: 'both' })
    const year = new Date().getUTCFullYear()
    const open = await lifter({ sex: 'F', birth_date: '1990-01-01' })
    const junior = await lifter({ sex: 'F', birth_date: `${year - 20}-01-01` })
    const suited = await lifter({ sex: 'F', birth_date: '1991-01-01' })
    for (const [who, total, equipment] of [
      [open, 300, 'classic'],
      [junior, 250, 'classic'],
      [suited, 320, 'equipped'],
    ] as const) {
      expect((await join(who.auth, { competition_id: id, weight_class: '63kg', equipment })).statusCode).toBe(201)
      const row = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId: id, userId: who.user_id } })
      for (const [liftType, weight] of [
        ['squat', total * 0.4],
        ['bench', total * 0.2],
        ['deadlift', total * 0.4],
      ] as const) {
        await t.db.prisma.attempt.create({ data: { participantId: row.id, liftType, attemptNumber: 1, weight, status: 'completed' } })
      }
      // The attempts above were written directly: rewrite the lifter's leaderboard rows as a decision would.
      await t.db.prisma.$transaction((tx) => refreshLeaderboardOf(tx, who.user_id))
    }
    const list = async (query: string) =>
      (await t.app.inject({ url: `/api/competitions/${id}/participants?${query}` })).json().participants as {
        user_id: number
        place: number
      }[]
    const places = (rows: { user_id: number; place: number }[]) => rows.map((p) => [p.user_id, p.place])
    expect(places(await list(''))).toEqual([
      [open.user_id, 1],
      [junior.user_id, 2],
      [suited.user_id, 1],
    ])
    expect(places(await list('division=junior'))).toEqual([[junior.user_id, 1]])
    expect(places(await list('division=open&equipment=classic'))).toEqual([
      [open.user_id, 1],
      [junior.user_id, 2],
    ])
    expect(places(await list('equipment=equipped&weight_class=63kg&sex=F'))).toEqual([[suited.user_id, 1]])
    expect(await list('sex=M')).toEqual([])
    const bad = await t.app.inject({ url: `/api/competitions/${id}/participants?division=teen` })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatch(/^division must be one of|^division has a value that is not allowed/)

    // The global leaderboard filters alike: class set, division, equipment (the rows of this challenge's lifters).
    const board = async (query: string) =>
      (
        (await t.app.inject({ url: `/api/leaderboard?include_unverified=true&sport=powerlifting&${query}` })).json().rows as {
          user_id: number
        }[]
      )
        .map((r) => r.user_id)
        .filter((u) => [open.user_id, junior.user_id, suited.user_id].includes(u))
    expect(await board('class_set=ipf&gender=F')).toEqual([suited.user_id, open.user_id, junior.user_id])
    expect(await board('division=junior')).toEqual([junior.user_id])
    expect(await board('equipment=equipped&weight_class=63kg')).toEqual([suited.user_id])
    expect(await board('class_set=iwf')).toEqual([])
    const row = (await t.app.inject({ url: `/api/leaderboard?include_unverified=true&division=junior&class_set=ipf` }))
      .json()
      .rows.find((r: { user_id: number }) => r.user_id === junior.user_id)
    expect(row).toMatchObject({ class_set: 'ipf', equipment: 'classic', divisions: ['junior', 'open'], weight_class: '63kg' })
  })
})

describe('birth_date', () => {
  it('refuses impossible dates at registration and in the profile, nothing stored', async () => {
    const year = new Date().getUTCFullYear()
    const cases: [string, string | RegExp][] = [
      ['21-04-1990', 'birth_date must be a date written YYYY-MM-DD, for example 1990-04-21.'],
      ['2001-02-29', /^birth_date 2001-02-29 is not a day of the calendar/],
      ['1899-12-31', 'birth_date must be 1900-01-01 or later (1899-12-31 is before).'],
      [`${year + 1}-01-01`, `birth_date ${year + 1}-01-01 is in the future: give the day you were born.`],
      [`${year - 10}-01-01`, /^Lifters must be at least 14 years old/],
    ]
    const account = await lifter()
    for (const [birth_date, error] of cases) {
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Young', email: `y${n++}@example.com`, password: 'correct horse battery', birth_date },
      })
      expect(registered.statusCode, birth_date).toBe(400)
      expect(registered.json().error).toMatch(error)
      const patched = await t.app.inject({ method: 'PATCH', url: '/api/auth/user', headers: account.auth, payload: { birth_date } })
      expect(patched.statusCode, birth_date).toBe(400)
      expect(patched.json().error).toMatch(error)
    }
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: account.user_id } })).birthDate).toBeNull()
  })

  it('is shown to its owner only; a change moves the entries to their divisions at once; fixed once the account has results', async () => {
    const organiser = await registerUser(t.app)
    const id = await createChallenge(t.app, organiser.access_token)
    const cy = await lifter({ sex: 'M' })
    expect((await join(cy.auth, { competition_id: id, weight_class: '83kg' })).statusCode).toBe(201)
    expect((await participants(id)).find((p) => p.user_id === cy.user_id)).toMatchObject({ divisions: [], birth_year: null })

    const patched = await t.app.inject({ method: 'PATCH', url: '/api/auth/user', headers: cy.auth, payload: { birth_date: '1980-05-05' } })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(patched.json()).toMatchObject({ birth_date: '1980-05-05', birth_year: 1980 })
    const year = new Date().getUTCFullYear()
    const expected = year - 1980 <= 49 ? ['open', 'masters_1'] : ['open', 'masters_2']
    expect((await participants(id)).find((p) => p.user_id === cy.user_id)).toMatchObject({ divisions: expected, birth_year: 1980 })
    const seen = await t.app.inject({ url: `/api/users/${cy.user_id}/profile` })
    expect(seen.body).not.toContain('1980-05-05')

    const row = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId: id, userId: cy.user_id } })
    await t.db.prisma.attempt.create({
      data: {
        participantId: row.id,
        liftType: 'squat',
        attemptNumber: await nextAttemptNumber(t.db.prisma, row.id, 'squat'),
        weight: 100,
        status: 'completed',
      },
    })
    expect(
      refusal(await t.app.inject({ method: 'PATCH', url: '/api/auth/user', headers: cy.auth, payload: { birth_date: '1990-05-05' } })),
    ).toEqual([
      409,
      'Your account has results, so its date of birth (and the divisions it gives) is fixed: a site administrator can correct it.',
    ])
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/auth/user', headers: cy.auth, payload: { birth_date: '1980-05-05' } })).statusCode,
    ).toBe(200)
  })
})

describe('equipment', () => {
  it('offers both as divisions: a lifter says which, ranks apart, and IPF GL uses the equipped coefficients', async () => {
    const organiser = await registerUser(t.app)
    const id = await createChallenge(t.app, organiser.access_token, { equipment: 'both', ranking: 'ipf_gl' })
    expect((await t.app.inject({ url: `/api/competitions/${id}` })).json().competition.equipment).toBe('both')
    const raw = await lifter({ sex: 'M' })
    const suited = await lifter({ sex: 'M' })
    // Saying nothing (as the spec's own client does) enters classic.
    expect((await join(raw.auth, { competition_id: id, weight_class: '93kg', bodyweight: 92.04 })).statusCode).toBe(201)
    expect(
      (await join(suited.auth, { competition_id: id, weight_class: '93kg', bodyweight: 92.04, equipment: 'equipped' })).statusCode,
    ).toBe(201)
    for (const user of [raw, suited]) {
      const row = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId: id, userId: user.user_id } })
      for (const [liftType, weight] of [
        ['squat', 400],
        ['bench', 300],
        ['deadlift', 335],
      ] as const) {
        await t.db.prisma.attempt.create({ data: { participantId: row.id, liftType, attemptNumber: 1, weight, status: 'completed' } })
      }
    }
    await t.app.inject({ method: 'PUT', url: `/api/competitions/${id}/bodyweight`, headers: raw.auth, payload: { bodyweight: 92.04 } })
    const list = await participants(id)
    const equipped = list.find((p) => p.user_id === suited.user_id)!
    const classic = list.find((p) => p.user_id === raw.user_id)!
    // Dmitry Inzarkin, 2019 IPF World Open Championships (equipped): 92.04 kg, 1035 kg → 112.85 (docs/categories.md).
    expect(equipped).toMatchObject({ equipment: 'equipped', total: 1035, points: 112.85, place: 1 })
    expect(classic).toMatchObject({
      equipment: 'classic',
      total: 1035,
      points: Math.round(ipfGl('M', 92.04, 1035, 'classic', 'full') * 100) / 100,
      place: 1,
    })
  })

  it('is its own for a classic challenge and refused for one that is not powerlifting', async () => {
    const organiser = await registerUser(t.app)
    const classic = await createChallenge(t.app, organiser.access_token)
    const wl = await createChallenge(t.app, organiser.access_token, { lifttypes: ['Snatch', 'Clean & Jerk'] })
    const dee = await lifter({ sex: 'M' })
    expect(refusal(await join(dee.auth, { competition_id: classic, weight_class: '83kg', equipment: 'equipped' }))).toEqual([
      400,
      'equipment must be classic: this challenge is classic only.',
    ])
    expect(refusal(await join(dee.auth, { competition_id: wl, weight_class: '83kg', equipment: 'classic' }))).toEqual([
      400,
      'equipment is for powerlifting challenges only (squat, bench press, deadlift): leave it out for this challenge.',
    ])
    expect((await join(dee.auth, { competition_id: wl, weight_class: '83kg' })).statusCode).toBe(201)
    expect((await participants(wl))[0]).toMatchObject({ equipment: null })
    expect((await t.app.inject({ url: `/api/competitions/${wl}` })).json().competition.equipment).toBeNull()
  })
})
