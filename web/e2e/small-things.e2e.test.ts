// Small things a lifter notices, at phone size (390×844) in real Chromium:
// Join starts at the lifter's own class and the badge names it; leaving before the start drops the
// count live on a spectator's phone; Create Profile marks what is missing; Add to cart says so, the
// header counts it, and the cart is still there after a reload. Each passes axe's WCAG A/AA scan.
// Screenshots to /tmp/shots/after-*.png.
import { mkdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse } from '../../contract/index.ts'
import { joinChallenge, registerUser } from './api.ts'
import { axeViolations } from './axe.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const SHOTS = '/tmp/shots/'
const tag = Date.now() % 100000
const lifterName = `Pia Phone ${tag}`
const otherName = `Ola Other ${tag}`

/** An upcoming challenge (starts in 2 days) whose first class is 74kg, so the lifter's 83kg is not the default. */
async function createUpcomingChallenge(owner: AuthResponse, name: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/create_competition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.access_token}` },
    body: JSON.stringify({
      name,
      location: 'Bergen',
      lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
      weightclasses: ['74kg', '83kg', '93kg'],
      start_date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      end_date: new Date(Date.now() + 9 * 86_400_000).toISOString(),
    }),
  })
  if (response.status !== 201) throw new Error(`create challenge: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { competition_id: number }).competition_id
}

/** Finite animations (a row fading in) have ended: axe measures contrast on the colours as they end up. */
const animationsDone = (page: TestBrowser['page']) =>
  page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  )

let lifter: TestBrowser
let spectator: TestBrowser
let visitor: TestBrowser
let challengeUrl = ''

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[lifter, spectator, visitor] = await Promise.all([openBrowser(390, 844), openBrowser(390, 844), openBrowser(390, 844)])
})

afterAll(async () => {
  await Promise.all([lifter?.close(), spectator?.close(), visitor?.close()])
})

