// The two implementations of TranscodeQueue, and the policy they share.
// - BullMQ (REDIS_URL set): the server only enqueues; `npm run worker` processes
//   run the processor (createBullTranscodeWorker). Jobs survive restarts in Redis.
// - In-process (no Redis): the same processor, the same policy, inside the server.
//   Jobs live in memory, so on start it re-enqueues every attempt the database
//   still shows as pending/processing: a restart loses nothing.
// Job ids are deterministic (`attempt-<id>`), so a repeat enqueue is a no-op in both.
import { Queue, UnrecoverableError, WaitingError, Worker, type Job, type JobsOptions } from 'bullmq'
import { Redis } from 'ioredis'
import type { Config } from './config.ts'
import type { Database } from './db.ts'
import type { TranscodeJob, TranscodeQueue } from './queue.ts'

// ---------------------------------------------------------------------------
// Job types and their policy: adding a job type without a policy does not compile.

export interface JobPayloads {
  transcode: TranscodeJob
}
export type JobName = keyof JobPayloads

export interface JobPolicy<P> {
  /** BullMQ queue name (the Redis keys are `<REDIS_PREFIX>:<queue>:…`). */
  readonly queue: string
  /** Deterministic id: a repeat enqueue of the same work collapses. Never contains ':'. */
  readonly jobId: (payload: P) => string
  /** Tries in total, including the first. */
  readonly attempts: number
  /** Exponential backoff: try n+1 waits backoffMs · 2^(n-1). */
  readonly backoffMs: number
  /** One try is aborted after this long. */
  readonly timeoutMs: number
  /** A worker holds a job's lock this long and renews it at half; a dead worker's job is free after it. */
  readonly lockMs: number
  /** How often workers look for jobs whose worker died (stalled jobs go back to wait). */
  readonly stalledIntervalMs: number
  /** Times a job may stall (its worker died) before it is failed. */
  readonly maxStalledCount: number
  /** On SIGTERM a running job may finish within this; after it, the job is released back to the queue. */
  readonly shutdownGraceMs: number
  /** Finished jobs are kept (so repeat enqueues stay no-ops) for this many seconds / at most this many. */
  readonly keep: { readonly completed: { age: number; count: number }; readonly failed: { age: number; count: number } }
}

export const JOB_POLICIES: { readonly [K in JobName]: JobPolicy<JobPayloads[K]> } = Object.freeze({
  transcode: Object.freeze({
    queue: 'transcode',
    jobId: (p: TranscodeJob) => `attempt-${p.attemptId}`,
    attempts: 3,
    backoffMs: 5_000,
    timeoutMs: 30 * 60_000,
    lockMs: 10_000,
    stalledIntervalMs: 5_000,
    maxStalledCount: 2,
    shutdownGraceMs: 8_000,
    keep: { completed: { age: 7 * 24 * 3600, count: 10_000 }, failed: { age: 30 * 24 * 3600, count: 10_000 } },
  }),
})

export const TRANSCODE_JOB: JobName = 'transcode'
export const transcodeJobId = (attemptId: number) => JOB_POLICIES.transcode.jobId({ attemptId })

export function backoffDelay(policy: Pick<JobPolicy<unknown>, 'backoffMs'>, failedTries: number): number {
  return policy.backoffMs * 2 ** Math.max(0, failedTries - 1)
}

// ---------------------------------------------------------------------------
// What a processor sees, whichever queue runs it.

export interface JobContext<P> {
  readonly id: string
  readonly data: P
  /** 1 for the first try. */
  readonly attempt: number
  /** No retry follows if this try fails: the processor records the failure. */
  readonly isFinalAttempt: boolean
  /** Aborted on timeout or shutdown; the processor stops its child processes. */
  readonly signal: AbortSignal
  updateProgress(percent: number): Promise<void>
}
export type JobProcessor<P, R = unknown> = (job: JobContext<P>) => Promise<R>
export type TranscodeProcessor = JobProcessor<TranscodeJob>

/** Retrying cannot help (the source is missing or not a video): fail now, no more tries. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError'
}

/** Reason given to a job's signal when its process shuts down: release the job, don't count the try. */
export class ShutdownError extends Error {
  override readonly name = 'ShutdownError'
  constructor() {
    super('The worker is shutting down; the job goes back to the queue.')
  }
}

export interface Log {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}
export const consoleLog: Log = {
  info: (obj, msg) => console.log(msg ?? '', obj),
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
}
const silentLog: Log = { info() {}, warn() {}, error() {} }

// ---------------------------------------------------------------------------
// Recovery shared by both modes

/** Enqueues every attempt the database still shows as unfinished. Idempotent (deterministic job ids). */
export async function requeueUnfinished(db: Database, queue: TranscodeQueue): Promise<number> {
  const rows = await db.prisma.attempt.findMany({
    where: { processingState: { in: ['pending', 'processing'] }, originalKey: { not: null } },
    select: { id: true },
    orderBy: { id: 'asc' },
  })
  for (const row of rows) await queue.enqueue({ attemptId: row.id })
  return rows.length
}

