// The global leaderboard's rows (leaderboard_entries) and the reads the home page and the
// leaderboard page make: a page in any sort with filters, the filters' values, top lifts of a
// period. Rows are refreshed per athlete by the transactions that change their results (joins,
// bodyweight, uploads, decisions), so a read never scans the platform's attempts.
import {
  GLOBAL_ROOM,
  type ClassSet,
  type Division,
  type Equipment,
  type Formula,
  type LeaderboardQuery,
  type LeaderboardRow,
  type SportFamily,
  type TopLift,
} from '../../contract/index.ts'
import { Prisma, type PrismaClient, type Tx } from '../db.ts'
import { leaderboardEntriesOf, type LeaderboardEntryRow, type LeaderboardScope } from '../leaderboard-view.ts'
import { athleteResults } from './leaderboard-refresh.ts'

/** The column each sort reads (a whitelist: the name goes into SQL). */
const SORT_COLUMNS: Record<NonNullable<LeaderboardQuery['sort']>, string> = {
  total: 'total',
  squat: 'squat',
  bench: 'bench',
  deadlift: 'deadlift',
  snatch: 'snatch',
  clean_and_jerk: 'clean_and_jerk',
  dots: 'dots',
  ipf_gl: 'ipf_gl',
  wilks: 'wilks',
  wilks2020: 'wilks2020',
  sinclair: 'sinclair',
}

/** Where the previous page ended: its last row's figure, name, user and sport, and its rank. */
export interface LeaderboardCursor {
  value: number
  name: string
  userId: number
  sport: string
  rank: number
}

type EntrySql = {
  user_id: number
  sport: SportFamily
  verified: boolean
  name: string
  country: string | null
  gender: string
  weight_class: string
  bodyweight: number | null
  location: string
  competition_id: number
  competition_name: string
  squat: number
  bench: number
  deadlift: number
  snatch: number
  clean_and_jerk: number
  total: number
  dots: number
  ipf_gl: number
  wilks: number
  wilks2020: number
  sinclair: number
  pending: number
  class_set: ClassSet
  equipment: Equipment
  divisions: Division[]
}

const orNull = (figure: number) => (figure > 0 ? figure : null)

function toRow(e: EntrySql, rank: number): LeaderboardRow {
  const points: Record<Formula, number | null> = {
    dots: orNull(e.dots),
    ipf_gl: orNull(e.ipf_gl),
    wilks: orNull(e.wilks),
    wilks2020: orNull(e.wilks2020),
    sinclair: orNull(e.sinclair),
  }
  return {
    rank,
    user_id: e.user_id,
    name: e.name,
    country: e.country,
    sport: e.sport,
    gender: e.gender,
    weight_class: e.weight_class,
    bodyweight: e.bodyweight,
    location: e.location,
    competition_id: e.competition_id,
    competition_name: e.competition_name,
    squat: e.squat,
    bench: e.bench,
    deadlift: e.deadlift,
    snatch: e.snatch,
    clean_and_jerk: e.clean_and_jerk,
    total: orNull(e.total),
    points,
    pending: e.pending,
    verified: e.verified,
    class_set: e.class_set,
    equipment: e.equipment,
    divisions: e.divisions ?? [],
  }
}

const TOP_LIFT_SCAN = 200

