// Verified results in real Chromium on a 390 px phone (issue 27): the demo organiser anna1 is a site
// administrator (ADMIN_USERNAMES in global-setup.ts). She logs in from the menu, opens /admin from
// it, finds a new account and certifies it as a judge after confirming; the certified judges list it
// and the server says so. Someone else opening /admin reads why there is nothing for them. On the
// leaderboard the demo's "Garage Meet (self-judged)" (judged by its organiser alone) is absent until
// "Include unverified results" is ticked, and then each of its lifters is marked "Unverified".
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AdminAccountList, AuthResponse, Challenge, Participant, UserResponse } from '../../contract/index.ts'
import { demoLogin, registerUser } from './api.ts'
import { axeViolations } from './axe.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const stamp = Date.now() % 100_000
const candidateName = `Cert Candidate ${stamp}`
const SHOTS = fileURLToPath(new URL('../../.artifacts/screenshots/', import.meta.url))

async function api<T>(path: string, auth?: AuthResponse): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: auth ? { authorization: `Bearer ${auth.access_token}` } : {} })
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

let browser: TestBrowser
let candidate: AuthResponse
let candidateUsername: string

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true })
  candidate = await registerUser(baseUrl, candidateName)
  candidateUsername = (await api<UserResponse>('/auth/user', candidate)).username
  browser = await openBrowser(390, 844)
})

afterAll(() => browser?.close())

/** Nothing wider than the phone. */
const fitsPhone = async () => expect(await browser.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

describe('site administration on a phone', () => {
  it('anna1 logs in, opens Admin from the menu and certifies a judge after confirming', async () => {
    const { page } = browser
    await page.goto(baseUrl)
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.click()
    await page.locator('#nav-menu').getByRole('button', { name: 'Login' }).click()
    await page.getByLabel('Username or email').fill('anna1')
    await page.getByLabel('Password').fill('liftarena-demo')
    await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await toggle.click()
    await page.locator('#nav-menu').getByRole('link', { name: 'Admin' }).click()
    await page.getByRole('heading', { name: 'Site administration' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin')
    expect(await page.title()).toBe('Admin | LiftArena')
    // The demo's panels are certified: the list is there before anything is done.
    await page.getByRole('list', { name: 'Certified judges' }).waitFor()
    expect(await page.getByRole('list', { name: 'Certified judges' }).getByRole('listitem').count()).toBeGreaterThan(2)

    await page.getByRole('searchbox', { name: 'Search accounts' }).fill(candidateUsername)
    await page.getByRole('button', { name: 'Search' }).click()
    const card = page
      .getByRole('list', { name: `Accounts matching ${candidateUsername}` })
      .getByRole('listitem', { name: `${candidateName} (@${candidateUsername})` })
    await card.waitFor()
    expect(await card.textContent()).toContain('Not a certified judge')
    await card.getByRole('button', { name: 'Certify as judge' }).click()
    await card.getByText(`Certify ${candidateName} as a judge?`).waitFor()
    await fitsPhone()
    await page.screenshot({ path: `${SHOTS}admin-confirm-390.png`, fullPage: true })
    // Nothing happened yet.
    expect((await api<UserResponse>('/auth/user', candidate)).certified_judge).toBe(false)
    await card.getByRole('button', { name: 'Yes, certify' }).click()
    expect(await card.getByRole('status').textContent()).toBe(`${candidateName} is now a certified judge.`)
    await page
      .getByRole('list', { name: 'Certified judges' })
      .getByRole('listitem', { name: `${candidateName} (@${candidateUsername})` })
      .waitFor()

    // The server agrees: the account is certified, and the admin list has it.
    expect((await api<UserResponse>('/auth/user', candidate)).certified_judge).toBe(true)
    const anna = await demoLogin(baseUrl, 'anna1')
    const certified = await api<AdminAccountList>('/admin/accounts?certified=true', anna)
    expect(certified.accounts.map((a) => a.username)).toContain(candidateUsername)

    await fitsPhone()
    expect(await axeViolations(page, '/admin')).toEqual([])
    await page.screenshot({ path: `${SHOTS}admin-390.png`, fullPage: true })
    expect(browser.errors).toEqual([])
  })

  it('an account that is not an administrator reads why the page is empty for it', async () => {
    const other = await openBrowser(390, 844)
    try {
      await openSignedIn(other.page, baseUrl, candidate)
      await other.page.goto(`${baseUrl}/admin`)
      await other.page.getByText('Only a site administrator can see this page.').waitFor()
      // Nor does the menu offer it.
      await other.page.getByRole('button', { name: 'Menu' }).click()
      await other.page.locator('#nav-menu').getByRole('link', { name: 'Leaderboard' }).waitFor()
      expect(await other.page.locator('#nav-menu').getByRole('link', { name: 'Admin' }).count()).toBe(0)
      expect(other.errors).toEqual([])
    } finally {
      await other.close()
    }
  })
})

describe('the leaderboard counts verified results unless asked', () => {
  it("shows the garage meet's lifters only with unverified results included, each marked", async () => {
    const { page } = browser
    const { competitions: challenges } = await api<{ competitions: Challenge[] }>('/competitions')
    const garage = challenges.find((c) => c.name === 'Garage Meet (self-judged)')!
    const { participants } = await api<{ participants: Participant[] }>(`/competitions/${garage.id}/participants`)
    const garageLifters = new Set(participants.map((p) => p.name))

    // Where the garage meet was held: nobody there on the verified board.
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leaderboard')
    await page.goto(`${baseUrl}/leaderboard?location=${encodeURIComponent(garage.location)}`)
    const request = new URL((await answered).url())
    expect(request.searchParams.has('include_unverified')).toBe(false)
    await page.getByText('No lifters match these filters.').waitFor()
    await page.getByText('Only results decided by a certified judging panel count here.').waitFor()
    const toggle = page.getByRole('checkbox', { name: 'Include unverified results' })
    expect(await toggle.isChecked()).toBe(false)

    const unverified = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/leaderboard' && new URL(r.url()).searchParams.get('include_unverified') === 'true',
    )
    await toggle.check()
    await unverified
    const rows = page.locator('table.leaderboard tbody tr')
    await rows.first().waitFor()
    expect(new URL(page.url()).searchParams.get('unverified')).toBe('1')
    const names = await rows.locator('td:nth-child(2) a').allTextContents()
    expect(names.length).toBeGreaterThan(0)
    for (const name of names) expect(garageLifters.has(name), name).toBe(true)
    // Every one of them is marked, in words, and its result links to the garage meet.
    expect(await rows.locator('.leaderboard__unverified').allTextContents()).toEqual(names.map(() => 'Unverified'))
    for (const title of await rows
      .locator('td[data-label="Location"] a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('title')))) {
      expect(title).toBe('Garage Meet (self-judged)')
    }
    await fitsPhone()
    expect(await axeViolations(page, '/leaderboard?unverified=1')).toEqual([])
    await page.screenshot({ path: `${SHOTS}leaderboard-unverified-390.png`, fullPage: true })

    // Unticked: the verified board again.
    await toggle.uncheck()
    await page.getByText('No lifters match these filters.').waitFor()
    expect(new URL(page.url()).searchParams.has('unverified')).toBe(false)
    expect(browser.errors).toEqual([])
  })
})
