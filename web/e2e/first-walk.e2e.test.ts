// What a first walk through the product found, kept fixed in real Chromium: each block looks at what a
// person sees (prize pools the organiser entered, the store, the board, the judge's desk, the shared
// video lists). Screenshots to /tmp/shots/walk-*.png.
import { mkdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createOpenChallenge, joinChallenge, registerUser, uploadClip } from './api.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const clipPath = inject('clipPath')
const SHOTS = '/tmp/shots/'
const tag = Date.now() % 100000

let desk: TestBrowser
let phone: TestBrowser

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[desk, phone] = await Promise.all([openBrowser(1440, 900), openBrowser(390, 844)])
})

afterAll(async () => {
  await Promise.all([desk?.close(), phone?.close()])
})

/** The card of the challenge named `name` in the /challenges list. */
const cardOf = (b: TestBrowser, name: string) =>
  b.page.getByRole('article').filter({ has: b.page.getByRole('heading', { name, exact: true }) })

describe('prize pools are what the organiser enters', () => {
  it('the create dialog takes a pool in a named currency; card and page show it, and nothing when none is set', async () => {
    const organiser = await registerUser(baseUrl, `Prize Organiser ${tag}`)
    const page = desk.page
    await openSignedIn(page, `${baseUrl}/challenges`, organiser)
    await page.goto(`${baseUrl}/challenges`)

    // With a prize: EUR, 1st and 2nd place.
    const withPrize = `Prize Cup ${tag}`
    await page.getByRole('button', { name: 'Create Challenge' }).click()
    let dialog = page.getByRole('dialog', { name: 'Create Challenge' })
    await dialog.getByLabel('Name *').fill(withPrize)
    await dialog.getByLabel('Currency').fill('EUR')
    await dialog.getByLabel('1st place').fill('500')
    await dialog.getByLabel('2nd place').fill('200')
    await dialog.getByRole('button', { name: 'Create Challenge' }).click()
    await page.waitForURL(/\/challenges\/\d+$/)
    const prizePanel = page.getByRole('region', { name: 'Prize pool' })
    await prizePanel.waitFor()
    expect((await prizePanel.locator('dl').innerText()).replace(/\s+/g, ' ').trim()).toBe(
      '1st place 500 EUR 2nd place 200 EUR Total 700 EUR',
    )
    await page.screenshot({ path: `${SHOTS}walk-prize-page.png` })

    // Without: no prize section on the page.
    const without = `No Prize Meet ${tag}`
    await page.goto(`${baseUrl}/challenges`)
    await page.getByRole('button', { name: 'Create Challenge' }).click()
    dialog = page.getByRole('dialog', { name: 'Create Challenge' })
    await dialog.getByLabel('Name *').fill(without)
    // An open challenge this time (the first was a meet, the dialog's default): its page's top list shows when loaded.
    await dialog.getByRole('radio', { name: /^Open\b/ }).check()
    await dialog.getByRole('button', { name: 'Create Challenge' }).click()
    await page.waitForURL(/\/challenges\/\d+$/)
    await page.getByRole('heading', { name: without }).waitFor()
    await page.getByRole('heading', { name: 'Top participants' }).waitFor()
    expect(await page.getByRole('region', { name: 'Prize pool' }).count()).toBe(0)

    // The list's cards, on a phone: the pool's total when set, no "Prize pool" line otherwise, and never the old fixed $1,750.
    await phone.page.goto(`${baseUrl}/challenges`)
    await cardOf(phone, withPrize).waitFor()
    expect(await cardOf(phone, withPrize).getByText('Prize pool').count()).toBe(1)
    expect(await cardOf(phone, withPrize).getByText('700 EUR', { exact: true }).count()).toBe(1)
    expect(await cardOf(phone, without).getByText('Prize pool').count()).toBe(0)
    // Demo data: the Winter Open offers a pool in kroner, the Spring Strength Classic none.
    expect(await cardOf(phone, 'Winter Powerlifting Open').getByText('8,500 NOK', { exact: true }).count()).toBe(1)
    expect(await cardOf(phone, 'Spring Strength Classic').getByText('Prize pool').count()).toBe(0)
    expect(await phone.page.locator('body').innerText()).not.toContain('$1,750')
    expect([...desk.errors, ...phone.errors]).toEqual([])
  })
})

