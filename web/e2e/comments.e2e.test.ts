// Comments and reactions in real Chromium at a phone's width (390 px): two signed-in viewers on
// the same video. One comments and reacts; the other sees the comment, the reaction count and the
// figures change live, without a reload, and sees the comment go when its author deletes it. The
// comment is shown as text (markup and links stay text), and none of the spec's samples remain.
import { mkdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { AuthResponse } from '../../contract/index.ts'
import { createOpenChallenge, joinChallenge, registerUser, uploadClip } from './api.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const clipPath = inject('clipPath')
const SHOTS = '/tmp/shots/'
/** Live changes and first loads may take a while on a busy machine. */
const POLL = { timeout: 15_000 }
const stamp = Date.now() % 100_000
const TEXT = `Great depth ${stamp}! <img src=x onerror="window.hacked=1"> <b>bold?</b> https://example.com/x`

let writer: TestBrowser
let watcher: TestBrowser
let writerAuth: AuthResponse
let watcherAuth: AuthResponse
let videoPath = ''

const commentsHeading = (page: Page) => page.getByRole('heading', { name: /^Comments/ })
const figure = (page: Page, label: string) =>
  page
    .getByTestId('analytics')
    .locator('div', { has: page.locator('dt', { hasText: label }) })
    .locator('dd')

beforeAll(async () => {
  const [organiser, lifter] = await Promise.all([registerUser(baseUrl, `Org ${stamp}`), registerUser(baseUrl, `Lifter ${stamp}`)])
  ;[writerAuth, watcherAuth] = await Promise.all([registerUser(baseUrl, `Writer ${stamp}`), registerUser(baseUrl, `Watcher ${stamp}`)])
  const challengeId = await createOpenChallenge(baseUrl, organiser, `Comment Open ${stamp}`)
  await joinChallenge(baseUrl, lifter, challengeId, '83kg')
  const upload = await uploadClip(baseUrl, lifter, challengeId, clipPath)
  videoPath = `/challenges/${challengeId}/participants/${upload.participant_id}/video/${upload.attempt_id}`
  await mkdir(SHOTS, { recursive: true })
  ;[writer, watcher] = await Promise.all([openBrowser(390, 844), openBrowser(390, 844)])
})

afterAll(async () => {
  await Promise.all([writer, watcher].map((b) => b?.close()))
})

describe('comments and reactions on a phone, live between two viewers', () => {
  it('a signed-out viewer reads the (empty) comments and is asked to sign in; no sample comments or figures', async () => {
    const page = watcher.page
    await page.goto(`${baseUrl}${videoPath}`)
    await expect.poll(() => commentsHeading(page).textContent(), POLL).toBe('Comments (0)')
    expect(await page.getByText('No comments yet.').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Sign in to comment' }).isVisible()).toBe(true)
    expect(await page.getByLabel('Your comment').count()).toBe(0)
    const body = await page.locator('body').innerText()
    for (const sample of ['Coach Mike', 'Sarah Lifts', 'Iron Ivan', 'Sample data', 'Bar speed', '1,248', 'Completion rate'])
      expect(body).not.toContain(sample)
    // Opening the page counted a view.
    await expect
      .poll(async () => {
        await page.reload()
        return figure(page, 'Views').textContent()
      }, POLL)
      .toBe('1')
  })

  it('one viewer comments and reacts; the other sees both without a reload', async () => {
    await openSignedIn(watcher.page, baseUrl, watcherAuth)
    await openSignedIn(writer.page, baseUrl, writerAuth)
    await Promise.all([watcher.page.goto(`${baseUrl}${videoPath}`), writer.page.goto(`${baseUrl}${videoPath}`)])
    const w = writer.page
    const v = watcher.page
    await expect.poll(() => commentsHeading(v).textContent(), POLL).toBe('Comments (0)')
    await expect.poll(() => commentsHeading(w).textContent(), POLL).toBe('Comments (0)')
    // No wait for the live watch: it subscribes since the answers' x-live-seq, so an event before it is replayed.

    const box = w.getByLabel('Your comment')
    await box.fill('x'.repeat(501))
    expect(await w.locator('#comment-count').textContent()).toBe('501/500')
    expect(await w.getByRole('button', { name: 'Post' }).isDisabled()).toBe(true)
    await box.fill(TEXT)
    await w.getByRole('button', { name: 'Post' }).click()
    // The comment may show (by its live event) a moment before the answer to the post clears the box.
    await w
      .getByTestId('comment')
      .filter({ hasText: `Great depth ${stamp}!` })
      .waitFor()
    await expect.poll(() => box.inputValue(), POLL).toBe('')

    // Live on the other phone: the text exactly as typed, no markup, no link.
    const seen = v.getByTestId('comment').filter({ hasText: `Great depth ${stamp}!` })
    await seen.waitFor({ timeout: 10_000 })
    expect(await seen.locator('.comment__text').textContent()).toBe(TEXT)
    expect(await seen.locator('.comment__text').locator('img, b, a').count()).toBe(0)
    expect(await v.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined()
    expect(await commentsHeading(v).textContent()).toBe('Comments (1)')
    // Not the watcher's comment: they may report it, not delete it.
    expect(await seen.getByRole('button', { name: /^Delete/ }).count()).toBe(0)
    expect(await seen.getByRole('button', { name: /^Report/ }).count()).toBe(1)

    const fire = (page: Page) => page.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: /^Fire:/ })
    await fire(w).click()
    await expect.poll(() => fire(w).getAttribute('aria-pressed'), POLL).toBe('true')
    await expect.poll(() => fire(v).getAttribute('aria-label'), POLL).toBe('Fire: 1')
    expect(await fire(v).getAttribute('aria-pressed')).toBe('false')
    await expect.poll(() => figure(v, 'Reactions').textContent(), POLL).toBe('1')
    expect(await figure(v, 'Comments').textContent()).toBe('1')

    expect(await v.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await seen.scrollIntoViewIfNeeded()
    await v.screenshot({ path: `${SHOTS}after-video-comments.png`, fullPage: true })
    await w.screenshot({ path: `${SHOTS}after-video-comments-writer.png`, fullPage: true })
  })

  it('taking the reaction back and deleting the comment show on the other phone live', async () => {
    const w = writer.page
    const v = watcher.page
    const fire = (page: Page) => page.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: /^Fire:/ })
    await fire(w).click()
    await expect.poll(() => fire(v).getAttribute('aria-label'), POLL).toBe('Fire: 0')
    await expect.poll(() => fire(w).getAttribute('aria-pressed'), POLL).toBe('false') // its event may come before the answer

    await w
      .getByTestId('comment')
      .filter({ hasText: `Great depth ${stamp}!` })
      .getByRole('button', { name: /^Delete/ })
      .click()
    await expect.poll(() => v.getByTestId('comment').count(), POLL).toBe(0)
    expect(await commentsHeading(v).textContent()).toBe('Comments (0)')
    expect(await v.getByText('No comments yet.').isVisible()).toBe(true)
    expect(writer.errors).toEqual([])
    expect(watcher.errors).toEqual([])
  })
})
