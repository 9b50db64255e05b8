// The one write-and-announce path. A write that others must see runs in `write`:
// one transaction writes its rows and appends its live events to the outbox
// (numbered per room); after it commits, the events are published. No client
// ever sees an event whose write rolled back, and a client that missed one
// replays it from the outbox. Nothing else appends to the outbox or publishes.
//
// The global room hears of every write on the platform, so its events are appended
// unnumbered and numbered just after commit (live-events.repository.ts, numberPending):
// writes to different challenges never queue behind one room's lock.
import type { LiveEvent, LiveEventData, LiveEventType, Room } from '../contract/index.ts'
import { WRITE_TRANSACTION, type PrismaClient, type Tx } from './db.ts'
import type { EventPublisher } from './live-publisher.ts'
import { liveEventsPublished } from './metrics.ts'
import { appendEvent, appendPending, numberedAfterCommit, numberPending, reserveSeq } from './repositories/live-events.repository.ts'

export interface Announce {
  /**
   * Appends an event to `room` in this transaction; it is published after commit, in call order
   * (events of a room numbered after commit, the global room's, follow the others).
   */
  <K extends LiveEventType>(room: Room, type: K, data: LiveEventData[K]): Promise<void>
  /**
   * Takes `room`'s lock now and reserves its next number for the next event announced to it.
   * Writers to one room then run one after another, so state read after `lock` in this
   * transaction (a participant count) includes every earlier event's write. Lock rooms in a
   * fixed order (challenge rooms by ascending challenge id, as setBirthDate does) so two writers cannot deadlock. Not for a room numbered after commit.
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

/** Tries of a write PostgreSQL aborted for a deadlock or a serialization race before the caller hears of it. */
const CONFLICT_TRIES = 4

/** Whether PostgreSQL aborted the transaction for a deadlock or a write conflict (nothing of it was written). */
export function isWriteConflict(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: unknown } | null
  if (!e || typeof e !== 'object') return false
  if (e.code === 'P2034' || e.code === '40P01' || e.code === '40001') return true
  return isWriteConflict(e.cause)
}

/**
 * Runs a transaction again when PostgreSQL aborted it for a deadlock or a write conflict: the
 * whole write rolled back, so running it again is safe, and the same request would pass. Writers
 * lock rooms before rows so this stays rare; a short random pause lets the other writer finish.
 */
async function retryingConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await run()
    } catch (error) {
      if (tries >= CONFLICT_TRIES || !isWriteConflict(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * tries))
    }
  }
}

/** `publisher`: the server's live bus, or the worker's Redis publisher. */
export function createAnnouncer(prisma: PrismaClient, publisher: EventPublisher): Announcer {
  // Counted here, the one place committed events are published from (once each, on the node that wrote them).
  const publish = (events: readonly LiveEvent[]) => {
    for (const event of events) liveEventsPublished.inc({ type: event.type })
    publisher.publish(events)
  }
  // A burst of writers on this node shares numberings: at most one runs per room and one waits to follow it.
  const numbering = new Map<Room, { running: Promise<void> | null; next: Promise<void> | null }>()
  function numberCommitted(room: Room): Promise<void> {
    let state = numbering.get(room)
    if (!state) numbering.set(room, (state = { running: null, next: null }))
    const slot = state
    // A numbering that has not started yet will see this writer's committed row: join it.
    slot.next ??= (slot.running ?? Promise.resolve()).then(async () => {
      const run = numberPending(prisma, room).then(
        (numbered) => {
          if (numbered.length > 0) publish(numbered)
        },
        () => {},
      ) // the write has committed: a failure only delays its event until the next numbering or the sweep
      slot.running = run
      slot.next = null
      await run
      if (slot.running === run) slot.running = null
    })
    return slot.next
  }

  return {
    async write(work, afterCommit) {
      let events: LiveEvent[] = []
      let numberLater = new Set<Room>()
      const result = await retryingConflicts(() =>
        prisma.$transaction(async (tx) => {
          events = []
          numberLater = new Set()
          const reserved = new Map<Room, number>()
          const announce: Announce = Object.assign(
            async <K extends LiveEventType>(room: Room, type: K, data: LiveEventData[K]) => {
              if (numberedAfterCommit(room)) {
                await appendPending(tx, room, type, data)
                numberLater.add(room)
                return
              }
              const seq = reserved.get(room)
              reserved.delete(room)
              events.push(await appendEvent(tx, room, type, data, seq))
            },
            {
              async lock(room: Room) {
                if (numberedAfterCommit(room)) throw new Error(`announce.lock(${room}): its events are numbered after commit`)
                if (!reserved.has(room)) reserved.set(room, await reserveSeq(tx, room))
              },
            },
          )
          const value = await work(tx, announce)
          // A reserved number left unused would be a gap every client waits on: a bug, so nothing commits.
          if (reserved.size > 0) throw new Error(`announce.lock(${[...reserved.keys()].join(', ')}) without an event`)
          return value
        }, WRITE_TRANSACTION),
      )
      try {
        await afterCommit?.(result)
      } finally {
        if (events.length > 0) publish(events)
        // Awaited, so the writer's next read (the cached challenge list, versioned by the global seq) sees it.
        await Promise.all([...numberLater].map(numberCommitted))
      }
      return result
    },
  }
}
