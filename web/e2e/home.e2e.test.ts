// The home page in real Chromium (issue 17): at a 375 px phone and a 1920 px projector it costs two
// small API answers (the first open challenges and the top lifts), never a challenge's participants,
// and fits the width; live, a new challenge appears under Upcoming and a judged heavy squat tops the
// Top Lifts panel without a reload.
import { readFile } from 'node:fs/promises'
import type { Request } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import type { AuthResponse } from '../../contract/index.ts'
import { certifiedDemoPanel } from './api.ts'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const clipPath = inject('clipPath')
const stamp = Date.now() % 100_000

async function post<T>(path: string, body: unknown, auth?: AuthResponse): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth.access_token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

const register = (name: string, username: string) =>
  post<AuthResponse>('/auth/register', {
    name,
    username,
    email: `${username}@e2e.liftarena.test`,
    password: 'e2e-password',
    weight_class: '120kg',
    country: 'Norway',
  })

const createChallenge = (organiser: AuthResponse, name: string, startInMs: number) =>
  post<{ competition_id: number }>(
    '/create_competition',
    {
      name,
      location: `Home ${stamp}`,
      lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
      weightclasses: ['120kg'],
      start_date: new Date(Date.now() + startInMs).toISOString(),
      end_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
    organiser,
  )

let browser: TestBrowser | undefined
afterEach(async () => {
  await browser?.close()
  browser = undefined
})

/** Opens the home page at a width, recording the API requests it makes. */
async function openHome(width: number, height: number) {
  browser = await openBrowser(width, height)
  const page = browser.page
  const api: string[] = []
  page.on('request', (request: Request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) api.push(url.pathname + url.search)
  })
  await page.goto(`${baseUrl}/`)
  const panel = page.getByRole('complementary', { name: 'Top Lifts This Month' })
  await panel.locator('.top-lifts__group').nth(2).waitFor()
  await page.locator('.home__featured .challenge-card').first().waitFor()
  return { page, panel, api }
}

describe('home page in Chromium', () => {
  it('a phone: two API answers, no participants, nothing wider than the screen', async () => {
    const { page, api } = await openHome(375, 812)
    expect(api.sort()).toEqual(['/api/competitions/open?limit=2', '/api/top-lifts?days=30'])
    expect(await page.locator('.home__featured .challenge-card').count()).toBeLessThanOrEqual(2)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(browser!.errors).toEqual([])
  })

  it('a projector: the panel beside the challenges; a new challenge and a judged squat arrive live', async () => {
    const { page, panel, api } = await openHome(1920, 1080)
    const main = await page.locator('.home__main').boundingBox()
    const side = await panel.boundingBox()
    expect(side!.x).toBeGreaterThan(main!.x + main!.width - 1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920)

    const organiser = await register(`Hana Host ${stamp}`, `homeorg${stamp}`)
    // Starting in ten minutes: the soonest upcoming challenge, so one of the two shown.
    const upcoming = `Home Cup ${stamp}`
    await createChallenge(organiser, upcoming, 10 * 60_000)
    await page.getByRole('button', { name: 'Upcoming' }).click()
    await page.locator('.home__featured').getByRole('heading', { name: upcoming }).waitFor()

    // A squat heavier than any demo lift, judged good: first in the panel's squats.
    const lifter = await register(`Sam Strong ${stamp}`, `homelifter${stamp}`)
    const { competition_id: id } = await createChallenge(organiser, `Home Open ${stamp}`, -60_000)
    await post('/join_competition', { competition_id: id, weight_class: '120kg', gender: 'M', bodyweight: 118 }, lifter)
    const form = new FormData()
    form.append('lift_type', 'squat')
    form.append('weight', '480')
    form.append('competition_id', String(id))
    form.append('video', new Blob([await readFile(clipPath)], { type: 'video/mp4' }), 'lift.mp4')
    const upload = await fetch(`${baseUrl}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${lifter.access_token}` },
      body: form,
    })
    expect(upload.status).toBe(201)
    const { attempt_id } = (await upload.json()) as { attempt_id: number }
    // Decided by a certified panel, so it counts on the global boards (docs/verified-results.md).
    await (await certifiedDemoPanel(baseUrl, organiser, id)).decide(attempt_id)
    const squats = panel.locator('.top-lifts__group').first()
    await squats
      .locator('li')
      .first()
      .getByRole('link', { name: `Sam Strong ${stamp}` })
      .waitFor()
    expect(await squats.locator('li').first().locator('strong').textContent()).toBe('480 kg')
    // Live changes refetch the two small answers, never the platform.
    expect(api.every((path) => path.startsWith('/api/competitions/open?') || path.startsWith('/api/top-lifts?'))).toBe(true)
    expect(browser!.errors).toEqual([])
  })
})
