// A walk through every route as a person meets it: a spectator at 390 px and at 1440 px, and a
// signed-in lifter at 1440 px. It fails on any console error (a 4xx/5xx resource load included: the
// app asks so that "not there" is an answer, not an error), any request answering 5xx, any text
// "undefined", "NaN" or the old fixed "$1,750", a label, header or button word broken across two
// lines, and a figure of the projector board cut or off the screen. Screenshots of the board at
// 1280×720 and 1920×1080 go to /tmp/shots/walk-board-*.png for people to look at.
import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse } from '../../contract/index.ts'
import { demoLogin } from './api.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const SHOTS = '/tmp/shots/'

/** Every route of the web app (contract/web-routes.ts) with a real id, and what shows once it is ready. */
const ROUTES: Array<[path: string, ready: string]> = [
  ['/', 'Top Lifts This Month'],
  ['/challenges', 'Winter Powerlifting Open'],
  ['/challenges/1', 'Top participants'],
  ['/challenges/1/participants', 'Winter Powerlifting Open'],
  ['/challenges/1/upload', 'Winter Powerlifting Open'],
  ['/challenges/1/judging', 'Winter Powerlifting Open'],
  ['/upload', 'Upload'],
  ['/random-video', 'Next video'],
  ['/athletes', 'Athletes'],
  ['/about', 'LiftArena'],
  ['/terms', 'Terms'],
  ['/privacy', 'Privacy'],
  ['/leaderboard', 'Leaderboard'],
  ['/store', 'A showcase, not a shop.'],
  ['/profile/2', 'Achievements'],
  ['/judge', "Judge's desk"],
  ['/admin', 'Admin'],
  ['/auth/error?error=Example', 'Example'],
  ['/no/such/page', 'Oops! Page not found'],
]

interface Walker {
  browser: TestBrowser
  problems: string[]
}

/** Watches a page for what the walk must never meet, beyond the console errors browser.ts collects. */
function walker(browser: TestBrowser): Walker {
  const problems: string[] = []
  browser.page.on('console', (message) => {
    // browser.ts leaves resource errors out; here a failed load counts too (the 404 page's own document excepted).
    if (
      message.type() === 'error' &&
      message.text().startsWith('Failed to load resource') &&
      !browser.page.url().includes('/no/such/page')
    ) {
      problems.push(`${browser.page.url()}: ${message.text()} (${message.location().url})`)
    }
  })
  browser.page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()}`)
  })
  return { browser, problems }
}

/** Text a person should never read, and words of labels, headers and buttons broken across lines. */
const inspect = (page: Page) =>
  page.evaluate(() => {
    const text = document.body.innerText
    const bad = ['undefined', 'NaN', '$1,750'].filter((word) => new RegExp(`(^|[^\\w$])${word.replace('$', '\\$')}($|[^\\w])`).test(text))
    const broken: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>('label, legend, th, dt, button, .tag, .badge')) {
      if (el.getBoundingClientRect().width === 0) continue
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const data = node.textContent ?? ''
        for (const match of data.matchAll(/[\p{L}\p{N}]{2,}/gu)) {
          const range = document.createRange()
          range.setStart(node, match.index)
          range.setEnd(node, match.index + match[0].length)
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
          if (lines.size > 1) broken.push(`"${match[0]}" in <${el.tagName.toLowerCase()}> ${el.textContent?.trim().slice(0, 40)}`)
        }
      }
    }
    return { bad, broken }
  })

async function walk(w: Walker, label: string) {
  const page = w.browser.page
  for (const [path, ready] of ROUTES) {
    await page.goto(`${baseUrl}${path}`)
    await page.getByText(ready, { exact: false }).locator('visible=true').first().waitFor({ timeout: 30_000 })
    await page.waitForTimeout(400) // late requests (a profile's places, a live room) have answered
    const seen = await inspect(page)
    expect(seen.bad, `${label} ${path}: text a person should not read`).toEqual([])
    expect(seen.broken, `${label} ${path}: words broken across lines`).toEqual([])
  }
  expect(w.browser.errors, `${label}: console errors`).toEqual([])
  expect(w.problems, `${label}: failed loads and 5xx answers`).toEqual([])
}

let lifter: AuthResponse
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  lifter = await demoLogin(baseUrl, 'ben2')
})

describe('a walk through every route', () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    it(`as a spectator at ${width} px`, async () => {
      const w = walker(await openBrowser(width, height))
      try {
        await walk(w, `spectator ${width}`)
      } finally {
        await w.browser.close()
      }
    }, 300_000)
  }

  it('as a signed-in lifter at 1440 px', async () => {
    const w = walker(await openBrowser(1440, 900))
    try {
      await openSignedIn(w.browser.page, `${baseUrl}/`, lifter)
      await walk(w, 'lifter 1440')
      // Their own profile too, and a challenge they have not joined (their entry: "not joined", no 404 in the console).
      await w.browser.page.goto(`${baseUrl}/profile`)
      await w.browser.page.getByText('Achievements').waitFor()
      await w.browser.page.goto(`${baseUrl}/challenges/3`)
      await w.browser.page.getByText('Top participants').waitFor()
      await w.browser.page.waitForTimeout(400)
      expect(w.browser.errors).toEqual([])
      expect(w.problems).toEqual([])
    } finally {
      await w.browser.close()
    }
  }, 300_000)

  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    it(`the board at ${width}×${height}: no figure cut or off the screen`, async () => {
      const w = walker(await openBrowser(width, height))
      try {
        const page = w.browser.page
        await page.goto(`${baseUrl}/challenges/1/live`)
        await page.locator('.board__table tbody tr').first().waitFor({ timeout: 45_000 })
        await page.waitForTimeout(500)
        const cut = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.board__body td.num, .board__body td.board__rank, .board__body th')]
            .filter((el) => el.getBoundingClientRect().width > 0)
            .filter((el) => el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map((el) => el.textContent),
        )
        expect(cut).toEqual([])
        await page.screenshot({ path: `${SHOTS}walk-board-${width}.png` })
        expect(w.browser.errors).toEqual([])
        expect(w.problems).toEqual([])
      } finally {
        await w.browser.close()
      }
    }, 120_000)
  }
})
