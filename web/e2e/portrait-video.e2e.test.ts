// Portrait-first video at phone size (390×844) in Chromium against the real server and its
// in-process transcode queue. A phone's portrait HEVC original (Chromium cannot decode HEVC)
// shows its poster and "Processing…" while its renditions are pending — not a black 0×0 box —
// then turns into a playing portrait video in place; a portrait H.264 original plays at once;
// a landscape clip still plays landscape.
// The queue runs one transcode at a time, one lifter's jobs in turn: a longer clip uploaded first
// by the same lifter keeps the portrait uploads pending long enough to look at them.
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AttemptDetail, AuthResponse, UploadResponse } from '../../contract/index.ts'
import { createOpenChallenge, joinChallenge, registerUser, uploadClip } from './api.ts'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const clipPath = inject('clipPath') // 640×360 H.264, 2 s
const SHOTS = '/tmp/shots'
const VIEWPORT = { width: 390, height: 844 }
const run = promisify(execFile)

let dir: string
let lifter: AuthResponse
let challengeId: number
let hevc: UploadResponse
let portraitH264: UploadResponse
let browser: TestBrowser

/** A 720×1280 (portrait) clip with sound, in `codec`. */
async function portraitClip(name: string, codec: 'h264' | 'hevc', seconds = 3) {
  const path = join(dir, name)
  const video =
    codec === 'hevc'
      ? ['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-x265-params', 'log-level=error']
      : ['-c:v', 'libx264', '-preset', 'ultrafast']
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=720x1280:rate=30`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(seconds),
    ...video,
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    path,
  ])
  return path
}

const detailUrl = (u: UploadResponse) =>
  `${baseUrl}/api/competitions/${u.competition_id}/participants/${u.participant_id}/attempts/${u.attempt_id}`
const pageUrl = (u: UploadResponse) => `${baseUrl}/challenges/${u.competition_id}/participants/${u.participant_id}/video/${u.attempt_id}`
const attempt = async (u: UploadResponse) => (await (await fetch(detailUrl(u))).json()) as AttemptDetail

async function waitReady(u: UploadResponse, timeoutMs = 200_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const a = await attempt(u)
    if (a.processing === 'ready') return a
    if (a.processing === 'failed' || Date.now() > until) throw new Error(`attempt ${u.attempt_id} is ${a.processing}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The player's box and what its video element says, as the page lays it out. */
async function playerState(page: Page) {
  return page.evaluate(() => {
    const player = document.querySelector<HTMLElement>('.player')!
    const frame = player.querySelector<HTMLElement>('.player__frame')!.getBoundingClientRect()
    const video = player.querySelector('video')
    const time = player.querySelector<HTMLElement>('.player__time')!
    const timeBox = time.getBoundingClientRect()
    const poster = player.querySelector<HTMLImageElement>('.player__poster')
    return {
      orientation: player.dataset.orientation,
      frame: { width: frame.width, height: frame.height, top: frame.top, left: frame.left, right: frame.right },
      video: video && {
        width: video.videoWidth,
        height: video.videoHeight,
        currentTime: video.currentTime,
        paused: video.paused,
        error: video.error?.code ?? null,
      },
      poster: poster && { complete: poster.complete, naturalWidth: poster.naturalWidth, naturalHeight: poster.naturalHeight },
      processingText: player.querySelector('.player__processing')?.textContent ?? null,
      time: {
        text: time.textContent,
        visible: getComputedStyle(time).display !== 'none' && getComputedStyle(time).visibility !== 'hidden' && timeBox.width > 0,
        right: timeBox.right,
        bottom: timeBox.bottom,
      },
    }
  })
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liftarena-portrait-'))
  await mkdir(SHOTS, { recursive: true })
  const { stdout: encoders } = await run('ffmpeg', ['-hide_banner', '-encoders'])
  if (!/libx265/.test(encoders)) throw new Error('This ffmpeg has no libx265: the HEVC phone clip cannot be made.')
  lifter = await registerUser(baseUrl, 'Portrait Lifter')
  challengeId = await createOpenChallenge(baseUrl, lifter, `Portrait ${Date.now() % 100000}`)
  await joinChallenge(baseUrl, lifter, challengeId, '83kg')
  const [blocker, hevcClip, h264Clip] = await Promise.all([
    // 16 s of 720p to transcode first: the portrait uploads wait behind it.
    run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=1280x720:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine',
      '-t',
      '16',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      join(dir, 'blocker.mp4'),
    ]).then(() => join(dir, 'blocker.mp4')),
    portraitClip('phone-hevc.mp4', 'hevc'),
    portraitClip('phone-h264.mp4', 'h264'),
  ])
  // The browser first: its start-up does not eat into the time the portrait uploads stay pending.
  browser = await openBrowser(VIEWPORT.width, VIEWPORT.height)
  // In this order: the HEVC clip, looked at second, is last in its lifter's line.
  await uploadClip(baseUrl, lifter, challengeId, blocker, 120)
  portraitH264 = await uploadClip(baseUrl, lifter, challengeId, h264Clip, 130)
  hevc = await uploadClip(baseUrl, lifter, challengeId, hevcClip, 140)
})

