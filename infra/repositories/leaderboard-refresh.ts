// An athlete's leaderboard rows rewritten inside the transaction that changed their results: a
// primitive every repository that changes results (participants, attempts, judging, accounts)
// calls, and the leaderboard repository's rebuild reads the same results. Not a repository itself,
// so repositories share it without importing each other.
import type { Tx } from '../db.ts'
import { leaderboardEntriesOf } from '../leaderboard-view.ts'
import { scoringSelect } from '../scoring-view.ts'

/** Everything leaderboardEntriesOf reads of an athlete. */
export const athleteResults = {
  id: true,
  name: true,
  country: true,
  birthDate: true,
  participants: {
    select: {
      gender: true,
      weightClass: true,
      bodyweight: true,
      equipment: true,
      challenge: { select: { id: true, name: true, location: true, classSet: true, startDate: true, ...scoringSelect } },
      attempts: { select: { liftType: true, weight: true, status: true, createdAt: true, verified: true, recordOnly: true } },
    },
  },
} as const

/** Namespace of the per-athlete advisory lock (any constant; 'LB' in ASCII). */
const LOCK_NAMESPACE = 0x4c42

/**
 * Rewrites an athlete's rows from their results as this transaction sees them. The athlete's lock
 * orders two transactions changing the same athlete (a decision in one challenge, an upload in
 * another): the second reads after the first commits, so neither writes rows missing the other's change.
 */
export async function refreshLeaderboardOf(tx: Tx, userId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${userId}::int)`
  const athlete = await tx.user.findUnique({ where: { id: userId }, select: athleteResults })
  await tx.leaderboardEntry.deleteMany({ where: { userId } })
  if (athlete) await tx.leaderboardEntry.createMany({ data: leaderboardEntriesOf(athlete) })
}
