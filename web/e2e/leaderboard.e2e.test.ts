// The leaderboard in real Chromium (issue 16 item 5), at a 375 px phone: two weightlifting challenges
// at one location (women's and men's: an account competes in its own category) created through the
// API with a lifter each, of different countries, their snatches and clean & jerks decided by a
// certified panel (so they count on the global board, docs/verified-results.md); then the sport filter switches the columns, the
// country and gender filters narrow the rows, and sorting by Sinclair shows two-decimal points and
// orders the rows by them (the lighter woman with the smaller total first). The rows come ranked from
// GET /leaderboard (issue 17): the page never asks for a challenge's participants, and a judged lift
// reaches the board without a reload.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse } from '../../contract/index.ts'
import { certifiedDemoPanel } from './api.ts'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const clipPath = inject('clipPath')
const stamp = Date.now() % 100_000
const location = `Havana ${stamp}`
const yara = `Yara Cruz ${stamp}`
const bruno = `Bruno Heavy ${stamp}`

async function post<T>(path: string, body: unknown, auth?: AuthResponse): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth.access_token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

const register = (name: string, username: string, country: string, weightClass: string) =>
  post<AuthResponse>('/auth/register', {
    name,
    username,
    email: `${username}@e2e.liftarena.test`,
    password: 'e2e-password',
    weight_class: weightClass,
    country,
  })

/** Each challenge's certified panel, appointed with it. */
const panels = new Map<number, Awaited<ReturnType<typeof certifiedDemoPanel>>>()

async function goodLift(lifter: AuthResponse, challengeId: number, liftType: string, weight: number) {
  const form = new FormData()
  form.append('lift_type', liftType)
  form.append('weight', String(weight))
  form.append('competition_id', String(challengeId))
  form.append('video', new Blob([await readFile(clipPath)], { type: 'video/mp4' }), 'lift.mp4')
  const response = await fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${lifter.access_token}` },
    body: form,
  })
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`)
  const { attempt_id } = (await response.json()) as { attempt_id: number }
  await panels.get(challengeId)!.decide(attempt_id)
}

let browser: TestBrowser
let organiser: AuthResponse
let woman: AuthResponse
let womenId: number
/** The API paths the page asked for. */
const asked: string[] = []

beforeAll(async () => {
  organiser = await register(`Olga Org ${stamp}`, `lborg${stamp}`, 'Norway', '83kg')
  woman = await register(yara, `lbyara${stamp}`, `Cuba${stamp}`, '59kg')
  const man = await register(bruno, `lbbruno${stamp}`, `Kenya${stamp}`, '105kg')
  const challenge = async (gender: 'M' | 'F', weightClass: string) => {
    const challengeId = (
      await post<{ competition_id: number }>(
        '/create_competition',
        {
          name: `Lb Weightlifting ${gender} ${stamp}`,
          location,
          lifttypes: ['Snatch', 'Clean & Jerk'],
          weightclasses: [weightClass],
          gender,
          start_date: new Date(Date.now() - 60_000).toISOString(),
          end_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
        organiser,
      )
    ).competition_id
    panels.set(challengeId, await certifiedDemoPanel(baseUrl, organiser, challengeId))
    return challengeId
  }
  womenId = await challenge('F', '59kg')
  const menId = await challenge('M', '105kg')
  await post('/join_competition', { competition_id: womenId, weight_class: '59kg', gender: 'F', bodyweight: 58.5 }, woman)
  await post('/join_competition', { competition_id: menId, weight_class: '105kg', gender: 'M', bodyweight: 104 }, man)
  await goodLift(woman, womenId, 'snatch', 85)
  await goodLift(woman, womenId, 'clean_and_jerk', 105)
  await goodLift(man, menId, 'snatch', 90)
  await goodLift(man, menId, 'clean_and_jerk', 110)
  browser = await openBrowser(375, 812)
  browser.page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname)
  })
})

afterAll(() => browser?.close())

