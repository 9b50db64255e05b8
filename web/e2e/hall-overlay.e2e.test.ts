// The stream overlay and the desk in real Chromium (docs/hall-mode.md): a meet of 8 lifters in person, its first
// lifter called. /hall/:id/overlay at 1280×720 is transparent (a screenshot without the page's background keeps
// alpha 0 outside its strip, opaque inside) and shows the lifter, weight, clock and, once all three referees
// pressed, the lights. The desk (/challenges/:id/hall/desk) shows the announcer's call and records a declaration
// from the keyboard; the scoreboard marks the live-judged attempt. Screenshots go to .artifacts/screenshots/ for people to look at.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse, HallPlatformView, HallResponse } from '../../contract/index.ts'
import { certifiedDemoPanel, DEMO_CERTIFIED_JUDGES, demoLogin, joinChallenge, registerUser } from './api.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const SHOTS = join(import.meta.dirname, '../../.artifacts/screenshots')
const browsers: TestBrowser[] = []
let meetId: number
let organiser: AuthResponse
let called: HallPlatformView
const lifters: AuthResponse[] = []

async function api<T>(path: string, method: string, body: unknown, auth?: AuthResponse): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth.access_token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return response.json() as Promise<T>
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true })
  organiser = await registerUser(baseUrl, 'Overlay Organiser')
  const day = 86_400_000
  meetId = (
    await api<{ competition_id: number }>(
      '/create_competition',
      'POST',
      {
        name: 'Overlay Meet',
        location: 'Main Hall',
        lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
        weightclasses: ['83kg'],
        gender: 'M',
        format: 'meet',
        start_date: new Date(Date.now() - day).toISOString(),
        end_date: new Date(Date.now() + 6 * day).toISOString(),
      },
      organiser,
    )
  ).competition_id
  for (let i = 0; i < 8; i++) {
    const lifter = await registerUser(baseUrl, `Overlay Lifter ${String.fromCharCode(65 + i)}`)
    await joinChallenge(baseUrl, lifter, meetId, '83kg')
    await api(`/competitions/${meetId}/declarations`, 'POST', { lift_type: 'squat', weight: 150 + 10 * i }, lifter)
    lifters.push(lifter)
  }
  await certifiedDemoPanel(baseUrl, organiser, meetId)
  const hall = await api<HallResponse>(
    `/competitions/${meetId}/hall`,
    'PUT',
    { venue: 'in_person', flights: [{ name: 'A', session: 1, platform: 1, lifters: lifters.map((l) => l.user_id) }] },
    organiser,
  )
  called = (
    await api<{ platform: HallPlatformView }>(
      `/competitions/${meetId}/hall/platforms/1/call`,
      'POST',
      { flight_id: hall.flights[0]!.id, lift_type: 'squat' },
      organiser,
    )
  ).platform
}, 120_000)

afterAll(async () => {
  for (const b of browsers) await b.close()
})

describe('the stream overlay', () => {
  it('is transparent around its strip and shows the lifter, weight, clock and the lights', async () => {
    const b = await openBrowser(1280, 720)
    browsers.push(b)
    await b.page.goto(`${baseUrl}/hall/${meetId}/overlay?platform=1`)
    await b.page.getByTestId('overlay-name').filter({ hasText: 'Overlay Lifter A' }).waitFor()
    expect(await b.page.getByTestId('overlay-weight').textContent()).toBe('150 kg')
    expect(await b.page.getByTestId('overlay-clock').textContent()).toBe('1:00')
    const strip = (await b.page.locator('.hall-overlay__strip').boundingBox())!
    const png = await b.page.screenshot({ omitBackground: true, path: join(SHOTS, 'hall-overlay-1280x720.png') })
    // Read the screenshot's alpha back through a canvas: a corner, the middle of the page, and the strip's centre.
    const alphas = await b.page.evaluate(
      async ([data, points]) => {
        const image = new Image()
        image.src = `data:image/png;base64,${data}`
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = image.width
        canvas.height = image.height
        const ctx = canvas.getContext('2d')!
        ctx.drawImage(image, 0, 0)
        return points.map(([x, y]) => ctx.getImageData(x, y, 1, 1).data[3])
      },
      [
        png.toString('base64'),
        [
          [5, 5],
          [640, 300],
          [Math.round(strip.x + 4), Math.round(strip.y + strip.height / 2)],
        ],
      ] as const,
    )
    expect(alphas).toEqual([0, 0, expect.any(Number)])
    expect(alphas[2]).toBeGreaterThan(200)

    // The lights, once all three referees pressed.
    const referees = await Promise.all(DEMO_CERTIFIED_JUDGES.map((u) => demoLogin(baseUrl, u)))
    for (const [i, referee] of referees.entries()) {
      await api(
        `/competitions/${meetId}/hall/platforms/1/presses`,
        'POST',
        { seat: i + 1, decision: 'white', attempt_id: called.current!.attempt_id },
        referee,
      )
    }
    await b.page.locator('[data-testid="overlay-lights"] .light--white').nth(2).waitFor({ timeout: 10_000 })
    expect(b.errors).toEqual([])
  })

  it("shows the desk with the announcer's call and records a declaration from the keyboard", async () => {
    const b = await openBrowser(1440, 900)
    browsers.push(b)
    const url = `${baseUrl}/challenges/${meetId}/hall/desk?platform=1`
    await openSignedIn(b.page, url, organiser)
    await b.page.goto(url)
    await b.page.getByTestId('desk-call').filter({ hasText: 'Overlay Lifter A, first squat attempt, 150 kg: the bar is loaded.' }).waitFor()
    await b.page.getByLabel('Lifter').first().selectOption({ label: 'Overlay Lifter A' })
    await b.page.getByLabel('Weight (kg)').fill('160')
    await b.page.getByLabel('Weight (kg)').press('Enter')
    await b.page.getByRole('status').filter({ hasText: 'Overlay Lifter A: second attempt 160 kg recorded' }).waitFor()
    await b.page.screenshot({ path: join(SHOTS, 'hall-desk-1440x900.png') })
    expect(b.errors).toEqual([])
  })

  it('marks the live-judged attempt on the scoreboard', async () => {
    const b = await openBrowser(1280, 720)
    browsers.push(b)
    await b.page.goto(`${baseUrl}/challenges/${meetId}/hall/scoreboard`)
    const row = b.page.getByTestId('hybrid-board').locator('tr', { hasText: 'Overlay Lifter A' })
    await row.locator('.hybrid-board__live').waitFor()
    expect(await row.textContent()).toContain('Hall · flight A')
    expect(b.errors).toEqual([])
  })
})