afterAll(async () => {
  await browser?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('portrait video at 390×844', () => {
  it('a portrait H.264 original plays at once while pending, in a portrait box', async () => {
    const { page } = browser
    const before = await attempt(portraitH264)
    expect(before.processing).toMatch(/^(pending|processing)$/)
    expect(before.original_type).toMatch(/^video\/mp4; codecs="avc1\./)
    await page.goto(pageUrl(portraitH264))
    await page.locator('.player video').waitFor()
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0, undefined, { timeout: 30_000 })
    const state = await playerState(page)
    expect(state.processingText).toBeNull()
    expect(state.video).toMatchObject({ width: 720, height: 1280, error: null })
    expect(state.orientation).toBe('portrait')
    expect(state.frame.height).toBeGreaterThan(0.6 * VIEWPORT.height)
    expect((await attempt(portraitH264)).processing, 'the original played, not a rendition').not.toBe('ready')
    expect(browser.errors).toEqual([])
  })

  it("a phone's HEVC original shows its poster and 'Processing…' while pending, then plays portrait in place", async () => {
    const pending = await attempt(hevc)
    expect(pending.processing).toMatch(/^(pending|processing)$/)
    expect(pending).toMatchObject({ video_width: 720, video_height: 1280 })
    expect(pending.original_type).toMatch(/^video\/mp4; codecs="hvc1\./)
    expect(pending.poster_url).toBeTruthy()

    const { page } = browser
    // This Chromium cannot decode HEVC: the premise of the test.
    expect(await page.evaluate((type) => document.createElement('video').canPlayType(type), pending.original_type!)).toBe('')
    await page.goto(pageUrl(hevc))
    await page
      .getByRole('status')
      .filter({ hasText: 'Processing…' })
      .waitFor()
      .catch(async (error: Error) => {
        // Processing finished before the page looked is a slow page, not a missing 'Processing…'.
        throw new Error(
          `${error.message}\nthe attempt is now ${(await attempt(hevc)).processing}; the player shows: ${JSON.stringify(await playerState(page).catch(() => null))}`,
        )
      })
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('.player__poster')?.naturalWidth ?? 0) > 0)
    const waiting = await playerState(page)
    expect((await attempt(hevc)).processing, 'still pending when looked at').not.toBe('ready')
    expect(waiting.video).toBeNull() // no black 0×0 player
    expect(waiting.processingText).toBe('Processing…')
    expect(waiting.poster).toMatchObject({ complete: true, naturalWidth: 720, naturalHeight: 1280 })
    expect(waiting.orientation).toBe('portrait')
    expect(waiting.frame.height).toBeGreaterThan(waiting.frame.width)
    expect(waiting.frame.height).toBeGreaterThan(0.6 * VIEWPORT.height)
    await page.screenshot({ path: join(SHOTS, 'after-video-portrait-processing.png') })

    // The renditions are announced over the live room: the same page turns into a player.
    await waitReady(hevc)
    await page.locator('.player video').waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Play' }).click()
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 30_000 })
    const ready = await playerState(page)
    expect(ready.video).toMatchObject({ error: null })
    expect(ready.video!.height).toBeGreaterThan(ready.video!.width) // a portrait H.264 rendition
    expect(ready.orientation).toBe('portrait')
    expect(ready.frame.height).toBeGreaterThan(ready.frame.width)
    expect(ready.frame.height).toBeGreaterThan(0.6 * VIEWPORT.height)
    expect(ready.frame.left).toBeGreaterThanOrEqual(0)
    expect(ready.frame.right).toBeLessThanOrEqual(VIEWPORT.width)
    // The time is on screen at phone width, below the picture (not over the lift).
    expect(ready.time.visible).toBe(true)
    expect(ready.time.text).toMatch(/^\d+:\d\d \/ 0:03$/)
    expect(ready.time.right).toBeLessThanOrEqual(VIEWPORT.width)
    await page.evaluate(() => document.querySelector('video')?.pause())
    await page.locator('.player').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(SHOTS, 'after-video-portrait-ready.png') })
    const box = await page.locator('.player__time').boundingBox()
    const frame = await page.locator('.player__frame').boundingBox()
    expect(box!.y).toBeGreaterThanOrEqual(frame!.y + frame!.height - 1)
    expect(browser.errors).toEqual([])
  }, 300_000)

  it('a landscape clip still plays landscape, full width', async () => {
    const landscape = await uploadClip(baseUrl, lifter, challengeId, clipPath, 100)
    await waitReady(landscape)
    browser ??= await openBrowser(VIEWPORT.width, VIEWPORT.height)
    const { page } = browser
    await page.goto(pageUrl(landscape))
    await page.getByRole('button', { name: 'Play' }).click()
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.3, undefined, { timeout: 30_000 })
    const state = await playerState(page)
    expect(state.orientation).toBe('landscape')
    expect(state.video!.width).toBeGreaterThan(state.video!.height)
    expect(state.frame.width).toBeGreaterThan(state.frame.height)
    expect(state.frame.width).toBeGreaterThan(0.85 * VIEWPORT.width)
    expect(state.time.visible).toBe(true)
    expect(browser.errors).toEqual([])
  })

  it("the challenge page's recent videos: portrait and landscape thumbnails in one 4:5 shape", async () => {
    browser ??= await openBrowser(VIEWPORT.width, VIEWPORT.height)
    const { page } = browser
    await page.goto(`${baseUrl}/challenges/${challengeId}`)
    const thumbs = page.getByRole('list', { name: 'Recent videos' }).getByTestId('video-thumb')
    // One lifter shows at most two videos there (contract/aggregates.ts recentVideos): their newest,
    // the landscape clip and the last portrait one.
    await thumbs.nth(1).waitFor()
    expect(await thumbs.count()).toBe(2)
    const boxes = await thumbs.evaluateAll((elements) =>
      elements.map((e) => {
        const { width, height } = e.getBoundingClientRect()
        return { width, height }
      }),
    )
    for (const box of boxes) expect(box.width / box.height).toBeCloseTo(4 / 5, 1)
    expect(new Set(boxes.map((b) => Math.round(b.width))).size).toBe(1)
    await thumbs.first().scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(SHOTS, 'after-video-thumbs.png') })
  })
})
