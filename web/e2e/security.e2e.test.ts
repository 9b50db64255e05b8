// HTML and script typed into names and descriptions are shown as text, never run, on every
// page that shows them; and the app works under its real security headers, also where those
// headers bite hardest: over plain HTTP on a local-network name (an organiser's laptop
// driving the projector board at an event), which browsers do not treat as a secure origin.
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse } from '../../contract/index.ts'
import { joinChallenge, registerUser, uploadClip } from './api.ts'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const clipPath = inject('clipPath')
const port = new URL(baseUrl).port
const LAN_NAME = 'liftarena-event.lan'

// Each one would set window.__xss (or open a dialog) if it ever ran.
const EVIL_NAME = `<img src=x onerror="window.__xss='name'">Eve<script>window.__xss='name-script'</script>`.slice(0, 100)
const EVIL_CHALLENGE = `<svg onload="window.__xss='challenge'">Open</svg>`
const EVIL_DESCRIPTION = `<script>window.__xss='description'</script><a href="javascript:window.__xss='link'">click</a><iframe src="javascript:alert(1)"></iframe>`
const EVIL_LOCATION = `<img src=x onerror=alert(document.domain)>Gym`

let lifter: AuthResponse
let challengeId: number
let userId: number

/** Records CSP violations and dialogs from the first script on. */
async function watch(page: Page) {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  return dialogs
}

const pageState = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __xss?: string; __csp: string[] }
    return { xss: w.__xss ?? null, csp: w.__csp, scripts: [...document.querySelectorAll('script')].filter((s) => !s.src).length }
  })

beforeAll(async () => {
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: EVIL_NAME,
      email: `xss.${Date.now()}@e2e.liftarena.test`,
      password: 'e2e-password',
      weight_class: '83kg',
      country: EVIL_LOCATION.slice(0, 80),
      bio: EVIL_DESCRIPTION,
    }),
  })
  expect(registered.status).toBe(201)
  lifter = (await registered.json()) as AuthResponse
  userId = lifter.user_id
  const response = await fetch(`${baseUrl}/api/create_competition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${lifter.access_token}` },
    body: JSON.stringify({
      name: EVIL_CHALLENGE,
      location: EVIL_LOCATION,
      description: EVIL_DESCRIPTION,
      weightclasses: ['83kg'],
      start_date: new Date(Date.now() - 86_400_000).toISOString(),
      end_date: new Date(Date.now() + 6 * 86_400_000).toISOString(),
    }),
  })
  expect(response.status).toBe(201)
  challengeId = ((await response.json()) as { competition_id: number }).competition_id
  await joinChallenge(baseUrl, lifter, challengeId, '83kg')
  await uploadClip(baseUrl, lifter, challengeId, clipPath)
  await readFile(clipPath) // the clip exists (made by the global setup)
})

describe('HTML and script in names and descriptions', () => {
  let browser: TestBrowser
  beforeAll(async () => {
    browser = await openBrowser(1440)
  })
  afterAll(() => browser?.close())

  it('are shown as text and never run, on every page that shows them', async () => {
    const page = browser.page
    const dialogs = await watch(page)
    const pages: Array<[string, (p: Page) => Promise<unknown>]> = [
      [`/challenges/${challengeId}`, (p) => p.getByRole('heading', { name: EVIL_CHALLENGE }).waitFor()],
      [`/challenges/${challengeId}/live`, (p) => p.getByTestId('board-latest').filter({ hasText: EVIL_NAME }).waitFor()],
      [`/challenges`, (p) => p.getByText(EVIL_CHALLENGE).first().waitFor()],
      [`/athletes?q=Eve`, (p) => p.getByText(EVIL_NAME).first().waitFor()],
      [`/profile/${userId}`, (p) => p.getByRole('heading', { name: EVIL_NAME }).waitFor()],
      [`/leaderboard`, (p) => p.getByRole('table').waitFor()],
    ]
    for (const [path, ready] of pages) {
      const response = await page.goto(`${baseUrl}${path}`)
      // The document itself carries the policy the app runs under.
      expect(response!.headers()['content-security-policy'], path).toMatch(/script-src 'self'/)
      await ready(page)
      await page.waitForLoadState('networkidle')
      const state = await pageState(page)
      expect(state.xss, path).toBeNull()
      expect(state.csp, path).toEqual([]) // nothing was even attempted: React rendered text, not markup
      expect(state.scripts, `${path}: inline <script> elements`).toBe(0)
    }
    // The text is there, literally.
    await page.goto(`${baseUrl}/challenges/${challengeId}`)
    await page.getByText("<script>window.__xss='description'</script>", { exact: false }).first().waitFor()
    expect(await page.locator('img[src="x"], svg[onload], iframe[src^="javascript"]').count()).toBe(0)
    expect(dialogs).toEqual([])
    expect(browser.errors).toEqual([])
  })
})

