// Where committed live events go: socket.io in the server, Redis in a separate
// worker process (infra/live-redis.ts). infra/announcer.ts publishes through one
// after each write commits.
import type { JudgeQueueChange, LiveEvent, TranscodeProgress } from '../contract/index.ts'

export interface EventPublisher {
  publish(events: readonly LiveEvent[]): void
  /** Progress of a transcode, for the uploader only; not numbered, not stored. */
  progress(userId: number, progress: TranscodeProgress): void
  /** Tells these judges their queue changed; not numbered, not stored (the queue is read over REST). */
  judgeQueue(userIds: readonly number[], change: JudgeQueueChange): void
}

export const discardingPublisher: EventPublisher = { publish() {}, progress() {}, judgeQueue() {} }

/** A publisher that forwards to whatever `current()` is at call time (the app may swap its publisher after start). */
export function forwardingPublisher(current: () => EventPublisher): EventPublisher {
  return {
    publish: (events) => current().publish(events),
    progress: (userId, progress) => current().progress(userId, progress),
    judgeQueue: (userIds, change) => current().judgeQueue(userIds, change),
  }
}