export function createLeaderboardRepository(prisma: PrismaClient) {
  /** Reads `read` and the global room's seq in one snapshot, so the seq versions what was read. */
  async function withGlobalSeq<T>(read: (tx: Tx) => Promise<T>): Promise<{ seq: number; value: T }> {
    return prisma.$transaction(
      async (tx) => {
        const head = await tx.liveRoom.findUnique({ where: { room: GLOBAL_ROOM }, select: { seq: true } })
        return { seq: head?.seq ?? 0, value: await read(tx) }
      },
      { isolationLevel: 'RepeatableRead' },
    )
  }

  return {
    withGlobalSeq,

    /**
     * A page in the query's sort (highest first, rows without a figure after, ties by name) and
     * filters, after `cursor`: one walk of the sort's index, whatever the number of rows.
     */
    async page(
      tx: Tx,
      query: LeaderboardQuery & { limit: number },
      cursor: LeaderboardCursor | null,
    ): Promise<{ rows: LeaderboardRow[]; next: LeaderboardCursor | null }> {
      const column = Prisma.raw(`"${SORT_COLUMNS[query.sort ?? 'total']}"`)
      const scope: LeaderboardScope = query.include_unverified ? 'all' : 'verified'
      const where: Prisma.Sql[] = [Prisma.sql`scope = ${scope}`]
      if (query.sport) where.push(Prisma.sql`sport = ${query.sport}`)
      if (query.gender) where.push(Prisma.sql`gender = ${query.gender}`)
      if (query.weight_class) where.push(Prisma.sql`weight_class = ${query.weight_class}`)
      if (query.class_set) where.push(Prisma.sql`class_set = ${query.class_set}`)
      if (query.equipment) where.push(Prisma.sql`equipment = ${query.equipment}`)
      if (query.division) where.push(Prisma.sql`${query.division} = ANY(divisions)`)
      if (query.country) where.push(Prisma.sql`country = ${query.country}`)
      if (query.location) where.push(Prisma.sql`location = ${query.location}`)
      if (cursor) {
        // The first condition lets the index start at the cursor; the second skips the ties already shown.
        where.push(Prisma.sql`${column} <= ${cursor.value}`)
        where.push(
          Prisma.sql`(${column} < ${cursor.value} OR (name, user_id, sport) > (${cursor.name}, ${cursor.userId}::int, ${cursor.sport}))`,
        )
      }
      const entries = await tx.$queryRaw<EntrySql[]>`
        SELECT * FROM leaderboard_entries
        WHERE ${Prisma.join(where, ' AND ')}
        ORDER BY ${column} DESC, name, user_id, sport
        LIMIT ${query.limit + 1}`
      const base = cursor?.rank ?? 0
      const shown = entries.slice(0, query.limit)
      const last = shown.at(-1)
      const sortKey = SORT_COLUMNS[query.sort ?? 'total'] as keyof EntrySql
      return {
        rows: shown.map((e, i) => toRow(e, base + i + 1)),
        next:
          entries.length > query.limit && last
            ? { value: last[sortKey] as number, name: last.name, userId: last.user_id, sport: last.sport, rank: base + shown.length }
            : null,
      }
    },

    /** The countries and challenge locations the leaderboard has verified rows for, alphabetically. */
    async filterValues(tx: Tx): Promise<{ countries: string[]; locations: string[] }> {
      const [countries, locations] = await Promise.all([
        tx.$queryRaw<
          { v: string }[]
        >`SELECT DISTINCT country AS v FROM leaderboard_entries WHERE scope = 'verified' AND country IS NOT NULL AND country <> '' ORDER BY 1`,
        tx.$queryRaw<
          { v: string }[]
        >`SELECT DISTINCT location AS v FROM leaderboard_entries WHERE scope = 'verified' AND location <> '' ORDER BY 1`,
      ])
      return { countries: countries.map((r) => r.v), locations: locations.map((r) => r.v) }
    },

    /**
     * The heaviest good lifts of a type since `since` (verified decisions only unless `includeUnverified`),
     * each athlete once (their heaviest): a walk of the (lift_type, weight) index from the top, read
     * further only if the first rows hold too few athletes.
     */
    async topLifts(tx: Tx, liftType: string, since: Date, count: number, includeUnverified = false): Promise<TopLift[]> {
      for (let scan = TOP_LIFT_SCAN; ; scan *= 8) {
        const rows = await tx.$queryRaw<
          { attempt_id: number; weight: number; user_id: number; competition_id: number; name: string; verified: boolean }[]
        >`
          SELECT a.id AS attempt_id, a.weight, p.user_id, p.competition_id, u.name, a.verified
          FROM attempts a JOIN participants p ON p.id = a.participant_id JOIN users u ON u.id = p.user_id
          WHERE a.lift_type = ${liftType} AND a.status = 'completed' AND a.created_at >= ${since}
            ${includeUnverified ? Prisma.empty : Prisma.sql`AND a.verified`}
          ORDER BY a.weight DESC, u.name, a.id
          LIMIT ${scan}`
        const best = new Map<number, TopLift>()
        for (const r of rows) if (!best.has(r.user_id)) best.set(r.user_id, { ...r, weight: Number(r.weight) })
        if (best.size >= count || rows.length < scan) return [...best.values()].slice(0, count)
      }
    },

    /** Rebuilds every athlete's rows (after a bulk load, or once on a database that predates the table). */
    async rebuildAll(batch = 500): Promise<number> {
      let written = 0
      for (let after = 0; ;) {
        const athletes = await prisma.user.findMany({
          where: { id: { gt: after }, participants: { some: {} } },
          orderBy: { id: 'asc' },
          take: batch,
          select: athleteResults,
        })
        if (athletes.length === 0) return written
        const rows: LeaderboardEntryRow[] = athletes.flatMap(leaderboardEntriesOf)
        await prisma.$transaction([
          prisma.leaderboardEntry.deleteMany({ where: { userId: { in: athletes.map((a) => a.id) } } }),
          prisma.leaderboardEntry.createMany({ data: rows }),
        ])
        written += rows.length
        after = athletes.at(-1)!.id
      }
    },

    /** True when athletes have entries but the table holds no rows: a database from before the table. */
    async needsRebuild(): Promise<boolean> {
      const [row, entry] = await Promise.all([
        prisma.leaderboardEntry.findFirst({ select: { userId: true } }),
        prisma.participant.findFirst({ select: { id: true } }),
      ])
      return !row && !!entry
    },
  }
}
