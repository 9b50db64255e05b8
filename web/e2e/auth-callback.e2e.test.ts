// Login CSRF through the sign-in callback, in real Chromium: a /auth/callback link carrying
// someone else's tokens, opened in a logged-out browser, must not plant that account in it
// (the victim's uploads would land on the attacker's account). The page checks the token
// with /auth/user, refuses a user_id that is not the token's, and for a sign-in this tab did
// not start (no matching `state` nonce) asks "Continue as <name>?" before storing anything.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse } from '../../contract/index.ts'
import { registerUser } from './api.ts'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const STATE_KEY = 'liftarena_sign_in_state' // SESSION_STORAGE_KEYS.signInState in web/src/config.ts

let attacker: AuthResponse
let other: AuthResponse
let browser: TestBrowser
const attackerName = `Mallory ${Date.now() % 100000}`

const stored = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    refresh: localStorage.getItem('refresh_token'),
    userId: localStorage.getItem('userId'),
    loggedIn: localStorage.getItem('isLoggedIn'),
  }))
const NOTHING = { token: null, refresh: null, userId: null, loggedIn: null }

/** A fresh, logged-out page of the victim's browser. */
async function loggedOut(): Promise<Page> {
  const page = browser.page
  await page.goto(`${baseUrl}/about`)
  await page.evaluate(() => {
    localStorage.clear()
    sessionStorage.clear()
  })
  return page
}

beforeAll(async () => {
  ;[attacker, other] = await Promise.all([registerUser(baseUrl, attackerName), registerUser(baseUrl, 'Innocent Other')])
  browser = await openBrowser(1440)
})
afterAll(() => browser?.close())

describe('the sign-in callback', () => {
  it("a link with another account's tokens opened in a logged-out browser asks first, and stores nothing until Continue", async () => {
    const page = await loggedOut()
    await page.goto(
      `${baseUrl}/auth/callback?token=${encodeURIComponent(attacker.access_token)}&user_id=${attacker.user_id}&refresh_token=${encodeURIComponent(attacker.refresh_token)}`,
    )
    await page.getByRole('heading', { name: `Continue as ${attackerName}?` }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(await stored(page)).toEqual(NOTHING)
    expect(page.url()).toContain('/auth/callback')
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor() // still logged out

    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(`${baseUrl}/`)
    await page.getByRole('banner').getByRole('link', { name: attackerName }).waitFor()
    expect(await stored(page)).toEqual({
      token: attacker.access_token,
      refresh: attacker.refresh_token,
      userId: String(attacker.user_id),
      loggedIn: 'true',
    })
  })

  it('Cancel goes home and stores nothing', async () => {
    const page = await loggedOut()
    await page.goto(`${baseUrl}/auth/callback?token=${encodeURIComponent(attacker.access_token)}&user_id=${attacker.user_id}&state=guessed`)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL(`${baseUrl}/`)
    expect(await stored(page)).toEqual(NOTHING)
  })

  it("a user_id that is not the token's user is refused with the spec's error page, and nothing is stored", async () => {
    const page = await loggedOut()
    await page.goto(`${baseUrl}/auth/callback?token=${encodeURIComponent(attacker.access_token)}&user_id=${other.user_id}`)
    await page.getByRole('alert').filter({ hasText: 'Failed to complete authentication' }).waitFor()
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0)
    await page.waitForURL(/\/auth\/error\?error=/)
    await page.getByRole('alert').filter({ hasText: 'Failed to complete authentication' }).waitFor()
    expect(await stored(page)).toEqual(NOTHING)
  })

  it('a sign-in this tab started (its state nonce) is stored at once and goes home', async () => {
    const page = await loggedOut()
    // What startSignIn() leaves behind before the browser goes to the provider.
    await page.evaluate((key) => sessionStorage.setItem(key, '0123456789abcdef0123456789abcdef'), STATE_KEY)
    await page.goto(
      `${baseUrl}/auth/callback?token=${encodeURIComponent(other.access_token)}&user_id=${other.user_id}&state=0123456789abcdef0123456789abcdef`,
    )
    await page.waitForURL(`${baseUrl}/`)
    await page.getByRole('banner').getByRole('link', { name: 'Innocent Other' }).waitFor()
    expect(await stored(page)).toMatchObject({ token: other.access_token, userId: String(other.user_id), loggedIn: 'true' })
    expect(await page.evaluate((key) => sessionStorage.getItem(key), STATE_KEY)).toBeNull() // used once
    expect(browser.errors).toEqual([])
  })
})
