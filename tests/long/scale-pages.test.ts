// The home page, the leaderboard and a challenge page on the large data set (issue 17): 1,000
// challenges, 20,000 lifters, about 900,000 attempts in PostgreSQL (bench/scale-seed.ts, the
// scale benchmark's seed), served by `server/server.ts` as `npm start` runs it. Each page shows
// the server's aggregates as the API gives them, asks only for what it shows (never a challenge's
// whole participant list), and follows a new lifter's judged lifts live, without a reload.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedScale, type ScaleSeed } from '../../bench/scale-seed.ts'
import type {
  AuthResponse,
  ChallengeSummaryResponse,
  LeaderboardResponse,
  OpenChallengesResponse,
  TopLiftsResponse,
} from '../../contract/index.ts'
import { openDatabase } from '../../infra/db.ts'
import { createLeaderboardRepository } from '../../infra/repositories/leaderboard.repository.ts'
import { joinChallenge, registerUser, uploadClip } from '../../web/e2e/api.ts'
import { openBrowser, type TestBrowser } from '../../web/e2e/browser.ts'
import { startAppServer, type AppServer } from '../../web/e2e/global-setup.ts'
import { makeClip } from '../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'

const LIVE_MS = 20_000

let dir: string
let database: TestDatabase
let seed: ScaleSeed
let server: AppServer
let browser: TestBrowser
let clipPath: string
/** API paths each page asked for, by page. */
const asked = new Map<Page, string[]>()

