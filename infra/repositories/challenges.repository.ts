// Challenges: all of their I/O. Creating one is announced to the global room, whose
// seq therefore versions the challenge list (the list's read cache relies on it).
import { GLOBAL_ROOM, challengeRoom, type Challenge, type StatusBounds } from '../../contract/index.ts'
import type { Announcer } from '../announcer.ts'
import type { Prisma, PrismaClient } from '../db.ts'
import { refreshLeaderboardOf } from './leaderboard-refresh.ts'

/** A challenge with its participant count, as every answer about it shows it. */
export const withParticipantCount = { _count: { select: { participants: true } } } as const satisfies Prisma.ChallengeInclude
export type ChallengeRow = Prisma.ChallengeGetPayload<{ include: typeof withParticipantCount }>

export type NewChallenge = Omit<Prisma.ChallengeUncheckedCreateInput, 'id' | 'createdAt'>

/** Challenges whose dates are within `bounds`. */
const whereWithin = (bounds: StatusBounds): Prisma.ChallengeWhereInput => ({
  startDate: { ...(bounds.startsAfter ? { gt: bounds.startsAfter } : {}), ...(bounds.startsBy ? { lte: bounds.startsBy } : {}) },
  endDate: { ...(bounds.endsFrom ? { gte: bounds.endsFrom } : {}), ...(bounds.endsBefore ? { lt: bounds.endsBefore } : {}) },
})

/** The challenge as a locked write sees it (its room locked: joins, uploads and votes wait), and what it may do. */
export interface LockedChallenge {
  row: ChallengeRow
  /** Attempts recorded in it. */
  recordedLifts(): Promise<number>
  /** Writes the change and tells its room and the global room (`competition.updated`); the row as it is now. */
  update(data: Partial<NewChallenge>): Promise<ChallengeRow>
  /** Removes it with its entries and tells its room and the global room (`competition.cancelled`); the lifters who had entered. */
  cancel(): Promise<number[]>
}

export function createChallengesRepository(prisma: PrismaClient, announcer: Announcer) {
  return {
    /** null when it does not exist. */
    find(id: number): Promise<ChallengeRow | null> {
      return prisma.challenge.findUnique({ where: { id }, include: withParticipantCount })
    },

    /** Whether the challenge exists. */
    async exists(id: number): Promise<boolean> {
      return (await prisma.challenge.findUnique({ where: { id }, select: { id: true } })) !== null
    },

    /** What an upload checks: when it runs and which lifts it lists. */
    findUploadRules(id: number) {
      return prisma.challenge.findUnique({
        where: { id },
        select: { startDate: true, endDate: true, liftTypes: true, description: true, weighInOpensAt: true, weighInClosesAt: true },
      })
    },

    /** Every challenge, newest start first, with the global room's seq read in the same snapshot. */
    async listWithSeq(): Promise<{ seq: number; rows: ChallengeRow[] }> {
      const [head, rows] = await prisma.$transaction(
        [
          prisma.liveRoom.findUnique({ where: { room: GLOBAL_ROOM }, select: { seq: true } }),
          prisma.challenge.findMany({ include: withParticipantCount, orderBy: [{ startDate: 'desc' }, { id: 'desc' }] }),
        ],
        { isolationLevel: 'RepeatableRead' },
      )
      return { seq: head?.seq ?? 0, rows }
    },

    /**
     * The first `limit` challenges within `ongoing`'s bounds (soonest started first) and within
     * `upcoming`'s (soonest starting first), how many of each there are, the soonest end of the first
     * kind and the soonest start of the second. Which bounds make a status is the service's to say.
     */
    async openWithSeq(bounds: { ongoing: StatusBounds; upcoming: StatusBounds }, limit: number) {
      const ongoing = whereWithin(bounds.ongoing)
      const upcoming = whereWithin(bounds.upcoming)
      const [head, running, next, runningCount, nextCount, firstEnd, firstStart] = await prisma.$transaction(
        [
          prisma.liveRoom.findUnique({ where: { room: GLOBAL_ROOM }, select: { seq: true } }),
          prisma.challenge.findMany({
            where: ongoing,
            include: withParticipantCount,
            orderBy: [{ startDate: 'asc' }, { id: 'asc' }],
            take: limit,
          }),
          prisma.challenge.findMany({
            where: upcoming,
            include: withParticipantCount,
            orderBy: [{ startDate: 'asc' }, { id: 'asc' }],
            take: limit,
          }),
          prisma.challenge.count({ where: ongoing }),
          prisma.challenge.count({ where: upcoming }),
          prisma.challenge.aggregate({ where: ongoing, _min: { endDate: true } }),
          prisma.challenge.aggregate({ where: upcoming, _min: { startDate: true } }),
        ],
        { isolationLevel: 'RepeatableRead' },
      )
      return {
        seq: head?.seq ?? 0,
        ongoing: running,
        upcoming: next,
        counts: { ongoing: runningCount, upcoming: nextCount },
        soonest: { ongoingEnd: firstEnd._min.endDate, upcomingStart: firstStart._min.startDate },
      }
    },

    /**
     * Runs `work` with the challenge's room locked (lock order: room, then rows), so its checks see
     * every join, upload and vote before it and none slips in between; null when it does not exist.
     * A refusal `work` throws rolls everything back.
     */
    withChallengeLocked<T>(
      id: number,
      answer: (row: ChallengeRow) => Challenge,
      work: (locked: LockedChallenge) => Promise<T>,
    ): Promise<T | null> {
      return announcer
        .write(async (tx, announce) => {
          const room = challengeRoom(id)
          await announce.lock(room)
          const row = await tx.challenge.findUnique({ where: { id }, include: withParticipantCount })
          if (!row) {
            // The reserved number must be used or nothing commits: the room of a challenge that is not there hears nothing.
            throw new NotThere()
          }
          return work({
            row,
            recordedLifts: () => tx.attempt.count({ where: { participant: { challengeId: id } } }),
            async update(data) {
              const updated = await tx.challenge.update({ where: { id }, data, include: withParticipantCount })
              await announce(room, 'competition.updated', { competition: answer(updated) })
              await announce(GLOBAL_ROOM, 'competition.updated', { competition: answer(updated) })
              return updated
            },
            async cancel() {
              // By user id: each board refresh takes that athlete's lock, and two writers must take them in one order.
              const lifters = (
                await tx.participant.findMany({ where: { challengeId: id }, select: { userId: true }, orderBy: { userId: 'asc' } })
              ).map((p) => p.userId)
              await announce(room, 'competition.cancelled', { competition_id: id, name: row.name })
              await tx.challenge.delete({ where: { id } })
              for (const userId of lifters) await refreshLeaderboardOf(tx, userId)
              await announce(GLOBAL_ROOM, 'competition.cancelled', { competition_id: id, name: row.name })
              return lifters
            },
          })
        })
        .catch((error: unknown) => {
          if (error instanceof NotThere) return null
          throw error
        })
    },

    /** Stores a new challenge and announces it; `answer` turns the stored row into what the event carries. */
    create(data: NewChallenge, answer: (row: ChallengeRow) => Challenge): Promise<ChallengeRow> {
      return announcer.write(async (tx, announce) => {
        const created = await tx.challenge.create({ data })
        const row = { ...created, _count: { participants: 0 } }
        await announce(GLOBAL_ROOM, 'competition.created', { competition: answer(row) })
        return row
      })
    },
  }
}

class NotThere extends Error {}

export type ChallengesRepository = ReturnType<typeof createChallengesRepository>