describe('the store is a showcase', () => {
  it('says so before any product, and offers no checkout', async () => {
    const page = phone.page
    await page.goto(`${baseUrl}/store`)
    const note = page.getByRole('note').filter({ hasText: 'A showcase, not a shop.' })
    await note.waitFor()
    expect(await note.innerText()).toContain('there is no checkout')
    // The note comes before the first product, and is on the first screen of a phone.
    const [noteBox, firstItem] = await Promise.all([
      note.boundingBox(),
      page.getByRole('list', { name: 'Products' }).getByRole('listitem').first().boundingBox(),
    ])
    expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(firstItem!.y)
    expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(844)
    await page
      .getByRole('button', { name: /Add .* to cart/ })
      .first()
      .click()
    expect(await page.getByRole('button', { name: /checkout/i }).count()).toBe(0)
    await page.screenshot({ path: `${SHOTS}walk-store.png` })
    expect(phone.errors).toEqual([])
  })
})

describe("the judge's desk prevents mistakes", () => {
  it('names the challenge first on each item and above the attempt, filters by challenge, and keeps Good lift / No lift on the screen', async () => {
    const [organiser, lifter] = await Promise.all([
      registerUser(baseUrl, `Desk Organiser ${tag}`),
      registerUser(baseUrl, `Lena Test ${tag}`),
    ])
    // Two challenges with a look-alike attempt each: Squat 180 kg by the same lifter.
    const first = `Look Alike Open ${tag}`
    const second = `Look Alike Classic ${tag}`
    const ids = [await createOpenChallenge(baseUrl, organiser, first), await createOpenChallenge(baseUrl, organiser, second)]
    for (const id of ids) {
      await joinChallenge(baseUrl, lifter, id, '83kg')
      await uploadClip(baseUrl, lifter, id, clipPath, 180, 'squat')
    }
    const page = desk.page
    await page.setViewportSize({ width: 1440, height: 900 })
    await openSignedIn(page, `${baseUrl}/`, organiser)
    // The organiser (who judges alone without a panel) has the Judge link.
    await page.goto(`${baseUrl}/`)
    await page.getByRole('banner').getByRole('link', { name: 'Judge', exact: true }).click()
    await page.waitForURL(/\/judge$/)
    const queue = page.getByRole('complementary', { name: 'Queue' })
    await queue.getByRole('listitem').nth(1).waitFor()
    const items = await queue.getByRole('listitem').allInnerTexts()
    expect(items.map((t) => t.split('\n')[0])).toEqual([first, second])
    expect(items.every((t) => t.includes(`Squat 180 kg — Lena Test ${tag}`))).toBe(true)
    expect(await page.getByTestId('desk-challenge').textContent()).toBe(first)

    /** Good lift and No lift wholly on the screen, the page not scrolled. */
    const votesOnScreen = async (height: number) => {
      await page.getByRole('button', { name: 'Good lift' }).waitFor()
      const boxes = await Promise.all(['Good lift', 'No lift'].map((name) => page.getByRole('button', { name, exact: true }).boundingBox()))
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      for (const box of boxes) expect(box!.y + box!.height, `bottom of a vote button at height ${height}`).toBeLessThanOrEqual(height)
    }
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1)
    await votesOnScreen(900)
    await page.screenshot({ path: `${SHOTS}walk-desk-1440.png` })

    // The filter: only the second challenge's attempt, named above it.
    await page.getByLabel('Challenge').selectOption({ label: `${second} (1)` })
    await page.getByTestId('desk-challenge').filter({ hasText: second }).waitFor()
    expect(await queue.getByRole('listitem').count()).toBe(1)
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.waitForTimeout(300)
    await votesOnScreen(720)
    await page.screenshot({ path: `${SHOTS}walk-desk-1280.png` })

    // A lifter who judges and organises nothing has no Judge link.
    await openSignedIn(phone.page, `${baseUrl}/`, lifter)
    await phone.page.setViewportSize({ width: 1440, height: 900 })
    await phone.page.goto(`${baseUrl}/challenges/${ids[0]}`)
    await phone.page
      .getByRole('banner')
      .getByRole('link', { name: `Lena Test ${tag}` })
      .waitFor()
    expect(await phone.page.getByRole('banner').getByRole('link', { name: 'Judge', exact: true }).count()).toBe(0)
    await phone.page.setViewportSize({ width: 390, height: 844 })
    expect([...desk.errors, ...phone.errors]).toEqual([])
  })
})

