// Judging in real Chromium (issue 15): the organiser appoints three judges on the judging view,
// a lifter uploads a squat, three judge contexts vote on their desks (two good lifts from the
// keyboard and the big button, one no lift with a reason card), and a spectator's challenge page
// goes from "Awaiting judges" through the vote counts to the good lift and its total, live,
// without a reload. The organiser's view then shows each judge's agreement with the decision.
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { AuthResponse, Lift } from '../../contract/index.ts'
import { joinChallenge, uploadClip } from './api.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const clipPath = inject('clipPath')
const stamp = Date.now() % 100_000
const lifterName = `Jo Squatter ${stamp}`
const challengeName = `Judged Open ${stamp}`
const judgeNames = ['judge_a', 'judge_b', 'judge_c'].map((u) => `${u}${stamp}`)

async function register(name: string, username: string): Promise<AuthResponse> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      username,
      email: `${username}@e2e.liftarena.test`,
      password: 'e2e-password',
      weight_class: '83kg',
      country: 'Norway',
    }),
  })
  if (response.status !== 201) throw new Error(`register ${username}: ${response.status} ${await response.text()}`)
  return (await response.json()) as AuthResponse
}

async function createChallenge(auth: AuthResponse): Promise<number> {
  const response = await fetch(`${baseUrl}/api/create_competition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.access_token}` },
    body: JSON.stringify({
      // A squat challenge: each good squat is a total (a powerlifting total would need all three lifts).
      name: challengeName,
      location: 'Oslo',
      lifttypes: ['Squat'],
      weightclasses: ['83kg'],
      start_date: new Date(Date.now() - 60_000).toISOString(),
      end_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    }),
  })
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { competition_id: number }).competition_id
}

const SHOTS = fileURLToPath(new URL('../../.artifacts/screenshots/', import.meta.url))

/** Nothing wider than a 390 px phone; a full-page screenshot to look at. */
async function fitsPhone(page: Page, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: `${SHOTS}${name}-390.png`, fullPage: true })
}

/** The lifter's attempt chips in the spectator's top participants. */
const chips = () => spectator.page.getByRole('list', { name: `Attempts of ${lifterName}` })

let organiser: TestBrowser
let spectator: TestBrowser
let judges: TestBrowser[] = []
let organiserAuth: AuthResponse
let judgeAuths: AuthResponse[] = []
let lifterAuth: AuthResponse
let challengeId = 0

beforeAll(async () => {
  organiserAuth = await register(`Olga Organiser ${stamp}`, `olga${stamp}`)
  judgeAuths = await Promise.all(judgeNames.map((u, i) => register(`Judge ${'ABC'[i]} ${stamp}`, u)))
  lifterAuth = await register(lifterName, `jo${stamp}`)
  challengeId = await createChallenge(organiserAuth)
  await mkdir(SHOTS, { recursive: true })
  ;[organiser, spectator, ...judges] = await Promise.all([
    openBrowser(1280, 900),
    openBrowser(390, 844),
    openBrowser(1280, 900),
    openBrowser(1280, 900),
    openBrowser(390, 844),
  ])
})

afterAll(async () => {
  await Promise.all([organiser, spectator, ...judges].map((b) => b?.close()))
})

