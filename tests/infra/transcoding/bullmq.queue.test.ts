// With REDIS_URL: the server only enqueues (BullMQ); transcoding happens in
// separate `worker/worker.ts` processes, spawned here exactly as `npm run worker`
// runs them. A worker killed with SIGKILL mid-job leaves its job to the next
// worker (stalled-job recovery), which completes it once.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBullTranscodeQueue, createBullTranscodeWorker } from '../../../infra/transcoding/bullmq.queue.ts'
import { JOB_POLICIES, transcodeJobId } from '../../../infra/transcoding/jobs.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { makeClip, multipartForm, streamSummary } from '../../helpers/clips.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const prefix = `liftarena-test-worker-${randomBytes(4).toString('hex')}`
let t: TestApp
let queue: Queue
let redis: Redis
const clips: { phone?: Buffer; small?: Buffer } = {}
const workers: ChildProcess[] = []
let clipDir: string | undefined

interface Worker {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/**
 * `npx tsx worker/worker.ts` by default. npm does not pass SIGTERM on to its
 * children, so the graceful-stop test runs tsx directly (tsx relays signals to
 * the node process running worker.ts).
 */
function startWorker(via: 'npx' | 'tsx' = 'npx'): Promise<Worker> {
  const [command, args] =
    via === 'npx' ? (['npx', ['tsx', 'worker/worker.ts']] as const) : ([join('node_modules', '.bin', 'tsx'), ['worker/worker.ts']] as const)
  const child = spawn(command, [...args], {
    cwd: process.cwd(),
    detached: true, // its own process group: SIGKILL reaches tsx, node and ffmpeg alike, like a machine dying
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: t.config.databaseUrl!,
      DATA_DIR: t.config.dataDir,
      MEDIA_DIR: t.config.mediaDir,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      WORKER_CONCURRENCY: '1',
      NODE_ENV: 'test',
    },
  })
  workers.push(child)
  let output = ''
  child.stdout!.on('data', (c: Buffer) => {
    output += c.toString()
  })
  child.stderr!.on('data', (c: Buffer) => {
    output += c.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 30_000)
    const check = () => {
      if (output.includes('Transcode worker') && output.includes('ready')) {
        clearTimeout(timer)
        resolve({ child, output: () => output, exited })
      }
    }
    child.stdout!.on('data', check)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`worker exited (${code}) before it was ready:\n${output}`))
    })
  })
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal)
  } catch {
    /* already gone */
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs: number, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, everyMs))
  }
}

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'liftarena-clips-'))
  const dir = clipDir
  const [app, phone, small] = await Promise.all([
    startTestApp({ transcoding: true, env: { REDIS_URL, REDIS_PREFIX: prefix, RATE_LIMIT_UPLOAD_PER_MINUTE: '1000' } }),
    makeClip(dir, 'phone.mp4', { width: 1920, height: 1080, seconds: 3, codec: 'hevc', rotate: 90 }),
    makeClip(dir, 'small.mp4', { width: 640, height: 360, seconds: 2 }),
  ])
  t = app
  clips.phone = readFileSync(phone)
  clips.small = readFileSync(small)
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null })
  queue = new Queue(JOB_POLICIES.transcode.queue, { connection: redis, prefix })
}, 120_000)

