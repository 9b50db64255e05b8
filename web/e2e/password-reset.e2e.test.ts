// A forgotten password in real Chromium at 390 px, against the shared server on the embedded
// default (no SMTP_URL: mail is kept in DATA_DIR/outbox). A lifter opens Login, follows "Forgot your
// password?", asks for a link, opens the link from the mail kept in the outbox, chooses a new
// password, and logs in with it; the token leaves the address bar; the link does not work twice.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { UserResponse } from '../../contract/index.ts'
import { registerUser } from './api.ts'
import { axeViolations } from './axe.ts'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const outboxDir = inject('outboxDir')

let browser: TestBrowser
let email: string
let username: string

/** The newest mail in the outbox addressed to `to` with this subject (registration mails a verification link too), its quoted-printable soft breaks joined. */
async function mailTo(to: string, subject = 'Choose a new LiftArena password'): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const files = (await readdir(outboxDir).catch(() => [] as string[])).sort().reverse()
    for (const file of files) {
      const raw = (await readFile(join(outboxDir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')
      if (new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw) && new RegExp(`^Subject: ${subject}$`, 'mi').test(raw))
        return raw
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail to ${to} in ${outboxDir}`)
}

beforeAll(async () => {
  const auth = await registerUser(baseUrl, 'Forgetful Lifter')
  const me = (await (
    await fetch(`${baseUrl}/api/auth/user`, { headers: { authorization: `Bearer ${auth.access_token}` } })
  ).json()) as UserResponse
  email = me.email!
  username = me.username
  browser = await openBrowser(390, 844)
})

afterAll(() => browser?.close())

describe('a forgotten password on a phone', () => {
  it('goes from the login dialog to a mailed link to a new password that logs in', async () => {
    const { page, errors } = browser
    await page.goto(`${baseUrl}/`)
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.locator('#nav-menu').getByRole('button', { name: 'Login' }).click()
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    const dialog = page.getByRole('dialog', { name: 'Forgot your password?' })
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Send the link' }).click()
    await dialog.getByRole('status').filter({ hasText: 'If an account has this address' }).waitFor()
    expect(await axeViolations(page, 'the Forgot your password? dialog')).toEqual([])

    const link = /http:\/\/localhost:\d+\/reset-password#token=[A-Za-z0-9_-]{43}/.exec(await mailTo(email))?.[0]
    expect(link).toBeTruthy()
    // The mail names the server as localhost; the browser reaches the same server at baseUrl.
    await page.goto(`${baseUrl}${new URL(link!).pathname}${new URL(link!).hash}`)
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor()
    expect(new URL(page.url()).hash).toBe('')
    await page.getByLabel('New password', { exact: true }).fill('brand new e2e password')
    await page.getByLabel('New password, again').fill('brand new e2e password')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await page.getByRole('status').filter({ hasText: 'Your password is changed' }).waitFor()
    expect(await axeViolations(page, '/reset-password')).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await page.getByRole('button', { name: 'Log in' }).click()
    const login = page.getByRole('dialog', { name: 'Login' })
    await login.getByLabel('Username or email').fill(username)
    await login.getByLabel('Password').fill('brand new e2e password')
    await login.getByRole('button', { name: 'Login' }).click()
    await login.getByRole('status').filter({ hasText: 'Login successful!' }).waitFor()

    expect(errors).toEqual([])

    // The same link a second time, opened from the mail again (a new tab).
    const again = await browser.context.newPage()
    await again.goto(`${baseUrl}${new URL(link!).pathname}${new URL(link!).hash}`)
    await again.getByLabel('New password', { exact: true }).fill('yet another password')
    await again.getByLabel('New password, again').fill('yet another password')
    await again.getByRole('button', { name: 'Save the new password' }).click()
    await again.getByRole('alert').filter({ hasText: 'This password reset link does not work any more' }).waitFor()
  })
})