const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${server.baseUrl}/api${path}`)
  expect(res.status, path).toBe(200)
  return res.json() as Promise<T>
}

async function openPage(path: string, width: number, height: number): Promise<Page> {
  const page = await browser.context.newPage()
  await page.setViewportSize({ width, height })
  const paths: string[] = []
  asked.set(page, paths)
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) paths.push(url.pathname)
  })
  await page.goto(`${server.baseUrl}${path}`)
  // Gone after a reload: what the page shows later came without one.
  await page.evaluate(() => {
    ;(window as unknown as { loadedOnce: boolean }).loadedOnce = true
  })
  return page
}

const pageText = async (page: Page, selector: string) => (await page.locator(selector).allTextContents()).map((t) => t.trim())

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liftarena-scale-'))
  database = await createTestDatabase()
  const db = await openDatabase({ databaseUrl: database.url, dataDir: join(dir, 'migrate') }, { migrate: true })
  try {
    seed = await seedScale(database.url)
    const started = performance.now()
    const rows = await createLeaderboardRepository(db.prisma).rebuildAll()
    console.log(
      `scale seed: ${JSON.stringify(seed.counts)} in ${Math.round(seed.ms / 1000)} s; leaderboard rebuilt, ${rows} rows in ${Math.round((performance.now() - started) / 1000)} s`,
    )
  } finally {
    await db.close()
  }
  clipPath = await makeClip(dir, 'lift.mp4', { width: 640, height: 360, seconds: 2 })
  server = await startAppServer(join(dir, 'data'), undefined, database.url)
  browser = await openBrowser(1280, 800)
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await database?.drop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('pages on 1,000 challenges', () => {
  let home: Page
  let leaderboard: Page
  let challenge: Page

  it('home: the first open challenges and the top lifts as the API gives them, from two small answers', async () => {
    home = await openPage('/', 375, 800)
    const [open, top] = await Promise.all([api<OpenChallengesResponse>('/competitions/open'), api<TopLiftsResponse>('/top-lifts')])
    await home.locator('.top-lifts li').first().waitFor()
    await home.locator('.challenge-card').first().waitFor()
    expect(await pageText(home, '.challenge-card h3')).toEqual([...open.ongoing, ...open.upcoming].slice(0, 2).map((c) => c.name))
    const shown = await home.locator('.top-lifts li a').allTextContents()
    expect(shown).toEqual([...top.lifts.squat, ...top.lifts.bench, ...top.lifts.deadlift].map((l) => l.name))
    expect(asked.get(home)!.filter((p) => p.includes('/participants'))).toEqual([])
    expect(new Set(asked.get(home))).toEqual(new Set(['/api/competitions/open', '/api/top-lifts']))
  })

  it('leaderboard: the first page in rank order, and the next one on "Load more"', async () => {
    leaderboard = await openPage('/leaderboard', 1280, 800)
    const first = await api<LeaderboardResponse>('/leaderboard')
    expect(first.rows).toHaveLength(50)
    const rows = leaderboard.locator('table.leaderboard tbody tr')
    await rows.nth(49).waitFor()
    expect(await rows.count()).toBe(50)
    for (const i of [0, 1, 24, 49]) expect(await rows.nth(i).textContent()).toContain(first.rows[i]!.name)
    const second = await api<LeaderboardResponse>(`/leaderboard?cursor=${first.next_cursor}`)
    await leaderboard.getByRole('button', { name: 'Load more' }).click()
    await rows.nth(99).waitFor()
    for (const i of [0, 49]) expect(await rows.nth(50 + i).textContent()).toContain(second.rows[i]!.name)
    expect(second.rows[0]!.rank).toBe(51)
    expect(asked.get(leaderboard)!.filter((p) => p.includes('/participants'))).toEqual([])
  })

  it("challenge: the count and a top 5 from the summary, not from 100 lifters' attempts", async () => {
    challenge = await openPage(`/challenges/${seed.pageChallenge.id}`, 375, 800)
    const summary = await api<ChallengeSummaryResponse>(`/competitions/${seed.pageChallenge.id}/summary`)
    await challenge.getByTestId('participant-count').filter({ hasText: /^100$/ }).waitFor()
    const top = challenge.getByRole('list', { name: 'Top participants' })
    await top.getByRole('link').first().waitFor()
    const shownClass = summary.top[0]!.weight_class
    expect(await top.getByRole('link').allTextContents()).toEqual(
      summary.top.filter((p) => p.weight_class === shownClass).map((p) => p.name),
    )
    expect(new Set(asked.get(challenge))).toEqual(new Set([`/api/competitions/${seed.pageChallenge.id}/summary`]))
  })

  it("all three follow a new lifter's judged lifts live, without a reload", async () => {
    const organiser: AuthResponse = await registerUser(server.baseUrl, 'Scale Organiser')
    // Three judges, certified as a site administrator would (docs/verified-results.md), so the decisions reach the global boards.
    const judges = await Promise.all([1, 2, 3].map((n) => registerUser(server.baseUrl, `Scale Judge ${n}`)))
    // The seeded challenge's organiser is a seeded account: hand it to one that can sign in and judge.
    const db = await openDatabase({ databaseUrl: database.url, dataDir: join(dir, 'migrate') })
    let usernames: string[]
    try {
      await db.prisma.challenge.update({ where: { id: seed.pageChallenge.id }, data: { createdById: organiser.user_id } })
      await db.prisma.user.updateMany({ where: { id: { in: judges.map((j) => j.user_id) } }, data: { judgeCertifiedAt: new Date() } })
      usernames = (await db.prisma.user.findMany({ where: { id: { in: judges.map((j) => j.user_id) } }, select: { username: true } })).map(
        (u) => u.username,
      )
    } finally {
      await db.close()
    }
    const call = (path: string, method: string, auth: AuthResponse, body: unknown) =>
      fetch(`${server.baseUrl}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.access_token}` },
        body: JSON.stringify(body),
      })
    expect((await call(`/competitions/${seed.pageChallenge.id}/judges`, 'PUT', organiser, { usernames })).status).toBe(200)
    const lifter = await registerUser(server.baseUrl, 'Zed Newcomer')
    await joinChallenge(server.baseUrl, lifter, seed.pageChallenge.id, '120kg+')
    await challenge.getByTestId('participant-count').filter({ hasText: /^101$/ }).waitFor({ timeout: LIVE_MS })
    // Heavier than any seeded lifter, within the open class's world records (a heavier upload is refused).
    for (const [liftType, weight] of [
      ['squat', 450],
      ['bench', 300],
      ['deadlift', 420],
    ] as const) {
      const { attempt_id: attemptId } = await uploadClip(server.baseUrl, lifter, seed.pageChallenge.id, clipPath, weight, liftType)
      for (const judge of judges) {
        const vote = await call(`/attempts/${attemptId}/votes`, 'POST', judge, { good: true })
        expect(vote.status, await vote.clone().text()).toBe(201)
      }
    }
    // Home: the heaviest squat of the month is theirs.
    await home.locator('.top-lifts li').first().filter({ hasText: 'Zed Newcomer' }).waitFor({ timeout: LIVE_MS })
    // Leaderboard: 1,170 kg tops every total.
    await leaderboard.locator('table.leaderboard tbody tr').first().filter({ hasText: 'Zed Newcomer' }).waitFor({ timeout: LIVE_MS })
    // Challenge: first in the 120kg+ top 5.
    await challenge.getByRole('button', { name: '120kg+' }).click()
    const top = challenge.getByRole('list', { name: 'Top participants' })
    await top.getByRole('link').first().filter({ hasText: 'Zed Newcomer' }).waitFor({ timeout: LIVE_MS })
    for (const page of [home, leaderboard, challenge]) {
      expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true)
      expect(asked.get(page)!.filter((p) => p.includes('/participants') && !p.endsWith(`/participants/${lifter.user_id}`))).toEqual([])
    }
  })
})
