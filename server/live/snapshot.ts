// A challenge's live snapshot: the ranked participants and the room seq they reflect,
// read in one REPEATABLE READ transaction so the state is exactly the state at that
// seq (events after it apply on top without double counting).
import { challengeRoom, isTalkEvent, rankParticipants, type ChallengeSnapshot, type LiveEvent, type Room } from '../../contract/index.ts'
import type { Repositories } from '../../infra/repositories/index.ts'
import type { ParticipantsRepository } from '../../infra/repositories/participants.repository.ts'
import { scoringSettings } from '../../infra/scoring-view.ts'
import { toParticipant } from '../services/mappers.ts'

/** A challenge's ranked participants at a room seq; null when the challenge does not exist. */
export async function readChallengeSnapshot(
  participants: ParticipantsRepository,
  apiBase: string,
  challengeId: number,
): Promise<ChallengeSnapshot | null> {
  const read = await participants.listWithSeq(challengeId)
  if (!read) return null
  const settings = scoringSettings(read.challenge)
  const ranked = rankParticipants(
    read.rows.map((row) => toParticipant(apiBase, row, settings, read.challenge.startDate)),
    settings,
  )
  return { type: 'snapshot', room: challengeRoom(challengeId), seq: read.seq, participants: ranked, count: ranked.length }
}

export interface CachedAnswer {
  /** The room's seq the answer reflects. */
  seq: number
  /** The answer, serialized once. */
  json: string
  /** Epoch ms after which the answer is stale whatever the seq (a challenge's status changes with time). */
  expiresAt?: number
}

/**
 * Answers serialized once per change of a room. Every write that changes what
 * such an answer shows appends an event to the room in the same transaction
 * (the outbox), so the room's seq versions the answer. An answer is served from
 * memory while
 * - no event of its room newer than it has reached this node (`noteEvent`: this
 *   node's own writes, other nodes' and the worker's through Redis, the head
 *   watch's redeliveries), and
 * - the database confirmed its seq within the last `maxAgeMs` — the bound on
 *   staleness should an event never reach this node;
 * otherwise it is read again. `read` must return the seq it read in the same
 * transaction as the data.
 */
/** How long a cached answer may be served without asking the database for its room's seq. */
export const CACHE_MAX_AGE_MS = 100

export function createRoomCache<K, A extends CachedAnswer = CachedAnswer>(
  roomSeq: (room: Room) => Promise<number>,
  options: {
    room(key: K): Room
    /** null when there is nothing under this key (unknown challenge). */
    read(key: K): Promise<A | null>
    maxAgeMs?: number
    maxEntries?: number
    /**
     * The answer as it stands one seq later, for an event that does not change what it shows (talk
     * about an attempt: isTalkEvent). Without it such an event makes the answer stale like any other.
     */
    advance?: (answer: A, seq: number) => A
  },
) {
  const maxAgeMs = options.maxAgeMs ?? CACHE_MAX_AGE_MS
  const maxEntries = options.maxEntries ?? 256
  /** `checkedAt`: when the database last confirmed the answer's seq (or the read that made it began). */
  const entries = new Map<K, { answer: A; room: Room; checkedAt: number }>()
  /** The newest seq this node has seen per room. Bounded: a forgotten room only falls back to the `maxAgeMs` check. */
  const heads = new Map<Room, number>()
  const maxHeads = 10_000
  // Concurrent misses for one key share one read.
  const reading = new Map<K, Promise<A | null>>()

  const headOf = (room: Room) => heads.get(room) ?? 0
  function noteHead(room: Room, seq: number) {
    if (seq > headOf(room)) heads.set(room, seq)
    if (heads.size > maxHeads) heads.delete(heads.keys().next().value!)
  }
  const current = ({ answer, room }: { answer: A; room: Room }) => answer.seq >= headOf(room) && (answer.expiresAt ?? Infinity) > Date.now()

  function read(key: K): Promise<A | null> {
    let pending = reading.get(key)
    if (!pending) {
      const startedAt = Date.now()
      pending = options
        .read(key)
        .then((answer) => {
          if (!answer) return null
          noteHead(options.room(key), answer.seq)
          const held = entries.get(key)
          if (!held || held.answer.seq <= answer.seq) {
            entries.delete(key) // re-inserted last: the Map's order is least recently filled first
            entries.set(key, { answer, room: options.room(key), checkedAt: startedAt })
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
          }
          return answer
        })
        .finally(() => reading.delete(key))
      reading.set(key, pending)
    }
    return pending
  }

  return {
    /**
     * An event this node learned of: cached answers of its room older than it are stale from now on,
     * except that an answer just one seq behind it moves on to it when the event leaves it unchanged
     * (a busy video's comments and reactions do not re-read the whole challenge each).
     */
    noteEvent({ room, seq, type }: Pick<LiveEvent, 'room' | 'seq' | 'type'>) {
      if (options.advance && isTalkEvent(type)) {
        for (const entry of entries.values()) {
          if (entry.room === room && entry.answer.seq === seq - 1) entry.answer = options.advance(entry.answer, seq)
        }
      }
      noteHead(room, seq)
    },
    async get(key: K): Promise<A | null> {
      const room = options.room(key)
      const held = entries.get(key)
      if (held && current(held) && Date.now() - held.checkedAt < maxAgeMs) return held.answer
      const checkedAt = Date.now()
      const head = await roomSeq(room)
      noteHead(room, head)
      // Another caller may have filled the entry while this one asked for the seq (a burst of misses).
      const now = entries.get(key)
      if (now && now.answer.seq === head && current(now)) {
        now.checkedAt = Math.max(now.checkedAt, checkedAt)
        return now.answer
      }
      const fresh = await read(key)
      // A read that started before the latest write may answer an older seq; once more reads the newer state.
      return fresh && fresh.seq < headOf(room) ? read(key) : fresh
    },
  }
}

/**
 * A challenge's snapshot serialized once per change of its room, in the shape `serialize`
 * gives it: the plain feed's first message (the REST routes serve theirs from the challenge summary's cache).
 */
export function createSnapshotCache(
  repos: Pick<Repositories, 'participants' | 'liveEvents'>,
  apiBase: string,
  serialize: (snapshot: ChallengeSnapshot) => string,
) {
  return createRoomCache<number>((room) => repos.liveEvents.roomSeq(room), {
    room: challengeRoom,
    async read(challengeId) {
      const snapshot = await readChallengeSnapshot(repos.participants, apiBase, challengeId)
      return snapshot && { seq: snapshot.seq, json: serialize(snapshot) }
    },
  })
}
