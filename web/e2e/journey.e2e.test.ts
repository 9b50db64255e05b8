// The lifter's journey in real Chromium, watched live from a second browser:
// register → create a challenge → join → upload a clip (progress bar) → the video plays,
// while the spectator's challenge page updates its count and top 5 without a reload.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { joinChallenge, registerUser } from './api.ts'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const clipPath = inject('clipPath')
const lifterName = `Eve Tester ${Date.now() % 100000}`
const challengeName = `E2E Open ${Date.now() % 100000}`

/** One API call the journey needs for set-up; throws with the answer when it is not a 2xx. */
async function api(path: string, method: string, token: string | undefined, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as Record<string, unknown>
}

let lifter: TestBrowser
let spectator: TestBrowser
let challengeUrl = ''
let board: Page

beforeAll(async () => {
  ;[lifter, spectator] = await Promise.all([openBrowser(1440), openBrowser(390, 844)])
})

afterAll(async () => {
  await Promise.all([lifter?.close(), spectator?.close()])
})

describe('lifter journey with a live spectator', () => {
  it('registers through the Create Profile dialog and is logged in', async () => {
    const page = lifter.page
    await page.goto(baseUrl)
    await page.getByRole('banner').getByRole('button', { name: 'Create Profile' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Profile' })
    await dialog.getByLabel('Name *').fill(lifterName)
    await dialog.getByLabel('Email *').fill(`eve.${Date.now()}@e2e.liftarena.test`)
    await dialog.getByLabel('Password *', { exact: true }).fill('e2e-password')
    await dialog.getByLabel('Confirm password *').fill('e2e-password')
    await dialog.getByLabel('Weight class *').selectOption('83kg')
    await dialog.getByLabel('Country *').fill('Norway')
    await dialog.getByRole('button', { name: 'Create Profile' }).click()
    await dialog.getByText('Profile created successfully!').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('banner').getByRole('link', { name: lifterName }).waitFor()
    expect(
      await page.evaluate(() => [
        localStorage.getItem('isLoggedIn'),
        !!localStorage.getItem('auth_token'),
        !!localStorage.getItem('userId'),
      ]),
    ).toEqual(['true', true, true])
  })

  it('creates a challenge and the spectator opens it', async () => {
    const page = lifter.page
    await page.getByRole('link', { name: 'Challenges', exact: true }).click()
    await page.getByRole('button', { name: 'Create Challenge' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Challenge' })
    await dialog.getByLabel('Name *').fill(challengeName)
    // The open format (the dialog preselects a meet): this journey uploads any weight, as the spec's challenges take.
    await dialog.getByRole('radio', { name: /^Open\b/ }).check()
    // A squat challenge: each good squat is a total (a powerlifting total needs a good lift of all three).
    await dialog.getByLabel('Bench Press', { exact: true }).uncheck()
    await dialog.getByLabel('Deadlift', { exact: true }).uncheck()
    // Starting now (the form's default is tomorrow): lifts are taken only while a challenge runs.
    const now = await page.evaluate(() => {
      const local = new Date(Date.now() - 60_000 - new Date().getTimezoneOffset() * 60_000)
      return local.toISOString().slice(0, 16)
    })
    await dialog.getByLabel('Start *').fill(now)
    await dialog.getByRole('button', { name: 'Create Challenge' }).click()
    await page.waitForURL(/\/challenges\/\d+$/)
    challengeUrl = page.url()
    await page.getByRole('heading', { name: challengeName }).waitFor()
    expect(await page.title()).toBe('Challenges | LiftArena')

    await spectator.page.goto(challengeUrl)
    await spectator.page.getByRole('heading', { name: challengeName }).waitFor()
    expect(await spectator.page.getByTestId('participant-count').textContent()).toBe('0')
    await spectator.page.getByText('No participants yet').waitFor()

    // The projector board in a second tab of the spectator's browser.
    board = await spectator.context.newPage()
    await board.setViewportSize({ width: 1920, height: 1080 })
    await board.goto(`${challengeUrl}/live`)
    await board.getByText('Waiting for the first lifter…').waitFor()
    await board.getByText('Live', { exact: true }).waitFor()
  })

  it('joins, and the spectator sees the count and the top 5 change without reload', async () => {
    const page = lifter.page
    await page.getByLabel('Weight class').selectOption('93kg')
    await page.getByRole('button', { name: 'Join Challenge' }).click()
    await page.getByText("You've joined this challenge").first().waitFor()
    expect(await page.getByTestId('participant-count').textContent()).toBe('1')

    const watcher = spectator.page
    await watcher.getByTestId('participant-count').filter({ hasText: /^1$/ }).waitFor({ timeout: 15_000 })
    await watcher.getByRole('list', { name: 'Top participants' }).getByText(lifterName).waitFor()
  })

  it('uploads a clip with a real progress bar, and the spectator sees the total and the video arrive', async () => {
    const page = lifter.page
    await page.getByRole('link', { name: 'Submit Your Lift' }).click()
    await page.waitForURL(/\/upload$/)
    expect(await page.getByLabel('Weight (kg)', { exact: true }).inputValue()).toBe('60') // no best yet: the squat default
    await page.getByLabel('Video').setInputFiles(clipPath)
    await page.getByLabel('Weight (kg)', { exact: true }).fill('100')
    // Record every value the progress bars show; the upload itself is fast on localhost.
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { progressSeen: string[] }).progressSeen = seen
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          const label = document.getElementById(bar.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''
          const entry = `${label}:${bar.getAttribute('aria-valuenow')}`
          if (seen.at(-1) !== entry) seen.push(entry)
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] })
    })
    await page.getByRole('button', { name: 'Upload Lift' }).click()
    await page.waitForURL(challengeUrl, { timeout: 120_000 })
    // The lifter lands on the challenge page at their own attempt, whose bar follows the transcode to the end.
    await page.locator('[data-testid="landing-status"][data-state="ready"]').waitFor({ timeout: 120_000 })
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)
    expect(seen.some((s) => s.startsWith('Uploading video:'))).toBe(true)
    expect(seen).toContain('Uploading video:100')
    // then the transcode progress, pushed over the socket to the uploader
    expect(seen.some((s) => s.startsWith('Processing video:') || s.startsWith('Video ready:'))).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('last_attempt_id'))).toMatch(/^\d+$/)

    const watcher = spectator.page
    const row = watcher.getByRole('list', { name: 'Top participants' }).getByRole('listitem').filter({ hasText: lifterName }).first()
    // Pending until judged: the lifter organises this challenge, so a judge they appoint decides it (set up over the API;
    // the judge's desk has its own browser test).
    await row
      .getByText(/Awaiting judges/)
      .first()
      .waitFor({ timeout: 15_000 })
    expect(await row.getByTestId('participant-total').textContent()).not.toContain('100 kg')
    const [organiserToken, attemptId] = await page.evaluate(() => [
      localStorage.getItem('auth_token'),
      localStorage.getItem('last_attempt_id'),
    ])
    const judgeName = `judge${Date.now() % 1_000_000}`
    const judge = await api('/api/auth/register', 'POST', undefined, {
      name: 'Journey Judge',
      username: judgeName,
      email: `${judgeName}@e2e.liftarena.test`,
      password: 'e2e-password',
    })
    const challengeId = Number(challengeUrl.split('/').at(-1))
    await api(`/api/competitions/${challengeId}/judges`, 'PUT', organiserToken!, { usernames: [judgeName] })
    await api(`/api/attempts/${attemptId}/votes`, 'POST', judge.access_token as string, { good: true })
    await row.getByTestId('participant-total').filter({ hasText: '100 kg' }).waitFor({ timeout: 15_000 })
    await watcher.getByRole('list', { name: 'Recent videos' }).getByText(lifterName).waitFor()
    expect(await watcher.getByTestId('participant-count').textContent()).toBe('1')

    // The board ranks by total and highlights the newest attempt as it arrives.
    await board.getByTestId('board-latest').filter({ hasText: lifterName }).filter({ hasText: 'Squat 100 kg' }).waitFor()
    const latestRow = board.locator('tr.board__row--latest')
    expect(await latestRow.textContent()).toContain(lifterName)
    expect(await latestRow.locator('.board__total').textContent()).toBe('100')
    expect(await board.getByTestId('board-count').textContent()).toBe('1')
  })

  it('opens the video and it plays', async () => {
    const page = lifter.page
    await page.getByRole('list', { name: 'Recent videos' }).getByRole('link').first().click()
    await page.waitForURL(/\/participants\/\d+\/video\/\d+$/)
    const video = page.getByTestId('video')
    await video.waitFor()
    await page.getByRole('button', { name: 'Play' }).click()
    await page.waitForFunction(
      () => {
        const v = document.querySelector('video')
        return !!v && v.currentTime > 0.3 && !v.paused && v.readyState >= 3
      },
      undefined,
      { timeout: 30_000 },
    )
    expect(await page.getByRole('alert').count()).toBe(0)
  })

  it('the projector board catches up after a network drop', async () => {
    const id = Number(challengeUrl.split('/').pop())
    await spectator.context.setOffline(true)
    await board.getByText('Reconnecting…').waitFor({ timeout: 30_000 })
    const other = await registerUser(baseUrl, 'Late Joiner')
    await joinChallenge(baseUrl, other, id, '83kg')
    await spectator.context.setOffline(false)
    await board.getByTestId('board-count').filter({ hasText: /^2$/ }).waitFor({ timeout: 30_000 })
    await board.getByText('Late Joiner').waitFor()
    await board.getByText('Live', { exact: true }).waitFor({ timeout: 30_000 })
  })

  it('logged no console errors in either browser', () => {
    expect(lifter.errors).toEqual([])
    expect(spectator.errors).toEqual([])
  })
})
