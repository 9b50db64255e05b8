// Site moderation's writes and its audit log (docs/moderation.md). I/O only: who may do what is
// server/services/moderation.service.ts's. Every action's audit row is written in the transaction
// of the action itself, so no action goes unlogged and no log row names an action that rolled back.
import type { PrismaClient } from '../db.ts'
import { appendAudit, type AuditEntry } from './audit-log.ts'

export function createModerationRepository(prisma: PrismaClient) {
  return {
    /** Sets or clears the account's ban with its audit row; false when it already was as asked (nothing written). */
    setBanned: (userId: number, banned: { reason: string } | null, audit: AuditEntry) =>
      prisma.$transaction(async (tx) => {
        const changed = await tx.user.updateMany({
          where: { id: userId, bannedAt: banned ? null : { not: null } },
          data: banned ? { bannedAt: new Date(), banReason: banned.reason } : { bannedAt: null, banReason: null },
        })
        if (changed.count !== 1) return false
        await appendAudit(tx, audit)
        return true
      }),

    /** The newest `limit` actions, newest first. */
    log: (limit: number) => prisma.moderationAction.findMany({ orderBy: { id: 'desc' }, take: limit }),
  }
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>
