// Several hosts, simulated on one machine: two server processes (A, B) and one transcode
// worker, each with its own private DATA_DIR (no shared disk), sharing PostgreSQL (a fresh
// database), Redis (a unique prefix) and an S3-compatible store (s3rver, in its own process).
// Each server reaches the store through its own TCP proxy, so one node's storage can be cut
// while the other keeps it.
// 1. A resumable upload (raw tus 1.0.0 requests: exact offsets) starts on A, is cut off
//    half-way, is resumed and finished on B (B's HEAD reports A's offset); the worker
//    transcodes it; A plays the rendition and the poster with Range (206, exact bytes).
// 2. Rate limits hold across both nodes: logins alternating between A and B get 429 after
//    RATE_LIMIT_AUTH_PER_MINUTE in total, not twice that.
// 3. /api/ready on A goes 503 naming storage while A's proxy to the store is cut (B stays
//    200, A's /api/health stays 200), and comes back to 200 when the proxy is restored.
// 4. Nothing on disk is shared: the nodes' DATA_DIRs hold no media; the rendition and the
//    poster are objects in the bucket.
import { attemptKeys } from '../../infra/storage.ts'
import { request as httpRequest } from 'node:http'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath, relative } from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../infra/config.ts'
import { openDatabase, type Database } from '../../infra/db.ts'
import { binaries } from '../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import {
  createLifters,
  createOngoingChallenge,
  dropRedisPrefix,
  join,
  REDIS_URL,
  sleep,
  spawnServer,
  uniqueRedisPrefix,
  waitUntil,
  type Lifter,
  type ServerProcess,
} from '../helpers/live.ts'
import { startS3, type TestS3 } from '../helpers/s3.ts'
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts'
import { spawnWorker, type WorkerProcess } from '../helpers/worker.ts'

const AUTH_LIMIT = 6
const TUS = { 'tus-resumable': '1.0.0' }

let database: TestDatabase
let db: Database
let s3: TestS3
let s3Client: S3Client
let root: string
let redisPrefix: string
let clip: Buffer
const proxies: { a?: TcpProxy; b?: TcpProxy } = {}
const dataDirs = { a: '', b: '', worker: '' }
let a: ServerProcess
let b: ServerProcess
let worker: WorkerProcess
/** What case 1 uploaded, for case 4. */
let uploaded: { attemptId: number; keys: string[] } | undefined

/**
 * A 4 s 1280×720 clip with enough noise to weigh ~22 MB: the upload spans several of the tus S3
 * store's 8 MiB parts, and its half-way point lies past the first part's end.
 */
async function makeHeavyClip(dir: string): Promise<Buffer> {
  const path = joinPath(dir, 'heavy.mp4')
  await promisify(execFile)(binaries().ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '4',
    '-vf',
    'noise=alls=15:allf=t',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-qp',
    '29',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    path,
  ])
  return readFileSync(path)
}

