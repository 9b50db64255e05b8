// A meet played through the REST API on a real server and database (docs/meet-rules.md): three lifters, a
// panel of three, openers declared and not, good lifts and no lifts, a declaration made by the window's sweep,
// a bomb-out; the final cards, totals and places; every refusal's status and sentence; two uploads of one
// attempt at once record one; an open challenge numbers its attempts and stops at ten per lift.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Declaration, Lift, MeetCard, MeetCardsResponse } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { makeClip, multipartForm } from '../../helpers/clips.ts'
import { certifiedPanel } from '../../helpers/judging.ts'

let t: TestApp
let clipDir: string
let clip: Buffer

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'liftarena-meet-'))
  ;[t, clip] = await Promise.all([
    startTestApp({
      env: { RATE_LIMIT_UPLOAD_PER_MINUTE: '1000', RATE_LIMIT_ENTRIES_PER_MINUTE: '1000' },
      queue: { enqueue: async () => {}, close: async () => {} },
    }),
    makeClip(clipDir, 'lift.mp4', { width: 320, height: 240, seconds: 1 }).then((p) => readFileSync(p)),
  ])
})
afterAll(async () => {
  await t?.close()
  if (clipDir) rmSync(clipDir, { recursive: true, force: true })
})

type User = Awaited<ReturnType<typeof registerUser>>

async function enter(user: User, challengeId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: user.auth,
    payload: { competition_id: challengeId, weight_class: '83kg' },
  })
  expect(res.statusCode, res.body).toBe(201)
}

function upload(user: User, challengeId: number, liftType: string, weight: number) {
  const form = multipartForm({ lift_type: liftType, weight, competition_id: challengeId }, [{ filename: 'lift.mp4', data: clip }])
  return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...user.auth, ...form.headers }, payload: form.payload })
}

