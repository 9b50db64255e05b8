// Site moderation's writes and its audit log (docs/moderation.md). I/O only: who may do what is
// server/services/moderation.service.ts's. Every action's audit row is written in the transaction
// of the action itself, so no action goes unlogged and no log row names an action that rolled back.
import { REPORTS_QUEUE_LIMIT, challengeRoom, type ReportedComment } from '../../contract/index.ts'
import type { Announcer } from '../announcer.ts'
import { toLift } from '../attempt-view.ts'
import type { PrismaClient } from '../db.ts'
import { attemptWithLifter, videoKeysOf } from './attempt-rows.ts'
import { appendAudit, type AuditEntry } from './audit-log.ts'

/** Thrown to roll back a takedown that found no video: the room's reserved number must not commit without its event. */
const NO_VIDEO = Symbol('no video')

/** What a taken-down video's attempt says instead of a video (its result stays). */
export const VIDEO_TAKEN_DOWN = 'This video was taken down by a site administrator.'

export function createModerationRepository(prisma: PrismaClient, announcer: Announcer, apiBase: string) {
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

    /**
     * Takes an attempt's video down (its weight, decision and place stay): the keys leave the attempt, which says why,
     * the room hears attempt.updated, and the audit row is written; answers the storage keys for the caller to delete
     * after commit. Null when there is no such attempt; [] (nothing written) when it has no video.
     */
    removeVideo: (attemptId: number, audit: (label: string) => AuditEntry): Promise<string[] | null> =>
      announcer
        .write(async (tx, announce) => {
          const found = await tx.attempt.findUnique({
            where: { id: attemptId },
            select: { participant: { select: { challengeId: true } } },
          })
          if (!found) return null
          const challengeId = found.participant.challengeId
          // The room's lock before the attempt's row (infra/announcer.ts).
          await announce.lock(challengeRoom(challengeId))
          const row = await tx.attempt.findUniqueOrThrow({ where: { id: attemptId }, include: attemptWithLifter })
          const keys = videoKeysOf(row)
          if (keys.length === 0) throw NO_VIDEO
          const updated = await tx.attempt.update({
            where: { id: attemptId },
            data: {
              originalKey: null,
              posterKey: null,
              renditions: {},
              verdictClipKey: null,
              processingState: 'failed',
              processingError: VIDEO_TAKEN_DOWN,
            },
            include: attemptWithLifter,
          })
          await appendAudit(tx, audit(`attempt ${attemptId} (${row.participant.user.name}, ${row.liftType} ${row.weight} kg)`))
          await announce(challengeRoom(challengeId), 'attempt.updated', {
            competition_id: challengeId,
            attempt: toLift(apiBase, updated, updated.participant),
          })
          return keys
        })
        .catch((error: unknown) => {
          if (error === NO_VIDEO) return []
          throw error
        }),

    /** Clears a comment's reports with the audit row; null when there is no such comment, false when it had none. */
    dismissReports: (commentId: number, audit: (label: string) => AuditEntry) =>
      prisma.$transaction(async (tx) => {
        const comment = await tx.comment.findUnique({ where: { id: commentId }, select: { attemptId: true, text: true } })
        if (!comment) return null
        const cleared = await tx.commentReport.deleteMany({ where: { commentId } })
        if (cleared.count === 0) return false
        await appendAudit(tx, audit(`on attempt ${comment.attemptId}: ${comment.text.slice(0, 200)}`))
        return true
      }),

    /** The site's reported comments, most reported first, then the most recently reported. */
    async reports(): Promise<ReportedComment[]> {
      const rows = await prisma.comment.findMany({
        where: { reports: { some: {} } },
        include: {
          user: { select: { name: true, username: true } },
          attempt: { select: { participant: { select: { challengeId: true, challenge: { select: { name: true } } } } } },
          reports: { select: { createdAt: true }, orderBy: { createdAt: 'desc' }, take: 1 },
          _count: { select: { reports: true } },
        },
        orderBy: [{ reports: { _count: 'desc' } }, { id: 'desc' }],
        take: REPORTS_QUEUE_LIMIT,
      })
      return rows.map((row) => ({
        comment_id: row.id,
        attempt_id: row.attemptId,
        competition_id: row.attempt.participant.challengeId,
        competition_name: row.attempt.participant.challenge.name,
        author_username: row.user.username,
        author_name: row.user.name,
        text: row.text,
        written_at: row.createdAt.toISOString(),
        reports: row._count.reports,
        last_reported_at: row.reports[0]!.createdAt.toISOString(),
      }))
    },

    /** The newest `limit` actions, newest first. */
    log: (limit: number) => prisma.moderationAction.findMany({ orderBy: { id: 'desc' }, take: limit }),
  }
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>
