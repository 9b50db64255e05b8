// A challenge's live snapshot: the ranked participants and the room seq they reflect,
// read in one REPEATABLE READ transaction so the state is exactly the state at that
// seq (events after it apply on top without double counting).
import { competitionRoom, type CompetitionSnapshot, type Room } from '../../contract/index.ts'
import type { PrismaClient } from '../../infra/db.ts'
import { rankParticipants, toParticipant } from '../services/mappers.ts'

/** What a participant answer needs besides its own row. */
export const participantInclude = { user: { select: { name: true, country: true } }, attempts: { orderBy: { createdAt: 'asc' as const } } }

/** null when the challenge does not exist. */
export async function readCompetitionSnapshot(prisma: PrismaClient, apiBase: string, competitionId: number): Promise<CompetitionSnapshot | null> {
  const room = competitionRoom(competitionId)
  const [competition, head, rows] = await prisma.$transaction([
    prisma.competition.findUnique({ where: { id: competitionId }, select: { id: true } }),
    prisma.liveRoom.findUnique({ where: { room }, select: { seq: true } }),
    prisma.participant.findMany({ where: { competitionId }, include: participantInclude }),
  ], { isolationLevel: 'RepeatableRead' })
  if (!competition) return null
  const participants = rankParticipants(rows.map((row) => toParticipant(apiBase, row)))
  return { type: 'snapshot', room, seq: head?.seq ?? 0, participants, count: participants.length }
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
 * (the outbox), so the room's seq versions the answer: a request reads that one
 * number and reuses the bytes while it holds. Correct across server processes,
 * since the seq comes from the database. `read` must return the seq it read in
 * the same transaction as the data.
 */
export function createRoomCache<K>(prisma: PrismaClient, options: {
  room(key: K): Room
  /** null when there is nothing under this key (unknown challenge). */
  read(key: K): Promise<CachedAnswer | null>
  maxEntries?: number
}) {
  const maxEntries = options.maxEntries ?? 256
  const entries = new Map<K, CachedAnswer>()
  // Concurrent misses for one key share one read.
  const reading = new Map<K, Promise<CachedAnswer | null>>()

  function read(key: K): Promise<CachedAnswer | null> {
    let pending = reading.get(key)
    if (!pending) {
      pending = options.read(key).then((entry) => {
        const held = entries.get(key)
        if (entry && (!held || held.seq <= entry.seq)) {
          entries.delete(key) // re-inserted last: the Map's order is least recently filled first
          entries.set(key, entry)
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
        }
        return entry
      }).finally(() => reading.delete(key))
      reading.set(key, pending)
    }
    return pending
  }

  return {
    async get(key: K): Promise<CachedAnswer | null> {
      const head = (await prisma.liveRoom.findUnique({ where: { room: options.room(key) }, select: { seq: true } }))?.seq ?? 0
      const held = entries.get(key)
      if (held && held.seq === head && (held.expiresAt ?? Infinity) > Date.now()) return held
      const fresh = await read(key)
      // A read that started before the latest write may answer an older seq; once more reads the newer state.
      return fresh && fresh.seq < head ? read(key) : fresh
    },
  }
}

/** A challenge's ranked participants, as `GET /competitions/:id/participants` answers them. */
export function createParticipantsCache(prisma: PrismaClient, apiBase: string) {
  return createRoomCache<number>(prisma, {
    room: competitionRoom,
    async read(competitionId) {
      const snapshot = await readCompetitionSnapshot(prisma, apiBase, competitionId)
      return snapshot && { seq: snapshot.seq, json: JSON.stringify(snapshot.participants) }
    },
  })
}
