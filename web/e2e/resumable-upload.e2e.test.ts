// The upload page's resumable upload (tus to /api/uploads/) in Chromium against the real server:
// a reload half-way offers the unfinished upload with its fields and continues it from the
// server's offset when the same file is chosen; Cancel stops it and deletes it on the server, the
// form coming back as it was; the server's refusals show as "Upload failed: <its text>".
// Uploads are slowed with Chromium's network emulation so there is a "half-way" to act in.
// The 30 s network drop is tests/long/resumable-upload-drop.test.ts (it takes over a minute).
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse } from '../../contract/index.ts'
import {
  createOpenChallenge,
  emulateNetwork,
  fetchVideoRange,
  joinChallenge,
  makeSizedClip,
  registerUser,
  tusUploadStatus,
  uploadedVideos,
  waitForUploadPercent,
  watchTusTraffic,
} from './api.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
/** 5 MiB, as the page sends them (web/src/features/upload/api/resumable-upload.ts). */
const CHUNK = 5 * 1024 * 1024
/** Bytes per second up: a 16 MB clip takes about 10 s. */
const UPLOAD_RATE = 1_600_000

let dir: string
let clip: string
let clipSize: number
let lifter: AuthResponse
let organiser: AuthResponse
let browser: TestBrowser

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liftarena-resumable-'))
  clip = await makeSizedClip(join(dir, 'heavy-squat.mp4'), 16)
  clipSize = (await stat(clip)).size
  organiser = await registerUser(baseUrl, 'Resume Organiser')
  lifter = await registerUser(baseUrl, 'Resume Lifter')
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

afterEach(async () => {
  await browser?.close()
})

/** A fresh challenge the lifter has joined, its upload page open in a phone-sized Chromium, signed in and slowed. */
async function openUploadPage(name: string, as = lifter) {
  const challengeId = await createOpenChallenge(baseUrl, organiser, `${name} ${Date.now() % 100000}`)
  await joinChallenge(baseUrl, as, challengeId, '83kg')
  browser = await openBrowser(390, 844)
  const { page } = browser
  const traffic = watchTusTraffic(page)
  await openSignedIn(page, baseUrl, as)
  const network = await emulateNetwork(page)
  await network.throttle(UPLOAD_RATE)
  const url = `${baseUrl}/challenges/${challengeId}/upload`
  await page.goto(url)
  return { page, traffic, network, challengeId, url }
}

