// The projector board (/challenges/:id/live) in real Chromium with 60 lifters in 3 weight classes,
// at 1280×720 and 1920×1080: grouped by class, the pages turn by themselves (about 10 s each) and
// wrap around, every lifter shows on some page, nothing scrolls, no text is under 16 px at 720p,
// attempts awaiting judges are marked, the last decision shows with its rank, the QR code is there;
// then a panel of three decides a pending attempt and the lights fill the screen, then the ranking.
// Screenshots go to /tmp/board-*.png. Seeded straight in the database (as projector-drop does).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBrowser, type TestBrowser } from '../../web/e2e/browser.ts'
import { loadConfig } from '../../infra/config.ts'
import { openDatabase, type Database } from '../../infra/db.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { createLifters, spawnServer, type Lifter, type ServerProcess } from '../helpers/live.ts'

const CLASSES = ['74kg', '83kg', '93kg']
const LIFTERS = 60

let database: TestDatabase
let db: Database
let dir: string
let server: ServerProcess
let challengeId: number
let lifters: Lifter[]
let judges: Lifter[]
let pendingAttemptId: number
let pendingLifterName: string

beforeAll(async () => {
  database = await createTestDatabase()
  dir = mkdtempSync(joinPath(tmpdir(), 'liftarena-board-'))
  db = await openDatabase({ databaseUrl: database.url, dataDir: dir }, { migrate: true })
  const { prisma } = db
  lifters = await createLifters(prisma, loadConfig().jwtSecret, LIFTERS, 'Board Lifter')
  judges = await createLifters(prisma, loadConfig().jwtSecret, 3, 'Board Judge')
  const challenge = await prisma.challenge.create({
    data: {
      name: 'Hall Board Open',
      location: 'Test Hall',
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 6 * 86_400_000),
      liftTypes: ['Squat', 'Bench Press', 'Deadlift'],
      weightClasses: CLASSES,
      gender: 'M',
      description: 'Hall Board Open',
      createdById: judges[0]!.userId,
    },
  })
  challengeId = challenge.id
  const decidedAt = new Date(Date.now() - 60_000)
  for (const [i, lifter] of lifters.entries()) {
    const participant = await prisma.participant.create({
      data: {
        userId: lifter.userId,
        challengeId,
        weightClass: CLASSES[i % 3]!,
        gender: 'M',
        joinedAt: new Date(Date.now() - 3_600_000 + i * 1000),
      },
    })
    const base = 100 + ((i * 37) % 80)
    const good = (judge: string) => ({ judge, good: true, card: null, reason: null, reason_label: null, at_seconds: null, note: null })
    await prisma.attempt.createMany({
      data: (['squat', 'bench', 'deadlift'] as const).map((liftType, k) => ({
        participantId: participant.id,
        liftType,
        attemptNumber: 1,
        weight: base + k * 20 - (liftType === 'bench' ? 60 : 0),
        status: 'completed' as const,
        votesNeeded: 3,
        votesCast: 3,
        decidedBy: 'panel',
        decidedAt: new Date(decidedAt.getTime() - (LIFTERS - i) * 1000 - k),
        lights: [good('Judge 1'), good('Judge 2'), good('Judge 3')],
        createdAt: new Date(Date.now() - 3_000_000 + i * 1000 + k),
      })),
    })
    // Every fifth lifter has a heavier deadlift awaiting judges: shown, never ranked. The first
    // lifter's is the newest attempt (the board's "Latest attempt"); a panel decides it below.
    if (i % 5 === 0) {
      const pending = await prisma.attempt.create({
        data: {
          participantId: participant.id,
          liftType: 'deadlift',
          attemptNumber: 2,
          weight: base + 60,
          status: 'pending',
          votesNeeded: 3,
          votesCast: i === 0 ? 0 : 1,
          createdAt: new Date(Date.now() - (i === 0 ? 0 : 60_000 - i)),
        },
      })
      if (i === 0) {
        pendingAttemptId = pending.id
        pendingLifterName = 'Board Lifter 1'
      }
    }
  }
  // A public address, as in a hall: a board on a loopback-only server shows a note instead of the QR code.
  server = await spawnServer({ DATABASE_URL: database.url, SERVE_WEB: 'true', PUBLIC_URL: 'http://192.0.2.10:3000/' })
}, 180_000)

