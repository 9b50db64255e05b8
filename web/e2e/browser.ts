// Debian's Chromium through playwright-core (never a downloaded browser), one fresh profile per
// context, with every console error and page error collected for the test to check.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import type { AuthResponse } from '../../contract/index.ts'
import { STORAGE_KEYS } from '../src/config.ts'

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface TestBrowser {
  context: BrowserContext
  page: Page
  /** Console errors and uncaught exceptions, except failed HTTP statuses the app handles itself. */
  errors: string[]
  close: () => Promise<void>
}

/** `extraArgs`: more Chromium switches (e.g. `--host-resolver-rules=…` to reach the server under a LAN name). */
export async function openBrowser(width = 1440, height = 900, extraArgs: string[] = []): Promise<TestBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'liftarena-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...ARGS, ...extraArgs],
    viewport: { width, height },
  })
  const errors: string[] = []
  const watch = (page: Page) => {
    page.on('console', (message) => {
      // A 401 for a wrong password or a 404 for "no videos yet" is logged by Chromium as a resource error; the app shows it.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`))
  }
  context.pages().forEach(watch)
  context.on('page', watch)
  const page = context.pages()[0] ?? (await context.newPage())
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}

/** Opens `url` signed in as `auth`: the session as the app stores it (the spec's localStorage keys), without the dialog. */
export async function openSignedIn(page: Page, url: string, auth: AuthResponse): Promise<void> {
  await page.goto(url)
  await page.evaluate(
    ([keys, a]) => {
      localStorage.setItem(keys.authToken, a.access_token)
      localStorage.setItem(keys.refreshToken, a.refresh_token)
      localStorage.setItem(keys.userId, String(a.user_id))
      localStorage.setItem(keys.isLoggedIn, 'true')
    },
    [STORAGE_KEYS, auth] as const,
  )
}
