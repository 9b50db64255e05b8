// "Your place", on a phone (390 × 844) in Chromium against the real server: a lifter ranked below
// the top 5 opens "And N more participants...", sees "You: #N" (N as the API places them), taps it
// to reach their row, and finds another lifter by name; their profile's history shows place, status
// and total without sideways scrolling; after uploading a clip they land on their own attempt,
// highlighted, through its processing to ready and the judges' verdict.
// Screenshots: /tmp/shots/after-participants.png, after-profile.png, after-landing.png.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse, Participant } from '../../contract/index.ts'
import { createOpenChallenge, joinChallenge, makeSizedClip, registerUser, uploadClip } from './api.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const clipPath = inject('clipPath')
const SHOTS = '/tmp/shots'
const PHONE = { width: 390, height: 844 }

let dir: string
let organiser: AuthResponse
let me: AuthResponse
let challengeId: number
let browser: TestBrowser
/** The lifters' squats: six above mine, two below, one without a lift (no place). */
const OTHERS: Array<[string, number | null]> = [
  ['Place Lifter One', 200],
  ['Place Lifter Two', 190],
  ['Place Lifter Three', 180],
  ['Zelda Quarry', 170],
  ['Place Lifter Five', 160],
  ['Place Lifter Six', 150],
  ['Place Lifter Eight', 130],
  ['Place Lifter Nine', 120],
  ['Place Lifter Ten', null],
]
const MY_SQUAT = 140

async function api<T>(path: string, method = 'GET', token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** Joins, uploads a squat of `kg` and has the organiser (the challenge's only judge) pass it. */
async function lifterWithSquat(auth: AuthResponse, kg: number | null) {
  await joinChallenge(baseUrl, auth, challengeId, '83kg')
  if (kg === null) return
  const { attempt_id: attemptId } = await uploadClip(baseUrl, auth, challengeId, clipPath, kg)
  await api(`/api/attempts/${attemptId}/votes`, 'POST', organiser.access_token, { good: true })
}

const placeOf = async (userId: number) =>
  (await api<{ participant: Participant }>(`/api/competitions/${challengeId}/participants/${userId}`)).participant.place

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liftarena-your-place-'))
  await mkdir(SHOTS, { recursive: true })
  organiser = await registerUser(baseUrl, 'Place Organiser')
  challengeId = await createOpenChallenge(baseUrl, organiser, `Your Place Open ${Date.now() % 100_000}`)
  for (const [name, kg] of OTHERS) await lifterWithSquat(await registerUser(baseUrl, name), kg)
  me = await registerUser(baseUrl, 'Place Me')
  await lifterWithSquat(me, MY_SQUAT)
  browser = await openBrowser(PHONE.width, PHONE.height)
  await openSignedIn(browser.page, baseUrl, me)
})

afterAll(async () => {
  await browser?.close()
  await rm(dir, { recursive: true, force: true })
})

/** Whether the element is wholly inside the phone's screen now. */
const onScreen = (box: { x: number; y: number; width: number; height: number } | null) =>
  box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height

