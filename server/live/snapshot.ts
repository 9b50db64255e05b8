// A challenge's live snapshot: the ranked participants and the room seq they reflect,
// read in one REPEATABLE READ transaction so the state is exactly the state at that
// seq (events after it apply on top without double counting).
import { competitionRoom, type CompetitionSnapshot } from '../../contract/index.ts'
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

export interface CachedParticipants {
  /** The room's seq the answer reflects. */
  seq: number
  /** The ranked participants, serialized once. */
  json: string
}

/**
 * The participants answer, serialized once per change of the challenge. Every
 * write that changes participants or their attempts appends an event to the
 * challenge's room in the same transaction, so the room's seq versions the
 * answer: a request reads that one number and reuses the bytes while it holds.
 * Correct across server processes, since the seq comes from the database.
 */
export function createParticipantsCache(prisma: PrismaClient, apiBase: string, maxEntries = 256) {
  const entries = new Map<number, CachedParticipants>()
  // Concurrent misses for one challenge share one read.
  const reading = new Map<number, Promise<CachedParticipants | null>>()

  function read(competitionId: number): Promise<CachedParticipants | null> {
    let pending = reading.get(competitionId)
    if (!pending) {
      pending = readCompetitionSnapshot(prisma, apiBase, competitionId).then((snapshot) => {
        if (!snapshot) return null
        const entry = { seq: snapshot.seq, json: JSON.stringify(snapshot.participants) }
        const held = entries.get(competitionId)
        if (!held || held.seq <= entry.seq) {
          entries.delete(competitionId) // re-inserted last: the Map's order is least recently filled first
          entries.set(competitionId, entry)
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
        }
        return entry
      }).finally(() => reading.delete(competitionId))
      reading.set(competitionId, pending)
    }
    return pending
  }

  return {
    /** null when the challenge does not exist. */
    async participants(competitionId: number): Promise<CachedParticipants | null> {
      const head = await prisma.liveRoom.findUnique({ where: { room: competitionRoom(competitionId) }, select: { seq: true } })
      const held = entries.get(competitionId)
      if (held && held.seq === (head?.seq ?? 0)) return held
      const fresh = await read(competitionId)
      // A read that started before the latest write may answer an older seq; once more reads the newer state.
      return fresh && fresh.seq < (head?.seq ?? 0) ? read(competitionId) : fresh
    },
  }
}
