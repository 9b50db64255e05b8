// A server process's one live bus. The announcer publishes committed events to it (through the
// repositories); everything that shows live events subscribes to it: socket.io's rooms, the plain
// feed, the head watch and the cached REST answers (the one place events fan out, as Outline's
// WebsocketsProcessor). Events that reach this node otherwise come in through `deliver`: from
// another process (socket.io's Redis adapter already gave them to this node's sockets) or re-read
// from the outbox by the head watch (for this node's listeners only).
import type { JudgeQueueChange, LiveEvent, TranscodeProgress } from '../contract/index.ts'
import type { EventPublisher } from './live-publisher.ts'

/** How an event reached this node: committed here, broadcast by another process, or re-read from the outbox. */
export type LiveOrigin = 'committed' | 'remote' | 'redelivered'

export interface LiveListener {
  events?(events: readonly LiveEvent[], origin: LiveOrigin): void
  progress?(userId: number, progress: TranscodeProgress): void
  judgeQueue?(userIds: readonly number[], change: JudgeQueueChange): void
}

export interface LiveBus extends EventPublisher {
  /** Events this node learned of from another process (`remote`) or re-read from the outbox (`redelivered`). */
  deliver(events: readonly LiveEvent[], origin: Exclude<LiveOrigin, 'committed'>): void
  /** Listeners are called in the order they subscribed; the function returned unsubscribes. */
  subscribe(listener: LiveListener): () => void
}

export function createLiveBus(): LiveBus {
  const listeners: LiveListener[] = []
  const send = (events: readonly LiveEvent[], origin: LiveOrigin) => {
    if (events.length === 0) return
    for (const listener of [...listeners]) listener.events?.(events, origin)
  }
  return {
    publish: (events) => send(events, 'committed'),
    deliver: send,
    progress(userId, progress) {
      for (const listener of [...listeners]) listener.progress?.(userId, progress)
    },
    judgeQueue(userIds, change) {
      for (const listener of [...listeners]) listener.judgeQueue?.(userIds, change)
    },
    subscribe(listener) {
      listeners.push(listener)
      return () => {
        const at = listeners.indexOf(listener)
        if (at >= 0) listeners.splice(at, 1)
      }
    },
  }
}
