// Every route of docs/product/screens.md in Chromium at 390 px and 1440 px: it renders its key content,
// has the right document title, logs no console errors, passes axe-core's WCAG 2.x A/AA scan,
// and leaves a full-page screenshot in .artifacts/screenshots/ (git-ignored) for people to look at.
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse, UploadResponse } from '../../contract/index.ts'
import { createOpenChallenge, joinChallenge, registerUser, uploadClip } from './api.ts'
import { axeViolations } from './axe.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const clipPath = inject('clipPath')
const SHOTS = fileURLToPath(new URL('../../.artifacts/screenshots/', import.meta.url))

let auth: AuthResponse
let upload: UploadResponse
let ownChallenge: number

interface RouteCheck {
  path: string
  title: string
  /** Waits until the route shows what it is for. */
  ready: (page: Page) => Promise<unknown>
}

function routes(): RouteCheck[] {
  const video = `/challenges/1/participants/${upload.participant_id}/video/${upload.attempt_id}`
  return [
    { path: '/', title: 'LiftArena', ready: (p) => p.getByRole('heading', { name: 'Top Lifts This Month' }).waitFor() },
    { path: '/challenges', title: 'Challenges | LiftArena', ready: (p) => p.getByText('Winter Powerlifting Open').first().waitFor() },
    { path: '/challenges?status=completed', title: 'Challenges | LiftArena', ready: (p) => p.getByText('Autumn Raw Nationals').waitFor() },
    { path: '/challenges/1', title: 'Challenges | LiftArena', ready: (p) => p.getByRole('list', { name: 'Recent videos' }).waitFor() },
    {
      path: '/challenges/1/upload',
      title: 'Challenges | LiftArena',
      ready: (p) => p.getByRole('button', { name: 'Upload Lift' }).waitFor(),
    },
    { path: '/upload', title: 'Upload | LiftArena', ready: (p) => p.getByLabel('Challenge').waitFor() },
    {
      path: video,
      title: 'Challenges | LiftArena',
      ready: (p) => p.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1),
    },
    {
      path: `/video-player/1/${upload.participant_id}/${upload.attempt_id}`,
      title: 'Challenges | LiftArena',
      ready: (p) => p.waitForURL(`**${video}`),
    },
    { path: '/competitions/1', title: 'Challenges | LiftArena', ready: (p) => p.waitForURL('**/challenges/1') },
    { path: '/random-video', title: 'Random-video | LiftArena', ready: (p) => p.getByRole('button', { name: 'Next video' }).waitFor() },
    {
      path: '/random-video?type=squat',
      title: 'Random-video | LiftArena',
      ready: (p) => p.getByRole('heading', { name: 'Browse all videos' }).waitFor(),
    },
    { path: '/athletes', title: 'Athletes | LiftArena', ready: (p) => p.getByRole('link', { name: 'Anna Novak' }).waitFor() },
    { path: '/athletes?q=Japan', title: 'Athletes | LiftArena', ready: (p) => p.getByRole('link', { name: 'Dmitri Fischer' }).waitFor() },
    { path: '/about', title: 'About | LiftArena', ready: (p) => p.getByRole('heading', { name: 'What it is' }).waitFor() },
    { path: '/terms', title: 'Terms | LiftArena', ready: (p) => p.getByRole('heading', { name: 'Taking part' }).waitFor() },
    { path: '/privacy', title: 'Privacy | LiftArena', ready: (p) => p.getByRole('heading', { name: 'Who sees what' }).waitFor() },
    { path: '/leaderboard', title: 'Leaderboard | LiftArena', ready: (p) => p.getByRole('table').waitFor() },
    {
      path: '/leaderboard?sort=deadlift&class=93kg',
      title: 'Leaderboard | LiftArena',
      ready: (p) => p.getByRole('columnheader', { name: 'Deadlift ▼' }).waitFor(),
    },
    { path: '/records', title: 'Records | LiftArena', ready: (p) => p.getByRole('heading', { name: 'Records', exact: true }).waitFor() },
    { path: '/store', title: 'Store | LiftArena', ready: (p) => p.getByRole('heading', { name: 'Cart (0)' }).waitFor() },
    { path: '/profile', title: 'Profile | LiftArena', ready: (p) => p.getByRole('heading', { name: 'Route Tester' }).waitFor() },
    { path: '/profile/3', title: 'Profile | LiftArena', ready: (p) => p.getByRole('heading', { name: 'Caio Sokolova' }).waitFor() },
    { path: '/profile?id=2', title: 'Profile | LiftArena', ready: (p) => p.getByRole('heading', { name: 'Ben Tanaka' }).waitFor() },
    {
      path: '/auth/error?error=Access%20denied',
      title: 'Auth | LiftArena',
      ready: (p) => p.getByRole('alert').filter({ hasText: 'Access denied' }).waitFor(),
    },
    {
      path: '/auth/callback?user_id=1',
      title: 'Auth | LiftArena',
      ready: (p) => p.getByText('Authentication failed: Missing token or user ID').waitFor(),
    },
    { path: '/no/such/page', title: 'No | LiftArena', ready: (p) => p.getByRole('heading', { name: 'Oops! Page not found' }).waitFor() },
    { path: '/challenges/1/live', title: 'Challenges | LiftArena', ready: (p) => p.getByTestId('board-latest').waitFor() },
    // The tester organises a challenge of their own with one lift waiting: the organiser's and a judge's screens.
    {
      path: `/challenges/${ownChallenge}/judging`,
      title: 'Challenges | LiftArena',
      ready: (p) => p.getByRole('heading', { name: /^Judging: / }).waitFor(),
    },
    { path: '/judge', title: 'Judge | LiftArena', ready: (p) => p.getByRole('heading', { name: "Judge's desk" }).waitFor() },
  ]
}

