// Where committed live events go. In the server, the live bus (infra/live-bus.ts), which
// socket.io, the plain feed, the head watch and the cached answers subscribe to; in a separate
// worker process, Redis (infra/live-redis.ts). infra/announcer.ts publishes through one after
// each write commits.
import type { JudgeQueueChange, LiveEvent, TranscodeProgress } from '../contract/index.ts'

export interface EventPublisher {
  publish(events: readonly LiveEvent[]): void
  /** Progress of a transcode, for the uploader only; not numbered, not stored. */
  progress(userId: number, progress: TranscodeProgress): void
  /** Tells these judges their queue changed; not numbered, not stored (the queue is read over REST). */
  judgeQueue(userIds: readonly number[], change: JudgeQueueChange): void
}

export const discardingPublisher: EventPublisher = { publish() {}, progress() {}, judgeQueue() {} }