beforeAll(async () => {
  root = mkdtempSync(joinPath(tmpdir(), 'liftarena-multihost-'))
  for (const name of ['a', 'b', 'worker'] as const) {
    dataDirs[name] = joinPath(root, `data-${name}`)
    mkdirSync(dataDirs[name])
  }
  redisPrefix = uniqueRedisPrefix()
  mkdirSync(joinPath(root, 's3'))
  ;[database, s3, clip] = await Promise.all([createTestDatabase(), startS3({ directory: joinPath(root, 's3') }), makeHeavyClip(root)])
  db = await openDatabase({ databaseUrl: database.url, dataDir: root }, { migrate: true })
  s3Client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
  })
  proxies.a = await startTcpProxy(s3.port)
  proxies.b = await startTcpProxy(s3.port)
  const shared = {
    ...s3.env,
    STORAGE_DRIVER: 's3',
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT),
    LOGIN_MAX_FAILURES: '1000',
    RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
  }
  // MEDIA_DIR is not used with S3; it points inside each node's own DATA_DIR so that case 4 would see anything written there.
  const node = (name: 'a' | 'b' | 'worker', proxy?: TcpProxy) => ({
    ...shared,
    DATA_DIR: dataDirs[name],
    MEDIA_DIR: joinPath(dataDirs[name], 'media'),
    ...(proxy ? { S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` } : {}),
  })
  ;[a, b, worker] = await Promise.all([spawnServer(node('a', proxies.a)), spawnServer(node('b', proxies.b)), spawnWorker(node('worker'))])
}, 150_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), worker?.stop()])
  await proxies.a?.close()
  await proxies.b?.close()
  s3Client?.destroy()
  await s3?.stop()
  await db?.close()
  await database?.drop()
  if (redisPrefix) await dropRedisPrefix(redisPrefix)
  rmSync(root, { recursive: true, force: true })
})

const outputs = () =>
  `--- node A:\n${a.output().slice(-3000)}\n--- node B:\n${b.output().slice(-3000)}\n--- worker:\n${worker.output().slice(-3000)}\n--- s3rver's last requests:\n${s3.requests.slice(-15).join('\n')}`

const b64 = (value: string | number) => Buffer.from(String(value)).toString('base64')

interface Answer {
  status: number
  headers: Headers
  text: string
}

async function tusRequest(
  base: string,
  method: string,
  path: string,
  lifter: Lifter,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...TUS, authorization: `Bearer ${lifter.token}`, ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

const offsetOn = async (base: string, path: string, lifter: Lifter) => {
  const head = await tusRequest(base, 'HEAD', path, lifter)
  expect(head.status, `HEAD ${base}${path}: ${head.text}`).toBe(200)
  return { offset: Number(head.headers.get('upload-offset')), length: Number(head.headers.get('upload-length')) }
}

/**
 * A PATCH whose connection drops: the declared body is everything from `from`, but only the
 * bytes up to `upto` are sent; once `arrived()` says they reached the server, the socket is
 * destroyed, as a phone losing its network.
 */
async function patchCutOff(base: string, path: string, lifter: Lifter, from: number, upto: number, arrived: () => boolean): Promise<void> {
  const { port } = new URL(base)
  const req = httpRequest({
    host: '127.0.0.1',
    port: Number(port),
    method: 'PATCH',
    path,
    headers: {
      ...TUS,
      authorization: `Bearer ${lifter.token}`,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(from),
      'content-length': String(clip.length - from),
    },
  })
  let answered: number | undefined
  req.on('response', (res) => {
    answered = res.statusCode
    res.resume()
  })
  req.on('error', () => {})
  await new Promise<void>((resolve) => req.write(clip.subarray(from, upto), () => resolve()))
  // Let the bytes cross the loopback and reach the store before the "network" goes.
  await waitUntil(arrived, "the cut-off PATCH's bytes to reach the store", 30_000)
  await sleep(500)
  req.destroy()
  expect(answered, 'the cut-off PATCH is not answered before its body is complete').toBeUndefined()
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = joinPath(d, name)
      if (statSync(path).isDirectory()) walk(path)
      else out.push(relative(dir, path))
    }
  }
  walk(dir)
  return out.sort()
}

const keyOf = (url: string) => decodeURIComponent(url.replace(/^\/api\/video\//, '').replace(/\?.*$/, ''))

async function objectRange(key: string, start: number, end: number): Promise<Buffer> {
  const object = await s3Client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key, Range: `bytes=${start}-${end}` }))
  return Buffer.from(await object.Body!.transformToByteArray())
}

describe('two server nodes and a worker on private disks, sharing PostgreSQL, Redis and S3', () => {
  it('a tus upload started on A, cut off half-way, resumed and finished on B, is transcoded by the worker and plays with Range from A', async () => {
    const challengeId = await createOngoingChallenge(db.prisma, 'Multi-host Open')
    const [lifter] = await createLifters(db.prisma, loadConfig().jwtSecret, 1)
    expect((await join(a.url, lifter!, challengeId)).status).toBe(201)

    // Created on A: the token and the form fields are checked here, before any byte.
    const metadata = { filename: 'heavy.mp4', filetype: 'video/mp4', lift_type: 'squat', weight: 180, competition_id: challengeId }
    const created = await tusRequest(a.url, 'POST', '/api/uploads/', lifter!, {
      'upload-length': String(clip.length),
      'upload-metadata': Object.entries(metadata)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    })
    expect(created.status, `${created.text}\n${outputs()}`).toBe(201)
    const location = created.headers.get('location')!
    expect(location).toMatch(/\/api\/uploads\/[^/]+$/)
    // The upload is named by its path: the same on every node (a Location may carry A's host).
    const path = new URL(location, a.url).pathname

    // A first piece on A, answered (204, its offset), then the rest starts and the connection dies half-way.
    const first = 3 * 1024 * 1024
    const half = Math.floor(clip.length / 2)
    const patched = await tusRequest(
      a.url,
      'PATCH',
      path,
      lifter!,
      { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      clip.subarray(0, first),
    )
    expect(patched.status, patched.text).toBe(204)
    expect(Number(patched.headers.get('upload-offset'))).toBe(first)
    // Cut once the store has begun receiving the upload's first whole 8 MiB part (first + 5 MiB of this request).
    const firstPart = `/tus/${path.slice(path.lastIndexOf('/') + 1)}?partNumber=1&`
    await patchCutOff(a.url, path, lifter!, first, half, () => s3.requests.some((r) => r.includes(firstPart)))

    // A settles on an offset (what it kept of the cut-off request); B, another process with
    // another disk, reports the same one: the upload's state lives in S3 and Redis. What a cut
    // request leaves is the store's to say: @tus/s3-store keeps the whole 8 MiB parts that reached
    // S3 and drops the part in progress (and with it an incomplete part an earlier PATCH left).
    let onA = await offsetOn(a.url, path, lifter!)
    for (let i = 0; i < 20; i++) {
      await sleep(250)
      const again = await offsetOn(a.url, path, lifter!)
      if (again.offset === onA.offset) break
      onA = again
    }
    const onB = await offsetOn(b.url, path, lifter!)
    expect(onB).toEqual(onA)
    expect(onB.length).toBe(clip.length)
    expect(onB.offset).toBeGreaterThanOrEqual(first)
    expect(onB.offset).toBeLessThanOrEqual(half)

    // A stale offset is refused on B (409), as on any tus server: B really knows where A stopped.
    if (onB.offset > 0) {
      const stale = await tusRequest(
        b.url,
        'PATCH',
        path,
        lifter!,
        { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
        clip.subarray(0, 1024),
      )
      expect(stale.status, stale.text).toBe(409)
    }

    // Resumed and finished on B, from B's offset: the final PATCH answers the recorded attempt.
    const finished = await tusRequest(
      b.url,
      'PATCH',
      path,
      lifter!,
      { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(onB.offset) },
      clip.subarray(onB.offset),
    ).catch((error: unknown) => {
      throw new Error(`the last PATCH on B failed: ${String(error)}\n${outputs()}`, { cause: error })
    })
    expect([200, 201, 204], finished.text).toContain(finished.status)
    expect(Number(finished.headers.get('upload-offset'))).toBe(clip.length)
    const body = JSON.parse(finished.text) as { url: string; attempt_id: number; participant_id: number; competition_id: number }
    expect(body).toMatchObject({
      attempt_id: expect.any(Number),
      participant_id: lifter!.userId,
      competition_id: challengeId,
      url: expect.stringMatching(/^\/api\/video\//),
    })
    expect(Number(finished.headers.get('x-attempt-id'))).toBe(body.attempt_id)
    const attemptId = body.attempt_id

    // The worker (its own process and disk) transcodes it; polled through node A's API.
    const detailPath = `/api/competitions/${challengeId}/participants/${lifter!.userId}/attempts/${attemptId}`
    type Detail = { processing: string; video_url: string; poster_url: string | null; renditions: Record<string, string> }
    let detail: Detail | undefined
    const deadline = Date.now() + 120_000
    for (;;) {
      const res = await fetch(`${a.url}${detailPath}`)
      expect(res.status).toBe(200)
      detail = (await res.json()) as Detail
      if (detail.processing === 'ready') break
      if (detail.processing === 'failed') throw new Error(`the transcode failed:\n${outputs()}`)
      if (Date.now() > deadline) throw new Error(`attempt ${attemptId} still ${detail.processing} after 120 s:\n${outputs()}`)
      await sleep(250)
    }
    expect(worker.output()).toMatch(/transcode done/)
    expect(Object.keys(detail.renditions).sort()).toEqual(['360', '720'])
    expect(detail.poster_url).toEqual(expect.stringMatching(/^\/api\/video\//))

    // The original's bytes in the bucket are the uploaded bytes, byte for byte.
    const originalKey = keyOf(body.url)
    const original = await s3Client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: originalKey }))
    expect(Buffer.from(await original.Body!.transformToByteArray()).equals(clip)).toBe(true)

    // Node A plays the rendition and the poster with Range: 206 and exactly the stored bytes.
    const played: string[] = []
    for (const url of [detail.renditions['720']!, detail.renditions['360']!, detail.poster_url!]) {
      const key = keyOf(url)
      const size = (await s3Client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ContentLength!
      expect(size).toBeGreaterThan(2000)
      for (const [start, end] of [
        [0, 1023],
        [1000, 1999],
        [size - 500, size - 1],
      ] as const) {
        const res = await fetch(`${a.url}${url}`, { headers: { range: `bytes=${start}-${end}` } })
        const bytes = Buffer.from(await res.arrayBuffer())
        expect(res.status, `${url} bytes=${start}-${end}`).toBe(206)
        expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`)
        expect(Number(res.headers.get('content-length'))).toBe(end - start + 1)
        expect(bytes.equals(await objectRange(key, start, end)), `${url} bytes=${start}-${end} are the stored bytes`).toBe(true)
      }
      played.push(`${key} (${size} B)`)
    }
    // The original's URL plays the 720p rendition on a desktop, from A, with Range too.
    const viaOriginal = await fetch(`${a.url}${body.url}`, { headers: { range: 'bytes=0-99' } })
    expect(viaOriginal.status).toBe(206)
    expect(viaOriginal.headers.get('x-video-rendition')).toBe('720')
    expect(
      Buffer.from(await viaOriginal.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp')

    // The worker also leaves the plate check's contact sheet of the take's last seconds (docs/video-checks.md).
    uploaded = {
      attemptId,
      keys: [originalKey, ...Object.values(detail.renditions).map(keyOf), keyOf(detail.poster_url!), attemptKeys.contactSheet(attemptId)],
    }
    console.log(
      `multi-host: ${clip.length} B tus upload, ${first} B answered on A, cut off at ${half} B; A and B then reported offset ${onB.offset}; finished on B → attempt ${attemptId} ready; A played ${played.join(', ')} with Range`,
    )
  })

  it('rate limits hold across both nodes: logins alternating between A and B get 429 after the limit in total', async () => {
    const answers: number[] = []
    const errors: string[] = []
    for (let i = 0; i < AUTH_LIMIT + 3; i++) {
      const node = i % 2 === 0 ? a : b
      // A different unknown account each time: the per-account failure backoff stays out of it.
      const res = await fetch(`${node.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `nobody-${i}-${redisPrefix}`, password: 'not-the-password-1' }),
      })
      answers.push(res.status)
      errors.push(((await res.json()) as { error?: string }).error ?? '')
    }
    expect(answers).toEqual([...Array<number>(AUTH_LIMIT).fill(401), 429, 429, 429])
    expect(errors.at(-1)).toMatch(/Too many attempts/)
    console.log(`multi-host rate limit (${AUTH_LIMIT}/min per client, alternating A/B): ${answers.join(' ')}`)
  })

  it('/api/ready on A goes 503 naming storage while its storage is cut off, B stays ready, and A is ready again once it returns', async () => {
    const ready = async (node: ServerProcess) => {
      const res = await fetch(`${node.url}/api/ready`)
      return { status: res.status, body: (await res.json()) as { error?: string; checks?: Record<string, unknown> } }
    }
    const health = async (node: ServerProcess) => (await fetch(`${node.url}/api/health`)).status
    const until = async (node: ServerProcess, status: number, what: string, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const answer = await ready(node)
        if (answer.status === status) return answer
        if (Date.now() > deadline)
          throw new Error(`${what}: /api/ready still ${answer.status} ${JSON.stringify(answer.body)} after ${timeoutMs} ms`)
        await sleep(200)
      }
    }
    expect((await ready(a)).status).toBe(200)
    expect((await ready(b)).status).toBe(200)

    // Refused: A's connections to the store are reset and new ones refused.
    const cutAt = performance.now()
    await proxies.a!.cut()
    const down = await until(a, 503, 'A with its storage cut')
    const downMs = performance.now() - cutAt
    expect(down.body.error).toMatch(/storage/i)
    expect(Object.keys(down.body.checks ?? {}).sort()).toEqual(['database', 'redis', 'storage'])
    expect(down.body.checks).toMatchObject({ database: 'ok', redis: 'ok' })
    expect(down.body.checks!.storage).not.toBe('ok')
    expect(await health(a)).toBe(200)
    expect((await ready(b)).status).toBe(200)

    await proxies.a!.restore()
    const restoredAt = performance.now()
    await until(a, 200, 'A with its storage back')
    const upMs = performance.now() - restoredAt

    // Silent: the store's packets vanish (a partition), so the check must time out rather than hang.
    proxies.a!.blackhole()
    const silentAt = performance.now()
    const silent = await until(a, 503, 'A with its storage silent', 30_000)
    const silentMs = performance.now() - silentAt
    expect(silent.body.error).toMatch(/storage/i)
    expect(await health(a)).toBe(200)
    expect((await ready(b)).status).toBe(200)
    await proxies.a!.restore()
    await until(a, 200, 'A with its storage back after the silence')
    console.log(
      `multi-host readiness: A 503 ${JSON.stringify(down.body)} ${downMs.toFixed(0)} ms after the cut, 200 again ${upMs.toFixed(0)} ms after the restore; ` +
        `silent store → 503 after ${silentMs.toFixed(0)} ms; B 200 throughout`,
    )
  })

  it("assumes no shared disk: the nodes' DATA_DIRs hold no media, and the renditions and the poster are in the bucket", async () => {
    const media = /\.(mp4|m4v|mov|mkv|webm|jpe?g|png|webp)$/i
    const found: Record<string, string[]> = {}
    for (const [name, dir] of Object.entries(dataDirs)) {
      const files = filesUnder(dir)
      found[name] = files
      // Only the node's own scratch area, and nothing left in it once the work is done.
      expect(
        files.filter((f) => !f.startsWith('scratch/')),
        `${name}'s DATA_DIR outside scratch/`,
      ).toEqual([])
      expect(
        files.filter((f) => media.test(f) || f.startsWith('media/')),
        `${name}'s DATA_DIR media`,
      ).toEqual([])
      expect(files, `${name}'s scratch after the run`).toEqual([])
    }

    expect(uploaded, 'the upload case ran').toBeDefined()
    const listing = await s3Client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `attempts/${uploaded!.attemptId}/` }))
    const inBucket = (listing.Contents ?? []).map((o) => o.Key!).sort()
    expect(inBucket).toEqual([...uploaded!.keys].sort())
    // The finished upload's parts and info are gone from the bucket (tus's area) too.
    const tusLeft = ((await s3Client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'tus/' }))).Contents ?? []).map(
      (o) => o.Key!,
    )
    expect(tusLeft).toEqual([])
    console.log(`multi-host disks: bucket holds ${inBucket.join(', ')}; DATA_DIRs ${JSON.stringify(found)}`)
  })
})
