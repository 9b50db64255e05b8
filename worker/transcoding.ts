// How the API server gets its transcode queue, in either mode:
// - REDIS_URL set: a BullMQ producer only; `npm run worker` processes do the work.
// - no Redis: the in-process queue running createTranscodeProcessor in this process.
// `start(publisher)` runs after the app exists, because the processor publishes
// through the app's publisher (socket.io once the live layer is in).
import type { Config } from '../infra/config.ts'
import type { Database } from '../infra/db.ts'
import type { EventPublisher } from '../infra/live-outbox.ts'
import type { TranscodeQueue } from '../infra/queue.ts'
import { createLocalStorage } from '../infra/storage.ts'
import {
  consoleLog, createBullTranscodeQueue, createInProcessTranscodeQueue, requeueUnfinished, type JobPolicy, type Log,
} from '../infra/transcode-queue.ts'
import type { TranscodeJob } from '../infra/queue.ts'
import { createTranscodeProcessor } from './transcode.job.ts'

export interface Transcoding {
  readonly mode: 'bullmq' | 'in-process'
  readonly queue: TranscodeQueue
  /** Begins work: in-process runs jobs (resuming unfinished ones); BullMQ re-enqueues unfinished attempts. */
  start(publisher: EventPublisher): Promise<void>
  /** Resolves when the in-process queue has nothing left to do (tests); immediately for BullMQ. */
  idle(): Promise<void>
}

export interface TranscodingOptions {
  log?: Log
  /** Tests shorten the in-process retry delays. */
  policy?: Partial<JobPolicy<TranscodeJob>>
}

/** A publisher that forwards to whatever `current()` is at call time (the app may swap its publisher after start). */
export function forwardingPublisher(current: () => EventPublisher): EventPublisher {
  return { publish: (events) => current().publish(events), progress: (userId, progress) => current().progress(userId, progress) }
}

export function createTranscoding(config: Config, db: Database, options: TranscodingOptions = {}): Transcoding {
  const log = options.log ?? consoleLog
  if (config.redisUrl) {
    // Redis came back (after an outage or a restart that lost its data): every attempt the
    // database still shows unfinished is enqueued again (deterministic job ids: no duplicates).
    const recover = () => {
      requeueUnfinished(db, queue).then(
        (count) => { if (count > 0) log.info({ count }, 'Redis is back: re-enqueued unfinished transcodes') },
        (err: unknown) => log.warn({ err }, 'Redis is back but unfinished transcodes could not be re-enqueued; the next start retries'),
      )
    }
    const queue = createBullTranscodeQueue(config, log, { onReconnect: recover })
    return {
      mode: 'bullmq',
      queue,
      async start() {
        // Closes the gap between an upload's commit and its enqueue (a crash in between).
        const count = await requeueUnfinished(db, queue).catch((err: unknown) => {
          log.warn({ err }, 'could not re-enqueue unfinished transcodes (Redis down?); the next start retries')
          return 0
        })
        if (count > 0) log.info({ count }, 're-enqueued unfinished transcodes')
      },
      idle: async () => {},
    }
  }
  const queue = createInProcessTranscodeQueue({ db, config, log, policy: options.policy })
  return {
    mode: 'in-process',
    queue,
    async start(publisher) {
      const storage = createLocalStorage(config.mediaDir)
      // Only this process transcodes in this mode: any transcode scratch left is from a crash.
      await storage.sweepScratch(0, 'transcode-')
      await queue.start(createTranscodeProcessor({ db, storage, publisher, config, log }))
    },
    idle: () => queue.idle(),
  }
}
