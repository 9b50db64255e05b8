// A challenge's live snapshot: the ranked participants and the room seq they reflect,
// read in one REPEATABLE READ transaction so the state is exactly the state at that
// seq (events after it apply on top without double counting).
import { competitionRoom, type CompetitionSnapshot } from '../../contract/index.ts'
import type { PrismaClient } from '../../infra/db.ts'
import { rankParticipants, toParticipant } from '../services/mappers.ts'

const participantInclude = { user: { select: { name: true, country: true } }, attempts: { orderBy: { createdAt: 'asc' as const } } }

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
