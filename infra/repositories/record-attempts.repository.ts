// What record attempts are computed from (docs/records.md, "Record attempts"): a challenge's entries as
// the records place them, with every attempt and its number, and the current records of the challenge's
// class set. I/O only: the rule is contract/record-attempts.ts's, applied by record-attempts.service.ts.
import { recordKey, type PlatformRecordLift, type RecordCategory } from '../../contract/index.ts'
import type { PrismaClient } from '../db.ts'

export interface RecordAttemptsContext {
  challenge: { id: number; format: string; classSet: string; startDate: Date; liftTypes: string[]; description: string }
  entries: {
    userId: number
    gender: string
    weightClass: string
    bodyweight: number | null
    equipment: string | null
    birthDate: string | null
    attempts: {
      id: number
      liftType: string
      attemptNumber: number
      weight: number
      status: string
      verified: boolean
      decidedAt: Date | null
    }[]
  }[]
}

/** The most current records one read takes (every category of one class set stays well below it). */
export const RECORD_ATTEMPTS_RECORDS_MAX = 10_000

export function createRecordAttemptsRepository(prisma: PrismaClient) {
  return {
    /** The challenge and its entries (null when it does not exist). */
    async challenge(challengeId: number): Promise<RecordAttemptsContext['challenge'] | null> {
      return prisma.challenge.findUnique({
        where: { id: challengeId },
        select: { id: true, format: true, classSet: true, startDate: true, liftTypes: true, description: true },
      })
    },

    /** The challenge's entries (all, or these lifters'), as the records place them. */
    async entries(challenge: RecordAttemptsContext['challenge'], userIds?: readonly number[]): Promise<RecordAttemptsContext> {
      const challengeId = challenge.id
      const rows = await prisma.participant.findMany({
        where: { challengeId, ...(userIds ? { userId: { in: [...userIds] } } : {}) },
        select: {
          userId: true,
          gender: true,
          weightClass: true,
          bodyweight: true,
          equipment: true,
          user: { select: { birthDate: true } },
          attempts: {
            select: {
              id: true,
              liftType: true,
              attemptNumber: true,
              weight: true,
              status: true,
              verified: true,
              decidedAt: true,
              recordOnly: true,
            },
          },
        },
      })
      return {
        challenge,
        entries: rows.map((r) => ({
          userId: r.userId,
          gender: r.gender,
          weightClass: r.weightClass,
          bodyweight: r.bodyweight,
          equipment: r.equipment,
          birthDate: r.user.birthDate?.toISOString().slice(0, 10) ?? null,
          attempts: r.attempts,
        })),
      }
    },

    /** The current record of every category and lift of these sexes in a class set, by recordKey. */
    async current(classSet: string, sexes: readonly string[]): Promise<Map<string, number>> {
      const rows = await prisma.platformRecord.findMany({
        where: { classSet, sex: { in: [...sexes] } },
        select: { sport: true, sex: true, classSet: true, weightClass: true, division: true, equipment: true, lift: true, weight: true },
        distinct: ['sport', 'sex', 'classSet', 'weightClass', 'division', 'equipment', 'lift'],
        orderBy: [
          { sport: 'asc' },
          { sex: 'asc' },
          { classSet: 'asc' },
          { weightClass: 'asc' },
          { division: 'asc' },
          { equipment: 'asc' },
          { lift: 'asc' },
          { setAt: 'desc' },
          { id: 'desc' },
        ],
        take: RECORD_ATTEMPTS_RECORDS_MAX,
      })
      return new Map(rows.map((r) => [recordKey({ ...(r as unknown as RecordCategory), lift: r.lift as PlatformRecordLift }), r.weight]))
    },
  }
}

export type RecordAttemptsRepository = ReturnType<typeof createRecordAttemptsRepository>
