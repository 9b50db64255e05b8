// Direct API calls for test set-up (the browser tests drive the UI for what they test).
import { readFile } from 'node:fs/promises'
import type { AuthResponse, JoinChallengeResponse, UploadResponse } from '../../contract/index.ts'

export async function registerUser(baseUrl: string, name: string): Promise<AuthResponse> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@e2e.liftarena.test`
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email,
      password: 'e2e-password',
      confirmPassword: 'e2e-password',
      weight_class: '83kg',
      country: 'Norway',
    }),
  })
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`)
  return (await response.json()) as AuthResponse
}

/** Signs in with a demo account (every demo account's password is DEMO_PASSWORD, infra/demo-data.ts). */
export async function demoLogin(baseUrl: string, username: string): Promise<AuthResponse> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'liftarena-demo' }),
  })
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status} ${await response.text()}`)
  return (await response.json()) as AuthResponse
}

export async function joinChallenge(
  baseUrl: string,
  auth: AuthResponse,
  challengeId: number,
  weightClass: string,
): Promise<JoinChallengeResponse> {
  const response = await fetch(`${baseUrl}/api/join_competition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.access_token}` },
    body: JSON.stringify({ competition_id: challengeId, weight_class: weightClass, gender: 'male' }),
  })
  if (response.status !== 201) throw new Error(`join: ${response.status} ${await response.text()}`)
  return (await response.json()) as JoinChallengeResponse
}

export async function uploadClip(
  baseUrl: string,
  auth: AuthResponse,
  challengeId: number,
  clipPath: string,
  weight = 150,
  liftType = 'squat',
): Promise<UploadResponse> {
  const form = new FormData()
  form.append('lift_type', liftType)
  form.append('weight', String(weight))
  form.append('competition_id', String(challengeId))
  form.append('video', new Blob([await readFile(clipPath)], { type: 'video/mp4' }), 'lift.mp4')
  const response = await fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth.access_token}` },
    body: form,
  })
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`)
  return (await response.json()) as UploadResponse
}

// Resumable uploads (web/e2e/resumable-upload.e2e.test.ts, tests/long/resumable-upload-drop.test.ts).

/** A squat challenge open now, in 83kg, organised by `auth`. */
export async function createOpenChallenge(baseUrl: string, auth: AuthResponse, name: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/create_competition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.access_token}` },
    body: JSON.stringify({
      name,
      location: 'Oslo',
      lifttypes: ['Squat'],
      weightclasses: ['83kg'],
      start_date: new Date(Date.now() - 60_000).toISOString(),
      end_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    }),
  })
  if (response.status !== 201) throw new Error(`create challenge: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { competition_id: number }).competition_id
}

/**
 * A real H.264/AAC MP4 of about `megabytes` MB (decimal), made in about a second: 10 s of testsrc
 * encoded at a constant bitrate with filler data (x264's nal-hrd=cbr), so its size is known in advance.
 */
export async function makeSizedClip(path: string, megabytes: number): Promise<string> {
  const { execFile } = await import('node:child_process')
  const { promisify } = await import('node:util')
  const seconds = 10
  const bitrate = `${Math.round((megabytes * 8) / seconds)}M`
  await promisify(execFile)('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    bitrate,
    '-minrate',
    bitrate,
    '-maxrate',
    bitrate,
    '-bufsize',
    `${Math.round((megabytes * 4) / seconds)}M`,
    '-x264-params',
    'nal-hrd=cbr',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    path,
  ])
  return path
}

/** The status a tus HEAD gets for `uploadUrl` (absolute) with `auth`'s token: 200 while it exists, 404/410 once gone. */
export async function tusUploadStatus(uploadUrl: string, auth: AuthResponse): Promise<number> {
  const response = await fetch(uploadUrl, {
    method: 'HEAD',
    headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${auth.access_token}` },
  })
  return response.status
}

/** The lifter's uploaded attempts, as their profile lists them. */
export async function uploadedVideos(
  baseUrl: string,
  auth: AuthResponse,
): Promise<Array<{ attempt_id: number; competition_id: number; weight: number; video_url: string | null }>> {
  const response = await fetch(`${baseUrl}/api/users/${auth.user_id}/profile`, {
    headers: { authorization: `Bearer ${auth.access_token}` },
  })
  if (!response.ok) throw new Error(`profile: ${response.status} ${await response.text()}`)
  return (
    (await response.json()) as {
      uploaded_videos: Array<{ attempt_id: number; competition_id: number; weight: number; video_url: string | null }>
    }
  ).uploaded_videos
}

/** GET `videoUrl` (as the API gives it, e.g. /api/video/…) with a Range: the status and the bytes that came. */
export async function fetchVideoRange(
  baseUrl: string,
  videoUrl: string,
  range = 'bytes=0-1023',
): Promise<{ status: number; bytes: number; type: string | null }> {
  const response = await fetch(new URL(videoUrl, baseUrl), { headers: { range } })
  const body = new Uint8Array(await response.arrayBuffer())
  return { status: response.status, bytes: body.length, type: response.headers.get('content-type') }
}