describe('your place, on a phone', () => {
  it('"And N more participants..." opens the whole list with "You: #N" pinned; tapping it reaches my row; search finds a lifter', async () => {
    const { page } = browser
    const myPlace = await placeOf(me.user_id)
    expect(myPlace).toBe(7) // six squatted more
    await page.goto(`${baseUrl}/challenges/${challengeId}`)
    const more = page.getByRole('link', { name: 'And 5 more participants...' })
    await more.scrollIntoViewIfNeeded()
    await more.click()
    await page.waitForURL(`${baseUrl}/challenges/${challengeId}/participants`)

    const chip = page.getByTestId('you-chip')
    await chip.waitFor()
    expect(await chip.textContent()).toBe(`You: #${myPlace}`)
    expect(onScreen(await chip.boundingBox())).toBe(true) // pinned in view before any scrolling
    const places = await page.getByTestId('participant-place').allTextContents()
    expect(places).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '—'])

    // Scrolled away, tapping the chip brings my row back into view, highlighted.
    await page.evaluate(() => window.scrollTo(0, 0))
    await chip.click()
    const myRow = page.locator(`#participant-${me.user_id}`)
    await page.waitForFunction(
      (id) => document.getElementById(id)?.classList.contains('participant-row--flash'),
      `participant-${me.user_id}`,
    )
    await page.waitForTimeout(600) // the smooth scroll
    expect(onScreen(await myRow.boundingBox())).toBe(true)
    expect(await myRow.getByTestId('participant-place').textContent()).toBe(String(myPlace))
    expect(await myRow.getByTestId('participant-total').textContent()).toBe(`${MY_SQUAT} kg`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.screenshot({ path: `${SHOTS}/after-participants.png` })

    // Search by name: the server's match, with the board's place.
    const zelda = (await api<{ participants: Participant[] }>(`/api/competitions/${challengeId}/participants`)).participants.find(
      (p) => p.name === 'Zelda Quarry',
    )!
    await page.getByLabel('Search by name').fill('zeld')
    await page.waitForFunction(() => document.querySelectorAll('.participant-row').length === 1)
    const row = page.locator('.participant-row')
    expect(await row.getByRole('link').textContent()).toBe('Zelda Quarry')
    expect(await row.getByTestId('participant-place').textContent()).toBe(String(zelda.place))
    expect(zelda.place).toBe(4)
    expect(browser.errors).toEqual([])
  })

  it('the profile history shows place, status and total without sideways scrolling', async () => {
    const { page } = browser
    await page.goto(`${baseUrl}/profile`)
    const card = page.getByTestId('history-row').first()
    await card.waitFor()
    await page.getByTestId('history-place').filter({ hasText: '#7' }).waitFor()
    await card.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    for (const cell of ['history-place', 'history-status', 'history-total']) {
      const box = await card.getByTestId(cell).boundingBox()
      expect(box, cell).not.toBeNull()
      expect(box!.x, cell).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width, cell).toBeLessThanOrEqual(PHONE.width)
      expect(await card.getByTestId(cell).isVisible(), cell).toBe(true)
    }
    expect(await card.getByTestId('history-status').textContent()).toBe('Ongoing')
    expect(await card.getByTestId('history-total').textContent()).toBe(`${MY_SQUAT} kg`)
    await page.screenshot({ path: `${SHOTS}/after-profile.png` })
    expect(browser.errors).toEqual([])
  })

  it('after uploading, lands on the own attempt, highlighted, through processing to ready and the verdict', async () => {
    const { page } = browser
    // Ten seconds of video: its transcode takes long enough to be watched on the landing page.
    const clip = await makeSizedClip(join(dir, 'landing.mp4'), 4)
    await page.goto(`${baseUrl}/challenges/${challengeId}/upload`)
    await page.getByLabel('Video').setInputFiles(clip)
    await page.getByLabel('Weight (kg)', { exact: true }).fill('145')
    // Every state the landing shows, recorded as it changes (the app keeps this document across pages).
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { landingSeen: string[] }).landingSeen = seen
      new MutationObserver(() => {
        const state = document.querySelector('[data-testid="landing-status"]')?.getAttribute('data-state')
        if (state && seen.at(-1) !== state) seen.push(state)
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] })
    })
    await page.getByRole('button', { name: 'Upload Lift' }).click()
    await page.waitForURL(`${baseUrl}/challenges/${challengeId}`, { timeout: 90_000 })

    const attemptId = Number(await page.evaluate(() => localStorage.getItem('last_attempt_id')))
    const tile = page.locator(`#attempt-${attemptId}`)
    await tile.waitFor()
    await page.waitForFunction(
      (id) => document.getElementById(id)?.classList.contains('video-grid__landing--flash'),
      `attempt-${attemptId}`,
    )
    expect(onScreen(await tile.getByTestId('landing-status').boundingBox())).toBe(true)
    expect(await tile.getByRole('link').textContent()).toContain('Place Me')
    await page.screenshot({ path: `${SHOTS}/after-landing.png` })

    const status = tile.getByTestId('landing-status')
    await page.waitForFunction(
      (id) => document.querySelector(`#${id} [data-testid="landing-status"]`)?.getAttribute('data-state') === 'ready',
      `attempt-${attemptId}`,
      { timeout: 90_000 },
    )
    const seen = await page.evaluate(() => (window as unknown as { landingSeen: string[] }).landingSeen)
    expect(['pending', 'processing']).toContain(seen[0])
    expect(seen.at(-1)).toBe('ready')
    expect(await status.getByText('Video ready').count()).toBe(1)
    expect(await status.getByTestId('landing-judging').textContent()).toBe('Awaiting judges')
    await page.screenshot({ path: `${SHOTS}/after-landing-ready.png` })

    // The judge's decision arrives live: the verdict and its light.
    await api(`/api/attempts/${attemptId}/votes`, 'POST', organiser.access_token, { good: true })
    await status.getByTestId('landing-judging').filter({ hasText: 'Good lift' }).waitFor({ timeout: 15_000 })
    expect(await status.locator('.landing-light--white').count()).toBe(1)
    console.info(`landing states seen: ${seen.join(' → ')}`)
    expect(browser.errors).toEqual([])
  })
})