// ---------------------------------------------------------------------------
// BullMQ

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
    const timer = setTimeout(() => controller.abort(new Error(`The transcode took longer than ${policy.timeoutMs / 1000} s.`)), policy.timeoutMs)
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

// ---------------------------------------------------------------------------
// In-process

export interface InProcessTranscodeQueue extends TranscodeQueue {
  readonly kind: 'in-process'
  /** Starts processing: re-enqueues unfinished attempts from the database, then runs jobs. */
  start(processor: TranscodeProcessor): Promise<void>
  /** Resolves once nothing is waiting, running or scheduled for retry. */
  idle(): Promise<void>
}

interface Entry {
  failedTries: number
  running: boolean
  retryTimer?: NodeJS.Timeout
}

export interface InProcessOptions {
  db: Database
  config: Pick<Config, 'workerConcurrency'>
  log?: Log
  /** Tests shorten delays; production uses JOB_POLICIES. */
  policy?: Partial<JobPolicy<TranscodeJob>>
}

const REMEMBER_FINISHED = 10_000

export function createInProcessTranscodeQueue(options: InProcessOptions): InProcessTranscodeQueue {
  const policy: JobPolicy<TranscodeJob> = { ...JOB_POLICIES.transcode, ...options.policy }
  const log = options.log ?? consoleLog
  const concurrency = Math.max(1, options.config.workerConcurrency)
  const entries = new Map<number, Entry>()
  const finished = new Set<number>()
  const waiting: number[] = []
  const running = new Map<number, { controller: AbortController; done: Promise<void> }>()
  let processor: TranscodeProcessor | undefined
  let closed = false
  let idleWaiters: Array<() => void> = []

  function remember(id: number) {
    finished.add(id)
    if (finished.size > REMEMBER_FINISHED) finished.delete(finished.values().next().value!)
  }

  function checkIdle() {
    if (entries.size > 0) return
    const waiters = idleWaiters
    idleWaiters = []
    for (const resolve of waiters) resolve()
  }

  function pump() {
    while (processor && !closed && running.size < concurrency && waiting.length > 0) {
      const id = waiting.shift()!
      const entry = entries.get(id)
      if (entry && !entry.running) runOne(id, entry, processor)
    }
    checkIdle()
  }

  function runOne(attemptId: number, entry: Entry, run: TranscodeProcessor) {
    entry.running = true
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new Error(`The transcode took longer than ${policy.timeoutMs / 1000} s.`)), policy.timeoutMs)
    const attempt = entry.failedTries + 1
    const done = (async () => {
      try {
        await run({
          id: policy.jobId({ attemptId }), data: { attemptId }, attempt, isFinalAttempt: attempt >= policy.attempts,
          signal: controller.signal, updateProgress: async () => {},
        })
        entries.delete(attemptId)
        remember(attemptId)
      } catch (error) {
        entry.running = false
        if (controller.signal.reason instanceof ShutdownError) {
          entries.delete(attemptId) // still pending/processing in the database: the next start re-enqueues it
        } else if (error instanceof PermanentJobError || attempt >= policy.attempts) {
          log.warn({ attemptId, attempt, err: error }, 'transcode failed for good')
          entries.delete(attemptId)
          remember(attemptId)
        } else if (closed) {
          entries.delete(attemptId)
        } else {
          entry.failedTries = attempt
          const delay = backoffDelay(policy, attempt)
          log.warn({ attemptId, attempt, retryInMs: delay, err: error }, 'transcode failed, will retry')
          entry.retryTimer = setTimeout(() => {
            entry.retryTimer = undefined
            waiting.push(attemptId)
            pump()
          }, delay)
        }
      } finally {
        clearTimeout(timer)
        running.delete(attemptId)
        pump()
      }
    })()
    running.set(attemptId, { controller, done })
  }

  const self: InProcessTranscodeQueue = {
    kind: 'in-process',
    async enqueue(job) {
      const id = job.attemptId
      if (closed || entries.has(id) || finished.has(id)) return
      entries.set(id, { failedTries: 0, running: false })
      waiting.push(id)
      pump()
    },
    async start(run) {
      if (processor) throw new Error('The in-process transcode queue is already started.')
      const count = await requeueUnfinished(options.db, self)
      processor = run
      if (count > 0) log.info({ count }, 'resuming unfinished transcodes')
      pump()
    },
    idle() {
      if (entries.size === 0) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
    async close() {
      if (closed) return
      closed = true
      waiting.length = 0
      for (const [id, entry] of entries) {
        if (entry.retryTimer) {
          clearTimeout(entry.retryTimer)
          entries.delete(id)
        }
      }
      const active = [...running.values()]
      if (active.length > 0) {
        const grace = new Promise<void>((resolve) => setTimeout(resolve, policy.shutdownGraceMs).unref())
        await Promise.race([Promise.all(active.map((a) => a.done)), grace])
        for (const a of running.values()) a.controller.abort(new ShutdownError())
        await Promise.all(active.map((a) => a.done))
      }
      entries.clear()
      checkIdle()
    },
  }
  return self
}
