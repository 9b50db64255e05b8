// BullMQ (REDIS_URL set): the server holds the producer queue and only enqueues;
// `npm run worker` processes run the processor in the BullMQ worker. Jobs survive
// restarts in Redis; a job whose worker died goes back to the queue (stalled-job
// recovery, timings in JOB_POLICIES.transcode).
import { Queue, UnrecoverableError, WaitingError, Worker, type Job, type JobsOptions } from 'bullmq'
import { Redis } from 'ioredis'
import type { Config } from '../config.ts'
import {
  JOB_POLICIES, PermanentJobError, ShutdownError, TRANSCODE_JOB, abortOnTimeout, consoleLog, silentLog,
  type JobName, type JobPayloads, type JobPolicy, type Log, type TranscodeJob, type TranscodeProcessor, type TranscodeQueue,
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
  config: Pick<Config, 'redisUrl' | 'redisPrefix'>, log: Log = silentLog, options: { onReconnect?: () => void } = {},
): BullTranscodeQueue {
  // A producer should fail fast when Redis is away (the upload is already stored; recovery re-enqueues).
  const connection = new Redis(redisUrlOf(config), { maxRetriesPerRequest: 2, lazyConnect: false })
  quietErrors(connection, log, 'transcode queue')
  let lost = false
  connection.on('close', () => { lost = true })
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
      // Same jobId while the job exists (waiting, active, delayed, kept after finishing) → no-op.
      await queue.add(TRANSCODE_JOB, { attemptId: job.attemptId }, bullJobOptions('transcode', job))
    },
    async close() {
      if (closed) return
      closed = true
      await queue.close()
      await connection.quit().catch(() => connection.disconnect())
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
}

export function createBullTranscodeWorker(
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'workerConcurrency'>,
  processor: TranscodeProcessor,
  options: BullWorkerOptions = {},
): BullTranscodeWorker {
  const log = options.log ?? consoleLog
  const policy: JobPolicy<TranscodeJob> = { ...JOB_POLICIES.transcode, ...options.policy }
  // Workers block on Redis: BullMQ requires maxRetriesPerRequest null.
  const connection = new Redis(redisUrlOf(config), { maxRetriesPerRequest: null })
  quietErrors(connection, log, 'transcode worker')

  const bullProcessor = async (job: Job<TranscodeJob>, token?: string, signal?: AbortSignal) => {
    const controller = new AbortController()
    const forward = () => controller.abort(signal?.reason)
    signal?.addEventListener('abort', forward, { once: true })
    const timer = abortOnTimeout(controller, policy)
    const maxAttempts = job.opts.attempts ?? 1
    try {
      return await processor({
        id: job.id ?? policy.jobId(job.data),
        data: job.data,
        attempt: job.attemptsMade + 1,
        isFinalAttempt: job.attemptsMade + 1 >= maxAttempts,
        signal: controller.signal,
        updateProgress: (percent) => job.updateProgress(percent),
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
      clearTimeout(timer)
      signal?.removeEventListener('abort', forward)
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
  worker.on('failed', (job, error) => {
    if (!job) return
    const finished = job.finishedOn !== undefined || job.attemptsMade >= (job.opts.attempts ?? 1)
    log.warn({ jobId: job.id, attemptsMade: job.attemptsMade, err: error }, finished ? 'transcode failed for good' : 'transcode failed, will retry')
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
          await worker.close()
        } finally {
          clearTimeout(timer)
          await connection.quit().catch(() => connection.disconnect())
        }
      })()
      return closing
    },
  }
}
