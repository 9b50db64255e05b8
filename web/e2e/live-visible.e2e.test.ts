// Visible live changes in real Chromium at a phone's 390 px: the challenge page says Live once its
// room is subscribed, "N watching now" counts a second browser opening the same challenge (1 → 2,
// and back), a join by another lifter marks the new row in the top list and the changed participant
// count (a fading tint; a still one under prefers-reduced-motion), and the indicator says Offline while
// the browser is offline and Live again after.
import { mkdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse } from '../../contract/index.ts'
import { createOpenChallenge, joinChallenge, registerUser } from './api.ts'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const stamp = Date.now() % 100_000
const SHOTS = '/tmp/shots'

let organiser: AuthResponse
let id: number
const browsers: TestBrowser[] = []

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  organiser = await registerUser(baseUrl, `Vera Org ${stamp}`)
  id = await createOpenChallenge(baseUrl, organiser, `Live Visible ${stamp}`)
  await joinChallenge(baseUrl, organiser, id, '83kg')
})

afterAll(async () => {
  for (const b of browsers) await b.close()
})

describe('visible live changes on the challenge page', () => {
  it('says Live, counts watchers across browsers, marks a join, and says Offline while offline', async () => {
    const first = await openBrowser(390, 844)
    browsers.push(first)
    const page = first.page
    await page.goto(`${baseUrl}/challenges/${id}`)
    const indicator = page.getByTestId('live-indicator')
    await indicator.filter({ hasText: /^Live$/ }).waitFor({ timeout: 15_000 })
    expect(await indicator.getAttribute('role')).toBe('status')
    const watching = page.getByTestId('watching-now')
    await watching.filter({ hasText: /^1 watching now$/ }).waitFor({ timeout: 10_000 })

    // A second browser (its own context and socket) on the same challenge.
    const second = await openBrowser(390, 844)
    browsers.push(second)
    await second.page.goto(`${baseUrl}/challenges/${id}`)
    await second.page
      .getByTestId('watching-now')
      .filter({ hasText: /^2 watching now$/ })
      .waitFor({ timeout: 10_000 })
    await watching.filter({ hasText: /^2 watching now$/ }).waitFor({ timeout: 10_000 })

    // Another lifter joins: the new row and the changed count are marked, then the marks fade away.
    const count = page.getByTestId('participant-count')
    expect(await count.textContent()).toBe('1')
    expect(await page.locator('.change-highlight').count()).toBe(0) // nothing marked on the first render
    const newcomer = `Nina New ${stamp}`
    await joinChallenge(baseUrl, await registerUser(baseUrl, newcomer), id, '83kg')
    const newRow = page.getByLabel('Top participants').locator('li.top-list__item', { hasText: newcomer })
    await newRow.and(page.locator('.change-highlight')).waitFor({ timeout: 10_000 })
    // The highlight's own animation runs (not the row's entrance animation from a later stylesheet).
    expect(await newRow.evaluate((el) => getComputedStyle(el).animationName)).toBe('change-highlight')
    await count.and(page.locator('.change-highlight')).filter({ hasText: /^2$/ }).waitFor({ timeout: 5000 })
    // The organiser's row did not change (a new row below it does not move its place).
    expect(await page.getByLabel('Top participants').locator('li.top-list__item.change-highlight').count()).toBe(1)
    await page.locator('.change-highlight').first().waitFor({ state: 'detached', timeout: 5000 })
    expect(await page.locator('.change-highlight').count()).toBe(0)

    // Without motion the mark is a still tint (no fade) for the same 2 s.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const third = `Ola Third ${stamp}`
    await joinChallenge(baseUrl, await registerUser(baseUrl, third), id, '83kg')
    const thirdRow = page.getByLabel('Top participants').locator('li.top-list__item.change-highlight', { hasText: third })
    await thirdRow.waitFor({ timeout: 10_000 })
    await thirdRow.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/after-challenge-live.png` })
    const style = await thirdRow.evaluate((el) => ({
      animation: getComputedStyle(el).animationName,
      background: getComputedStyle(el).backgroundColor,
    }))
    expect(style.animation).toBe('none')
    expect(style.background).toBe('rgba(245, 193, 75, 0.22)')
    await page.screenshot({ path: `${SHOTS}/after-challenge-live-full.png`, fullPage: true })
    await thirdRow.waitFor({ state: 'detached', timeout: 5000 })
    await page.emulateMedia({ reducedMotion: null })

    // The second browser leaves: back to 1.
    await second.close()
    browsers.pop()
    await watching.filter({ hasText: /^1 watching now$/ }).waitFor({ timeout: 15_000 })
    expect(first.errors).toEqual([])

    // Offline, then back.
    await first.context.setOffline(true)
    await indicator.filter({ hasText: /^Offline$/ }).waitFor({ timeout: 5000 })
    await page.screenshot({ path: `${SHOTS}/after-challenge-offline.png` })
    await first.context.setOffline(false)
    await indicator.filter({ hasText: /^Live$/ }).waitFor({ timeout: 30_000 })
    await watching.filter({ hasText: /^1 watching now$/ }).waitFor({ timeout: 10_000 })
  }, 120_000)
})
