// How a live room's events reach the cache of server data (lib/query-client.ts): each room has one
// table mapping each event type to a cache update (setQueryData, when the event says all that
// changed) or an invalidation (a refetch, when it does not). Framework-free: the tables run from
// the live client's watchers, outside React.
//
// A load answered while events kept coming may predate some of them: `fetchSince` records the
// room's events for as long as a load is on its way, so its answer is brought up to date before it
// enters the cache.
//
// Two screens following one room in one tab (the challenge page and its board, a page and a
// dialog) each have their own watch, so each of the room's events is applied once per screen: a
// recording keeps the first of each seq only (within a room a seq names one event), or a fold over
// it would apply a `participant.left` twice and lower a class count twice. It does not skip "at or
// below the last seq recorded": the screens are not at the same place — one that resynced or is
// still replaying continues from its own snapshot's seq, below what another screen already applied
// — so an event the load's answer may lack would be dropped when the screen behind applies it
// after the one ahead recorded a later seq. Only an exact repeat is dropped, and the recording is
// answered in seq order (the order the screen ahead and the one behind applied them may differ).

import type { QueryKey } from '@tanstack/react-query'
import type { LiveEvent, LiveEventType, Room } from '../contract.ts'
import { queryClient } from '../query-client.ts'

type EventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>

/** Event type → what it does to the cache; types a room's table leaves out change nothing. */
export type LiveTable<Context> = { [T in LiveEventType]?: (event: EventOf<T>, context: Context) => void }

/** One load's recording: the room's events in the order first applied, and the seqs it holds. */
interface Recording {
  events: LiveEvent[]
  seqs: Set<number>
}

const recorders = new Map<Room, Set<Recording>>()

/** Applies one of the room's events: records it for the loads on their way, then runs its table entry. */
export function applyLiveEvent<Context>(table: LiveTable<Context>, event: LiveEvent, context: Context): void {
  recorders.get(event.room)?.forEach((recording) => {
    if (recording.seqs.has(event.seq)) return // the same event, applied by another screen of the room
    recording.seqs.add(event.seq)
    recording.events.push(event)
  })
  const entry = table[event.type] as ((event: LiveEvent, context: Context) => void) | undefined
  entry?.(event, context)
}

/** Runs `load`, and answers with the room's events that were applied while it was on its way, each once. */
export async function fetchSince<T>(room: Room, load: () => Promise<T>): Promise<{ answer: T; since: LiveEvent[] }> {
  const recording: Recording = { events: [], seqs: new Set() }
  const set = recorders.get(room) ?? new Set()
  recorders.set(room, set.add(recording))
  try {
    const answer = await load()
    return { answer, since: [...recording.events].sort((a, b) => a.seq - b.seq) }
  } finally {
    set.delete(recording)
    if (set.size === 0 && recorders.get(room) === set) recorders.delete(room)
  }
}

const invalidations = new Map<string, ReturnType<typeof setTimeout>>()

/** Refetches the queries under `key` this long after the last call: a burst of events is one refetch. */
export function invalidateSoon(key: QueryKey, delayMs: number): void {
  const id = JSON.stringify(key)
  clearTimeout(invalidations.get(id))
  invalidations.set(
    id,
    setTimeout(() => {
      invalidations.delete(id)
      void queryClient.invalidateQueries({ queryKey: key })
    }, delayMs),
  )
}
