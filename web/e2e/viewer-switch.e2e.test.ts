// Two people on one tab (a shared laptop at the gym): A logs in, opens their own profile (its email
// is answered to its owner only), logs out; B logs in on the same page — no reload, the page's
// cache of server data is still there — and opens A's profile. B never sees A's email, not even
// for a moment from the cache: the answer is cached under the viewer it was made for (lib/viewer.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse, ProfileResponse } from '../../contract/index.ts'
import { registerUser } from './api.ts'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const stamp = Date.now() % 100_000

let browser: TestBrowser
let a: AuthResponse
let b: AuthResponse
let aEmail: string

beforeAll(async () => {
  ;[a, b] = await Promise.all([registerUser(baseUrl, `Viewer A ${stamp}`), registerUser(baseUrl, `Viewer B ${stamp}`)])
  const own = await fetch(`${baseUrl}/api/users/${a.user_id}/profile`, { headers: { authorization: `Bearer ${a.access_token}` } })
  aEmail = ((await own.json()) as ProfileResponse).user.email!
  browser = await openBrowser(1280, 900)
})
afterAll(async () => {
  await browser?.close()
})

describe('one tab, two accounts', () => {
  it("B, logged in after A logged out, never sees A's email on A's profile", async () => {
    const { page } = browser
    const banner = page.getByRole('banner')
    const logIn = async (email: string) => {
      await banner.getByRole('button', { name: 'Login' }).click()
      await page.getByLabel('Username or email').fill(email)
      await page.getByLabel('Password').fill('e2e-password')
      await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click()
      await page.getByRole('dialog').waitFor({ state: 'detached' })
    }
    /** Client-side navigation (a reload would empty the cache this test is about). */
    const navigate = (path: string) =>
      page.evaluate((to) => {
        history.pushState({}, '', to)
        dispatchEvent(new PopStateEvent('popstate'))
      }, path)

    await page.goto(baseUrl)
    await logIn(aEmail)
    await navigate(`/profile/${a.user_id}`)
    await page.getByText(aEmail).waitFor()

    await banner.getByRole('button', { name: 'Logout' }).click()
    await banner.getByRole('button', { name: 'Login' }).waitFor()
    const bEmail = (
      (await (
        await fetch(`${baseUrl}/api/users/${b.user_id}/profile`, { headers: { authorization: `Bearer ${b.access_token}` } })
      ).json()) as ProfileResponse
    ).user.email!
    await logIn(bEmail)
    // From here on, every change of the page is checked for A's email.
    await page.evaluate((email) => {
      const seen = { email: document.body.innerText.includes(email) }
      ;(window as unknown as { emailSeen: typeof seen }).emailSeen = seen
      new MutationObserver(() => {
        if (document.body.innerText.includes(email)) seen.email = true
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    }, aEmail)
    await navigate(`/profile/${a.user_id}`)
    await page.getByRole('heading', { name: `Viewer A ${stamp}` }).waitFor()
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {})
    expect(await page.evaluate(() => (window as unknown as { emailSeen: { email: boolean } }).emailSeen.email)).toBe(false)
    expect(await page.getByText(aEmail).count()).toBe(0)
    expect(browser.errors).toEqual([])
  })
})