const slug = (path: string) =>
  path
    .replace(/^\//, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/-$/, '') || 'home'

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true })
  auth = await registerUser(baseUrl, 'Route Tester')
  await joinChallenge(baseUrl, auth, 1, '83kg')
  upload = await uploadClip(baseUrl, auth, 1, clipPath)
  ownChallenge = await createOpenChallenge(baseUrl, auth, 'Route Tester Open')
  await joinChallenge(baseUrl, auth, ownChallenge, '83kg')
  await uploadClip(baseUrl, auth, ownChallenge, clipPath)
  // Wait for the renditions and the poster, so the screenshots show the finished state.
  const detail = `${baseUrl}/api/competitions/1/participants/${upload.participant_id}/attempts/${upload.attempt_id}`
  for (let i = 0; i < 120; i++) {
    const attempt = (await (await fetch(detail)).json()) as { processing: string }
    if (attempt.processing === 'ready' || attempt.processing === 'failed') break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
})

for (const width of [390, 1440]) {
  describe(`every route at ${width} px`, () => {
    let browser: TestBrowser
    beforeAll(async () => {
      browser = await openBrowser(width, width < 768 ? 844 : 900)
      await openSignedIn(browser.page, baseUrl, auth)
    })
    afterAll(() => browser?.close())

    it('renders each route with its title, screenshot, no console errors and no accessibility violations', async () => {
      const page = browser.page
      const violations: string[] = []
      for (const route of routes()) {
        await page.goto(`${baseUrl}${route.path}`)
        await route.ready(page)
        await page.waitForLoadState('networkidle')
        expect(await page.title(), route.path).toBe(route.title)
        // Nothing wider than the viewport (tables scroll inside their own box).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, `${route.path} overflows horizontally`).toBeLessThanOrEqual(0)
        await page.screenshot({ path: `${SHOTS}${slug(route.path)}-${width}.png`, fullPage: true })
        violations.push(...(await axeViolations(page, route.path)))
      }
      expect(browser.errors).toEqual([])
      expect(violations).toEqual([])
    })
  })
}