describe('resumable upload in the browser', () => {
  it('continues after a reload half-way from where the server stopped, with the form as it was', async () => {
    const { page, traffic, challengeId, url } = await openUploadPage('Reload Open')
    await page.getByLabel('Video').setInputFiles(clip)
    await page.getByLabel('Weight (kg)', { exact: true }).fill('142.5')
    await page.getByRole('button', { name: 'Upload Lift' }).click()

    // Size, speed and time left while it goes.
    await waitForUploadPercent(page, 20)
    expect(await page.getByTestId('upload-details').textContent()).toMatch(
      /^[\d.]+ MB of 16(\.\d)? MB · [\d.]+ (MB|KB)\/s · (about \d+ (s|min)|a few seconds) left$/,
    )
    await waitForUploadPercent(page, 50)
    const beforeReload = traffic.patches.length
    await page.reload()

    // The offer, and the form filled as the upload was created (the weight is not the squat default).
    const offer = page.getByText(/^Unfinished upload: heavy-squat\.mp4, \d+ % — choose the same file to resume$/)
    await offer.waitFor()
    const offered = Number((await offer.textContent())!.match(/, (\d+) %/)![1])
    expect(offered).toBeGreaterThanOrEqual(Math.floor((CHUNK / clipSize) * 100)) // at least the first chunk
    expect(await page.getByLabel('Weight (kg)', { exact: true }).inputValue()).toBe('142.5')

    await page.getByLabel('Video').setInputFiles(clip)
    await page.getByRole('button', { name: 'Resume upload' }).click()
    await page.waitForURL(`${baseUrl}/challenges/${challengeId}`, { timeout: 90_000 })

    const resumed = traffic.patches.slice(beforeReload)
    expect(resumed.length).toBeGreaterThan(0)
    expect(resumed[0]!.offset).toBeGreaterThan(0)
    expect(resumed[0]!.offset).toBeGreaterThanOrEqual((offered / 100) * clipSize)
    expect(traffic.creations).toBe(1)
    console.info(
      `reload: offered ${offered} %, first PATCH after the reload at ${resumed[0]!.offset} of ${clipSize} bytes; PATCHes before/after: ${beforeReload}/${resumed.length}`,
    )
    const attempts = (await uploadedVideos(baseUrl, lifter)).filter((v) => v.competition_id === challengeId)
    expect(attempts).toHaveLength(1)
    expect(attempts[0]!.weight).toBe(142.5)
    expect(traffic.finished?.attempt_id).toBe(attempts[0]!.attempt_id)
    const played = await fetchVideoRange(baseUrl, traffic.finished!.url)
    expect(played).toMatchObject({ status: 206, bytes: 1024 })
    // Nothing left to offer: tus's entry and ours are gone.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tus::') || k === 'liftarena-upload-progress')),
    ).toEqual([])
    await page.goto(url)
    await page.getByRole('button', { name: 'Upload Lift' }).waitFor({ state: 'attached' })
    expect(await page.getByText(/^Unfinished upload/).count()).toBe(0)
    expect(browser.errors).toEqual([])
  })

  it('Cancel stops the upload, deletes it on the server, and brings the form back with its file and fields', async () => {
    const { page, traffic, challengeId } = await openUploadPage('Cancel Open')
    await page.getByLabel('Video').setInputFiles(clip)
    await page.getByLabel('Weight (kg)', { exact: true }).fill('97.5')
    await page.getByRole('button', { name: 'Upload Lift' }).click()
    await waitForUploadPercent(page, 15)
    await page.getByRole('button', { name: 'Cancel' }).click()

    const submit = page.getByRole('button', { name: 'Upload Lift' })
    await submit.waitFor()
    expect(await submit.isEnabled()).toBe(true) // the file is still chosen
    expect(await page.getByLabel('Weight (kg)', { exact: true }).inputValue()).toBe('97.5')
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(traffic.uploadUrls).toHaveLength(1)
    expect([404, 410]).toContain(await tusUploadStatus(traffic.uploadUrls[0]!, lifter))
    const patches = traffic.patches.length
    await page.waitForTimeout(1_500)
    expect(traffic.patches.length).toBe(patches) // nothing more is sent
    expect((await uploadedVideos(baseUrl, lifter)).filter((v) => v.competition_id === challengeId)).toEqual([])
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tus::') || k === 'liftarena-upload-progress')),
    ).toEqual([])
    expect(browser.errors).toEqual([])
  })

  it('refreshes a token that stops working mid-upload and goes on with the new one', async () => {
    // Its own lifter: the refresh rotates the refresh token the other tests sign in with.
    const refreshed = await registerUser(baseUrl, 'Refresh Lifter')
    const { page, traffic, challengeId } = await openUploadPage('Refresh Open', refreshed)
    const refused: string[] = []
    page.on('response', (response) => {
      if (response.status() === 401 && new URL(response.url()).pathname.startsWith('/api/uploads/'))
        refused.push(response.request().method())
    })
    await page.getByLabel('Video').setInputFiles(clip)
    await page.getByRole('button', { name: 'Upload Lift' }).click()
    await waitForUploadPercent(page, 15)
    // As if the access token had expired: the next request is refused.
    await page.evaluate(() => localStorage.setItem('auth_token', 'expired-token'))
    await page.waitForURL(`${baseUrl}/challenges/${challengeId}`, { timeout: 90_000 })

    expect(refused.length).toBeGreaterThan(0)
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBe('expired-token')
    expect(traffic.creations).toBe(1)
    expect((await uploadedVideos(baseUrl, refreshed)).filter((v) => v.competition_id === challengeId)).toHaveLength(1)
    console.info(`token refresh: refused ${refused.join(', ')}; PATCH offsets ${traffic.patches.map((p) => p.offset).join(', ')}`)
  })

  it("shows the server's refusal at creation and of a file that is not a video, as the page always did", async () => {
    const { page, network } = await openUploadPage('Refusal Open')
    await network.throttle(-1)
    // Not a video: refused by the final PATCH (the probe), after its bytes arrived.
    const fake = join(dir, 'not-a-video.mp4')
    await writeFile(fake, Buffer.alloc(300_000, 7))
    await page.getByLabel('Video').setInputFiles(fake)
    await page.getByRole('button', { name: 'Upload Lift' }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(/^Upload failed: .{10,}/)
    expect(await alert.textContent()).not.toMatch(/status \d+/)
    console.info(`not a video: ${await alert.textContent()}`)

    // A challenge the lifter has not joined: refused at creation, before any byte.
    const other = await createOpenChallenge(baseUrl, organiser, `Not Joined ${Date.now() % 100000}`)
    await page.goto(`${baseUrl}/challenges/${other}/upload`)
    await page.getByLabel('Video').setInputFiles(clip)
    await page.getByRole('button', { name: 'Upload Lift' }).click()
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(/^Upload failed: .{10,}/)
    console.info(`not joined: ${await alert.textContent()}`)
  })
})
