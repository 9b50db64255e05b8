// A page whose code cannot load, in real Chromium at a phone's 390 px: offline, tapping a link to a
// lazily loaded page shows the app's own offline sentence inside the normal header (never React
// Router's developer screen) and the page loads by itself once the connection is back; after a
// redeploy (its chunk answers 404) the app reloads once and the page loads; a chunk that stays
// missing gets one reload, then "Something went wrong on this page." with Try again, and no loop.
import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const SHOTS = '/tmp/h/routeerr'
const PARTICIPANTS_CHUNK = '**/assets/ParticipantsPage-*.js'
const DEVELOPER_SCREEN = /Hey developer|Unexpected Application Error/

let browser: TestBrowser

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  browser = await openBrowser(390, 844)
})

afterAll(async () => {
  await browser.close()
})

/** Counts the page's document loads (the first open and every reload). */
function countDocuments(page: Page): { count: number } {
  const documents = { count: 0 }
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.count++
  })
  return documents
}

async function openChallenge(page: Page) {
  await page.goto(`${baseUrl}/challenges/2`)
  const link = page.locator('a[href="/challenges/2/participants"]').first()
  await link.waitFor()
  return link
}

const participantsHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Participants' })

describe('a page whose code cannot load', () => {
  it('offline: says so inside the layout, then loads by itself when the connection is back', async () => {
    const { page, context } = browser
    const documents = countDocuments(page)
    const link = await openChallenge(page)

    await context.setOffline(true)
    await link.click()
    const notice = page.getByRole('main').getByText('Offline — this page loads when the connection is back.')
    await notice.waitFor({ timeout: 10_000 })
    await page
      .getByRole('navigation', { name: 'Main' })
      .or(page.getByRole('button', { name: 'Menu' }))
      .first()
      .waitFor()
    expect(await page.getByRole('link', { name: 'LiftArena home' }).isVisible()).toBe(true)
    expect(await page.locator('body').innerText()).not.toMatch(DEVELOPER_SCREEN)
    expect(page.url()).toBe(`${baseUrl}/challenges/2/participants`)
    await page.screenshot({ path: `${SHOTS}/offline.png` })

    await context.setOffline(false)
    const back = Date.now()
    await participantsHeading(page).waitFor({ timeout: 5000 })
    console.log(`participants page loaded ${Date.now() - back} ms after going online; document loads: ${documents.count}`)
    expect(await notice.count()).toBe(0)
    // Styled too: the page's CSS, which failed with its code (and which Vite never asks for twice), was loaded again.
    await page.waitForFunction(
      () => {
        const list = document.querySelector('.participants-list')
        return list !== null && getComputedStyle(list).display === 'flex'
      },
      null,
      { timeout: 5000 },
    )
    await page.screenshot({ path: `${SHOTS}/back-online.png` })
    expect(browser.errors).toEqual([])
  })

  it("after a redeploy (the page's chunk answers 404): one reload, then the page loads", async () => {
    const page = await browser.context.newPage() // Its own sessionStorage, so its own reload guard.
    const documents = countDocuments(page)
    const link = await openChallenge(page)
    // The old build's file name is gone until the page is reloaded (both its modulepreload and the import).
    let refused = 0
    await page.route(PARTICIPANTS_CHUNK, (route) => {
      if (documents.count > 1) return route.continue()
      refused++
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' })
    })

    await link.click()
    await participantsHeading(page).waitFor({ timeout: 15_000 })
    expect(refused).toBeGreaterThan(0)
    expect(documents.count).toBe(2) // The first open and one reload.
    expect(page.url()).toBe(`${baseUrl}/challenges/2/participants`)
    expect(await page.locator('body').innerText()).not.toMatch(DEVELOPER_SCREEN)
    expect(browser.errors).toEqual([])
    await page.close()
  })

  it('a chunk that stays missing: one reload only, then a friendly sentence with Try again and a way home', async () => {
    const page = await browser.context.newPage()
    const documents = countDocuments(page)
    const link = await openChallenge(page)
    await page.route(PARTICIPANTS_CHUNK, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }))

    await link.click()
    await page.getByRole('main').getByText('Something went wrong on this page.').waitFor({ timeout: 15_000 })
    await page.waitForTimeout(1500)
    expect(documents.count).toBe(2) // The first open and a single reload: no loop.
    expect(await page.getByRole('main').getByRole('button', { name: 'Try again' }).isVisible()).toBe(true)
    expect(await page.getByRole('main').getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/')
    expect(await page.getByRole('link', { name: 'LiftArena home' }).isVisible()).toBe(true)
    expect(await page.locator('body').innerText()).not.toMatch(DEVELOPER_SCREEN)
    await page.screenshot({ path: `${SHOTS}/gave-up.png` })

    // Once the code is there again, Try again loads the page.
    await page.unroute(PARTICIPANTS_CHUNK)
    await page.getByRole('main').getByRole('button', { name: 'Try again' }).click()
    await participantsHeading(page).waitFor({ timeout: 15_000 })
    expect(browser.errors).toEqual([])
    await page.close()
  })
})