function declare(user: User | null, challengeId: number, liftType: string, weight: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/competitions/${challengeId}/declarations`,
    headers: user ? user.auth : {},
    payload: { lift_type: liftType, weight },
  })
}

async function cards(challengeId: number): Promise<MeetCardsResponse> {
  const res = await t.app.inject({ url: `/api/competitions/${challengeId}/cards` })
  expect(res.statusCode, res.body).toBe(200)
  expect(Number(res.headers['x-live-seq'])).toBeGreaterThan(0)
  return res.json() as MeetCardsResponse
}

/** Status and sentence of a refusal. */
const refusal = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  error: (res.json() as { error?: string }).error,
})

describe('a meet played through the API', () => {
  it('takes openers, declarations, decisions, a window passing, a bomb-out, and ends with the classic cards', async () => {
    const organiser = await registerUser(t.app, 'Meet Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { format: 'meet', declaration_window_minutes: 1, name: 'Spring Meet' })
    const created = (await t.app.inject({ url: `/api/competitions/${id}` })).json() as {
      competition: { format: string; declaration_window_minutes: number }
    }
    expect(created.competition).toMatchObject({ format: 'meet', declaration_window_minutes: 1 })
    const panel = await certifiedPanel(t, organiser, id)
    const [ada, ben, cy] = [
      await registerUser(t.app, 'Ada Meet'),
      await registerUser(t.app, 'Ben Meet'),
      await registerUser(t.app, 'Cy Meet'),
    ]
    for (const lifter of [ada!, ben!, cy!]) await enter(lifter, id)
    const lots = await t.db.prisma.participant.findMany({ where: { challengeId: id }, select: { lot: true } })
    expect(new Set(lots.map((l) => l.lot)).size).toBe(3)
    expect(lots.every((l) => l.lot !== null && l.lot >= 1 && l.lot <= 99)).toBe(true)

    // Openers: Ada and Ben declare; Cy's upload declares his.
    expect(refusal(await declare(ada!, id, 'squat', 181))).toEqual({
      status: 400,
      error: 'A squat is loaded in steps of 2.5 kg: 181 kg is not one (180 kg or 182.5 kg are).',
    })
    expect(refusal(await declare(ada!, id, 'squat', 17.5))).toEqual({ status: 400, error: 'A squat starts at the empty bar, 20 kg.' })
    const opener = await declare(ada!, id, 'Squat', 180)
    expect(opener.statusCode, opener.body).toBe(201)
    expect((opener.json() as { declaration: Declaration }).declaration).toMatchObject({
      competition_id: id,
      user_id: ada!.user_id,
      lift_type: 'squat',
      attempt_number: 1,
      weight: 180,
      automatic: false,
    })
    expect((await declare(ben!, id, 'squat', 150)).statusCode).toBe(201)
    // An opener of a later lift may be declared at once, as at a weigh-in.
    expect((await declare(ben!, id, 'deadlift', 180)).statusCode).toBe(201)

    expect(refusal(await upload(ada!, id, 'squat', 185))).toEqual({
      status: 409,
      error: 'You declared 180 kg for your first squat: upload it at that weight, or declare again first.',
    })
    expect(refusal(await upload(ben!, id, 'bench', 100))).toEqual({
      status: 409,
      error: 'Take your 3 squats before your first bench press.',
    })
    expect(refusal(await upload(cy!, id, 'squat', 101))).toEqual({
      status: 400,
      error: 'A squat is loaded in steps of 2.5 kg: 101 kg is not one (100 kg or 102.5 kg are).',
    })

    const take = async (who: User, lift: string, weight: number) => {
      const res = await upload(who, id, lift, weight)
      expect(res.statusCode, res.body).toBe(201)
      return (res.json() as { attempt_id: number }).attempt_id
    }
    const a1 = await take(ada!, 'squat', 180)
    const b1 = await take(ben!, 'squat', 150)
    const c1 = await take(cy!, 'squat', 100)

    // Pending attempts in lifting order: round 1 of the squat, lightest first; the judges' desks show them so.
    let board = await cards(id)
    expect(board.next_up.map((u) => [u.name, u.lift_type, u.attempt_number, u.weight, u.state])).toEqual([
      ['Cy Meet', 'squat', 1, 100, 'pending'],
      ['Ben Meet', 'squat', 1, 150, 'pending'],
      ['Ada Meet', 'squat', 1, 180, 'pending'],
    ])
    const queue = (await t.app.inject({ url: '/api/judge/queue', headers: panel.judges[0]!.auth })).json() as { attempts: Lift[] }
    expect(queue.attempts.map((a) => a.id)).toEqual([c1, b1, a1])
    expect(queue.attempts.map((a) => a.attempt_number)).toEqual([1, 1, 1])
    const adaCard = board.cards.find((c) => c.user_id === ada!.user_id)!
    expect(adaCard.lifts[0]!.cells[0]).toMatchObject({
      attempt_number: 1,
      weight: 180,
      state: 'pending',
      attempt_id: a1,
      votes_cast: 0,
      votes_needed: 3,
    })
    expect(adaCard.next).toMatchObject({ action: 'judging', lift_type: 'squat', attempt_number: 1 })

    expect(refusal(await declare(ada!, id, 'squat', 185))).toEqual({
      status: 409,
      error: 'Your first squat is still with the judges: declare your second once it is decided.',
    })
    expect(refusal(await upload(ada!, id, 'squat', 185))).toEqual({
      status: 409,
      error: 'Your first squat is still with the judges: film your second once it is decided.',
    })

    await panel.decide(a1, true)
    await panel.decide(b1, true)
    await panel.decide(c1, false)
    expect(refusal(await declare(ada!, id, 'squat', 180))).toEqual({
      status: 400,
      error: 'Your second squat must be at least 182.5 kg: your first, 180 kg, was good.',
    })
    expect(refusal(await declare(cy!, id, 'squat', 97.5))).toEqual({
      status: 400,
      error: 'Your second squat must be at least 100 kg: your first, 100 kg, was a no lift (repeat it or go up).',
    })
    expect((await declare(ada!, id, 'squat', 185)).statusCode).toBe(201)

    board = await cards(id)
    const benNext = board.cards.find((c) => c.user_id === ben!.user_id)!
    expect(benNext.next).toMatchObject({ action: 'declare', lift_type: 'squat', attempt_number: 2, minimum: 152.5 })
    expect(benNext.next.declare_by).not.toBeNull()
    expect(benNext.lifts[0]!.cells[1]).toMatchObject({ state: 'empty', declare_by: benNext.next.declare_by })

    // Nothing is due within the window; after it, the rulebook declares for Ben (one step up) and Cy (the same weight), once.
    expect(await t.app.services.meets.sweep(new Date())).toEqual([])
    const later = new Date(Date.now() + 2 * 60_000)
    const auto = await t.app.services.meets.sweep(later)
    expect(auto.map((d) => [d.user_id, d.lift_type, d.attempt_number, d.weight, d.automatic]).sort()).toEqual(
      [
        [ben!.user_id, 'squat', 2, 152.5, true],
        [cy!.user_id, 'squat', 2, 100, true],
      ].sort(),
    )
    expect(await t.app.services.meets.sweep(later)).toEqual([])
    const announced = await t.db.prisma.liveEvent.findMany({
      where: { room: `competition:${id}`, type: 'attempt.declared' },
      orderBy: { seq: 'asc' },
    })
    expect(announced.filter((e) => (e.payload as { declaration: Declaration }).declaration.automatic)).toHaveLength(2)
    board = await cards(id)
    expect(board.cards.find((c) => c.user_id === ben!.user_id)!.lifts[0]!.cells[1]).toMatchObject({
      weight: 152.5,
      state: 'declared',
      automatic: true,
    })

    // The rest of the meet. Cy misses all three squats: bombed out.
    const play = async (who: User, lift: string, weights: [number, boolean][]) => {
      for (const [weight, good] of weights) await panel.decide(await take(who, lift, weight), good, lift)
    }
    await panel.decide(await take(ada!, 'squat', 185), true)
    await panel.decide(await take(ben!, 'squat', 152.5), true)
    await panel.decide(await take(cy!, 'squat', 100), false)
    await play(ada!, 'squat', [[190, false]])
    await play(ben!, 'squat', [[157.5, true]])
    await play(cy!, 'squat', [[100, false]])
    expect(refusal(await upload(ada!, id, 'squat', 195))).toEqual({ status: 409, error: 'You have taken your 3 squats.' })
    expect(refusal(await upload(ada!, id, 'deadlift', 200))).toEqual({
      status: 409,
      error: 'Take your 3 bench presses before your first deadlift.',
    })
    await play(ada!, 'bench', [
      [120, true],
      [125, true],
      [130, true],
    ])
    await play(ben!, 'bench', [
      [100, true],
      [105, false],
      [105, true],
    ])
    await play(cy!, 'bench', [
      [80, true],
      [85, true],
      [90, true],
    ])
    await play(ada!, 'deadlift', [
      [200, true],
      [210, true],
      [220, false],
    ])
    expect(refusal(await upload(ben!, id, 'deadlift', 190))).toEqual({
      status: 409,
      error: 'You declared 180 kg for your first deadlift: upload it at that weight, or declare again first.',
    })
    await play(ben!, 'deadlift', [
      [180, true],
      [190, true],
      [195, true],
    ])
    await play(cy!, 'deadlift', [
      [150, true],
      [160, true],
      [170, true],
    ])

    board = await cards(id)
    expect(board.next_up).toEqual([])
    expect(board.lifts).toEqual(['squat', 'bench', 'deadlift'])
    const row = (card: MeetCard) => [card.name, card.place, card.total, card.bombed_out, card.lifts.map((l) => l.best), card.next.action]
    expect(board.cards.map(row)).toEqual([
      ['Ada Meet', 1, 525, false, [185, 130, 210], 'done'],
      ['Ben Meet', 2, 457.5, false, [157.5, 105, 195], 'done'],
      ['Cy Meet', null, null, true, [null, 90, 170], 'done'],
    ])
    const cells = (card: MeetCard) => card.lifts.map((l) => l.cells.map((c) => `${c.weight}:${c.state}`))
    expect(cells(board.cards[0]!)).toEqual([
      ['180:good', '185:good', '190:no_lift'],
      ['120:good', '125:good', '130:good'],
      ['200:good', '210:good', '220:no_lift'],
    ])
    expect(cells(board.cards[2]!)[0]).toEqual(['100:no_lift', '100:no_lift', '100:no_lift'])
    expect(board.cards[0]!.lifts[0]!.cells[2]).toMatchObject({ votes_cast: 3, votes_needed: 3 })

    // Every lift answer carries its number within the lifter's lift.
    const lifts = (await t.app.inject({ url: `/api/competitions/${id}/lifts` })).json() as { lifts: Lift[] }
    expect(lifts.lifts).toHaveLength(27)
    const adaSquats = lifts.lifts
      .filter((l) => l.user_id === ada!.user_id && l.lift_type === 'squat')
      .sort((x, y) => x.attempt_number - y.attempt_number)
    expect(adaSquats.map((l) => [l.attempt_number, l.weight])).toEqual([
      [1, 180],
      [2, 185],
      [3, 190],
    ])
  })

  it('records one of two uploads of the same attempt sent at once, and refuses the other with a sentence', async () => {
    const organiser = await registerUser(t.app, 'Race Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { format: 'meet' })
    const lifter = await registerUser(t.app, 'Racing Lifter')
    await enter(lifter, id)
    const answers = await Promise.all([upload(lifter, id, 'squat', 150), upload(lifter, id, 'squat', 150)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
    expect(refusal(answers.find((a) => a.statusCode === 409)!)).toEqual({
      status: 409,
      error: 'Your first squat is still with the judges: film your second once it is decided.',
    })
    const rows = await t.db.prisma.attempt.findMany({ where: { participant: { challengeId: id } } })
    expect(rows.map((r) => [r.liftType, r.attemptNumber, r.weight])).toEqual([['squat', 1, 150]])
  })

  it('refuses declarations and cards with the right status and sentence', async () => {
    const organiser = await registerUser(t.app, 'Refusing Organiser')
    const meet = await createChallenge(t.app, organiser.access_token, { format: 'meet', lifttypes: ['Snatch', 'Clean & Jerk'] })
    const open = await createChallenge(t.app, organiser.access_token, {})
    const lifter = await registerUser(t.app, 'Refused Lifter')
    await enter(lifter, meet)
    await enter(lifter, open)
    expect(refusal(await declare(null, meet, 'snatch', 100))).toMatchObject({ status: 401 })
    expect(refusal(await declare(organiser, meet, 'snatch', 100))).toEqual({
      status: 403,
      error: 'Join this challenge before declaring an attempt.',
    })
    expect(refusal(await declare(lifter, 2_000_000_000, 'snatch', 100))).toEqual({
      status: 404,
      error: 'Challenge 2000000000 does not exist.',
    })
    expect(refusal(await declare(lifter, meet, 'squat', 100))).toEqual({
      status: 400,
      error: "lift_type must be one of this meet's lifts: snatch, clean_and_jerk.",
    })
    expect(refusal(await declare(lifter, meet, 'snatch', 100.5))).toEqual({
      status: 400,
      error: 'A snatch is loaded in steps of 1 kg: 100.5 kg is not one (100 kg or 101 kg are).',
    })
    expect(refusal(await declare(lifter, open, 'squat', 100))).toEqual({
      status: 409,
      error: 'Declarations are for meets: an open challenge takes any weight in any order.',
    })
    expect((await declare(lifter, meet, 'snatch', 101)).statusCode).toBe(201)
    expect(refusal(await upload(lifter, meet, 'clean_and_jerk', 120))).toEqual({
      status: 409,
      error: 'Take your 3 snatches before your first clean & jerk.',
    })
    const openCards = await t.app.inject({ url: `/api/competitions/${open}/cards` })
    expect(refusal(openCards)).toEqual({
      status: 409,
      error: 'Attempt cards are for meets: this challenge is open (any weight in any order); its participants show every attempt.',
    })
    expect(refusal(await t.app.inject({ url: '/api/competitions/2000000000/cards' }))).toEqual({
      status: 404,
      error: 'Challenge 2000000000 does not exist.',
    })
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/create_competition',
      headers: organiser.auth,
      payload: {
        name: 'Bad',
        location: 'Gym',
        start_date: new Date().toISOString(),
        end_date: new Date(Date.now() + 86_400_000).toISOString(),
        format: 'league',
      },
    })
    expect(bad.statusCode).toBe(400)
  })
})

describe('the cards answer', () => {
  it('is served once per change: revalidated with its ETag until a declaration changes it', async () => {
    const organiser = await registerUser(t.app, 'Cache Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { format: 'meet' })
    const lifter = await registerUser(t.app, 'Cache Lifter')
    await enter(lifter, id)
    const first = await t.app.inject({ url: `/api/competitions/${id}/cards` })
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag as string
    expect((await t.app.inject({ url: `/api/competitions/${id}/cards`, headers: { 'if-none-match': etag } })).statusCode).toBe(304)
    expect((await declare(lifter, id, 'squat', 100)).statusCode).toBe(201)
    const after = await t.app.inject({ url: `/api/competitions/${id}/cards`, headers: { 'if-none-match': etag } })
    expect(after.statusCode).toBe(200)
    expect(Number(after.headers['x-live-seq'])).toBeGreaterThan(Number(first.headers['x-live-seq']))
    expect((after.json() as MeetCardsResponse).cards[0]!.lifts[0]!.cells[0]).toMatchObject({ state: 'declared', weight: 100 })
  })
})

describe('an open challenge', () => {
  it('numbers every attempt of a lift and refuses the eleventh with a sentence, in any order and weight', async () => {
    const organiser = await registerUser(t.app, 'Open Organiser')
    const id = await createChallenge(t.app, organiser.access_token, {})
    const lifter = await registerUser(t.app, 'Open Lifter')
    await enter(lifter, id)
    const deadlift = await upload(lifter, id, 'deadlift', 200)
    expect(deadlift.statusCode, deadlift.body).toBe(201)
    for (let n = 1; n <= 10; n++) expect((await upload(lifter, id, 'squat', 100 - n)).statusCode).toBe(201)
    expect(refusal(await upload(lifter, id, 'squat', 100))).toEqual({
      status: 409,
      error: 'You have uploaded 10 squats, the most an open challenge takes per lift.',
    })
    const lifts = (await t.app.inject({ url: `/api/competitions/${id}/lifts` })).json() as { lifts: Lift[] }
    expect(
      lifts.lifts
        .filter((l) => l.lift_type === 'squat')
        .map((l) => l.attempt_number)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(lifts.lifts.find((l) => l.lift_type === 'deadlift')!.attempt_number).toBe(1)
  })
})

describe('a meet through the resumable (tus) route', () => {
  const b64 = (value: string | number) => Buffer.from(String(value)).toString('base64')
  const TUS = { 'tus-resumable': '1.0.0' }
  const create = (user: User, fields: Record<string, string | number>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: {
        ...TUS,
        ...user.auth,
        'upload-length': String(clip.length),
        'upload-metadata': Object.entries({ filename: 'lift.mp4', filetype: 'video/mp4', ...fields })
          .map(([k, v]) => `${k} ${b64(v)}`)
          .join(','),
      },
    })

  it('refuses before any byte what the rules refuse, and checks again when the last byte arrives', async () => {
    const organiser = await registerUser(t.app, 'Tus Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { format: 'meet' })
    const lifter = await registerUser(t.app, 'Tus Lifter')
    await enter(lifter, id)
    expect((await declare(lifter, id, 'squat', 180)).statusCode).toBe(201)
    expect(refusal(await create(lifter, { lift_type: 'squat', weight: 185, competition_id: id }))).toEqual({
      status: 409,
      error: 'You declared 180 kg for your first squat: upload it at that weight, or declare again first.',
    })
    expect(refusal(await create(lifter, { lift_type: 'bench', weight: 100, competition_id: id }))).toEqual({
      status: 409,
      error: 'Take your 3 squats before your first bench press.',
    })

    // A resumable upload of the opener begins; meanwhile the same opener arrives through POST /api/upload and is recorded.
    const begun = await create(lifter, { lift_type: 'squat', weight: 180, competition_id: id })
    expect(begun.statusCode, begun.body).toBe(201)
    expect((await upload(lifter, id, 'squat', 180)).statusCode).toBe(201)
    const last = await t.app.inject({
      method: 'PATCH',
      url: begun.headers.location as string,
      payload: clip,
      headers: { ...TUS, ...lifter.auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    })
    expect(refusal(last)).toEqual({ status: 409, error: 'Your first squat is still with the judges: film your second once it is decided.' })
    const rows = await t.db.prisma.attempt.findMany({ where: { participant: { challengeId: id } } })
    expect(rows.map((r) => [r.attemptNumber, r.weight])).toEqual([[1, 180]])
  })
})
