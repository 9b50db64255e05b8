// The one write-and-announce path. A write that others must see runs in `write`:
// one transaction writes its rows and appends its live events to the outbox
// (numbered per room); after it commits, the events are published. No client
// ever sees an event whose write rolled back, and a client that missed one
// replays it from the outbox. Nothing else appends to the outbox or publishes.
import type { LiveEvent, LiveEventData, LiveEventType, Room } from '../contract/index.ts'
import { WRITE_TRANSACTION, type PrismaClient, type Tx } from './db.ts'
import type { EventPublisher } from './live-publisher.ts'
import { appendEvent, reserveSeq } from './repositories/live-events.repository.ts'

export interface Announce {
  /** Appends an event to `room` in this transaction; it is published after commit, in call order. */
  <K extends LiveEventType>(room: Room, type: K, data: LiveEventData[K]): Promise<LiveEvent>
  /**
   * Takes `room`'s lock now and reserves its next number for the next event announced to it.
   * Writers to one room then run one after another, so state read after `lock` in this
   * transaction (a participant count) includes every earlier event's write. Lock rooms in a
   * fixed order (challenge rooms before the global room) so two writers cannot deadlock.
   */
  lock(room: Room): Promise<void>
}

export interface Announcer {
  /**
   * `afterCommit` runs once the write has committed and before its events are published (an
   * upload's file is put in place there, so no one is told of a video that is not there yet).
   * The events are published even when it fails: the write they describe has committed.
   */
  write<T>(work: (tx: Tx, announce: Announce) => Promise<T>, afterCommit?: (value: T) => Promise<void>): Promise<T>
}

/** `publisher()` is read at publish time: the server's live layer exists only once the app is built. */
export function createAnnouncer(prisma: PrismaClient, publisher: () => EventPublisher): Announcer {
  return {
    async write(work, afterCommit) {
      let events: LiveEvent[] = []
      const result = await prisma.$transaction(async (tx) => {
        events = []
        const reserved = new Map<Room, number>()
        const announce: Announce = Object.assign(
          async <K extends LiveEventType>(room: Room, type: K, data: LiveEventData[K]) => {
            const seq = reserved.get(room)
            reserved.delete(room)
            const event = await appendEvent(tx, room, type, data, seq)
            events.push(event)
            return event
          },
          {
            async lock(room: Room) {
              if (!reserved.has(room)) reserved.set(room, await reserveSeq(tx, room))
            },
          },
        )
        const value = await work(tx, announce)
        // A reserved number left unused would be a gap every client waits on: a bug, so nothing commits.
        if (reserved.size > 0) throw new Error(`announce.lock(${[...reserved.keys()].join(', ')}) without an event`)
        return value
      }, WRITE_TRANSACTION)
      try {
        await afterCommit?.(result)
      } finally {
        if (events.length > 0) publisher().publish(events)
      }
      return result
    },
  }
}
