// Transcoding as each role wires it, from what its composition root built once (the
// repositories' attempts, the storage, the live publisher, the Redis clients).
// - The API server (createTranscoding): with REDIS_URL a BullMQ producer only, and
//   `npm run worker` processes do the work; without Redis the in-process queue runs the
//   transcode job in the server itself, announcing through the server's live bus.
// - A worker process (startTranscodeWorker): the BullMQ worker running the same job.
// Both enqueue every attempt the database still shows unfinished when they start, so
// an upload whose enqueue was lost (a crash between commit and enqueue) still gets its job.
import type { Config } from '../config.ts'
import type { EventPublisher } from '../live-publisher.ts'
import type { RedisClients } from '../redis-clients.ts'
import type { AttemptsRepository } from '../repositories/attempts.repository.ts'
import type { VerdictClipsRepository } from '../repositories/verdict-clips.repository.ts'
import type { Storage } from '../storage.ts'
import { createBullTranscodeQueue, createBullTranscodeWorker, type BullTranscodeWorker } from './bullmq.queue.ts'
import { createInProcessTranscodeQueue } from './in-process.queue.ts'
import { consoleLog, kindOf, type JobPolicy, type Log, type TranscodeJob, type TranscodeProcessor, type TranscodeQueue } from './jobs.ts'
import { CONVERSION_FAILED, createTranscodeProcessor, type TranscodeDeps } from './transcode.job.ts'
import { createVerdictClipProcessor } from './verdict-clip.job.ts'
import { requeueVerdictClips } from './verdict-trigger.ts'

/** What a process creates once and hands to its transcoding. */
export interface TranscodingDeps {
  config: Config
  storage: Storage
  /** The process's one attempts repository (its writes announce through the process's publisher). */
  attempts: AttemptsRepository
  /** Where the transcode's progress goes (the server's live bus, the worker's Redis publisher). */
  publisher: EventPublisher
  /** The process's Redis clients (with REDIS_URL). */
  redis?: RedisClients
  /** Verdict clips' rows (jobs of kind 'verdict_clip'); without it those jobs are skipped. */
  verdictClips?: VerdictClipsRepository
}

/** The queue's one processor: each job to its kind's (a transcode, or a verdict clip). */
function jobProcessor(deps: TranscodingDeps, log: Log): TranscodeProcessor {
  const transcode = createTranscodeProcessor({ ...(deps as TranscodeDeps), log })
  const verdictClips = deps.verdictClips
  const verdict = verdictClips && createVerdictClipProcessor({ verdictClips, storage: deps.storage, config: deps.config, log })
  return async (job) => {
    if (kindOf(job.data) === 'transcode') return transcode(job)
    return verdict ? verdict(job) : { state: 'skipped', attemptId: job.data.attemptId, reason: 'no verdict clips here' }
  }
}

/** Requeues unfinished transcodes, then the clips of recent decisions that have none; logs instead of failing. */
async function requeueVerdicts(deps: TranscodingDeps, queue: TranscodeQueue, log: Log): Promise<void> {
  if (!deps.verdictClips) return
  const count = await requeueVerdictClips(deps.verdictClips, queue).catch((err: unknown) => {
    log.warn({ err }, 'could not re-enqueue missing verdict clips; the next start retries')
    return 0
  })
  if (count > 0) log.info({ count }, 're-enqueued missing verdict clips')
}

/**
 * Enqueues every attempt the database still shows as unfinished, each with its lifter (fair by
 * user). Idempotent (deterministic job ids).
 */
export async function requeueUnfinished(
  attempts: Pick<AttemptsRepository, 'unfinishedIds' | 'find'>,
  queue: TranscodeQueue,
): Promise<number> {
  const ids = await attempts.unfinishedIds()
  for (const attemptId of ids) {
    const userId = (await attempts.find(attemptId))?.participant.userId
    await queue.enqueue(userId !== undefined ? { attemptId, userId } : { attemptId })
  }
  return ids.length
}

