// The jobs both queues run, and the policy they share. A job type is a name, a
// payload and a row of JOB_POLICIES: adding a job type without its policy does
// not compile. Job ids are deterministic, so a repeat enqueue is a no-op.
import type { QueueCounts } from '../metrics.ts'

// ---------------------------------------------------------------------------
// Job types and their policy

export interface TranscodeJob {
  attemptId: number
  /**
   * The lifter who uploaded it: at most one transcode per lifter runs at a time, and lifters take
   * turns (fair by user). Set at upload and by requeueUnfinished; a job without one is its own lifter.
   */
  userId?: number
  /**
   * The job's kind: absent (or 'transcode') for an upload's renditions; 'verdict_clip' for the clip of a
   * decision (verdict-clip.job.ts), same queue and limits. `stamp` names the decision (verdictStamp).
   */
  kind?: JobKind
  stamp?: string
}

export type JobKind = 'transcode' | 'verdict_clip'
export const kindOf = (job: Pick<TranscodeJob, 'kind'>): JobKind => job.kind ?? 'transcode'

/** A copy holding only the payload's own fields (what is stored in Redis). */
export function jobData(job: TranscodeJob): TranscodeJob {
  return {
    attemptId: job.attemptId,
    ...(job.userId !== undefined ? { userId: job.userId } : {}),
    ...(job.kind === 'verdict_clip' ? { kind: job.kind, ...(job.stamp ? { stamp: job.stamp } : {}) } : {}),
  }
}

/** Who a job's turn belongs to (fair by user): the lifter, else the attempt itself. */
export function fairnessKey(job: TranscodeJob): string {
  return job.userId !== undefined ? `user-${job.userId}` : `attempt-${job.attemptId}`
}

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
  /**
   * One try is aborted after timeoutBaseMs + timeoutPerClipSecondMs × the clip's seconds (known once
   * it is probed), never later than this; before the probe, this is the bound.
   */
  readonly timeoutMs: number
  readonly timeoutBaseMs: number
  readonly timeoutPerClipSecondMs: number
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

/** One policy per job type, keyed by it. */
export type JobPolicies = { readonly [K in JobName]: JobPolicy<JobPayloads[K]> }

export const JOB_POLICIES: JobPolicies = Object.freeze({
  transcode: Object.freeze({
    queue: 'transcode',
    // A verdict clip per decision (a reversal gets its own); ids never contain ':'.
    jobId: (p: TranscodeJob) =>
      p.kind === 'verdict_clip' ? `verdict-${p.attemptId}-${(p.stamp ?? 'current').replace(/[^\w-]/g, '')}` : `attempt-${p.attemptId}`,
    attempts: 3,
    backoffMs: 5_000,
    // A 10 s lift: 2 min 50 s; the longest accepted clip (300 s): 27 min. veryfast 360p+720p runs
    // 1080p30 at several times real time on 2 cores; 5 s per clip second leaves room for 4K60.
    timeoutMs: 30 * 60_000,
    timeoutBaseMs: 2 * 60_000,
    timeoutPerClipSecondMs: 5_000,
    lockMs: 10_000,
    stalledIntervalMs: 5_000,
    maxStalledCount: 2,
    shutdownGraceMs: 8_000,
    keep: { completed: { age: 7 * 24 * 3600, count: 10_000 }, failed: { age: 30 * 24 * 3600, count: 10_000 } },
  }),
})

export const TRANSCODE_JOB: JobName = 'transcode'
export const transcodeJobId = (attemptId: number) => JOB_POLICIES.transcode.jobId({ attemptId })

/** How long to wait before the next try, after `failedTries` tries failed. */
export function backoffDelay(policy: Pick<JobPolicy<unknown>, 'backoffMs'>, failedTries: number): number {
  return policy.backoffMs * 2 ** Math.max(0, failedTries - 1)
}

type TimeoutPolicy = Pick<JobPolicy<unknown>, 'timeoutMs' | 'timeoutBaseMs' | 'timeoutPerClipSecondMs'>

/** How long one try of a clip of `clipSeconds` may run: base + per-second × seconds, at most timeoutMs (unknown → timeoutMs). */
export function tryTimeoutMs(policy: TimeoutPolicy, clipSeconds: number | null): number {
  if (clipSeconds === null || !Number.isFinite(clipSeconds) || clipSeconds < 0) return policy.timeoutMs
  return Math.min(policy.timeoutMs, Math.round(policy.timeoutBaseMs + policy.timeoutPerClipSecondMs * clipSeconds))
}

export interface TryTimer {
  /** Re-arms the bound from the try's start for a clip of this length (JobContext.scaleTimeout). */
  scaleTo(clipSeconds: number | null): void
  clear(): void
}

/** Aborts a try that runs longer than the policy allows: timeoutMs until the clip's length is known. Clear it when the try ends. */
export function abortOnTimeout(controller: AbortController, policy: TimeoutPolicy): TryTimer {
  const started = Date.now()
  let timer: NodeJS.Timeout | undefined
  const arm = (ms: number) => {
    clearTimeout(timer)
    timer = setTimeout(
      () => controller.abort(new Error(`The transcode took longer than ${Math.round(ms / 1000)} s.`)),
      Math.max(0, started + ms - Date.now()),
    )
  }
  arm(policy.timeoutMs)
  return {
    scaleTo(clipSeconds) {
      if (!controller.signal.aborted) arm(tryTimeoutMs(policy, clipSeconds))
    },
    clear: () => clearTimeout(timer),
  }
}

// ---------------------------------------------------------------------------
// The queue the server enqueues on: BullMQ with REDIS_URL (bullmq.queue.ts), else in-process (in-process.queue.ts).

export interface TranscodeQueue {
  /** Idempotent: the attempt id is the job id, so a repeat enqueue is a no-op. */
  enqueue(job: TranscodeJob): Promise<void>
  /** Jobs by state, for the queue-depth gauge (infra/metrics.ts), read when metrics are scraped. */
  counts?(): Promise<QueueCounts>
  close(): Promise<void>
}

// ---------------------------------------------------------------------------
// What a processor sees, whichever queue runs it

export interface JobContext<P> {
  readonly id: string
  readonly data: P
  /** 1 for the first try. */
  readonly attempt: number
  /** No retry follows if this try fails: the processor records the failure. */
  readonly isFinalAttempt: boolean
  /** Aborted on timeout or shutdown; the processor stops its child processes. */
  readonly signal: AbortSignal
  /** Once the clip is probed: bound this try by its length (JobPolicy.timeoutBaseMs + per clip second). */
  scaleTimeout(clipSeconds: number | null): void
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
export const silentLog: Log = { info() {}, warn() {}, error() {} }