describe('three judges decide an uploaded lift, live', () => {
  it('the organiser appoints three judges on the judging view', async () => {
    const page = organiser.page
    await openSignedIn(page, baseUrl, organiserAuth)
    await page.goto(`${baseUrl}/challenges/${challengeId}/judging`)
    const form = page.getByRole('form', { name: 'Panel' })
    await form.waitFor()
    // Signed in, the nav offers the desk.
    const banner = page.getByRole('banner')
    await banner.getByRole('link', { name: 'Judge', exact: true }).waitFor()
    await banner.screenshot({ path: `${SHOTS}nav-signed-in-1280.png` })
    for (const [i, username] of judgeNames.entries()) {
      await form.getByRole('button', { name: 'Add judge' }).click()
      await form.getByLabel(`Judge ${i + 1} username`).fill(username)
    }
    await form.getByRole('button', { name: 'Save panel' }).click()
    await form.getByRole('status').filter({ hasText: 'Panel saved.' }).waitFor()
    const judgesTable = page.getByRole('region', { name: 'Judges' })
    await judgesTable.getByText(`@${judgeNames[2]}`).waitFor()
    expect(await judgesTable.getByRole('row').count()).toBe(4)
  })

  it('the lifter uploads; the spectator and every judge see it waiting', async () => {
    await joinChallenge(baseUrl, lifterAuth, challengeId, '83kg')
    await spectator.page.goto(`${baseUrl}/challenges/${challengeId}`)
    await spectator.page.getByRole('heading', { name: challengeName }).waitFor()
    await uploadClip(baseUrl, lifterAuth, challengeId, clipPath, 150)
    await chips()
      .getByText(/Awaiting judges · 0 of 3 votes/)
      .waitFor({ timeout: 15_000 })
    await organiser.page.getByRole('region', { name: 'Judges' }).getByText('1 attempt awaits a decision').waitFor({ timeout: 10_000 })
    await organiser.page.getByRole('listitem', { name: `Pending: ${lifterName}, Squat 150 kg` }).waitFor()
    await Promise.all(
      judges.map(async (judge, i) => {
        await openSignedIn(judge.page, baseUrl, judgeAuths[i]!)
        await judge.page.goto(`${baseUrl}/judge`)
        await judge.page.getByRole('heading', { name: `Squat 150 kg — ${lifterName}` }).waitFor()
        // Blind: a judge's desk shows no vote counts.
        expect(await judge.page.getByText(/of 3 votes/).count()).toBe(0)
      }),
    )
  })

  it('the judges vote: a no lift with a reason card, then two good lifts; the spectator sees each count and then the decision', async () => {
    const [first, second, third] = judges.map((j) => j.page) as [Page, Page, Page]
    // Judge A: three frames forward (3/30 s), no lift from the keyboard, that moment marked,
    // the first squat card (depth, red), sent with Enter.
    await first.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1)
    await first.screenshot({ path: `${SHOTS}judge-desk-1280.png` })
    for (let i = 0; i < 3; i++) await first.keyboard.press('ArrowRight')
    await first.getByLabel('Current time').filter({ hasText: '0.10 s' }).waitFor()
    await first.keyboard.press('r')
    await first.getByRole('form', { name: 'No lift' }).waitFor()
    await first.getByRole('button', { name: 'Mark this moment' }).click()
    await first.getByText('At 0.10 s').waitFor()
    await first.keyboard.press('1')
    expect(await first.getByRole('radio', { name: /Not deep enough/ }).isChecked()).toBe(true)
    await first.keyboard.press('Enter')
    await first.getByText('Nothing to judge right now.').waitFor()
    await chips()
      .getByText(/Awaiting judges · 1 of 3 votes/)
      .waitFor({ timeout: 10_000 })

    // Judge B: space plays and pauses the clip, even with the Good lift button focused (it sends nothing); then W.
    const paused = () => second.evaluate(() => document.querySelector('video')!.paused)
    await second.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2)
    await second.getByRole('group', { name: 'Speed' }).getByRole('button', { name: '0.25×' }).click()
    expect(await second.evaluate(() => [document.querySelector('video')!.playbackRate, document.querySelector('video')!.loop])).toEqual([
      0.25,
      true,
    ])
    await second.getByRole('button', { name: 'Good lift' }).focus()
    await second.keyboard.press('Space')
    await second.waitForFunction(() => !document.querySelector('video')!.paused)
    await second.keyboard.press('Space')
    await second.waitForFunction(() => document.querySelector('video')!.paused)
    expect(await paused()).toBe(true)
    await second.getByRole('heading', { name: `Squat 150 kg — ${lifterName}` }).waitFor()
    await second.keyboard.press('w')
    await second.getByText('Nothing to judge right now.').waitFor()
    await chips()
      .getByText(/Awaiting judges · 2 of 3 votes/)
      .waitFor({ timeout: 10_000 })
    expect(await spectator.page.getByTestId('participant-total').first().textContent()).toBe('—')

    // Judge C, on a phone: the big Good lift button decides it (two of three).
    await third.getByRole('button', { name: 'Menu' }).click()
    await third.getByRole('banner').getByRole('link', { name: 'Judge', exact: true }).waitFor()
    await third.getByRole('banner').screenshot({ path: `${SHOTS}nav-menu-signed-in-390.png` })
    await third.getByRole('button', { name: 'Menu' }).click()
    await third.getByRole('button', { name: 'No lift' }).click()
    await third.getByRole('form', { name: 'No lift' }).waitFor()
    await fitsPhone(third, 'judge-desk-no-lift')
    const sent = Date.now()
    await third.getByRole('button', { name: 'Good lift' }).click()
    await chips()
      .getByText(/Awaiting judges/)
      .waitFor({ state: 'detached', timeout: 10_000 })
    await spectator.page.getByTestId('participant-total').filter({ hasText: '150 kg' }).waitFor({ timeout: 10_000 })
    console.log(`third vote → spectator's page shows the good lift: ${Date.now() - sent} ms`)
    await third.getByText('Nothing to judge right now.').waitFor()

    // The decision's lights: judge A's no lift carries its card, reason and the marked moment.
    const lifts = (await (await fetch(`${baseUrl}/api/competitions/${challengeId}/lifts`)).json()) as { lifts: Lift[] }
    const decided = lifts.lifts.find((l) => l.participant_name === lifterName)!
    expect(decided.status).toBe('completed')
    expect(decided.judging.lights.filter((l) => !l.good).map((l) => [l.reason, l.card, l.at_seconds])).toEqual([['depth', 'red', 0.1]])
    expect(decided.judging.lights.filter((l) => l.good)).toHaveLength(2)
  })

  it("the organiser's view shows the votes cast and each judge's agreement with the decision", async () => {
    const page = organiser.page
    // No reload: the view follows the challenge's room.
    const judgesTable = page.getByRole('region', { name: 'Judges' })
    await judgesTable.getByText('0 attempts await a decision').waitFor({ timeout: 10_000 })
    await page.getByText('No attempt awaits a decision.').waitFor()
    const rows = await judgesTable
      .getByRole('row')
      .evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))
    expect(rows.map((r) => [r[2], r[3]])).toEqual([
      ['1', '0%'],
      ['1', '100%'],
      ['1', '100%'],
    ])
    await page.setViewportSize({ width: 390, height: 844 })
    await fitsPhone(page, 'judging-organiser')
    const agreement = await judgesTable.getByRole('columnheader', { name: 'Agreement' }).boundingBox()
    expect(agreement!.x + agreement!.width).toBeLessThanOrEqual(390)
  })

  it('the lifter appeals; the organiser, as jury, reverses it only with a reason, and the spectator sees the total go', async () => {
    const page = organiser.page
    const lifts = (await (await fetch(`${baseUrl}/api/competitions/${challengeId}/lifts`)).json()) as { lifts: Lift[] }
    const attemptId = lifts.lifts.find((l) => l.participant_name === lifterName)!.id
    const appealed = await fetch(`${baseUrl}/api/attempts/${attemptId}/appeal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${lifterAuth.access_token}` },
      body: JSON.stringify({ note: 'Ask the jury' }),
    })
    expect(appealed.status).toBe(201)
    const appeal = page.getByRole('listitem', { name: `Appeal: ${lifterName}, Squat 150 kg` })
    await appeal.waitFor({ timeout: 10_000 })
    expect(await appeal.textContent()).toContain('Ask the jury')
    expect(await appeal.getByRole('list', { name: 'Lights' }).getByRole('listitem').count()).toBe(3)
    // The jury sees the video of the attempt under appeal.
    await appeal.locator('video').waitFor()
    expect((await appeal.locator('video').getAttribute('aria-label')) ?? (await appeal.locator('video').count())).toBeTruthy()
    await appeal.getByRole('button', { name: 'Reverse to no lift' }).click()
    await appeal.getByRole('alert').filter({ hasText: 'Give the reason for your decision.' }).waitFor()
    await appeal.getByLabel('Reason for the decision').fill('Depth not reached at 0.10 s')
    await appeal.getByRole('button', { name: 'Reverse to no lift' }).click()
    await page.getByText('No appeal to decide.').waitFor({ timeout: 10_000 })
    await spectator.page.getByTestId('participant-total').filter({ hasText: /^—$/ }).first().waitFor({ timeout: 10_000 })
  })

  it("the organiser decides a new upload directly as jury; it leaves the judges' desks live", async () => {
    const [, , third] = judges.map((j) => j.page) as [Page, Page, Page]
    await uploadClip(baseUrl, lifterAuth, challengeId, clipPath, 160)
    await third.getByRole('heading', { name: `Squat 160 kg — ${lifterName}` }).waitFor({ timeout: 10_000 })
    const item = organiser.page.getByRole('listitem', { name: `Pending: ${lifterName}, Squat 160 kg` })
    await item.waitFor({ timeout: 10_000 })
    await item.getByRole('button', { name: 'No lift…' }).click()
    expect(await item.getByRole('button', { name: 'Decide no lift' }).isDisabled()).toBe(true)
    await item.getByText('Feet moved').click()
    await item.getByRole('button', { name: 'Decide no lift' }).click()
    await organiser.page.getByText('No attempt awaits a decision.').waitFor({ timeout: 10_000 })
    await third.getByText('Nothing to judge right now.').waitFor({ timeout: 10_000 })
    const lifts = (await (await fetch(`${baseUrl}/api/competitions/${challengeId}/lifts`)).json()) as { lifts: Lift[] }
    const decided = lifts.lifts.find((l) => l.weight === 160)!
    expect([decided.status, decided.judging.decided_by, decided.judging.lights.map((l) => l.reason)]).toEqual([
      'failed',
      'jury',
      ['feet_moved'],
    ])
  })

  it('no page logged an error', () => {
    for (const b of [organiser, spectator, ...judges]) expect(b.errors).toEqual([])
  })
})