type BrowserPage = import('playwright-core').Page
type CdpSession = import('playwright-core').CDPSession

/** What a page sent to /api/uploads/: creations, each PATCH's Upload-Offset, the upload URLs, the final answer. */
export interface TusTraffic {
  creations: number
  patches: Array<{ offset: number; at: number }>
  /** PATCHes that got no answer (cut off, or sent while offline). */
  failedPatches: Array<{ offset: number; at: number; error: string }>
  uploadUrls: string[]
  /** The JSON of the PATCH that finished the upload (the server's {url, attempt_id, …}). */
  finished: { url: string; attempt_id: number; competition_id: number } | null
}

export function watchTusTraffic(page: BrowserPage): TusTraffic {
  const traffic: TusTraffic = { creations: 0, patches: [], failedPatches: [], uploadUrls: [], finished: null }
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/uploads/')) return
    if (request.method() === 'POST') traffic.creations++
    if (request.method() === 'PATCH') traffic.patches.push({ offset: Number(request.headers()['upload-offset']), at: Date.now() })
  })
  page.on('requestfailed', (request) => {
    if (request.method() !== 'PATCH' || !new URL(request.url()).pathname.startsWith('/api/uploads/')) return
    traffic.failedPatches.push({
      offset: Number(request.headers()['upload-offset']),
      at: Date.now(),
      error: request.failure()?.errorText ?? '',
    })
  })
  page.on('response', (response) => {
    const request = response.request()
    if (!new URL(request.url()).pathname.startsWith('/api/uploads/')) return
    const location = response.headers()['location']
    if (request.method() === 'POST' && response.status() === 201 && location) traffic.uploadUrls.push(new URL(location, request.url()).href)
    if (request.method() === 'PATCH' && response.status() === 200 && response.headers()['x-attempt-id']) {
      void response.json().then(
        (body: TusTraffic['finished']) => (traffic.finished = body),
        () => undefined,
      )
    }
  })
  return traffic
}

/**
 * Chromium's own network emulation (CDP Network.emulateNetworkConditions, which Playwright's
 * setOffline uses too) on one page: the upload throughput in bytes/s, or offline (requests fail,
 * navigator.onLine is false and `offline` fires). One session does both, so going back online
 * keeps the throttle.
 */
export async function emulateNetwork(
  page: BrowserPage,
): Promise<{ throttle(uploadBytesPerSecond: number): Promise<void>; offline(): Promise<void>; cdp: CdpSession }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  let upload = -1
  const apply = async (offline: boolean) => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline,
      latency: offline ? 0 : 20,
      downloadThroughput: -1,
      uploadThroughput: offline ? -1 : upload,
    })
  }
  return {
    cdp,
    async throttle(uploadBytesPerSecond) {
      upload = uploadBytesPerSecond
      await apply(false)
    },
    offline: () => apply(true),
  }
}

/** The upload progress bar's percent now (null when none is shown). */
export const uploadPercent = (page: BrowserPage) =>
  page.evaluate(() => {
    const bar = [...document.querySelectorAll('[role="progressbar"]')].find(
      (b) => document.getElementById(b.getAttribute('aria-labelledby') ?? '')?.textContent === 'Uploading video',
    )
    return bar ? Number(bar.getAttribute('aria-valuenow')) : null
  })

/** Waits until the upload progress bar shows at least `percent`. */
export async function waitForUploadPercent(page: BrowserPage, percent: number, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (p) => {
      const bar = [...document.querySelectorAll('[role="progressbar"]')].find(
        (b) => document.getElementById(b.getAttribute('aria-labelledby') ?? '')?.textContent === 'Uploading video',
      )
      return bar !== undefined && Number(bar.getAttribute('aria-valuenow')) >= p
    },
    percent,
    { timeout, polling: 100 },
  )
}

/** Three of the demo's certified judges (the Snatch & Clean Open's panel), who sign in with the demo password. */
export const DEMO_CERTIFIED_JUDGES = ['sven19', 'viktor22', 'yusuf25'] as const

/**
 * Appoints the demo's certified judges as the panel of `competitionId` (as its organiser), so its
 * decisions are verified and reach the global boards (docs/verified-results.md); `decide` casts the
 * three judges' votes on an attempt.
 */
export async function certifiedDemoPanel(baseUrl: string, organiser: AuthResponse, challengeId: number) {
  const call = async (path: string, method: string, body: unknown, auth?: AuthResponse) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth.access_token}` } : {}) },
      body: JSON.stringify(body),
    })
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response.json() as Promise<unknown>
  }
  await call(`/competitions/${challengeId}/judges`, 'PUT', { usernames: DEMO_CERTIFIED_JUDGES }, organiser)
  const judges = await Promise.all(
    DEMO_CERTIFIED_JUDGES.map((username) => call('/auth/login', 'POST', { username, password: 'liftarena-demo' }) as Promise<AuthResponse>),
  )
  return {
    async decide(attemptId: number, good = true) {
      for (const judge of judges)
        await call(`/attempts/${attemptId}/votes`, 'POST', good ? { good: true } : { good: false, reason: 'depth' }, judge)
    },
  }
}