describe('one lifter cannot flood the shared views', () => {
  it("a lifter's five uploads show at most twice among the challenge's recent videos, beside another lifter's", async () => {
    const [organiser, busy, other] = await Promise.all([
      registerUser(baseUrl, `Flood Organiser ${tag}`),
      registerUser(baseUrl, `Busy Lifter ${tag}`),
      registerUser(baseUrl, `Quiet Lifter ${tag}`),
    ])
    const id = await createOpenChallenge(baseUrl, organiser, `Flood Open ${tag}`)
    await joinChallenge(baseUrl, busy, id, '83kg')
    await joinChallenge(baseUrl, other, id, '83kg')
    await uploadClip(baseUrl, other, id, clipPath, 140)
    for (let i = 0; i < 5; i++) await uploadClip(baseUrl, busy, id, clipPath, 150 + i * 5)
    const page = phone.page
    await page.goto(`${baseUrl}/challenges/${id}`)
    const videos = page.getByRole('list', { name: 'Recent videos' })
    await videos.getByText(`Quiet Lifter ${tag}`).waitFor()
    expect(await videos.getByText(`Busy Lifter ${tag}`).count()).toBe(2)
    expect(await videos.getByRole('listitem').count()).toBe(3)
    // The board's latest attempt is the newest (one card: one lifter).
    await page.goto(`${baseUrl}/challenges/${id}/live`)
    await page
      .getByTestId('board-latest')
      .filter({ hasText: `Busy Lifter ${tag}` })
      .waitFor()
    expect(phone.errors).toEqual([])
  })
})

describe('unknown routes', () => {
  it("answer HTTP 404 with the app's 404 page; the app's own routes answer 200", async () => {
    for (const path of ['/no/such/page', '/challenges/1/nope', '/judges']) {
      const res = await fetch(`${baseUrl}${path}`)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(await res.text(), path).toContain('<div id="root">')
    }
    for (const path of ['/', '/challenges', '/challenges/1', '/challenges/1/live', '/about/', '/profile/3', '/competitions/1']) {
      expect((await fetch(`${baseUrl}${path}`)).status, path).toBe(200)
    }
    // A missing asset stays a plain 404 (index.html would be run as a script).
    expect((await fetch(`${baseUrl}/assets/missing-1234.js`)).status).toBe(404)
    const page = phone.page
    const response = await page.goto(`${baseUrl}/no/such/page`)
    expect(response?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor()
    expect(phone.errors).toEqual([])
  })
})

describe('a registration deadline of its own', () => {
  it("shows the organiser's deadline, and after it offers no Join but says registration is closed", async () => {
    const organiser = await registerUser(baseUrl, `Deadline Organiser ${tag}`)
    const deadline = new Date(Date.now() - 3_600_000)
    const response = await fetch(`${baseUrl}/api/create_competition`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${organiser.access_token}` },
      body: JSON.stringify({
        name: `Closed Entry ${tag}`,
        location: 'Oslo',
        registration_deadline: deadline.toISOString(),
        start_date: new Date(Date.now() - 86_400_000).toISOString(),
        end_date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      }),
    })
    expect(response.status).toBe(201)
    const id = ((await response.json()) as { competition_id: number }).competition_id
    const lifter = await registerUser(baseUrl, `Late Lifter ${tag}`)
    const page = desk.page
    await openSignedIn(page, `${baseUrl}/`, lifter)
    await page.goto(`${baseUrl}/challenges/${id}`)
    await page.getByText('Registration is closed').waitFor()
    expect(await page.getByRole('button', { name: 'Join Challenge' }).count()).toBe(0)
    const shown = await page.evaluate(
      (iso) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      deadline.toISOString(),
    )
    expect(await page.locator('dt', { hasText: 'Registration deadline' }).locator('xpath=following-sibling::dd').innerText()).toContain(
      shown,
    )
    expect(desk.errors).toEqual([])
  })
})
