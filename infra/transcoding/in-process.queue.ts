// In-process (no Redis): the same processor and policy as the BullMQ worker, inside
// the server. Jobs live in memory; the server enqueues every attempt the database
// still shows unfinished before it starts the queue (index.ts), so a restart loses nothing.
// Fair by user: at most one job per lifter runs at a time, and the next job is the waiting one
// whose lifter started a job longest ago (never first), so one lifter's backlog of uploads
// cannot hold everyone else's lifts back.
import type { Config } from '../config.ts'
import {
  JOB_POLICIES,
  PermanentJobError,
  ShutdownError,
  abortOnTimeout,
  backoffDelay,
  consoleLog,
  fairnessKey,
  jobData,
  type JobPolicy,
  type Log,
  type TranscodeJob,
  type TranscodeProcessor,
  type TranscodeQueue,
} from './jobs.ts'

export interface InProcessTranscodeQueue extends TranscodeQueue {
  readonly kind: 'in-process'
  /** Starts running jobs (those enqueued before it first). */
  start(processor: TranscodeProcessor): void
  /** Resolves once nothing is waiting, running or scheduled for retry. */
  idle(): Promise<void>
}

interface Entry {
  job: TranscodeJob
  /** fairnessKey(job): the lifter whose turn it is. */
  key: string
  failedTries: number
  running: boolean
  retryTimer?: NodeJS.Timeout
}

export interface InProcessOptions {
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
  // Keyed by job id (JobPolicy.jobId): an attempt's transcode and its verdict clips are separate jobs.
  const entries = new Map<string, Entry>()
  const finished = new Set<string>()
  const waiting: string[] = []
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>()
  /** Lifters with a job running now. */
  const busy = new Set<string>()
  /** When each lifter with jobs here last started one (a counter, not a clock). Dropped when they have none left. */
  const lastStarted = new Map<string, number>()
  let starts = 0
  let processor: TranscodeProcessor | undefined
  let closed = false
  let idleWaiters: Array<() => void> = []

  function remember(id: string) {
    finished.add(id)
    if (finished.size > REMEMBER_FINISHED) finished.delete(finished.values().next().value!)
  }

  function checkIdle() {
    if (entries.size > 0) return
    const waiters = idleWaiters
    idleWaiters = []
    for (const resolve of waiters) resolve()
  }

  /** Index in `waiting` of the next job: its lifter is not running one and started one longest ago; FIFO among equals. */
  function nextIndex(): number {
    let best = -1
    let bestStarted = Infinity
    for (let i = 0; i < waiting.length; i++) {
      const entry = entries.get(waiting[i]!)
      if (!entry || entry.running) return i // stale: drop it now
      if (busy.has(entry.key)) continue
      const started = lastStarted.get(entry.key) ?? -1
      if (started < bestStarted) {
        best = i
        bestStarted = started
      }
    }
    return best
  }

  function pump() {
    while (processor && !closed && running.size < concurrency && waiting.length > 0) {
      const index = nextIndex()
      if (index < 0) break // every waiting job's lifter is running one
      const id = waiting.splice(index, 1)[0]!
      const entry = entries.get(id)
      if (entry && !entry.running) runOne(id, entry, processor)
    }
    checkIdle()
  }

  function forget(id: string) {
    const entry = entries.get(id)
    entries.delete(id)
    if (entry && ![...entries.values()].some((e) => e.key === entry.key)) lastStarted.delete(entry.key)
  }

  function runOne(id: string, entry: Entry, run: TranscodeProcessor) {
    const { attemptId } = entry.job
    entry.running = true
    busy.add(entry.key)
    lastStarted.set(entry.key, ++starts)
    const controller = new AbortController()
    const timer = abortOnTimeout(controller, policy)
    const attempt = entry.failedTries + 1
    const done = (async () => {
      try {
        await run({
          id,
          data: entry.job,
          attempt,
          isFinalAttempt: attempt >= policy.attempts,
          signal: controller.signal,
          updateProgress: async () => {},
          scaleTimeout: (seconds) => timer.scaleTo(seconds),
        })
        forget(id)
        remember(id)
      } catch (error) {
        entry.running = false
        if (controller.signal.reason instanceof ShutdownError) {
          forget(id) // still pending/processing in the database: the next start re-enqueues it
        } else if (error instanceof PermanentJobError || attempt >= policy.attempts) {
          log.warn({ attemptId, attempt, err: error }, 'transcode failed for good')
          forget(id)
          remember(id)
        } else if (closed) {
          forget(id)
        } else {
          entry.failedTries = attempt
          const delay = backoffDelay(policy, attempt)
          log.warn({ attemptId, attempt, retryInMs: delay, err: error }, 'transcode failed, will retry')
          entry.retryTimer = setTimeout(() => {
            entry.retryTimer = undefined
            waiting.push(id)
            pump()
          }, delay)
        }
      } finally {
        timer.clear()
        busy.delete(entry.key)
        running.delete(id)
        pump()
      }
    })()
    running.set(id, { controller, done })
  }

  return {
    kind: 'in-process',
    async enqueue(job) {
      const id = policy.jobId(job)
      if (closed || entries.has(id) || finished.has(id)) return
      entries.set(id, { job: jobData(job), key: fairnessKey(job), failedTries: 0, running: false })
      waiting.push(id)
      pump()
    },
    start(run) {
      if (processor) throw new Error('The in-process transcode queue is already started.')
      processor = run
      pump()
    },
    async counts() {
      // Retries waiting out their backoff are "delayed"; failed jobs are not kept here (see liftarena_transcodes_total).
      let delayed = 0
      for (const entry of entries.values()) if (entry.retryTimer) delayed++
      return { waiting: waiting.length, active: running.size, delayed }
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
}
