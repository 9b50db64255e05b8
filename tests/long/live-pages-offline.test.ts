// Pages never blank on a passing error: every live page (challenge, projector board, home,
// leaderboard, random video, profile) open side by side in one Chromium context loses the
// server three ways — 20 s offline, 60 s offline, a server restart — while a lifter joins and
// lifts. Throughout, each page keeps its last data and says "Offline — reconnecting…"; after,
// each comes back by itself (no reload) and shows what happened meanwhile. A page that had
// nothing yet (the profile tab moved to another lifter while cut off) shows the error with
// Try Again and recovers by itself too.
//
// The server is `server/server.ts` as `npm start` runs it (embedded database, demo data, the
// built web app: tests/long/global-setup.ts builds it), restarted on the same port and data.
// The pages reach it through a TCP proxy: Chromium's offline emulation fails new requests but
// leaves an open WebSocket up, so the proxy really cuts the socket.io connection — reset for
// the 20 s drop, silently blackholed for the 60 s one (the client must notice by itself).
// About 2.5 minutes, most of it the drops themselves: a long run, not `npm test`.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthResponse } from '../../contract/index.ts'
import { certifiedDemoPanel, joinChallenge, registerUser, uploadClip } from '../../web/e2e/api.ts'
import { openBrowser, type TestBrowser } from '../../web/e2e/browser.ts'
import { startAppServer, type AppServer } from '../../web/e2e/global-setup.ts'
import { makeClip } from '../helpers/clips.ts'
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts'

const OFFLINE = 'Offline — reconnecting…'
const CHALLENGE = `Offline Open ${Date.now() % 100000}`
/** Recovery must come well within this once the server is reachable again. */
const RECOVERY_MS = 30_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let dir: string
let clipPath: string
let server: AppServer
let port: number
let proxy: TcpProxy
let browser: TestBrowser
/** The pages, all in one context. */
let challenge: Page, board: Page, home: Page, leaderboard: Page, random: Page, profile: Page
let challengeId: number
let weightClass: string
let participants = 0
let organiser: Lifter
let panel: Awaited<ReturnType<typeof certifiedDemoPanel>>
const timings: string[] = []

const serverUrl = () => `http://127.0.0.1:${port}`
const pageUrl = () => `http://127.0.0.1:${proxy.port}`
const exactly = (n: number) => new RegExp(`^${n}$`)

interface Lifter {
  name: string
  auth: AuthResponse
}

async function newLifter(name: string): Promise<Lifter> {
  return { name, auth: await registerUser(serverUrl(), name) }
}

/** Joins the challenge and lifts, judged good by the demo's certified panel (so it counts on the global boards): `weight` kg puts the lifter on top of every board. */
async function joinAndLift(lifter: Lifter, weight: number) {
  await joinChallenge(serverUrl(), lifter.auth, challengeId, weightClass)
  const { attempt_id: attemptId } = await uploadClip(serverUrl(), lifter.auth, challengeId, clipPath, weight)
  await panel.decide(attemptId)
  participants++
}

/** Moves the profile tab to another lifter the way a link does, without loading the document. */
async function openProfileInApp(userId: number) {
  await profile.evaluate((path) => {
    history.pushState(null, '', path)
    dispatchEvent(new PopStateEvent('popstate'))
  }, `/profile/${userId}`)
}

const livePages = () => [challenge, board, home, leaderboard]
const allPages = () => [...livePages(), random, profile]
const homeCount = () => home.locator('.challenge-card', { hasText: CHALLENGE }).locator('dd').nth(2)

/** Every page still shows what it had and says it is offline; none shows an error. */
async function expectHoldingOn(before: number) {
  await Promise.all(allPages().map((p) => p.getByText(OFFLINE).waitFor({ timeout: 60_000 })))
  expect(await challenge.getByTestId('participant-count').textContent()).toBe(String(before))
  expect(await board.getByTestId('board-count').textContent()).toBe(String(before))
  expect(await homeCount().textContent()).toBe(String(before))
  for (const p of [...livePages(), random]) expect(await p.getByRole('alert').count(), p.url()).toBe(0)
  expect(await random.locator('video').count()).toBe(1)
}

