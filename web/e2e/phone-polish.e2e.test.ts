// Phone polish, on a touch phone (390×844, isMobile, hasTouch) in real Chromium:
// every visible button, link-button and tab on /store, /challenges, /challenges/1 and a video page
// can be hit over at least 44 px of height (measured by hit-testing, so an invisible ::before hit
// area counts); the menu closes after signing in from it and has a backdrop that closes it; the
// profile shows "—" as the total of a challenge not lifted yet. Screenshots to /tmp/h/polish/.
import { mkdirSync, rmSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse, UploadResponse } from '../../contract/index.ts'
import { joinChallenge, registerUser, uploadClip } from './api.ts'
import { openSignedIn } from './browser.ts'

const baseUrl = inject('baseUrl')
const clipPath = inject('clipPath')
const SHOTS = '/tmp/h/polish/'
const MIN_TAP = 44
const TAPPABLE = 'button, .button, .link-button, [role="tab"]'

let profile = ''
let context: BrowserContext
let page: Page
let auth: AuthResponse
let upload: UploadResponse

async function demoLogin(username: string): Promise<AuthResponse> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'liftarena-demo' }),
  })
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`)
  return (await response.json()) as AuthResponse
}

/**
 * Every visible tappable element whose tap area is under 44 px tall, as "text (height px)". The
 * height is hit-tested: with the element in the middle of the screen, the run of points on its
 * vertical centre line where a tap lands on it (or inside it).
 */
function smallTargets(p: Page, scope = 'body'): Promise<string[]> {
  return p.evaluate(
    ([selector, min, inside]) => {
      const found: string[] = []
      for (const el of document.querySelector(inside)?.querySelectorAll<HTMLElement>(selector) ?? []) {
        const box = el.getBoundingClientRect()
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue
        el.scrollIntoView({ block: 'center', inline: 'center' })
        const r = el.getBoundingClientRect()
        const x = r.left + r.width / 2
        const cy = r.top + r.height / 2
        let top = cy
        let bottom = cy
        const hits = (y: number) => {
          const at = document.elementFromPoint(x, y)
          return !!at && (at === el || el.contains(at))
        }
        if (hits(cy)) {
          while (top > cy - 40 && hits(top - 1)) top--
          while (bottom < cy + 40 && hits(bottom + 1)) bottom++
        }
        const height = bottom - top + (hits(cy) ? 1 : 0)
        if (height < min) {
          const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30)
          found.push(`${name || el.tagName} (${Math.round(height)} px${hits(cy) ? '' : ', covered'})`)
        }
      }
      window.scrollTo(0, 0)
      return found
    },
    [TAPPABLE, MIN_TAP, scope] as const,
  )
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  auth = await registerUser(baseUrl, 'Polish Phone')
  await joinChallenge(baseUrl, auth, 1, '83kg')
  upload = await uploadClip(baseUrl, auth, 1, clipPath)
  profile = mkdtempSync(join(tmpdir(), 'liftarena-chromium-'))
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  })
  page = context.pages()[0] ?? (await context.newPage())
})

afterAll(async () => {
  await context?.close()
  if (profile) rmSync(profile, { recursive: true, force: true })
})

describe('phone polish (390×844, touch)', () => {
  it('gives every button, link-button and tab a tap area at least 44 px tall', async () => {
    const offenders: string[] = []
    const check = async (label: string, scope?: string) => offenders.push(...(await smallTargets(page, scope)).map((o) => `${label}: ${o}`))

    await page.goto(`${baseUrl}/store`)
    await page
      .getByRole('button', { name: /^Add .+ to cart$/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Dismiss' }).first().waitFor()
    await check('/store')

    await page.goto(`${baseUrl}/challenges`)
    await page.getByText('Winter Powerlifting Open').first().waitFor()
    await check('/challenges')

    await page.goto(`${baseUrl}/challenges/1`)
    await page.getByRole('list', { name: 'Recent videos' }).waitFor()
    await page.getByTestId('live-indicator').and(page.locator('[data-state="live"]')).waitFor({ timeout: 15_000 })
    await check('/challenges/1')
    await page.screenshot({ path: `${SHOTS}challenge-online.png` })
    await context.setOffline(true)
    await page.getByTestId('live-indicator').and(page.locator('[data-state="offline"]')).waitFor()
    await page.screenshot({ path: `${SHOTS}challenge-offline.png` })
    await context.setOffline(false)

    // The menu's Login and Create Profile, signed out.
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('button', { name: 'Login' }).waitFor()
    await page.screenshot({ path: `${SHOTS}menu-open.png` })
    await check('menu', '#nav-menu')
    await page.getByRole('button', { name: 'Menu' }).click()

    // The video page as its uploader, with a comment of theirs (Post, Delete, reactions, player).
    await openSignedIn(page, baseUrl, auth)
    await page.goto(`${baseUrl}/challenges/1/participants/${upload.participant_id}/video/${upload.attempt_id}`)
    await page.getByLabel('Your comment').fill('Solid depth.')
    await page.getByRole('button', { name: 'Post' }).click()
    await page.getByRole('button', { name: 'Delete' }).first().waitFor()
    await check('video page')
    await page.screenshot({ path: `${SHOTS}video-page.png`, fullPage: true })

    expect(offenders, `Tap targets under ${MIN_TAP} px:\n${offenders.join('\n')}`).toEqual([])
  })

  it('closes the menu after signing in from it, and its backdrop closes it on a tap', async () => {
    await context.clearCookies()
    await page.goto(baseUrl)
    await page.evaluate(() => localStorage.clear())
    await page.reload()
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.click()
    await page.getByTestId('nav-backdrop').waitFor()
    await page.screenshot({ path: `${SHOTS}menu-backdrop.png` })
    await page.getByTestId('nav-backdrop').click({ position: { x: 200, y: 800 } })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')

    await toggle.click()
    await page.locator('#nav-menu').getByRole('button', { name: 'Login' }).click()
    await page.getByLabel('Username or email').fill('ben2')
    await page.getByLabel('Password').fill('liftarena-demo')
    await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await page.locator('#nav-menu').isVisible()).toBe(false)
    expect(await page.getByTestId('nav-backdrop').count()).toBe(0)
  })

  it("shows '—' as the total of an upcoming challenge on the profile", async () => {
    const lifter = await demoLogin('efe5') // a lifter of the upcoming New Year Total Challenge
    await openSignedIn(page, baseUrl, lifter)
    await page.goto(`${baseUrl}/profile`)
    const row = page.getByTestId('history-row').filter({ hasText: 'New Year Total Challenge' })
    await row.waitFor()
    expect(await row.getByTestId('history-total').textContent()).toBe('—')
  })
})
