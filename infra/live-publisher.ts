// Where committed live events go: socket.io in the server, Redis in a separate
// worker process (infra/live-redis.ts). infra/announcer.ts publishes through one
// after each write commits.
import type { LiveEvent, TranscodeProgress } from '../contract/index.ts'

export interface EventPublisher {
  publish(events: readonly LiveEvent[]): void
  /** Progress of a transcode, for the uploader only; not numbered, not stored. */
  progress(userId: number, progress: TranscodeProgress): void
}

export const discardingPublisher: EventPublisher = { publish() {}, progress() {} }

/** A publisher that forwards to whatever `current()` is at call time (the app may swap its publisher after start). */
export function forwardingPublisher(current: () => EventPublisher): EventPublisher {
  return { publish: (events) => current().publish(events), progress: (userId, progress) => current().progress(userId, progress) }
}
