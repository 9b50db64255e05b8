// Hall mode in real Chromium (docs/hall-mode.md): a meet of 8 lifters set in person, its first lifter called;
// the attempt board at 1280×720 and 1920×1080 (name, weight, plates, the clock), three referees' phones at
// 390×844 on /referee. One referee's phone goes offline for its press, which lands once when it is back; the
// lights stay dark until the third press, then show together on the board, and the decision is recorded.
// Screenshots go to .artifacts/screenshots/ for people to look at.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse, HallResponse } from '../../contract/index.ts'
import { certifiedDemoPanel, DEMO_CERTIFIED_JUDGES, demoLogin, joinChallenge, registerUser } from './api.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const SHOTS = join(import.meta.dirname, '../../.artifacts/screenshots')
const browsers: TestBrowser[] = []
let meetId: number
let organiser: AuthResponse
let referees: AuthResponse[]

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
  organiser = await registerUser(baseUrl, 'Hall Organiser')
  const day = 86_400_000
  meetId = (
    await api<{ competition_id: number }>(
      '/create_competition',
      'POST',
      {
        name: 'Hall Meet',
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
  const lifters: number[] = []
  for (let i = 0; i < 8; i++) {
    const lifter = await registerUser(baseUrl, `Hall Lifter ${String.fromCharCode(65 + i)}`)
    await joinChallenge(baseUrl, lifter, meetId, '83kg')
    await api(`/competitions/${meetId}/declarations`, 'POST', { lift_type: 'squat', weight: i === 0 ? 182.5 : 190 + 10 * i }, lifter)
    lifters.push(lifter.user_id)
  }
  await certifiedDemoPanel(baseUrl, organiser, meetId)
  referees = await Promise.all(DEMO_CERTIFIED_JUDGES.map((u) => demoLogin(baseUrl, u)))
  const hall = await api<HallResponse>(
    `/competitions/${meetId}/hall`,
    'PUT',
    { venue: 'in_person', flights: [{ name: 'A', session: 1, platform: 1, lifters }] },
    organiser,
  )
  await api(`/competitions/${meetId}/hall/platforms/1/call`, 'POST', { flight_id: hall.flights[0]!.id, lift_type: 'squat' }, organiser)
}, 120_000)

afterAll(async () => {
  for (const b of browsers) await b.close()
})

const open = async (width: number, height: number) => {
  const b = await openBrowser(width, height)
  browsers.push(b)
  return b
}

describe('the hall', () => {
  it("shows the attempt board, takes three phones' presses (one offline), and lights them together", async () => {
    const board = await open(1280, 720)
    await board.page.goto(`${baseUrl}/challenges/${meetId}/hall/board?platform=1`)
    await board.page.getByTestId('board-name').filter({ hasText: 'Hall Lifter A' }).waitFor()
    expect(await board.page.getByTestId('board-weight').textContent()).toBe('182.5 kg')
    expect(await board.page.getByTestId('board-clock').textContent()).toBe('1:00')
    // 182.5 on a 20 kg bar with collars: 78.75 per side = 25 + 25 + 25 + 2.5 + 1.25.
    expect(await board.page.locator('.plate[data-kg]').evaluateAll((ps) => ps.map((p) => Number(p.getAttribute('data-kg'))))).toEqual([
      25, 25, 25, 2.5, 1.25,
    ])
    const overflow = await board.page.evaluate(() => [
      document.documentElement.scrollWidth - innerWidth,
      document.documentElement.scrollHeight - innerHeight,
    ])
    expect(overflow).toEqual([0, 0])
    await board.page.screenshot({ path: join(SHOTS, 'hall-attempt-board-1280x720.png') })

    // The timekeeper starts the clock: the board counts down from the server's start.
    await api(`/competitions/${meetId}/hall/platforms/1/clock`, 'POST', { action: 'start' }, organiser)
    await board.page.waitForFunction(() => document.querySelector('[data-testid="board-clock"]')?.textContent === '0:58', undefined, {
      timeout: 10_000,
    })

    const phones = []
    for (const [i, referee] of referees.entries()) {
      const phone = await open(390, 844)
      const url = `${baseUrl}/referee?meet=${meetId}&platform=1&seat=${i + 1}`
      await openSignedIn(phone.page, url, referee)
      await phone.page.goto(url)
      await phone.page.getByTestId('referee-lifter').filter({ hasText: 'Hall Lifter A' }).waitFor()
      phones.push(phone)
    }
    // Both buttons within a portrait phone's screen, one thumb's reach, without scrolling.
    const bottom = await phones[0]!.page.getByRole('button', { name: 'No lift' }).evaluate((b) => b.getBoundingClientRect().bottom)
    expect(bottom).toBeLessThanOrEqual(844)
    await phones[0]!.page.getByRole('button', { name: 'Good lift' }).click()
    await phones[0]!.page.getByTestId('referee-status').filter({ hasText: 'Your white light is in.' }).waitFor()
    // Seat 2 presses red while offline: kept and resent; its reason card shows at once.
    await phones[1]!.context.setOffline(true)
    await phones[1]!.page.getByRole('button', { name: 'No lift' }).click()
    await phones[1]!.page.getByTestId('reason-card').waitFor()
    await phones[1]!.page.screenshot({ path: join(SHOTS, 'hall-referee-reasons-390.png') })
    await phones[2]!.page.getByRole('button', { name: 'Good lift' }).click()
    await phones[2]!.page.getByTestId('referee-status').filter({ hasText: 'Your white light is in.' }).waitFor()
    // Two presses in: the board's lights stay dark.
    await board.page.waitForFunction(
      () => document.querySelector('[data-testid="board-lights"]')?.getAttribute('data-presses') === '2',
      undefined,
      { timeout: 10_000 },
    )
    expect(await board.page.locator('.light--white, .light--red').count()).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    await phones[1]!.context.setOffline(false)
    await phones[1]!.page.getByTestId('referee-status').filter({ hasText: 'Your red light is in.' }).waitFor({ timeout: 10_000 })
    await board.page.locator('.light--white').nth(1).waitFor({ timeout: 10_000 })
    expect(await board.page.locator('.light').evaluateAll((ls) => ls.map((l) => l.getAttribute('aria-label')))).toEqual([
      'white',
      'red',
      'white',
    ])
    await phones[1]!.page.getByRole('button', { name: /Not deep enough/ }).click()
    await phones[0]!.page.screenshot({ path: join(SHOTS, 'hall-referee-390.png') })
    await board.page.screenshot({ path: join(SHOTS, 'hall-attempt-board-lights-1280x720.png') })

    const big = await open(1920, 1080)
    await big.page.goto(`${baseUrl}/challenges/${meetId}/hall/board?platform=1`)
    await big.page.locator('.light--red').waitFor()
    expect(
      await big.page.evaluate(() => [
        document.documentElement.scrollWidth - innerWidth,
        document.documentElement.scrollHeight - innerHeight,
      ]),
    ).toEqual([0, 0])
    await big.page.screenshot({ path: join(SHOTS, 'hall-attempt-board-1920x1080.png') })

    // The warm-up board: with the attempt decided, the next is Hall Lifter B, then the rest of the flight's openers.
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      const warmup = await open(width, height)
      await warmup.page.goto(`${baseUrl}/challenges/${meetId}/hall/warmup?platform=1`)
      await warmup.page.getByTestId('warmup-row').first().waitFor()
      const rows = await warmup.page.getByTestId('warmup-row').evaluateAll((rs) => rs.map((r) => r.textContent))
      expect(rows[0]).toBe('NextHall Lifter Bfirst200 kg')
      expect(rows).toHaveLength(8)
      expect(
        await warmup.page.evaluate(() => [
          document.documentElement.scrollWidth - innerWidth,
          document.documentElement.scrollHeight - innerHeight,
        ]),
      ).toEqual([0, 0])
      await warmup.page.screenshot({ path: join(SHOTS, `hall-warmup-board-${width}x${height}.png`) })
    }

    const hall = (await (await fetch(`${baseUrl}/api/competitions/${meetId}/hall`)).json()) as HallResponse
    expect([hall.platforms[0]!.presses, hall.platforms[0]!.decision]).toEqual([3, 'good'])
    for (const b of [board, big, ...phones]) expect(b.errors).toEqual([])
  }, 120_000)
})
