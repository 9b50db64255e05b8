// BullMQ (REDIS_URL set): the server holds the producer queue and only enqueues;
// `npm run worker` processes run the processor in the BullMQ worker. Jobs survive
// restarts in Redis; a job whose worker died goes back to the queue (stalled-job
// recovery, timings in JOB_POLICIES.transcode).
//
// Fair by user, with plain BullMQ (no Pro groups):
// - order: every job is added with a priority = its place in its lifter's own line (their 1st
//   unfinished job 1, their 2nd 2, …; a Redis set per lifter of their unfinished job ids), so
//   a lifter with five uploads waiting gets one turn, then the others' first jobs go, and so on;
// - at most one running per lifter: the processor takes a per-lifter lock in Redis (renewed while
//   it runs, lapsing if its worker dies); a job whose lifter already has one running goes back to
//   delayed for a moment (moveToDelayed + DelayedError: no try is counted) and keeps its priority.
import { DelayedError, Queue, UnrecoverableError, WaitingError, Worker, type Job, type JobsOptions } from 'bullmq'
import type { Redis } from 'ioredis'
import { openRedisClient } from '../redis-clients.ts'
import type { Config } from '../config.ts'
import {
  JOB_POLICIES,
  PermanentJobError,
  ShutdownError,
  TRANSCODE_JOB,
  abortOnTimeout,
  consoleLog,
  fairnessKey,
  jobData,
  kindOf,
  silentLog,
  type JobName,
  type JobPayloads,
  type JobPolicy,
  type Log,
  type TranscodeJob,
  type TranscodeProcessor,
  type TranscodeQueue,
} from './jobs.ts'

export interface BullTranscodeQueue extends TranscodeQueue {
  readonly kind: 'bullmq'
  readonly queue: Queue<TranscodeJob>
}

function redisUrlOf(config: Pick<Config, 'redisUrl'>): string {
  if (!config.redisUrl) throw new Error('REDIS_URL is not set: BullMQ needs Redis (without it, use the in-process queue).')
  return config.redisUrl
}

function quietErrors(connection: Redis, log: Log, what: string) {
  let last = 0
  connection.on('error', (error: Error) => {
    if (Date.now() - last < 10_000) return
    last = Date.now()
    log.warn({ err: error }, `${what}: Redis connection error`)
  })
}

/**
 * A queue or worker closed while its connections still run their opening commands disconnects
 * them, and the commands nobody awaits reject as unhandled "Connection is closed." (seen once in
 * CI, from an app started and stopped in a test). Closing waits this long for them to finish first;
 * a Redis that is down does not hold a shutdown longer than this.
 */
const READY_BEFORE_CLOSE_MS = 2_000
const settledWithin = (work: Promise<unknown>, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    work
      .catch(() => {})
      .finally(() => {
        clearTimeout(timer)
        resolve()
      })
  })

/** BullMQ's largest priority (lower runs first). */
const MAX_PRIORITY = 2_097_151
/** A lifter's unfinished-jobs set outlives its last enqueue by this (a worker dying for good cannot leave it forever). */
const LINE_TTL_SECONDS = 24 * 3600
/** A job whose lifter already has one running tries again after this. */
export const SAME_LIFTER_DELAY_MS = 1_000

const lineKey = (prefix: string, queue: string, key: string) => `${prefix}:${queue}:fair:line:${key}`
const runningKey = (prefix: string, queue: string, key: string) => `${prefix}:${queue}:fair:running:${key}`

/** Adds the job to its lifter's line; answers its place (1 = their first unfinished job). */
const JOIN_LINE = `redis.call('SADD', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return redis.call('SCARD', KEYS[1])`
/** Takes (or renews) the lifter's running lock for this job; 0 when another job holds it. */
const TAKE_TURN = `local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`
const END_TURN = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

export function bullJobOptions<K extends JobName>(name: K, payload: JobPayloads[K]): JobsOptions {
  const policy = JOB_POLICIES[name]
  return {
    jobId: policy.jobId(payload),
    attempts: policy.attempts,
    backoff: { type: 'exponential', delay: policy.backoffMs },
    removeOnComplete: policy.keep.completed,
    removeOnFail: policy.keep.failed,
  }
}

