// Viewers of an attempt's video, counted once per window (engagement.repository.ts holds comments,
// reports and reactions): recording a view or play, and the retention sweep of old view rows.
import type { ViewKind } from '../../contract/index.ts'
import type { PrismaClient, Tx } from '../db.ts'
import type { EngagementOptions, ViewerIdentity } from './engagement.repository.ts'

/** The advisory lock one address's anonymous views of one attempt and kind are counted under. */
const VIEW_LOCK = 0x4c41_5202

type Bump = (tx: Tx, attemptId: number, delta: { views?: number; plays?: number }) => Promise<{ views: number; plays: number }>

export function engagementViews(prisma: PrismaClient, options: EngagementOptions, bump: Bump) {
  return {
    /**
     * Counts a view or play of `who`, once per window: a repeat within it counts nothing. An
     * anonymous id counts only while its address has counted fewer than `anonymousPerAddress`
     * other anonymous ids for this attempt and kind in the window (the ids are the client's to pick).
     * Null when there is no such attempt.
     */
    async recordView(
      attemptId: number,
      kind: ViewKind,
      who: ViewerIdentity,
    ): Promise<{ counted: boolean; views: number; plays: number } | null> {
      const windowMs = options.viewWindowMs
      return prisma.$transaction(async (tx) => {
        if (!(await tx.attempt.findUnique({ where: { id: attemptId }, select: { id: true } }))) return null
        let allowed = true
        if (who.anonymous) {
          // One address's anonymous ids are counted in turn, or a burst of new ids would all see room under the cap.
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(${VIEW_LOCK}::int, hashtext(${`${attemptId}:${kind}:${who.addr}`}::text))`
          const [{ n }] = (await tx.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM attempt_views
            WHERE attempt_id = ${attemptId} AND kind = ${kind} AND addr = ${who.addr} AND viewer LIKE 'a:%' AND viewer <> ${who.viewer}
              AND counted_at > now() - ${windowMs} * interval '1 millisecond'`) as [{ n: number }]
          allowed = n < options.anonymousPerAddress
        }
        const counted =
          allowed &&
          (
            await tx.$queryRaw<unknown[]>`
          INSERT INTO attempt_views (attempt_id, kind, viewer, addr, counted_at) VALUES (${attemptId}, ${kind}, ${who.viewer}, ${who.addr}, now())
          ON CONFLICT (attempt_id, kind, viewer) DO UPDATE SET counted_at = now(), addr = EXCLUDED.addr
            WHERE attempt_views.counted_at <= now() - ${windowMs} * interval '1 millisecond'
          RETURNING 1`
          ).length > 0
        const row = counted
          ? await bump(tx, attemptId, kind === 'view' ? { views: 1 } : { plays: 1 })
          : await tx.engagementCount.findUnique({ where: { attemptId } })
        return { counted, views: row?.views ?? 0, plays: row?.plays ?? 0 }
      })
    },

    /**
     * Retention (infra/retention.ts): deletes the views counted before the window began. recordView
     * treats such a row as absent already (a repeat counts again, and it is not among an address's
     * anonymous ids), so nothing changes but the table's size. Batches of `batch` rows, each its own
     * short statement; stops between batches once `signal` aborts. Answers how many rows went.
     */
    async pruneViews(prune: { batch: number; signal?: AbortSignal }): Promise<number> {
      let deleted = 0
      for (;;) {
        if (prune.signal?.aborted) return deleted
        const n = await prisma.$executeRaw`
          DELETE FROM attempt_views WHERE ctid = ANY(ARRAY(
            SELECT ctid FROM attempt_views WHERE counted_at < now() - ${options.viewWindowMs} * interval '1 millisecond' LIMIT ${prune.batch}::int))`
        deleted += n
        if (n < prune.batch) return deleted
      }
    },
  }
}
