// A meet's weigh-in through the API (issue 31, docs/categories.md "The weigh-in"): the window set at
// creation, the organiser's record (official bodyweight, a move to the class it is in, told), refusals,
// and no attempt before it. One server for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { multipartForm } from '../../helpers/clips.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({
    env: { RATE_LIMIT_UPLOAD_PER_MINUTE: '1000', RATE_LIMIT_ENTRIES_PER_MINUTE: '1000' },
    queue: { enqueue: async () => {}, close: async () => {} },
  })
})
afterAll(async () => {
  await t?.close()
})

const HOUR = 3_600_000
const iso = (offset: number) => new Date(Date.now() + offset).toISOString()
let n = 0
async function woman() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      name: `Woman ${n}`,
      email: `wi${Date.now().toString(36)}${n++}@example.com`,
      password: 'correct horse battery',
      sex: 'F',
      birth_date: '1994-04-04',
    },
  })
  const body = res.json() as { access_token: string; user_id: number }
  return { ...body, auth: { authorization: `Bearer ${body.access_token}` } }
}
const refusal = (res: { statusCode: number; json(): { error: string } }) => [res.statusCode, res.json().error]
async function meet(organiser: { access_token: string }, window: { opens: number; closes: number } | null) {
  return createChallenge(t.app, organiser.access_token, {
    format: 'meet',
    gender: 'F',
    class_set: 'ipf',
    weightclasses: [],
    ...(window ? { weigh_in: { opens_at: iso(window.opens), closes_at: iso(window.closes) } } : {}),
  })
}
const weighIn = (auth: Record<string, string>, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/competitions/${id}/weigh-ins`, headers: auth, payload })
async function entryOf(id: number, userId: number) {
  return (await t.app.inject({ url: `/api/competitions/${id}/participants/${userId}` })).json().participant as Record<string, unknown>
}
function upload(auth: Record<string, string>, id: number) {
  const form = multipartForm({ lift_type: 'squat', weight: 100, competition_id: id }, [
    { filename: 'lift.mp4', data: Buffer.from('not a video at all') },
  ])
  return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...auth, ...form.headers }, payload: form.payload })
}

describe('the weigh-in', () => {
  it('is set on a meet only, opening before it closes, closing by the end, and shown', async () => {
    const organiser = await registerUser(t.app)
    const base = { name: 'W', location: 'Oslo', start_date: iso(-HOUR), end_date: iso(6 * 24 * HOUR) }
    const create = (extra: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/create_competition', headers: organiser.auth, payload: { ...base, ...extra } })
    expect(refusal(await create({ weigh_in: { opens_at: iso(0), closes_at: iso(HOUR) } }))).toEqual([
      400,
      'weigh_in is for meets: an open challenge takes self-declared bodyweights.',
    ])
    expect(refusal(await create({ format: 'meet', weigh_in: { opens_at: iso(HOUR), closes_at: iso(0) } }))).toEqual([
      400,
      'weigh_in.closes_at must be after weigh_in.opens_at.',
    ])
    expect(refusal(await create({ format: 'meet', weigh_in: { opens_at: iso(0), closes_at: iso(7 * 24 * HOUR) } }))).toEqual([
      400,
      'weigh_in.closes_at must not be after end_date: lifters weigh in before they lift.',
    ])
    const id = await meet(organiser, { opens: -HOUR, closes: HOUR })
    const { competition: challenge } = (await t.app.inject({ url: `/api/competitions/${id}` })).json()
    expect(challenge.weigh_in).toEqual({ opens_at: expect.any(String), closes_at: expect.any(String) })
    expect((await t.app.inject({ url: `/api/competitions/${await meet(organiser, null)}` })).json().competition.weigh_in).toBeNull()
  })

  it('sets the official bodyweight, moves a lifter to the class it is in (told why), once; no attempt before it', async () => {
    const organiser = await registerUser(t.app)
    const id = await meet(organiser, { opens: -HOUR, closes: HOUR })
    const ada = await woman()
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/join_competition',
          headers: ada.auth,
          payload: { competition_id: id, weight_class: '52kg', bodyweight: 51.5 },
        })
      ).statusCode,
    ).toBe(201)
    expect(await entryOf(id, ada.user_id)).toMatchObject({ bodyweight: 51.5, bodyweight_source: 'self_declared', moved_from_class: null })

    const before = await upload(ada.auth, id)
    expect(before.statusCode).toBe(409)
    expect(before.json().error).toMatch(
      /^This meet weighs lifters in before they lift: the organiser records your bodyweight between .* UTC; no attempt is taken before\.$/,
    )

    expect(refusal(await weighIn(ada.auth, id, { user_id: ada.user_id, bodyweight: 52 }))).toEqual([
      403,
      'Only the organiser of this challenge records weigh-ins.',
    ])
    // Not their own, either (the organiser need not have joined for the refusal: a weigh-in is someone else's reading).
    expect(refusal(await weighIn(organiser.auth, id, { user_id: organiser.user_id, bodyweight: 80 }))).toEqual([
      403,
      "You cannot record your own weigh-in: a weigh-in is someone else's reading of the scale.",
    ])
    for (const bodyweight of [19.5, 300.5, 52.123]) {
      expect(refusal(await weighIn(organiser.auth, id, { user_id: ada.user_id, bodyweight }))).toEqual([
        400,
        "bodyweight must be a number of kg from 20 to 300, to at most two decimals (a scale's 0.01 kg).",
      ])
    }
    const stranger = await woman()
    expect(refusal(await weighIn(organiser.auth, id, { user_id: stranger.user_id, bodyweight: 60 }))).toEqual([
      404,
      'This lifter has not joined this challenge.',
    ])

    const weighed = await weighIn(organiser.auth, id, { user_id: ada.user_id, bodyweight: 52.4 })
    expect(weighed.statusCode, weighed.body).toBe(200)
    expect(weighed.json()).toEqual({
      message: "Weighed in at 52.4 kg: that is over the 52kg class's limit or under its floor, so you now lift in the 57kg class.",
      moved_from: '52kg',
      weight_class: '57kg',
      bodyweight: 52.4,
      user_id: ada.user_id,
    })
    expect(await entryOf(id, ada.user_id)).toMatchObject({
      weight_class: '57kg',
      bodyweight: 52.4,
      bodyweight_source: 'weigh_in',
      moved_from_class: '52kg',
    })

    expect((await weighIn(organiser.auth, id, { user_id: ada.user_id, bodyweight: 52 })).json().error).toMatch(
      /^This lifter weighed in already \(.* UTC\): a weigh-in is recorded once\.$/,
    )
    expect(
      refusal(
        await t.app.inject({ method: 'PUT', url: `/api/competitions/${id}/bodyweight`, headers: ada.auth, payload: { bodyweight: 53 } }),
      ),
    ).toEqual([409, 'Your bodyweight was recorded at the weigh-in: it is the official one and stays.'])
    // Past the weigh-in, the upload is checked as any other (here: not a video).
    expect(refusal(await upload(ada.auth, id))).toEqual([400, 'The file is not a video. Please upload an MP4, MOV or WebM clip.'])

    const bea = await woman()
    await t.app.inject({
      method: 'POST',
      url: '/api/join_competition',
      headers: bea.auth,
      payload: { competition_id: id, weight_class: '63kg' },
    })
    const stays = await weighIn(organiser.auth, id, { user_id: bea.user_id, bodyweight: 63 })
    expect(stays.json()).toMatchObject({ message: 'Weighed in at 63 kg in the 63kg class.', moved_from: null, weight_class: '63kg' })
  })

  it('is refused outside its window and where there is none, nothing stored', async () => {
    const organiser = await registerUser(t.app)
    const later = await meet(organiser, { opens: 24 * HOUR, closes: 48 * HOUR })
    const none = await meet(organiser, null)
    const cy = await woman()
    for (const id of [later, none])
      await t.app.inject({
        method: 'POST',
        url: '/api/join_competition',
        headers: cy.auth,
        payload: { competition_id: id, weight_class: '63kg' },
      })
    const outside = await weighIn(organiser.auth, later, { user_id: cy.user_id, bodyweight: 62 })
    expect(outside.statusCode).toBe(409)
    expect(outside.json().error).toMatch(/^The weigh-in runs from .* UTC to .* UTC: a weigh-in outside it is refused\.$/)
    expect(refusal(await weighIn(organiser.auth, none, { user_id: cy.user_id, bodyweight: 62 }))).toEqual([
      409,
      'This challenge has no weigh-in: its lifters declare their own bodyweight.',
    ])
    expect(await entryOf(later, cy.user_id)).toMatchObject({ bodyweight: null, bodyweight_source: null })
    // Without a weigh-in, the meet lifts on self-declared bodyweights: the upload passes the weigh-in check.
    expect((await upload(cy.auth, none)).json().error).not.toMatch(/weigh/)
  })
})
