// Participants (a user in one challenge, in a weight class): all of their I/O.
// Joining and leaving are announced to the challenge room (with the new count) and the board.
import { GLOBAL_ROOM, competitionRoom, type Participant } from '../../contract/index.ts'
import type { Announcer } from '../announcer.ts'
import type { Prisma, PrismaClient } from '../db.ts'
import { refreshLeaderboardOf } from './leaderboard.repository.ts'
import { scoringSelect, type ScoringRow } from '../scoring-view.ts'

/** A participant with what its answer shows: name, country and every attempt, oldest first. */
export const participantWithAttempts = {
  user: { select: { name: true, country: true } },
  attempts: { orderBy: { createdAt: 'asc' } },
} as const satisfies Prisma.ParticipantInclude
export type ParticipantRow = Prisma.ParticipantGetPayload<{ include: typeof participantWithAttempts }>

export interface NewParticipant {
  userId: number
  competitionId: number
  weightClass: string
  gender: string
  bodyweight: number | null
}

type Refused = 'not_joined' | 'judged'
type LeaveRefused = 'not_joined' | 'has_attempts'
/** Thrown inside a write to roll it back; its code is the write's answer. */
class Refusal<Code extends string> extends Error {
  constructor(readonly code: Code) {
    super(code)
  }
}

export function createParticipantsRepository(prisma: PrismaClient, announcer: Announcer) {
  return {
    /**
     * Joins and announces it. The challenge room is locked before the count, so the count in the
     * event includes every earlier join. A second join of the same user fails with Prisma's P2002.
     */
    join(data: NewParticipant, answer: (row: ParticipantRow) => Participant): Promise<{ participant: Participant; count: number }> {
      return announcer.write(async (tx, announce) => {
        const room = competitionRoom(data.competitionId)
        await announce.lock(room)
        const created = await tx.participant.create({ data, include: participantWithAttempts })
        const count = await tx.participant.count({ where: { competitionId: data.competitionId } })
        const participant = answer(created)
        await announce(room, 'participant.joined', { competition_id: data.competitionId, participant, participants: count })
        await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: data.competitionId })
        await refreshLeaderboardOf(tx, data.userId)
        return { participant, count }
      })
    },

    /**
     * Sets a lifter's bodyweight and announces it, unless one of their lifts is judged already (their
     * points and places were decided at that weight): 'judged'; 'not_joined' when they are not in it.
     */
    async setBodyweight(userId: number, competitionId: number, bodyweight: number, answer: (row: ParticipantRow) => Participant): Promise<Participant | Refused> {
      try {
        return await announcer.write(async (tx, announce) => {
          const room = competitionRoom(competitionId)
          await announce.lock(room)
          const where = { userId_competitionId: { userId, competitionId } }
          const lifter = await tx.participant.findUnique({ where, select: { id: true } })
          // Thrown, not returned: the room's reserved seq must not commit without its event.
          if (!lifter) throw new Refusal('not_joined')
          if (await tx.attempt.count({ where: { participantId: lifter.id, status: { not: 'pending' } } }) > 0) throw new Refusal('judged')
          const participant = answer(await tx.participant.update({ where, data: { bodyweight }, include: participantWithAttempts }))
          await announce(room, 'participant.updated', { competition_id: competitionId, participant })
          await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: competitionId })
          await refreshLeaderboardOf(tx, userId)
          return participant
        })
      } catch (error) {
        if (error instanceof Refusal) return (error as Refusal<Refused>).code
        throw error
      }
    },

    /**
     * Removes a lifter from a challenge and announces it (the new count with it), unless they have any
     * attempt: 'has_attempts' ('not_joined' when they are not in it). Whether the challenge has started
     * is the caller's rule (competitions.service.ts assertCanLeave).
     */
    async leave(userId: number, competitionId: number): Promise<{ count: number; weightClass: string } | LeaveRefused> {
      try {
        return await announcer.write(async (tx, announce) => {
          const room = competitionRoom(competitionId)
          await announce.lock(room)
          // FOR UPDATE: an attempt being recorded for this lifter (it takes a key-share lock on the row) commits before
          // the count below reads, or waits and then finds the row gone.
          const [lifter] = await tx.$queryRaw<{ id: number; weight_class: string }[]>`
            SELECT id, weight_class FROM participants WHERE user_id = ${userId} AND competition_id = ${competitionId} FOR UPDATE`
          // Thrown, not returned: the room's reserved seq must not commit without its event.
          if (!lifter) throw new Refusal('not_joined')
          if (await tx.attempt.count({ where: { participantId: lifter.id } }) > 0) throw new Refusal('has_attempts')
          await tx.participant.delete({ where: { id: lifter.id } })
          const count = await tx.participant.count({ where: { competitionId } })
          await announce(room, 'participant.left', {
            competition_id: competitionId, participant_id: userId, user_id: userId, weight_class: lifter.weight_class, participants: count,
          })
          await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: competitionId })
          await refreshLeaderboardOf(tx, userId)
          return { count, weightClass: lifter.weight_class }
        })
      } catch (error) {
        if (error instanceof Refusal) return (error as Refusal<LeaveRefused>).code
        throw error
      }
    },

    /** The user's participation in a challenge, with the name events carry; null when they have not joined. */
    findLifter(userId: number, competitionId: number) {
      return prisma.participant.findUnique({
        where: { userId_competitionId: { userId, competitionId } },
        include: { user: { select: { name: true } } },
      })
    },

    /**
     * A challenge's participants and its room's seq, read in one REPEATABLE READ snapshot, so the
     * rows are exactly the state at that seq (events after it apply on top without double
     * counting), with how the challenge scores them. null when the challenge does not exist.
     */
    async listWithSeq(competitionId: number): Promise<{ seq: number; rows: ParticipantRow[]; competition: ScoringRow } | null> {
      const [competition, head, rows] = await prisma.$transaction([
        prisma.competition.findUnique({ where: { id: competitionId }, select: scoringSelect }),
        prisma.liveRoom.findUnique({ where: { room: competitionRoom(competitionId) }, select: { seq: true } }),
        prisma.participant.findMany({ where: { competitionId }, include: participantWithAttempts }),
      ], { isolationLevel: 'RepeatableRead' })
      return competition ? { seq: head?.seq ?? 0, rows, competition } : null
    },
  }
}

export type ParticipantsRepository = ReturnType<typeof createParticipantsRepository>