describe('small things, on a phone', () => {
  it("join starts at the lifter's own class, and the joined badge names it; a spectator's count follows live", async () => {
    const [owner, me, other] = await Promise.all([
      registerUser(baseUrl, `Owner ${tag}`),
      registerUser(baseUrl, lifterName),
      registerUser(baseUrl, otherName),
    ])
    const id = await createUpcomingChallenge(owner, `Phone Open ${tag}`)
    challengeUrl = `${baseUrl}/challenges/${id}`
    await joinChallenge(baseUrl, other, id, '93kg')

    await spectator.page.goto(challengeUrl)
    await spectator.page.getByTestId('participant-count').filter({ hasText: /^1$/ }).waitFor()

    const page = lifter.page
    await openSignedIn(page, baseUrl, me) // registered with weight class 83kg
    await page.goto(challengeUrl)
    const select = page.getByLabel('Weight class')
    await select.waitFor()
    await expect.poll(() => select.inputValue(), { timeout: 10_000 }).toBe('83kg')
    await page.getByRole('button', { name: 'Join Challenge' }).click()
    const badges = page.getByText("You've joined this challenge · 83 kg", { exact: true })
    await badges.first().waitFor()
    expect(await badges.count()).toBe(2) // the hero's and the Take part panel's
    await page.getByTestId('participant-count').filter({ hasText: /^2$/ }).waitFor()
    await page.getByRole('button', { name: 'Leave challenge' }).waitFor()
    await page.screenshot({ path: `${SHOTS}after-challenge-joined.png`, fullPage: true })
    await animationsDone(page)
    expect(await axeViolations(page, 'challenge joined')).toEqual([])

    await spectator.page.getByTestId('participant-count').filter({ hasText: /^2$/ }).waitFor({ timeout: 15_000 })
    await spectator.page.getByRole('list', { name: 'Top participants' }).getByText(lifterName).waitFor()
  })

  it('leaving before the start asks first, then the count drops live in the second context', async () => {
    const page = lifter.page
    await page.getByRole('button', { name: 'Leave challenge' }).click()
    const question = page.getByRole('group', { name: /^Leave Phone Open/ })
    await question.waitFor()
    // The safe answer has the focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stay in')
    await page.screenshot({ path: `${SHOTS}after-challenge-leave-confirm.png`, fullPage: true })
    await animationsDone(page)
    expect(await axeViolations(page, 'leave question')).toEqual([])
    await question.getByRole('button', { name: 'Yes, leave' }).click()

    await page.getByRole('button', { name: 'Join Challenge' }).waitFor()
    expect(await page.getByText("You've joined this challenge").count()).toBe(0)
    await page.getByTestId('participant-count').filter({ hasText: /^1$/ }).waitFor()

    // The spectator never reloads: the room's participant.left brings the count and the top down.
    const watcher = spectator.page
    await watcher.getByTestId('participant-count').filter({ hasText: /^1$/ }).waitFor({ timeout: 15_000 })
    await watcher.getByRole('list', { name: 'Top participants' }).getByText(lifterName).waitFor({ state: 'detached' })
    await watcher.getByRole('list', { name: 'Top participants' }).getByText(otherName).waitFor()
    expect(lifter.errors).toEqual([])
    expect(spectator.errors).toEqual([])
  })

  it('Create Profile marks every missing field, with its message, and focuses the first', async () => {
    const page = visitor.page
    await page.goto(baseUrl)
    // On a phone the account buttons sit in the menu.
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('banner').getByRole('button', { name: 'Create Profile' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Profile' })
    await dialog.getByLabel('Name *').fill('Only A Name')
    await dialog.getByRole('button', { name: 'Create Profile' }).click()

    for (const [label, message] of [
      ['Email *', 'Email is required.'],
      ['Confirm password *', 'Confirm password is required.'],
      ['Weight class *', 'Weight class is required.'],
      ['Country *', 'Country is required.'],
    ]) {
      const field = dialog.getByLabel(label!, { exact: true })
      expect(await field.getAttribute('aria-invalid'), label).toBe('true')
      await dialog.getByText(message!, { exact: true }).waitFor()
    }
    expect(await dialog.getByLabel('Name *').getAttribute('aria-invalid')).toBeNull()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-email')
    await dialog.getByText('Please fill in all required fields.').waitFor()
    await page.screenshot({ path: `${SHOTS}after-create-profile.png` })
    await animationsDone(page)
    expect(await axeViolations(page, 'Create Profile with missing fields')).toEqual([])

    await dialog.getByLabel('Email *').fill('someone@e2e.liftarena.test')
    expect(await dialog.getByLabel('Email *').getAttribute('aria-invalid')).toBeNull()
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  it('Add to cart: a toast, the header count, and the cart is still there after a reload', async () => {
    const page = visitor.page
    await page.goto(`${baseUrl}/store`)
    const header = page.getByRole('banner')
    expect(await header.getByRole('link', { name: /^Cart,/ }).count()).toBe(0)
    await page.getByRole('button', { name: 'Add Competition Lever Belt to cart' }).click()
    await page.getByRole('status').getByText('Added Competition Lever Belt to cart').waitFor()
    await page.getByRole('button', { name: 'Add Competition Lever Belt to cart' }).click()
    await page.getByRole('button', { name: 'Add Chalk Block to cart' }).click()
    await page.getByRole('status').getByText('Added Chalk Block to cart').waitFor()
    // Visible in the header without opening the menu.
    const cartLink = header.getByRole('link', { name: 'Cart, 3 items' })
    await cartLink.waitFor()
    expect(await cartLink.isVisible()).toBe(true)
    expect(await cartLink.textContent()).toBe('3')
    // The screen as the phone shows it: the header's count on top, the toasts at the bottom.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${SHOTS}after-store.png` })
    await animationsDone(page)
    expect(await axeViolations(page, 'store with a cart')).toEqual([])

    await page.reload()
    await header.getByRole('link', { name: 'Cart, 3 items' }).waitFor()
    const cart = page.getByRole('complementary', { name: /Cart/ })
    await cart.getByText('Competition Lever Belt', { exact: true }).waitFor()
    expect(await cart.getByLabel('Quantity of Competition Lever Belt').inputValue()).toBe('2')
    expect(await cart.getByLabel('Quantity of Chalk Block').inputValue()).toBe('1')
    expect(await page.getByTestId('cart-total').textContent()).toMatch(/4,?300/)
    await page.screenshot({ path: `${SHOTS}after-store-reloaded.png`, fullPage: true })
    expect(visitor.errors).toEqual([])
  })
})