/** Every page caught up with `lifter` by itself and no longer says it is offline. */
async function expectCaughtUp(lifter: Lifter, weight: number) {
  const kg = `${weight} kg`
  await Promise.all([
    challenge
      .getByTestId('participant-count')
      .filter({ hasText: exactly(participants) })
      .waitFor({ timeout: RECOVERY_MS }),
    challenge.getByLabel('Top participants').getByText(lifter.name).waitFor({ timeout: RECOVERY_MS }),
    board
      .getByTestId('board-count')
      .filter({ hasText: exactly(participants) })
      .waitFor({ timeout: RECOVERY_MS }),
    board.getByTestId('board-latest').filter({ hasText: lifter.name }).waitFor({ timeout: RECOVERY_MS }),
    board.getByText('Live', { exact: true }).waitFor({ timeout: RECOVERY_MS }),
    homeCount()
      .filter({ hasText: exactly(participants) })
      .waitFor({ timeout: RECOVERY_MS }),
    home.locator('.top-lifts li', { hasText: lifter.name }).filter({ hasText: kg }).first().waitFor({ timeout: RECOVERY_MS }),
    leaderboard.getByRole('row', { name: new RegExp(lifter.name) }).waitFor({ timeout: RECOVERY_MS }),
    ...allPages().map((p) => p.getByText(OFFLINE).waitFor({ state: 'detached', timeout: RECOVERY_MS })),
  ])
  for (const p of [...livePages(), random]) expect(await p.getByRole('alert').count(), p.url()).toBe(0)
  // Live again: the next join arrives without a reload.
  const next = await newLifter(`${lifter.name} Live`)
  await joinChallenge(serverUrl(), next.auth, challengeId, weightClass)
  participants++
  await Promise.all([
    challenge
      .getByTestId('participant-count')
      .filter({ hasText: exactly(participants) })
      .waitFor({ timeout: 15_000 }),
    board
      .getByTestId('board-count')
      .filter({ hasText: exactly(participants) })
      .waitFor({ timeout: 15_000 }),
    homeCount()
      .filter({ hasText: exactly(participants) })
      .waitFor({ timeout: 15_000 }),
  ])
}

/** The profile tab, moved to `lifter` while cut off, shows the error page, then their profile with the challenge. */
async function expectProfileRecovered(lifter: Lifter) {
  await profile.getByRole('heading', { level: 1, name: lifter.name }).waitFor({ timeout: RECOVERY_MS })
  await profile.getByRole('link', { name: CHALLENGE, exact: true }).waitFor({ timeout: RECOVERY_MS })
  expect(await profile.getByRole('alert').count()).toBe(0)
}

/** While cut off: the profile tab moves to a lifter it has never loaded, and the random video page asks for the next video. */
async function actWhileCutOff(lifter: Lifter) {
  await openProfileInApp(lifter.auth.user_id)
  await profile.getByRole('alert').filter({ hasText: 'Failed to load profile data' }).waitFor({ timeout: 30_000 })
  await profile.getByRole('button', { name: 'Try Again' }).waitFor()
  await random.getByRole('button', { name: 'Next video' }).click()
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liftarena-offline-'))
  clipPath = await makeClip(dir, 'lift.mp4', { width: 640, height: 360, seconds: 2 })
  server = await startAppServer(join(dir, 'data'))
  port = Number(new URL(server.baseUrl).port)
  proxy = await startTcpProxy(port)
  browser = await openBrowser(1280, 800)

  // A challenge that started long ago: the first open challenge on the home page.
  organiser = await newLifter('Offline Organiser')
  const created = await fetch(`${serverUrl()}/api/create_competition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${organiser.auth.access_token}` },
    body: JSON.stringify({
      // A squat challenge: each good squat is a total, so the heaviest puts its lifter on top of every board.
      name: CHALLENGE,
      location: 'Offline Hall',
      lifttypes: ['Squat'],
      weightclasses: ['120kg+'],
      gender: 'M',
      start_date: new Date(Date.now() - 300 * 86_400_000).toISOString(),
      end_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    }),
  })
  expect(created.status, await created.clone().text()).toBe(201)
  challengeId = ((await created.json()) as { competition_id: number }).competition_id
  weightClass = '120kg+'
  panel = await certifiedDemoPanel(serverUrl(), organiser.auth, challengeId)
  // Heavier than every demo squat, and each later lifter heavier still, all within the open class's world record (595 kg).
  const first = await newLifter('Offline First')
  await joinAndLift(first, 300)

  const context = browser.context
  challenge = browser.page
  ;[board, home, leaderboard, random, profile] = (await Promise.all([1, 2, 3, 4, 5].map(() => context.newPage()))) as [
    Page,
    Page,
    Page,
    Page,
    Page,
  ]
  await Promise.all([
    challenge.goto(`${pageUrl()}/challenges/${challengeId}`),
    board.goto(`${pageUrl()}/challenges/${challengeId}/live`),
    home.goto(`${pageUrl()}/`),
    // Sorted by squat: a squat challenge's lifts are bests, not totals, and the board shows its first page.
    leaderboard.goto(`${pageUrl()}/leaderboard?sort=squat`),
    random.goto(`${pageUrl()}/random-video`),
    profile.goto(`${pageUrl()}/profile/${first.auth.user_id}`),
  ])
  // Six pages load at once while the fresh server still transcodes its demo clips: give the first load a minute.
  await Promise.all([
    challenge
      .getByTestId('participant-count')
      .filter({ hasText: exactly(1) })
      .waitFor({ timeout: 60_000 }),
    board.getByText('Live', { exact: true }).waitFor({ timeout: 60_000 }),
    homeCount()
      .filter({ hasText: exactly(1) })
      .waitFor({ timeout: 60_000 }),
    leaderboard.getByRole('row', { name: /Offline First/ }).waitFor({ timeout: 60_000 }),
    random.locator('video').waitFor({ timeout: 60_000 }),
    // Its browse list too: a list still loading when the network goes shows the error, as it should.
    random.locator('.browse-group').first().waitFor({ timeout: 60_000 }),
    profile.getByRole('link', { name: CHALLENGE, exact: true }).waitFor({ timeout: 60_000 }),
  ])
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await proxy?.close()
  await server?.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
  if (timings.length) console.log(`offline recovery: ${timings.join('; ')}`)
})