/**
 * The producer side: what the API server holds when REDIS_URL is set. `onReconnect` runs each
 * time the connection comes back after it was lost: enqueues that failed meanwhile (and jobs a
 * restarted Redis forgot) are recovered from the database there.
 */
export function createBullTranscodeQueue(
  config: Pick<Config, 'redisUrl' | 'redisPrefix'>,
  log: Log = silentLog,
  options: { onReconnect?: () => void; connection?: Redis } = {},
): BullTranscodeQueue {
  // The process's `bullmq` client (infra/redis-clients.ts), else one of its own that closing ends.
  const owned = options.connection ? undefined : openRedisClient(redisUrlOf(config), 'bullmq')
  const connection = options.connection ?? owned!
  quietErrors(connection, log, 'transcode queue')
  let lost = false
  connection.on('close', () => {
    lost = true
  })
  connection.on('ready', () => {
    if (!lost) return
    lost = false
    options.onReconnect?.()
  })
  const policy = JOB_POLICIES.transcode
  const queue = new Queue<TranscodeJob>(policy.queue, { connection, prefix: config.redisPrefix })
  queue.on('error', () => {}) // reported by quietErrors
  let closed = false
  return {
    kind: 'bullmq',
    queue,
    async enqueue(job) {
      if (closed) throw new Error('The transcode queue is closed.')
      const data = jobData(job)
      const options = bullJobOptions('transcode', data)
      // Its place in its lifter's line is its priority (fair by user; see the top of this file).
      const place = Number(
        await connection.eval(JOIN_LINE, 1, lineKey(config.redisPrefix, policy.queue, fairnessKey(job)), options.jobId!, LINE_TTL_SECONDS),
      )
      // Same jobId while the job exists (waiting, active, delayed, kept after finishing) → no-op.
      // Named by kind (a verdict clip shows as such in Redis); one processor runs both (index.ts).
      await queue.add(kindOf(data) === 'transcode' ? TRANSCODE_JOB : 'verdict_clip', data, {
        ...options,
        priority: Math.min(MAX_PRIORITY, Math.max(1, place)),
      })
    },
    async counts() {
      // Every job is added with a priority, so BullMQ keeps waiting jobs as "prioritized".
      const c = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed')
      return { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 }
    },
    async close() {
      if (closed) return
      closed = true
      await settledWithin(queue.waitUntilReady(), READY_BEFORE_CLOSE_MS)
      await queue.close()
      await owned?.quit().catch(() => owned.disconnect())
    },
  }
}

export interface BullTranscodeWorker {
  readonly worker: Worker<TranscodeJob>
  /** Stops taking jobs; the running ones finish within the policy's grace, else go back to the queue. */
  close(): Promise<void>
}

export interface BullWorkerOptions {
  log?: Log
  /** Called when BullMQ gives up on a job without the processor having recorded it (stalled too often). */
  onGaveUp?: (job: TranscodeJob, reason: string) => Promise<void>
  /** Tests shorten the timings; production uses JOB_POLICIES. */
  policy?: Partial<JobPolicy<TranscodeJob>>
  /** The process's `bullmqWorker` client (infra/redis-clients.ts); without it the worker opens one of its own that closing ends. */
  connection?: Redis
}

