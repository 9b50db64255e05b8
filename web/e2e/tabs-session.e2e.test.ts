// Several tabs share one session (issue 14, part 4), in real Chromium: two tabs of one browser
// (two pages of one context: one localStorage) open past the access token's expiry both need a
// refresh at once. Before, both exchanged the same refresh token and the server's reuse detection
// ended the login in every tab. Now one tab refreshes under a Web Lock and the other takes its
// result; without Web Locks (a lease in localStorage) a tie is answered by the server's reuse grace.
//
// This file starts a server of its own (ACCESS_TOKEN_TTL_SECONDS=3, on a PostgreSQL database of its
// own, so the test can read the refresh tokens' rows); the shared e2e server keeps its 15 minutes.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthResponse } from '../../contract/index.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/database.ts'
import { registerUser } from './api.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const INDEX_HTML = join(ROOT, 'web/dist/index.html')
const TTL_SECONDS = 3
/** The refresh answer is held this long, so the other tab surely meets the expired token while one refresh is under way. */
const REFRESH_DELAY_MS = 1500

let database: TestDatabase
let dataDir: string
let server: ChildProcess | undefined
let baseUrl: string

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as AddressInfo
  probe.close()
  return port
}

/** `server/server.ts` as `npm start` runs it, with this file's settings. */
async function startServer(env: Record<string, string>): Promise<string> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      ...env,
    },
  })
  server = child
  let output = ''
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 90 s:\n${output}`)), 90_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('LiftArena is running at')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The server exited (${code}):\n${output}`))
    })
  })
  return `http://127.0.0.1:${port}`
}

beforeAll(async () => {
  // The server serves web/dist only when its index.html is there at start (another run may be rebuilding it).
  for (let i = 0; i < 120 && !existsSync(INDEX_HTML); i++) await new Promise((resolve) => setTimeout(resolve, 500))
  database = await createTestDatabase()
  dataDir = mkdtempSync(join(tmpdir(), 'liftarena-tabs-'))
  baseUrl = await startServer({
    DATABASE_URL: database.url,
    ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS),
    SERVE_WEB: 'true',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  })
})
afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = once(server, 'exit')
    server.kill('SIGTERM')
    const timer = setTimeout(() => server?.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  await database?.drop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** The user's refresh-token rows: how many were rotated and how many revoked. */
async function refreshRows(userId: number): Promise<{ rows: number; rotated: number; revoked: number }> {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ rows: string; rotated: string; revoked: string }>(
      'SELECT count(*) AS rows, count(rotated_at) AS rotated, count(revoked_at) AS revoked FROM refresh_tokens WHERE user_id = $1',
      [userId],
    )
    return { rows: Number(rows[0]!.rows), rotated: Number(rows[0]!.rotated), revoked: Number(rows[0]!.revoked) }
  } finally {
    await client.end()
  }
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    access: localStorage.getItem('auth_token'),
    refresh: localStorage.getItem('refresh_token'),
    userId: localStorage.getItem('userId'),
  }))

interface Tabs {
  browser: TestBrowser
  tabs: [Page, Page]
  /** The refresh tokens the browser presented to /api/auth/refresh, in order. */
  presented: string[]
  /** 401 answers to GET /api/auth/user, per tab. */
  refused: [number, number]
}

/** Two tabs of one browser, logged in as `auth` (the tokens stored as a login stores them), on the home page. */
async function openTabs(auth: AuthResponse, name: string, prepare?: (context: BrowserContext) => Promise<unknown>): Promise<Tabs> {
  const browser = await openBrowser(1280)
  await prepare?.(browser.context)
  const presented: string[] = []
  await browser.context.route('**/api/auth/refresh', async (route) => {
    presented.push(
      route
        .request()
        .headers()
        .authorization?.replace(/^Bearer /, '') ?? '',
    )
    await new Promise((resolve) => setTimeout(resolve, REFRESH_DELAY_MS))
    await route.continue()
  })
  const first = browser.page
  await openSignedIn(first, `${baseUrl}/about`, auth)
  const second = await browser.context.newPage()
  const tabs: [Page, Page] = [first, second]
  const refused: [number, number] = [0, 0]
  tabs.forEach((tab, i) =>
    tab.on('response', (response) => {
      if (response.url().endsWith('/api/auth/user') && response.status() === 401) refused[i]! += 1
    }),
  )
  await Promise.all(tabs.map((tab) => tab.goto(baseUrl)))
  await Promise.all(tabs.map((tab) => loggedInAs(tab, name)))
  return { browser, tabs, presented, refused }
}