describe('accessibility of what opens on a phone, signed out', () => {
  let browser: TestBrowser
  beforeAll(async () => {
    browser = await openBrowser(390, 844)
  })
  afterAll(() => browser?.close())

  it('the open menu and the Login and Create Profile dialogs pass the axe scan', async () => {
    const page = browser.page
    const violations: string[] = []
    await page.goto(`${baseUrl}/challenges/1`)
    await page.getByRole('list', { name: 'Recent videos' }).waitFor()
    violations.push(...(await axeViolations(page, '/challenges/1 signed out')))
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).waitFor()
    violations.push(...(await axeViolations(page, 'menu open')))
    await page.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('dialog', { name: 'Login' }).waitFor()
    violations.push(...(await axeViolations(page, 'Login dialog')))
    await page.keyboard.press('Escape')
    await page.reload()
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('button', { name: 'Create Profile' }).click()
    const register = page.getByRole('dialog', { name: 'Create Profile' })
    await register.waitFor()
    // Submitted empty: the fields marked missing must be announced accessibly too.
    await register.getByRole('button', { name: 'Create Profile' }).click()
    violations.push(...(await axeViolations(page, 'Create Profile dialog, submitted empty')))
    expect(violations).toEqual([])
    expect(browser.errors).toEqual([])
  })
})

describe('interactions', () => {
  let browser: TestBrowser
  beforeAll(async () => {
    browser = await openBrowser(1440)
  })
  afterAll(() => browser?.close())

  it('the Login dialog works from the keyboard and logs in; Logout clears the session', async () => {
    const page = browser.page
    await page.goto(baseUrl)
    const loginButton = page.getByRole('banner').getByRole('button', { name: 'Login' })
    await loginButton.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Login' })
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-username')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Login')

    await page.keyboard.press('Enter')
    await page.keyboard.type('anna1')
    await page.keyboard.press('Tab')
    await page.keyboard.type('wrong-password')
    await page.keyboard.press('Enter')
    await dialog.getByRole('alert').filter({ hasText: 'Invalid username or password. Please try again.' }).waitFor()
    expect(await dialog.getByLabel('Password').inputValue()).toBe('')
    await dialog.getByLabel('Password').fill('liftarena-demo')
    await page.keyboard.press('Enter')
    await dialog.getByText('Login successful!').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('banner').getByRole('link', { name: 'Anna Novak' }).waitFor()

    await page.goto(`${baseUrl}/leaderboard`)
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL(`${baseUrl}/`)
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor()
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
  })

  it('the store cart adds items and totals them in LD', async () => {
    const page = browser.page
    await page.goto(`${baseUrl}/store`)
    await page.getByRole('button', { name: 'Add Competition Lever Belt to cart' }).click()
    await page.getByRole('button', { name: 'Add Chalk Block to cart' }).click()
    await page.getByRole('button', { name: 'Add Chalk Block to cart' }).click()
    expect(await page.getByTestId('cart-total').textContent()).toBe('2,600 LD')
    await page.getByRole('button', { name: 'Supplements' }).click()
    expect(await page.getByRole('list', { name: 'Products' }).getByRole('listitem').count()).toBe(1)
  })

  it('/auth/callback with a token stores the session and goes home (once the person confirms a sign-in this tab did not start)', async () => {
    const page = browser.page
    await page.goto(`${baseUrl}/auth/callback?token=${auth.access_token}&user_id=${auth.user_id}`)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(`${baseUrl}/`)
    await page.getByRole('banner').getByRole('link', { name: 'Route Tester' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe(String(auth.user_id))
  })

  it('the profile page sends a visitor without a session or id home', async () => {
    const page = browser.page
    await page.evaluate(() => localStorage.clear())
    await page.goto(`${baseUrl}/profile`)
    await page.waitForURL(`${baseUrl}/`)
    expect(browser.errors).toEqual([])
  })
})