export function createBullTranscodeWorker(
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'workerConcurrency'>,
  processor: TranscodeProcessor,
  options: BullWorkerOptions = {},
): BullTranscodeWorker {
  const log = options.log ?? consoleLog
  const policy: JobPolicy<TranscodeJob> = { ...JOB_POLICIES.transcode, ...options.policy }
  const owned = options.connection ? undefined : openRedisClient(redisUrlOf(config), 'bullmqWorker')
  const connection = options.connection ?? owned!
  quietErrors(connection, log, 'transcode worker')

  const turnKey = (data: TranscodeJob) => runningKey(config.redisPrefix, policy.queue, fairnessKey(data))
  const endLine = (data: TranscodeJob, jobId: string | undefined) => {
    connection
      .srem(lineKey(config.redisPrefix, policy.queue, fairnessKey(data)), jobId ?? policy.jobId(data))
      .catch((err: unknown) => log.warn({ err }, "could not take a finished transcode out of its lifter's line"))
  }

  const bullProcessor = async (job: Job<TranscodeJob>, token?: string, signal?: AbortSignal) => {
    const jobId = job.id ?? policy.jobId(job.data)
    // At most one transcode per lifter at a time: another of theirs is running → back to delayed, no try counted.
    const takeTurn = () => connection.eval(TAKE_TURN, 1, turnKey(job.data), jobId, policy.lockMs)
    if (Number(await takeTurn()) !== 1 && token) {
      await job.moveToDelayed(Date.now() + SAME_LIFTER_DELAY_MS, token)
      throw new DelayedError()
    }
    const renew = setInterval(
      () => {
        takeTurn().catch(() => {})
      },
      Math.max(100, Math.floor(policy.lockMs / 2)),
    )
    const controller = new AbortController()
    const forward = () => controller.abort(signal?.reason)
    signal?.addEventListener('abort', forward, { once: true })
    const timer = abortOnTimeout(controller, policy)
    const maxAttempts = job.opts.attempts ?? 1
    try {
      return await processor({
        id: jobId,
        data: job.data,
        attempt: job.attemptsMade + 1,
        isFinalAttempt: job.attemptsMade + 1 >= maxAttempts,
        signal: controller.signal,
        updateProgress: (percent) => job.updateProgress(percent),
        scaleTimeout: (seconds) => timer.scaleTo(seconds),
      })
    } catch (error) {
      if (controller.signal.reason instanceof ShutdownError && token) {
        // Released, not failed: another worker takes it at once and the try does not count.
        await job.moveToWait(token)
        throw new WaitingError()
      }
      if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message)
      throw error
    } finally {
      timer.clear()
      clearInterval(renew)
      signal?.removeEventListener('abort', forward)
      await connection.eval(END_TURN, 1, turnKey(job.data), jobId).catch(() => {}) // else it lapses after lockMs
    }
  }

  const worker = new Worker<TranscodeJob>(policy.queue, bullProcessor, {
    connection,
    prefix: config.redisPrefix,
    concurrency: config.workerConcurrency,
    lockDuration: policy.lockMs,
    stalledInterval: policy.stalledIntervalMs,
    maxStalledCount: policy.maxStalledCount,
    removeOnComplete: policy.keep.completed,
    removeOnFail: policy.keep.failed,
  })
  worker.on('error', (error) => log.warn({ err: error }, 'transcode worker error'))
  worker.on('completed', (job) => endLine(job.data, job.id))
  worker.on('failed', (job, error) => {
    if (!job) return
    const finished = job.finishedOn !== undefined || job.attemptsMade >= (job.opts.attempts ?? 1)
    if (finished) endLine(job.data, job.id)
    log.warn(
      { jobId: job.id, attemptsMade: job.attemptsMade, err: error },
      finished ? 'transcode failed for good' : 'transcode failed, will retry',
    )
    // A job failed by the stalled checker never reached our processor's own failure handling.
    if (finished && options.onGaveUp && /stalled/i.test(error.message)) {
      options.onGaveUp(job.data, error.message).catch((err: unknown) => log.error({ err }, 'could not record a given-up transcode'))
    }
  })

  let closing: Promise<void> | undefined
  return {
    worker,
    close() {
      closing ??= (async () => {
        const timer = setTimeout(() => worker.cancelAllJobs(new ShutdownError() as unknown as string), policy.shutdownGraceMs)
        try {
          await settledWithin(worker.waitUntilReady(), READY_BEFORE_CLOSE_MS)
          await worker.close()
        } finally {
          clearTimeout(timer)
          await owned?.quit().catch(() => owned.disconnect())
        }
      })()
      return closing
    },
  }
}
