// Load: 50 small uploads at once over HTTP from 50 lifters, through the production topology
// (the server enqueues on BullMQ, two `npm run worker` processes transcode) → all 50 answered
// 201, all 50 transcoded to ready, none lost, each transcoded and announced exactly once.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath } from 'node:path'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom } from '../../contract/index.ts'
import { JOB_POLICIES, transcodeJobId } from '../../infra/transcoding/jobs.ts'
import { makeClip, multipartForm } from '../helpers/clips.ts'
import { createLifters, createOngoingChallenge, join, REDIS_URL, sleep, startLiveServer, type LiveTestServer } from '../helpers/live.ts'
import { spawnWorker, type WorkerProcess } from '../helpers/worker.ts'

const UPLOADS = 50
let t: LiveTestServer
let workers: WorkerProcess[] = []
let dir: string
let clip: Buffer
let redis: Redis
let queue: Queue

beforeAll(async () => {
  dir = mkdtempSync(joinPath(tmpdir(), 'liftarena-burst-'))
  clip = readFileSync(await makeClip(dir, 'lift.mp4', { width: 320, height: 240, seconds: 1 }))
  t = await startLiveServer({ redis: true, transcoding: true, env: { RATE_LIMIT_UPLOAD_PER_MINUTE: '1000' } })
  const env = {
    DATABASE_URL: t.config.databaseUrl!,
    DATA_DIR: t.config.dataDir,
    MEDIA_DIR: t.config.mediaDir,
    REDIS_URL,
    REDIS_PREFIX: t.redisPrefix!,
  }
  workers = await Promise.all([spawnWorker(env), spawnWorker(env)])
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null })
  queue = new Queue(JOB_POLICIES.transcode.queue, { connection: redis, prefix: t.redisPrefix })
}, 120_000)

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()))
  await queue?.close()
  await redis?.quit()
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe(`${UPLOADS} small uploads at once`, () => {
  it('are all answered, all transcoded to ready, none lost, each exactly once', async () => {
    const id = await createOngoingChallenge(t.db.prisma, 'Upload Burst')
    const lifters = await createLifters(t.db.prisma, t.config.jwtSecret, UPLOADS)
    for (const l of lifters) expect((await join(t.url, l, id)).status).toBe(201)

    const started = performance.now()
    const answers = await Promise.all(
      lifters.map(async (lifter, i) => {
        const form = multipartForm({ lift_type: ['squat', 'bench', 'deadlift'][i % 3]!, weight: 100 + i, competition_id: id }, [
          { filename: `lift-${i}.mp4`, data: clip },
        ])
        const res = await fetch(`${t.url}/api/upload`, {
          method: 'POST',
          headers: { ...form.headers, authorization: `Bearer ${lifter.token}` },
          body: new Uint8Array(form.payload),
        })
        return { status: res.status, body: (await res.json()) as { attempt_id?: number; error?: string } }
      }),
    )
    const answeredMs = performance.now() - started
    expect(
      answers.filter((a) => a.status !== 201),
      JSON.stringify(answers.filter((a) => a.status !== 201)),
    ).toEqual([])
    const ids = answers.map((a) => a.body.attempt_id!).sort((a, b) => a - b)
    expect(new Set(ids).size).toBe(UPLOADS)

    const deadline = Date.now() + 180_000
    let ready = 0
    while (ready < UPLOADS) {
      ready = await t.db.prisma.attempt.count({ where: { id: { in: ids }, processingState: 'ready' } })
      if (Date.now() > deadline) throw new Error(`only ${ready}/${UPLOADS} ready after 180 s`)
      if (ready < UPLOADS) await sleep(250)
    }
    const readyMs = performance.now() - started

    // None lost: every attempt ready with its files; none failed.
    const rows = await t.db.prisma.attempt.findMany({ where: { id: { in: ids } } })
    expect(rows).toHaveLength(UPLOADS)
    for (const row of rows) {
      expect(row.processingState).toBe('ready')
      for (const key of [row.originalKey!, row.posterKey!, ...Object.values(row.renditions as Record<string, string>)]) {
        expect(existsSync(joinPath(t.config.mediaDir, key)), key).toBe(true)
      }
    }
    // Each exactly once: one job run per attempt, one "transcode done" across the workers, one ready announcement.
    for (const attemptId of ids) {
      const job = await queue.getJob(transcodeJobId(attemptId))
      expect(await job!.getState(), `job of ${attemptId}`).toBe('completed')
      expect(job!.attemptsStarted, `job of ${attemptId}`).toBe(1)
    }
    const done = workers.map((w) => w.output().match(/transcode done/g)?.length ?? 0)
    expect(done.reduce((a, b) => a + b, 0)).toBe(UPLOADS)
    const events = await t.db.prisma.liveEvent.findMany({ where: { room: challengeRoom(id), type: 'attempt.updated' } })
    const readyEvents = events.filter((e) => (e.payload as { attempt: { processing: string } }).attempt.processing === 'ready')
    expect(readyEvents.map((e) => (e.payload as { attempt: { id: number } }).attempt.id).sort((a, b) => a - b)).toEqual(ids)
    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 })
    console.log(
      `${UPLOADS} uploads at once: all answered 201 in ${answeredMs.toFixed(0)} ms, all ready in ${(readyMs / 1000).toFixed(1)} s ` +
        `(two worker processes, concurrency 1 each: ${done.join(' + ')} transcodes)`,
    )
  })
})
