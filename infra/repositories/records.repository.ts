// Platform records: their reads (the rows are written by records-refresh.ts, in the transaction of
// the decision that changed them). The rules are contract/records.ts's and records.service.ts's.
import type { PlatformRecordLift, RecordRow } from '../../contract/index.ts'
import type { PrismaClient } from '../db.ts'
import { recordRowOf } from './records-refresh.ts'

const include = { user: { select: { name: true, country: true } }, challenge: { select: { name: true, location: true } } } as const

/** Which records: any of the category's fields and the lift (absent: every value). */
export interface RecordFilter {
  sport?: string
  sex?: string
  classSet?: string
  weightClass?: string
  division?: string
  equipment?: string
  lift?: PlatformRecordLift
}

const whereOf = (f: RecordFilter) => ({
  sport: f.sport,
  sex: f.sex,
  classSet: f.classSet,
  weightClass: f.weightClass,
  division: f.division,
  equipment: f.equipment,
  lift: f.lift,
})

/** The most rows one read answers (a page of every category of the platform stays bounded). */
export const RECORDS_LIMIT = 2000

export function createRecordsRepository(prisma: PrismaClient) {
  return {
    /** The current record of each category and lift the filter matches: the newest of each history. */
    async current(filter: RecordFilter): Promise<RecordRow[]> {
      const rows = await prisma.platformRecord.findMany({
        where: whereOf(filter),
        include,
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
        take: RECORDS_LIMIT,
      })
      return rows.map(recordRowOf)
    },
    /** One category's history of a lift, newest first. */
    async history(filter: Required<RecordFilter>): Promise<RecordRow[]> {
      const rows = await prisma.platformRecord.findMany({
        where: whereOf(filter),
        include,
        orderBy: [{ setAt: 'desc' }, { id: 'desc' }],
        take: RECORDS_LIMIT,
      })
      return rows.map(recordRowOf)
    },
    /** The records set in a challenge (still standing in their history), in the order they were set. */
    async ofChallenge(challengeId: number): Promise<RecordRow[] | null> {
      const exists = await prisma.challenge.findUnique({ where: { id: challengeId }, select: { id: true } })
      if (!exists) return null
      const rows = await prisma.platformRecord.findMany({
        where: { challengeId },
        include,
        orderBy: [{ setAt: 'asc' }, { id: 'asc' }],
        take: RECORDS_LIMIT,
      })
      return rows.map(recordRowOf)
    },
  }
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>
