// Email verification in real Chromium at 390 px, against the shared server on the embedded default
// (mail kept in DATA_DIR/outbox): the own profile says the address is not verified and sends a new
// link; the link from the outbox verifies on a click; the profile then shows "Email verified"
// (docs/accounts.md).
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse, UserResponse } from '../../contract/index.ts'
import { registerUser } from './api.ts'
import { axeViolations } from './axe.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const outboxDir = inject('outboxDir')
const SUBJECT = 'Verify your LiftArena email address'

let browser: TestBrowser
let auth: AuthResponse
let email: string

/** The verification links mailed to `to`, oldest first (quoted-printable soft breaks joined). */
async function linksTo(to: string): Promise<string[]> {
  const links: string[] = []
  for (const file of (await readdir(outboxDir).catch(() => [] as string[])).sort()) {
    const raw = (await readFile(join(outboxDir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw) || !new RegExp(`^Subject: ${SUBJECT}$`, 'mi').test(raw))
      continue
    const link = /http:\/\/localhost:\d+\/verify-email#token=[A-Za-z0-9_-]{43}/.exec(raw)?.[0]
    if (link) links.push(link)
  }
  return links
}

async function waitForLinks(to: string, count: number): Promise<string[]> {
  for (let tries = 0; tries < 100; tries++) {
    const links = await linksTo(to)
    if (links.length >= count) return links
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`fewer than ${count} verification mails to ${to} in ${outboxDir}`)
}

beforeAll(async () => {
  auth = await registerUser(baseUrl, 'Verifying Lifter')
  const me = (await (
    await fetch(`${baseUrl}/api/auth/user`, { headers: { authorization: `Bearer ${auth.access_token}` } })
  ).json()) as UserResponse
  email = me.email!
  browser = await openBrowser(390, 844)
})

afterAll(() => browser?.close())

describe('verifying an email address on a phone', () => {
  it('sends a new link from the profile, verifies with it, and shows the mark', async () => {
    const { page, errors } = browser
    await waitForLinks(email, 1) // registration's
    await openSignedIn(page, `${baseUrl}/`, auth)
    await page.goto(`${baseUrl}/profile`)
    await page.getByText('Your email address is not verified yet').waitFor()
    await page.getByRole('button', { name: 'Send the verification link again' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `We have sent a verification link to ${email}` })
      .waitFor()
    expect(await axeViolations(page, 'the profile after sending the link again')).toEqual([])

    const link = (await waitForLinks(email, 2)).at(-1)!
    // The mail names the server as localhost; the browser reaches the same server at baseUrl.
    await page.goto(`${baseUrl}${new URL(link).pathname}${new URL(link).hash}`)
    await page.getByRole('heading', { name: 'Verify your email address' }).waitFor()
    expect(new URL(page.url()).hash).toBe('')
    await page.getByRole('button', { name: 'Verify my address' }).click()
    await page.getByRole('status').filter({ hasText: 'Your email address is verified.' }).waitFor()
    expect(await axeViolations(page, '/verify-email')).toEqual([])
    if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, 'verify-email.png') })

    await page.getByRole('link', { name: 'Go to your profile' }).click()
    await page.getByText('Email verified').waitFor()
    if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, 'profile-verified.png') })
    expect(await page.getByRole('button', { name: 'Send the verification link again' }).count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(errors).toEqual([])

    // The first link (registration's) ended when the second was used.
    const first = (await linksTo(email))[0]!
    await page.goto(`${baseUrl}${new URL(first).pathname}${new URL(first).hash}`)
    await page.getByRole('button', { name: 'Verify my address' }).click()
    await page.getByRole('alert').filter({ hasText: 'This verification link does not work any more' }).waitFor()
  })
})
