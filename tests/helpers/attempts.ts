// Attempts written straight to the database in tests need the number the upload path would give
// them (the next of the lifter's lift): the database refuses an attempt without one.
import type { Tx } from '../../infra/db.ts'

/** The next attempt number of this lifter's lift, in `db` (a client or a transaction). */
export async function nextAttemptNumber(db: Pick<Tx, 'attempt'>, participantId: number, liftType: string): Promise<number> {
  const { _max } = await db.attempt.aggregate({ where: { participantId, liftType }, _max: { attemptNumber: true } })
  return (_max.attemptNumber ?? 0) + 1
}