describe('the policy on every page', () => {
  let browser: TestBrowser
  beforeAll(async () => {
    browser = await openBrowser(1440)
  })
  afterAll(() => browser?.close())

  it("reports no violation anywhere: no inline styles or scripts, no other host (style-src has no 'unsafe-inline')", async () => {
    const page = browser.page
    await watch(page)
    const response = await page.goto(`${baseUrl}/`)
    const csp = response!.headers()['content-security-policy']!
    expect(csp).toMatch(/style-src 'self'(;|$)/)
    expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/)
    expect(csp).toMatch(/connect-src 'self'(;|$)/)
    const paths = [
      '/',
      '/about',
      '/challenges',
      '/leaderboard',
      '/athletes',
      '/store',
      '/random-video',
      '/upload',
      `/challenges/${challengeId}/upload`,
      '/auth/error',
      '/no-such-page',
      `/challenges/${challengeId}`,
    ]
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`)
      await page.locator('main, [role="main"], body > #root > *').first().waitFor()
      await page.waitForLoadState('networkidle')
      expect((await pageState(page)).csp, path).toEqual([])
    }
    // Dialogs and a video page render their styles under the same policy.
    await page.goto(`${baseUrl}/`)
    await page.getByRole('button', { name: 'Login' }).first().click()
    await page.getByRole('dialog').waitFor()
    await page.goto(`${baseUrl}/challenges/${challengeId}`)
    await page.getByRole('list', { name: 'Recent videos' }).getByRole('link').first().click()
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, { timeout: 30_000 })
    expect((await pageState(page)).csp).toEqual([])
    expect(browser.errors).toEqual([])
  })
})

describe('a challenge image on another host', () => {
  let browser: TestBrowser
  beforeAll(async () => {
    browser = await openBrowser(1440)
  })
  afterAll(() => browser?.close())

  it('is never fetched: a row written before images had to be same-origin paths makes no browser call that host', async () => {
    const FOREIGN = 'https://evil.example/pixel.gif'
    const page = browser.page
    await watch(page)
    // The API refuses such an image now, so the row written before is played back: the answers carry it.
    // The list, a challenge, and the challenge page's summary (which carries its challenge).
    await page.route(/\/api\/competitions(\/\d+(\/summary)?)?(\?.*)?$/, async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { competitions?: Array<{ image: string | null }>; competition?: { image: string | null } }
      for (const c of body.competitions ?? []) c.image = FOREIGN
      if (body.competition) body.competition.image = FOREIGN
      await route.fulfill({ response, json: body })
    })
    const reached: string[] = []
    // A request the policy blocks is still announced ('request', then 'requestfailed' with ERR_BLOCKED_BY_CSP); one that left the page finishes.
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).hostname === 'evil.example') reached.push(`finished ${request.url()}`)
    })
    await page.route('**://evil.example/**', (route) => {
      reached.push(`routed ${route.request().url()}`)
      return route.fulfill({ status: 200, contentType: 'image/gif', body: Buffer.from('R0lGODlhAQABAAAAACw=', 'base64') })
    })
    const pages: Array<[string, (p: Page) => Promise<unknown>]> = [
      ['/challenges', (p) => p.getByText(EVIL_CHALLENGE).first().waitFor()],
      [`/challenges/${challengeId}`, (p) => p.getByRole('heading', { name: EVIL_CHALLENGE }).waitFor()],
    ]
    for (const [path, ready] of pages) {
      await page.goto(`${baseUrl}${path}`)
      await ready(page)
      await page.waitForLoadState('networkidle')
      expect(reached, path).toEqual([])
      const { csp } = await pageState(page)
      expect(csp.length, path).toBeGreaterThan(0)
      expect(new Set(csp), path).toEqual(new Set([`img-src ${FOREIGN}`]))
    }
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  })
})

describe('the real security headers', () => {
  let lan: TestBrowser
  beforeAll(async () => {
    // The server answers at 127.0.0.1; Chromium reaches it under a LAN name, which is not a secure origin.
    lan = await openBrowser(1920, 1080, [`--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`])
  })
  afterAll(() => lan?.close())

  it('let the projector board load, go live and update over plain HTTP on a local-network name', async () => {
    const page = lan.page
    const dialogs = await watch(page)
    const failed: string[] = []
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`))
    const origin = `http://${LAN_NAME}:${port}`
    const response = await page.goto(`${origin}/challenges/${challengeId}/live`)
    expect(response!.headers()['content-security-policy']).toBeDefined()
    await page.getByTestId('board-count').filter({ hasText: /^1$/ }).waitFor({ timeout: 30_000 })
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 30_000 })
    // A join arrives over the socket, under the same policy.
    const other = await registerUser(baseUrl, 'Lan Joiner')
    await joinChallenge(baseUrl, other, challengeId, '83kg')
    await page.getByTestId('board-count').filter({ hasText: /^2$/ }).waitFor({ timeout: 30_000 })
    // And a video plays (media-src) from the same origin.
    await page.goto(`${origin}/challenges/${challengeId}`)
    await page.getByRole('list', { name: 'Recent videos' }).getByRole('link').first().click()
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, { timeout: 30_000 })
    const state = await pageState(page)
    expect(state.csp).toEqual([])
    expect(failed).toEqual([])
    expect(dialogs).toEqual([])
    expect(lan.errors).toEqual([])
  })
})