afterAll(async () => {
  await server?.stop()
  await db?.close()
  await database?.drop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

interface Layout {
  page: string
  pageIndicator: string | null
  names: string[]
  classes: string[]
  docOverflow: { x: number; y: number }
  bodyOverflow: number
  smallest: { size: number; text: string }
  pendingMarks: number
  pendingTotal: number
}

/** What the board shows now: its page, the lifters on it, overflow, and the smallest visible text. */
const layout = (page: Page): Promise<Layout> =>
  page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement
    const body = document.querySelector<HTMLElement>('.board__body')!
    let smallest = { size: Infinity, text: '' }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      const el = node.parentElement
      if (!text || !el) continue
      const rect = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue
      const size = parseFloat(style.fontSize)
      if (size < smallest.size) smallest = { size, text }
    }
    return {
      page: body.dataset.page ?? '',
      pageIndicator: document.querySelector('[data-testid="board-page"]')?.textContent ?? null,
      names: [...body.querySelectorAll('.board__name-text')].map((n) => n.textContent ?? ''),
      classes: [...body.querySelectorAll('.board__class')].map((n) => n.textContent ?? ''),
      docOverflow: { x: doc.scrollWidth - window.innerWidth, y: doc.scrollHeight - window.innerHeight },
      bodyOverflow: body.scrollHeight - body.clientHeight,
      smallest,
      // Marks shown whole (not cut off by their cell).
      pendingMarks: [...body.querySelectorAll<HTMLElement>('.board__pending')].filter((mark) => {
        const r = mark.getBoundingClientRect()
        const cell = mark.closest('td')!.getBoundingClientRect()
        return r.width > 0 && r.left >= cell.left - 0.5 && r.right <= cell.right + 0.5
      }).length,
      pendingTotal: body.querySelectorAll('.board__pending').length,
    }
  })

async function walkPages(page: Page, label: string) {
  await page.goto(`${server.url}/challenges/${challengeId}/live`)
  await page
    .getByTestId('board-count')
    .filter({ hasText: new RegExp(`^${LIFTERS}$`) })
    .waitFor({ timeout: 30_000 })
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 30_000 })
  await page
    .getByTestId('board-page')
    .filter({ hasText: /^Page 1 of \d+$/ })
    .waitFor({ timeout: 30_000 })
  const first = await layout(page)
  const total = Number(/of (\d+)/.exec(first.pageIndicator!)![1])
  expect(total).toBeGreaterThan(1)
  const seen = new Set<string>()
  const perPage: number[] = []
  let smallest = first.smallest
  const turnTimes: number[] = []
  let state = first
  for (let n = 1; n <= total; n++) {
    expect(state.pageIndicator).toBe(`Page ${n} of ${total}`)
    expect(state.docOverflow.x, `page ${n}: no horizontal scroll`).toBeLessThanOrEqual(0)
    expect(state.docOverflow.y, `page ${n}: no vertical scroll`).toBeLessThanOrEqual(0)
    expect(state.bodyOverflow, `page ${n}: the rows fit`).toBeLessThanOrEqual(1)
    expect(state.pendingMarks, `page ${n}: every 'Awaiting judges' mark shows whole`).toBe(state.pendingTotal)
    state.names.forEach((name) => seen.add(name))
    perPage.push(state.names.length)
    if (state.smallest.size < smallest.size) smallest = state.smallest
    await page.screenshot({ path: `/tmp/board-${label}-page${n}.png` })
    const started = performance.now()
    const next = n === total ? 1 : n + 1
    await page
      .getByTestId('board-page')
      .filter({ hasText: new RegExp(`^Page ${next} of ${total}$`) })
      .waitFor({ timeout: 15_000 })
    turnTimes.push(performance.now() - started)
    state = await layout(page)
  }
  // Wrapped around to the first page; every lifter was on one page.
  expect(state.page).toBe('1')
  expect(seen.size).toBe(LIFTERS)
  expect(first.classes[0]).toBe('74kg')
  console.log(
    `board ${label}: ${total} pages of ${perPage.join('/')} lifters; pages turned after ${turnTimes.map((t) => (t / 1000).toFixed(1)).join(', ')} s; smallest text ${smallest.size}px ("${smallest.text.slice(0, 30)}")`,
  )
  return { smallest, total, first }
}