describe('live pages after losing the server', () => {
  for (const [seconds, mode] of [
    [20, 'reset'],
    [60, 'blackholed'],
  ] as const) {
    it(`keep their data through ${seconds} s offline (connections ${mode}) and catch up by themselves`, async () => {
      const lifter = await newLifter(`Offline ${seconds}s Lifter`)
      const weight = 400 + seconds // each heavier than the last
      const before = participants
      const cutAt = performance.now()
      if (mode === 'reset') await proxy.cut()
      else proxy.blackhole()
      await browser.context.setOffline(true)

      await actWhileCutOff(lifter)
      await joinAndLift(lifter, weight)
      // Past the live store's 15 s offline poll (which used to blank the challenge page) and, at 60 s, socket.io's ping timeout.
      await sleep(Math.max(0, seconds * 1000 - (performance.now() - cutAt)))
      await expectHoldingOn(before)

      await proxy.restore()
      await browser.context.setOffline(false)
      const backAt = performance.now()
      await expectCaughtUp(lifter, weight)
      await expectProfileRecovered(lifter)
      timings.push(`${seconds} s offline: caught up ${((performance.now() - backAt) / 1000).toFixed(1)} s after the network returned`)
    }, 180_000)
  }

  it('keep their data through a server restart and catch up by themselves', async () => {
    const lifter = await newLifter('Offline Restart Lifter')
    const weight = 500
    const before = participants
    await server.stop()
    const downAt = performance.now()
    // The browser never goes offline: only the live socket and failing loads tell the pages.
    await Promise.all(livePages().map((p) => p.getByText(OFFLINE).waitFor({ timeout: 30_000 })))
    await actWhileCutOff(lifter)
    await random.getByText(OFFLINE).waitFor({ timeout: 30_000 })
    await expectHoldingOn(before)

    // Start again on the same port and database; the lifter joins before any page can reach it.
    await proxy.cut()
    server = await startAppServer(join(dir, 'data'), port)
    await joinAndLift(lifter, weight)
    await proxy.restore()
    const backAt = performance.now()
    await expectCaughtUp(lifter, weight)
    await expectProfileRecovered(lifter)
    timings.push(
      `restart: down ${((backAt - downAt) / 1000).toFixed(1)} s, caught up ${((performance.now() - backAt) / 1000).toFixed(1)} s after`,
    )
  }, 180_000)

  it('logged no errors but the lost connections themselves', () => {
    // Chromium logs each refused WebSocket handshake; anything else is the app's.
    expect(browser.errors.filter((e) => !e.startsWith('WebSocket connection to'))).toEqual([])
  })
})