export interface Transcoding {
  readonly mode: 'bullmq' | 'in-process'
  readonly queue: TranscodeQueue
  /**
   * Begins work: in-process runs jobs (resuming unfinished ones); BullMQ re-enqueues unfinished attempts.
   * `firstStart`: the unfinished ones are the demo videos this start just made, so nothing is "resumed" in the log.
   */
  start(options?: { firstStart?: boolean }): Promise<void>
  /** Resolves when the in-process queue has nothing left to do (tests); immediately for BullMQ. */
  idle(): Promise<void>
}

export interface TranscodingOptions {
  log?: Log
  /** Tests shorten the in-process retry delays. */
  policy?: Partial<JobPolicy<TranscodeJob>>
}

/** The API server's transcoding: which queue it enqueues on, and in-process, the job it runs. */
export function createTranscoding(deps: TranscodingDeps, options: TranscodingOptions = {}): Transcoding {
  const { config, storage, attempts, redis } = deps
  const log = options.log ?? consoleLog
  if (config.redisUrl) {
    // Redis came back (after an outage or a restart that lost its data): every attempt the
    // database still shows unfinished is enqueued again (deterministic job ids: no duplicates).
    const recover = () => {
      requeueUnfinished(attempts, queue).then(
        (count) => {
          if (count > 0) log.info({ count }, 'Redis is back: re-enqueued unfinished transcodes')
        },
        (err: unknown) => log.warn({ err }, 'Redis is back but unfinished transcodes could not be re-enqueued; the next start retries'),
      )
    }
    const queue = createBullTranscodeQueue(config, log, { onReconnect: recover, connection: redis?.get('bullmq') })
    return {
      mode: 'bullmq',
      queue,
      async start(options) {
        // Closes the gap between an upload's commit and its enqueue (a crash in between).
        const count = await requeueUnfinished(attempts, queue).catch((err: unknown) => {
          log.warn({ err }, 'could not re-enqueue unfinished transcodes (Redis down?); the next start retries')
          return 0
        })
        if (count > 0 && !options?.firstStart) log.info({ count }, 're-enqueued unfinished transcodes')
        await requeueVerdicts(deps, queue, log)
      },
      idle: async () => {},
    }
  }
  const queue = createInProcessTranscodeQueue({ config, log, policy: options.policy })
  return {
    mode: 'in-process',
    queue,
    async start(options) {
      // Only this process transcodes in this mode: any transcode scratch left is from a crash.
      await storage.sweepScratch(0, 'transcode-')
      // Jobs live in memory: what the database still shows unfinished is resumed.
      const count = await requeueUnfinished(attempts, queue)
      if (count > 0 && !options?.firstStart) log.info({ count }, 'resuming unfinished transcodes')
      await requeueVerdicts(deps, queue, log)
      queue.start(jobProcessor(deps, log))
    },
    idle: () => queue.idle(),
  }
}

/**
 * A worker process's transcoding: the BullMQ worker running the transcode job, ready to take
 * jobs. Announces through `publisher` (Redis, read by every server node).
 */
export async function startTranscodeWorker(deps: TranscodingDeps, options: { log?: Log } = {}): Promise<BullTranscodeWorker> {
  const { config, attempts, redis } = deps
  const log = options.log ?? consoleLog
  const worker = createBullTranscodeWorker(config, jobProcessor(deps, log), {
    log,
    connection: redis?.get('bullmqWorker'),
    onGaveUp: async (job, reason) => {
      if (kindOf(job) !== 'transcode')
        return void log.warn({ attemptId: job.attemptId, reason }, 'verdict clip given up after repeated worker deaths')
      await attempts.markFailed(job.attemptId, CONVERSION_FAILED)
      log.warn({ attemptId: job.attemptId, reason }, 'transcode given up after repeated worker deaths')
    },
  })
  await worker.worker.waitUntilReady()

  // Attempts whose enqueue was lost (the server died between commit and enqueue) get their job now.
  const producer = createBullTranscodeQueue(config, log, { connection: redis?.get('bullmq') })
  await requeueUnfinished(attempts, producer).catch((err: unknown) => log.warn({ err }, 'could not re-enqueue unfinished transcodes'))
  await requeueVerdicts(deps, producer, log)
  await producer.close()
  return worker
}