afterAll(async () => {
  for (const child of workers) if (child.exitCode === null && child.signalCode === null) killGroup(child, 'SIGKILL')
  await queue?.close()
  if (redis) {
    const keys = await redis.keys(`${prefix}:*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  }
  await t?.close()
  if (clipDir) rmSync(clipDir, { recursive: true, force: true })
})

async function upload(clip: Buffer) {
  const u = await registerUser(t.app)
  const challengeId = await createChallenge(t.app, u.access_token)
  await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: u.auth,
    payload: { competition_id: challengeId, weight_class: '83kg' },
  })
  const form = multipartForm({ lift_type: 'squat', weight: 150, competition_id: challengeId }, [{ filename: 'lift.mp4', data: clip }])
  const started = Date.now()
  const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...u.auth, ...form.headers }, payload: form.payload })
  expect(res.statusCode, res.body).toBe(201)
  return { ...(res.json() as { attempt_id: number; url: string }), challengeId, started }
}

const attempt = (id: number) => t.db.prisma.attempt.findUniqueOrThrow({ where: { id } })
/** The processing states the challenge's attempts were announced in, in order. */
const announcedStates = async (challengeId: number) =>
  (
    await t.db.prisma.liveEvent.findMany({
      where: { room: `competition:${challengeId}`, type: 'attempt.updated' },
      orderBy: { seq: 'asc' },
    })
  ).map((e) => (e.payload as { attempt: { processing: string } }).attempt.processing)

describe('BullMQ worker processes', () => {
  it('the server side is a BullMQ producer only', () => {
    expect(t.transcoding?.mode).toBe('bullmq')
  })

  it('a worker killed with SIGKILL mid-job: the next worker completes the job, once', async () => {
    const first = await startWorker()
    const up = await upload(clips.phone!)
    const jobId = transcodeJobId(up.attempt_id)

    // Mid-job: the attempt is processing and ffmpeg has reported progress.
    await until(
      'the first worker to be transcoding',
      async () => {
        const job = await queue.getJob(jobId)
        return (await job?.getState()) === 'active' && typeof job!.progress === 'number' && job!.progress > 0 && job!.progress < 90
      },
      20_000,
      10,
    )
    expect((await attempt(up.attempt_id)).processingState).toBe('processing')
    killGroup(first.child, 'SIGKILL')
    expect(await first.exited).toBeNull() // killed, no exit code
    const killedAt = Date.now()
    expect(await queue.getJob(jobId).then((j) => j?.getState())).toBe('active') // still held by a dead worker's lock
    expect(existsSync(join(t.config.mediaDir, `attempts/${up.attempt_id}/720p.mp4`))).toBe(false)

    await startWorker()
    const done = await until(
      'the attempt to be ready',
      async () => {
        const row = await attempt(up.attempt_id)
        return row.processingState === 'ready' ? row : undefined
      },
      60_000,
      100,
    )
    console.log(
      `SIGKILL → ready on the second worker: ${Date.now() - killedAt} ms (lock ${JOB_POLICIES.transcode.lockMs} ms + stalled check every ${JOB_POLICIES.transcode.stalledIntervalMs} ms)`,
    )

    const job = await until(
      'the job to be completed',
      async () => {
        const j = await queue.getJob(jobId)
        return (await j?.getState()) === 'completed' ? j : undefined
      },
      10_000,
    )
    expect(job!.stalledCounter).toBeGreaterThanOrEqual(1) // it really was recovered from a stall
    expect(job!.returnvalue).toMatchObject({ state: 'ready', attemptId: up.attempt_id })
    expect(job!.progress).toBe(100)
    expect(await announcedStates(up.challengeId)).toEqual(['processing', 'ready'])
    expect(done.renditions).toEqual({ 360: `attempts/${up.attempt_id}/360p.mp4`, 720: `attempts/${up.attempt_id}/720p.mp4` })
    const s = await streamSummary(join(t.config.mediaDir, `attempts/${up.attempt_id}/720p.mp4`))
    expect(s.video).toMatchObject({ codec: 'h264', profile: 'Main', pixFmt: 'yuv420p', width: 720, height: 1280 })
    expect(existsSync(join(t.config.mediaDir, done.posterKey!))).toBe(true)
    // The dead worker's scratch is not in the way; the second worker cleaned its own.
    expect(readdirSync(join(t.config.mediaDir, '.tmp')).filter((n) => n.startsWith('transcode-')).length).toBeLessThanOrEqual(1)

    // The worker published the event for socket.io's Redis stream (what every server node reads).
    const entries = await redis.xrange(`${prefix}:socket.io`, '-', '+')
    expect(
      entries.some(([, fields]) => fields.join(' ').includes('"attempt.updated"') && fields.join(' ').includes(`"id":${up.attempt_id}`)),
    ).toBe(true)
  }, 120_000)

  it('a 1080p phone clip goes upload → ready through a worker process in seconds', async () => {
    const up = await upload(clips.phone!)
    await until('ready', async () => (await attempt(up.attempt_id)).processingState === 'ready', 30_000, 20)
    const elapsed = Date.now() - up.started
    console.log(`upload→ready, 1080p HEVC 3 s phone clip, BullMQ worker process: ${elapsed} ms`)
    expect(elapsed).toBeLessThan(30_000)
  }, 60_000)

  it('a duplicate enqueue is a no-op: one job, one transcode, one announcement', async () => {
    const up = await upload(clips.small!)
    await Promise.all([1, 2, 3].map(() => t.transcoding!.queue.enqueue({ attemptId: up.attempt_id })))
    await until('ready', async () => (await attempt(up.attempt_id)).processingState === 'ready', 30_000, 50)
    const job = await until(
      'completed',
      async () => {
        const j = await queue.getJob(transcodeJobId(up.attempt_id))
        return (await j?.getState()) === 'completed' ? j : undefined
      },
      10_000,
    )
    const processedOn = job!.processedOn
    await t.transcoding!.queue.enqueue({ attemptId: up.attempt_id })
    await new Promise((r) => setTimeout(r, 300))
    const again = await queue.getJob(transcodeJobId(up.attempt_id))
    expect(await again!.getState()).toBe('completed')
    expect(again!.processedOn).toBe(processedOn)
    expect(job!.attemptsStarted).toBe(1)
    expect(await announcedStates(up.challengeId)).toEqual(['processing', 'ready'])
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')
    expect(counts).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 })
  }, 60_000)

  it('SIGTERM lets the running job finish, then the worker exits cleanly', async () => {
    for (const child of workers) if (child.exitCode === null && child.signalCode === null) killGroup(child, 'SIGTERM')
    const worker = await startWorker('tsx')
    const up = await upload(clips.phone!)
    await until(
      'the worker to be transcoding',
      async () => {
        const job = await queue.getJob(transcodeJobId(up.attempt_id))
        return (await job?.getState()) === 'active'
      },
      20_000,
      10,
    )
    worker.child.kill('SIGTERM')
    expect(await worker.exited).toBe(0)
    expect((await attempt(up.attempt_id)).processingState).toBe('ready')
    expect(await announcedStates(up.challengeId)).toEqual(['processing', 'ready'])
    expect(worker.output()).toMatch(/SIGTERM, finishing the running job/)
  }, 60_000)

  it('past the grace, a stopping worker releases its job back to the queue without counting a try', async () => {
    for (const child of workers) if (child.exitCode === null && child.signalCode === null) killGroup(child, 'SIGTERM')
    const silent = { info() {}, warn() {}, error() {} }
    let aborted: unknown
    const stuck = createBullTranscodeWorker(
      { redisUrl: REDIS_URL, redisPrefix: prefix, workerConcurrency: 1 },
      (job) =>
        new Promise((_, reject) =>
          job.signal.addEventListener('abort', () => {
            aborted = job.signal.reason
            reject(job.signal.reason)
          }),
        ),
      { log: silent, policy: { shutdownGraceMs: 200 } },
    )
    await t.transcoding!.queue.enqueue({ attemptId: 987654 })
    const jobId = transcodeJobId(987654)
    await until('the job to be active', async () => (await (await queue.getJob(jobId))?.getState()) === 'active', 10_000)
    await stuck.close()
    expect((aborted as Error).name).toBe('ShutdownError')
    const job = await queue.getJob(jobId)
    expect(['waiting', 'prioritized']).toContain(await job!.getState()) // back in line (jobs carry a fair-by-lifter priority)
    expect(job!.attemptsMade).toBe(0)
    await job!.remove()
  }, 30_000)
})

describe('BullMQ fairness by lifter', () => {
  const silent = { info() {}, warn() {}, error() {} }
  const fairPrefix = `${prefix}-fair`

  it("one lifter's five queued jobs do not all run before another lifter's one, and never two of one lifter at once", async () => {
    const config = { redisUrl: REDIS_URL, redisPrefix: fairPrefix, workerConcurrency: 2 }
    const producer = createBullTranscodeQueue(config, silent)
    for (let i = 1; i <= 5; i++) await producer.enqueue({ attemptId: 9100 + i, userId: 1 })
    await producer.enqueue({ attemptId: 9200, userId: 2 })
    const started: string[] = []
    const running = new Map<number, number>()
    let mostForOneLifter = 0
    let done = 0
    const worker = createBullTranscodeWorker(
      config,
      async (job) => {
        const user = job.data.userId!
        running.set(user, (running.get(user) ?? 0) + 1)
        mostForOneLifter = Math.max(mostForOneLifter, running.get(user)!)
        started.push(`u${user}:${job.data.attemptId}`)
        await new Promise((r) => setTimeout(r, 150))
        running.set(user, running.get(user)! - 1)
        done++
      },
      { log: silent },
    )
    try {
      await until('all six jobs to finish', async () => done === 6, 30_000)
    } finally {
      await worker.close()
      await producer.close()
      const keys = await redis.keys(`${fairPrefix}:*`)
      if (keys.length > 0) await redis.del(...keys)
    }
    expect(mostForOneLifter).toBe(1)
    // Lifter 2's single job starts second, not after lifter 1's five.
    expect(started.indexOf('u2:9200')).toBe(1)
    expect(started).toHaveLength(6)
  }, 40_000)
})