describe('projector board for a hall', () => {
  let browser720: TestBrowser
  let browser1080: TestBrowser
  beforeAll(async () => {
    ;[browser720, browser1080] = await Promise.all([openBrowser(1280, 720), openBrowser(1920, 1080)])
  })
  afterAll(async () => {
    await Promise.all([browser720?.close(), browser1080?.close()])
  })

  it('pages through 60 lifters in 3 classes at 1280×720 without scrolling, nothing under 16 px', async () => {
    const page = browser720.page
    const { smallest, first } = await walkPages(page, '720')
    expect(smallest.size).toBeGreaterThanOrEqual(16)
    // Pending attempts are marked; the last decision shows with its rank in its class.
    expect(first.pendingTotal).toBeGreaterThan(0)
    expect(first.pendingMarks).toBe(first.pendingTotal)
    await page
      .getByTestId('board-decided-rank')
      .filter({ hasText: /^#\d+ in \d+kg · / })
      .waitFor()
    expect(await page.getByTestId('board-url').textContent()).toMatch(new RegExp(`/challenges/${challengeId}$`))
    expect(await page.locator('svg.board__qr path').getAttribute('d')).toMatch(/^M/)
    expect(browser720.errors).toEqual([])
  })

  it('pages through them at 1920×1080 too', async () => {
    const page = browser1080.page
    const { smallest } = await walkPages(page, '1080')
    expect(smallest.size).toBeGreaterThanOrEqual(16)
    expect(browser1080.errors).toEqual([])
  })

  it('a panel decision shows the three lights large, then the ranking with that lifter highlighted', async () => {
    const page = browser720.page
    const headers = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` })
    const users = await db.prisma.user.findMany({ where: { id: { in: judges.map((j) => j.userId) } }, orderBy: { id: 'asc' } })
    const panel = await fetch(`${server.url}/api/competitions/${challengeId}/judges`, {
      method: 'PUT',
      headers: headers(judges[0]!.token),
      body: JSON.stringify({ usernames: users.map((u) => u.username) }),
    })
    expect(panel.status, await panel.clone().text()).toBe(200)
    const votes = [{ good: false, reason: 'not_locked', at_seconds: 1.5 }, { good: true }, { good: false, reason: 'ramping' }]
    let thirdVoteAt = 0
    for (const [i, vote] of votes.entries()) {
      if (i === 2) {
        // Two votes in: the board's latest attempt counts them (votes are blind: counts only).
        await page.getByTestId('board-latest').filter({ hasText: 'Awaiting judges · 2 of 3 votes' }).waitFor({ timeout: 10_000 })
        thirdVoteAt = performance.now()
      }
      const res = await fetch(`${server.url}/api/attempts/${pendingAttemptId}/votes`, {
        method: 'POST',
        headers: headers(judges[i]!.token),
        body: JSON.stringify(vote),
      })
      expect(res.status, await res.clone().text()).toBeLessThan(300)
    }
    const lights = page.getByTestId('board-lights')
    await lights.waitFor({ timeout: 15_000 })
    const voteToLightsMs = performance.now() - thirdVoteAt
    expect(await lights.textContent()).toContain(pendingLifterName)
    expect(await lights.textContent()).toContain('No lift')
    expect(await lights.locator('.board-light').count()).toBe(3)
    expect(await lights.locator('.board-light--red').count()).toBe(2)
    expect(await lights.locator('.board-card--blue').count()).toBe(2)
    const shownAt = performance.now()
    const overlayFont = await page.evaluate(() =>
      Math.min(...[...document.querySelectorAll('.board-lights *')].map((e) => parseFloat(getComputedStyle(e).fontSize))),
    )
    expect(overlayFont).toBeGreaterThanOrEqual(16)
    await page.waitForTimeout(600) // past the overlay's fade-in
    await page.screenshot({ path: '/tmp/board-720-lights.png' })
    await lights.waitFor({ state: 'detached', timeout: 10_000 })
    const shownMs = performance.now() - shownAt
    expect(shownMs).toBeGreaterThan(3000)
    const decided = page.locator('tr.board__row--decided')
    await decided.waitFor({ timeout: 5_000 })
    expect(await decided.textContent()).toContain(pendingLifterName)
    await page.getByTestId('board-decided').filter({ hasText: pendingLifterName }).filter({ hasText: 'No lift' }).waitFor()
    await page.screenshot({ path: '/tmp/board-720-after-decision.png' })
    console.log(
      `board: lights on screen ${voteToLightsMs.toFixed(0)} ms after the third vote was sent; shown ${(shownMs / 1000).toFixed(1)} s, then the page with ${pendingLifterName}`,
    )
    expect(browser720.errors).toEqual([])
  })
  it('on a 390 px phone (the QR code opens it there) it lists every lifter on one scrolling page, names readable', async () => {
    const phone = await openBrowser(390, 844)
    try {
      await phone.page.goto(`${server.url}/challenges/${challengeId}/live`)
      await phone.page
        .getByTestId('board-count')
        .filter({ hasText: new RegExp(`^${LIFTERS}$`) })
        .waitFor({ timeout: 30_000 })
      await phone.page
        .locator('.board__table tbody tr')
        .nth(LIFTERS - 1)
        .waitFor({ timeout: 30_000 })
      const state = await phone.page.evaluate(() => ({
        overflowX: document.documentElement.scrollWidth - window.innerWidth,
        rows: document.querySelectorAll('.board__table tbody tr').length,
        pager: !!document.querySelector('[data-testid="board-page"]'),
        // totals inside the screen: the table fits its width
        totalsOffScreen: [...document.querySelectorAll('.board__total')].filter((t) => t.getBoundingClientRect().right > window.innerWidth)
          .length,
        pendingShown: [...document.querySelectorAll('.board__pending-phone')].filter((m) => m.getBoundingClientRect().width > 0).length,
        // a name shows whole when its box is as wide as its text
        clippedNames: [...document.querySelectorAll<HTMLElement>('.board__name-text')].filter(
          (n) => n.getBoundingClientRect().width < 20 || n.scrollWidth > n.closest('td')!.clientWidth + 1,
        ).length,
      }))
      const withPending = await db.prisma.participant.count({ where: { challengeId, attempts: { some: { status: 'pending' } } } })
      expect(withPending).toBeGreaterThan(0)
      expect(state).toEqual({ overflowX: 0, rows: LIFTERS, pager: false, clippedNames: 0, totalsOffScreen: 0, pendingShown: withPending })
      await phone.page.screenshot({ path: '/tmp/board-390-phone.png' })
      expect(phone.errors).toEqual([])
    } finally {
      await phone.close()
    }
  })
})