const loggedInAs = (tab: Page, name: string) => tab.getByRole('banner').getByRole('link', { name }).waitFor({ timeout: 20_000 })

/**
 * Waits until every access token issued so far has expired, then reloads both tabs at once; both must come back
 * logged in. Returns how many refresh tokens the browser presented meanwhile, and asserts both tabs met the
 * expired token (the race was real).
 */
async function bothComeBackAfterExpiry({ tabs, presented, refused }: Tabs, name: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, TTL_SECONDS * 1000 + 1100))
  const [before, refusedBefore] = [presented.length, [...refused]]
  await Promise.all(tabs.map((tab) => tab.reload()))
  await Promise.all(tabs.map((tab) => loggedInAs(tab, name)))
  expect(refused.map((n, i) => n - refusedBefore[i]!)).toEqual([1, 1])
  return presented.length - before
}

describe('two tabs of one browser past the access token expiry', () => {
  it('with Web Locks: one tab refreshes, the other takes its tokens; both stay logged in and the login is never revoked', async () => {
    const name = `Two Tabs ${Date.now() % 100000}`
    const auth = await registerUser(baseUrl, name)
    const t = await openTabs(auth, name)
    try {
      expect(await t.tabs[0].evaluate(() => typeof navigator.locks?.request)).toBe('function')
      // One exchange per round (before: two, with the same token, and the login revoked).
      for (let round = 1; round <= 3; round++) expect(await bothComeBackAfterExpiry(t, name)).toBe(1)
      // Never the same token twice (the opening may have needed a refresh too: the browser starts slowly).
      expect(new Set(t.presented).size).toBe(t.presented.length)
      expect(await refreshRows(auth.user_id)).toEqual({ rows: t.presented.length + 1, rotated: t.presented.length, revoked: 0 })
      const [a, b] = await Promise.all(t.tabs.map(stored))
      if (!a) throw new Error('the first tab stored no session')
      expect(a).toEqual(b)
      expect(a.refresh).not.toBe(auth.refresh_token)
      // The stored session still works: its refresh token exchanges and the new access token is accepted.
      const next = await fetch(`${baseUrl}/api/auth/refresh`, { method: 'POST', headers: { authorization: `Bearer ${a.refresh}` } })
      expect(next.status).toBe(200)
      const me = await fetch(`${baseUrl}/api/auth/user`, {
        headers: { authorization: `Bearer ${((await next.json()) as AuthResponse).access_token}` },
      })
      expect(me.status).toBe(200)
      expect(t.browser.errors).toEqual([])
    } finally {
      await t.browser.close()
    }
  })

  it('without Web Locks (a localStorage lease): both tabs stay logged in and the login is never revoked', async () => {
    const name = `Lease Tabs ${Date.now() % 100000}`
    const auth = await registerUser(baseUrl, name)
    const t = await openTabs(auth, name, (context) =>
      context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true })
      }),
    )
    try {
      expect(await t.tabs[0].evaluate(() => navigator.locks === undefined)).toBe(true)
      // Usually one exchange per round; a tie (a lease write that had not reached the other tab) would be two
      // with the same token, which the server's reuse grace answers with one successor.
      for (let round = 1; round <= 2; round++) expect(await bothComeBackAfterExpiry(t, name)).toBeGreaterThanOrEqual(1)
      const distinct = new Set(t.presented).size
      expect(await refreshRows(auth.user_id)).toEqual({ rows: distinct + 1, rotated: distinct, revoked: 0 })
      const [a, b] = await Promise.all(t.tabs.map(stored))
      if (!a) throw new Error('the first tab stored no session')
      expect(a).toEqual(b)
      expect(t.browser.errors).toEqual([])
    } finally {
      await t.browser.close()
    }
  })

  it('a logout in one tab logs the other out too', async () => {
    const name = `Logout Tabs ${Date.now() % 100000}`
    const auth = await registerUser(baseUrl, name)
    const t = await openTabs(auth, name)
    try {
      await t.tabs[0].getByRole('banner').getByRole('button', { name: 'Logout' }).click()
      await Promise.all(t.tabs.map((tab) => tab.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor()))
      expect(await stored(t.tabs[1])).toEqual({ access: null, refresh: null, userId: null })
    } finally {
      await t.browser.close()
    }
  })
})