// Runs first, while Bruno's total (200) is ahead of Yara's (190) and Sinclair puts her first.
describe('leaderboard on a 390 px phone', () => {
  let phone: TestBrowser
  beforeAll(async () => {
    phone = await openBrowser(390, 844)
  })
  afterAll(() => phone?.close())

  /** The lifters of this test's challenge in the order shown, and where their sorted figure sits on screen. */
  const shown = async () => {
    const rows = phone.page.locator('table.leaderboard tbody tr')
    const names = await rows.locator('td:nth-child(2) a').allTextContents()
    const boxes = await Promise.all((await rows.locator('td.leaderboard__sorted').all()).map((cell) => cell.boundingBox()))
    return { names, boxes }
  }

  it('shows the sorted figure of each lifter without scrolling sideways; the Sort by select reorders them', async () => {
    const page = phone.page
    await page.goto(`${baseUrl}/leaderboard?sport=weightlifting&location=${encodeURIComponent(location)}`)
    await page.getByRole('link', { name: yara }).waitFor()
    expect((await shown()).names).toEqual([bruno, yara])
    const fitsOnScreen = async () => {
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390)
      const { boxes } = await shown()
      expect(boxes).toHaveLength(2)
      for (const box of boxes) {
        expect(box).not.toBeNull()
        expect(box!.x).toBeGreaterThanOrEqual(0)
        expect(box!.x + box!.width).toBeLessThanOrEqual(390)
        expect(box!.y).toBeGreaterThanOrEqual(0)
        expect(box!.y + box!.height).toBeLessThanOrEqual(844)
      }
    }
    await fitsOnScreen()
    const totals = await page.locator('table.leaderboard tbody tr td.leaderboard__sorted').allTextContents()
    expect(totals).toEqual(['200', '190'])

    // The phone's sort control: the labelled select, big enough to tap, sharing the table's URL parameter.
    const sortBy = page.getByLabel('Sort by')
    expect((await sortBy.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leaderboard')
    await sortBy.selectOption('sinclair')
    await answered
    await page
      .locator('table.leaderboard tbody tr td.leaderboard__sorted')
      .filter({ hasText: /^\d+\.\d{2}$/ })
      .first()
      .waitFor()
    expect(new URL(page.url()).searchParams.get('sort')).toBe('sinclair')
    expect((await shown()).names).toEqual([yara, bruno])
    await fitsOnScreen()
    expect(phone.errors).toEqual([])
  })
})

describe('leaderboard filters, columns and formula sort in Chromium', () => {
  const rowNames = async () => {
    const page = browser.page
    const rows = page.locator('table.leaderboard tbody tr')
    return (await rows.locator('td:nth-child(2) a').allTextContents()).filter((n) => n.endsWith(String(stamp)))
  }

  /** Picks a filter and waits for the server's rows for it (each choice is a new first page). */
  const choose = async (label: string, value: string) => {
    const page = browser.page
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leaderboard')
    await page.getByLabel(label).selectOption(value)
    await answered
    await page.locator('table.leaderboard, p.empty').first().waitFor()
  }

  it('the sport filter shows snatch and C&J for weightlifting', async () => {
    const page = browser.page
    await page.goto(`${baseUrl}/leaderboard`)
    await page.getByRole('table').waitFor()
    await choose('Sport', 'weightlifting')
    await page.getByRole('columnheader', { name: 'Snatch' }).waitFor()
    await page.getByRole('columnheader', { name: 'C&J' }).waitFor()
    await page.getByRole('columnheader', { name: 'Sinclair' }).waitFor()
    expect(await page.getByRole('columnheader', { name: 'Squat' }).count()).toBe(0)
    await choose('Location', location)
    expect(await rowNames()).toEqual([bruno, yara])
    // A phone: the page does not overflow; the table scrolls inside its box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })

  it("the country filter narrows the rows to that lifter's country; the gender filter to that gender", async () => {
    await choose('Country', `Cuba${stamp}`)
    expect(await rowNames()).toEqual([yara])
    await choose('Country', '')
    await choose('Gender', 'M')
    expect(await rowNames()).toEqual([bruno])
    await choose('Gender', '')
    expect(await rowNames()).toEqual([bruno, yara])
  })

  it('sorting by Sinclair shows two-decimal points and orders the rows by them', async () => {
    const page = browser.page
    await choose('Sort by', 'sinclair')
    await page.getByRole('columnheader', { name: 'Sinclair ▼' }).waitFor()
    expect(await rowNames()).toEqual([yara, bruno])
    const points = await page.locator('table.leaderboard tbody tr td:last-child').allTextContents()
    expect(points).toHaveLength(2)
    for (const p of points) expect(p).toMatch(/^\d+\.\d{2}$/)
    expect(Number(points[0])).toBeGreaterThan(Number(points[1]))
    expect(browser.errors).toEqual([])
  })

  it('a judged lift reaches the board without a reload; the page only asks for the leaderboard', async () => {
    const page = browser.page
    await goodLift(woman, womenId, 'snatch', 95)
    const yaraRow = page.locator('table.leaderboard tbody tr').filter({ has: page.getByRole('link', { name: yara }) })
    // The snatch column of the weightlifting view: 85 becomes 95.
    await yaraRow.locator('td:nth-child(5)').filter({ hasText: /^95$/ }).waitFor()
    expect(asked.filter((path) => path.includes('/participants'))).toEqual([])
    expect([...new Set(asked)].sort()).toEqual(['/api/leaderboard', '/api/leaderboard/filters'])
    expect(browser.errors).toEqual([])
  })

  it('the board comes 50 rows at a time: "Load more" appends the next ranks', async () => {
    const page = browser.page
    await page.goto(`${baseUrl}/leaderboard`)
    const rows = page.locator('table.leaderboard tbody tr')
    await rows.first().waitFor()
    // The demo data alone has more athletes than one page.
    expect(await rows.count()).toBe(50)
    const next = page.waitForRequest((r) => new URL(r.url()).searchParams.has('cursor'))
    await page.getByRole('button', { name: 'Load more' }).click()
    expect(new URL((await next).url()).searchParams.get('sort')).toBe('total')
    await rows.nth(50).waitFor()
    expect(await rows.nth(50).locator('td').first().textContent()).toBe('51')
    expect(browser.errors).toEqual([])
  })
})
