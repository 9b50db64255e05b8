// Site moderation (docs/moderation.md), by a site administrator (ADMIN_USERNAMES; the route checks
// who asks): ban and unban an account (the caller then ends its sessions on every node), remove any
// comment, and read the audit log. Every action names a reason and is logged, in its own
// transaction, with who did it and when; the log cannot be changed from the product.
import type { ModerationEntry, ReportedComment } from '../../contract/index.ts'
import type { EngagementRepository } from '../../infra/repositories/engagement.repository.ts'
import type { ModerationRepository } from '../../infra/repositories/moderation.repository.ts'
import { badRequest, conflict, forbidden, notFound } from '../errors.ts'
import { isAdmin } from './accounts.service.ts'

export { BANNED } from './accounts.service.ts'

export const ADMIN_NOT_BANNABLE = 'A site administrator cannot be banned: remove them from ADMIN_USERNAMES first.'
export const ALREADY_BANNED = 'This account is already banned.'
export const NOT_BANNED = 'This account is not banned.'
export const REASON_NEEDED = 'Say why in `reason` (1 to 500 characters): the audit log keeps it.'
/** How many actions the log answers, newest first. */
export const MODERATION_LOG_LIMIT = 200

interface Admin {
  id: number
  username: string
}

export interface ModerationDeps {
  users: {
    find(id: number): Promise<{ id: number; username: string } | null>
    findByUsername(username: string): Promise<{ id: number; username: string } | null>
  }
  moderation: Pick<ModerationRepository, 'setBanned' | 'removeVideo' | 'dismissReports' | 'reports'> & {
    log(limit: number): PromiseLike<
      Array<{
        id: number
        adminUsername: string
        action: string
        targetType: string
        targetId: number
        targetLabel: string
        reason: string
        createdAt: Date
      }>
    >
  }
  engagement: Pick<EngagementRepository, 'withComment'>
  adminUsernames: readonly string[]
  /** Where taken-down videos are deleted from, after their takedown commits. */
  storage?: { delete(key: string): Promise<void> }
  log?: { warn(obj: object, msg: string): void }
}

export const NO_VIDEO = 'This attempt has no video to take down (it never had one, or it is already gone).'
export const NO_REPORTS = 'This comment has no reports to dismiss.'

function reasonOf(text: string): string {
  const reason = text.trim()
  if (reason.length === 0 || reason.length > 500) throw badRequest(REASON_NEEDED)
  return reason
}

export function createModerationService(deps: ModerationDeps) {
  /** The acting administrator as the log names them. */
  async function adminOf(adminId: number): Promise<Admin> {
    const admin = await deps.users.find(adminId)
    if (!admin) throw notFound('This account no longer exists.')
    return { id: admin.id, username: admin.username }
  }

  async function account(username: string) {
    const user = await deps.users.findByUsername(username.toLowerCase())
    if (!user) throw notFound(`No account has the username "${username}".`)
    return user
  }

  return {
    /** Bans the account; its id, whose sessions the caller ends everywhere. */
    async ban(adminId: number, username: string, reasonText: string): Promise<number> {
      const reason = reasonOf(reasonText)
      const admin = await adminOf(adminId)
      const user = await account(username)
      if (isAdmin(user.username, deps.adminUsernames)) throw forbidden(ADMIN_NOT_BANNABLE)
      const audit = {
        adminId: admin.id,
        adminUsername: admin.username,
        action: 'ban' as const,
        targetType: 'user' as const,
        targetId: user.id,
        targetLabel: user.username,
        reason,
      }
      if (!(await deps.moderation.setBanned(user.id, { reason }, audit))) throw conflict(ALREADY_BANNED)
      return user.id
    },

    async unban(adminId: number, username: string, reasonText: string): Promise<void> {
      const reason = reasonOf(reasonText)
      const admin = await adminOf(adminId)
      const user = await account(username)
      const audit = {
        adminId: admin.id,
        adminUsername: admin.username,
        action: 'unban' as const,
        targetType: 'user' as const,
        targetId: user.id,
        targetLabel: user.username,
        reason,
      }
      if (!(await deps.moderation.setBanned(user.id, null, audit))) throw conflict(NOT_BANNED)
    },

    /** Removes any comment (its room hears comment.deleted, as for its author's removal). */
    async removeComment(adminId: number, commentId: number, reasonText: string): Promise<void> {
      const reason = reasonOf(reasonText)
      const admin = await adminOf(adminId)
      const missing = () => notFound(`Comment ${commentId} does not exist.`)
      const done = await deps.engagement.withComment(commentId, async (comment, remove) => {
        const audit = {
          adminId: admin.id,
          adminUsername: admin.username,
          action: 'remove_comment' as const,
          targetType: 'comment' as const,
          targetId: commentId,
          // What was removed, so the log says it (the comment itself is gone).
          targetLabel: `on attempt ${comment.attemptId}: ${comment.text.slice(0, 200)}`,
          reason,
        }
        if (!(await remove(audit))) throw missing()
        return true
      })
      if (!done) throw missing()
    },

    /** Takes an attempt's video down anywhere (its result stays); the files are deleted from storage after. */
    async removeVideo(adminId: number, attemptId: number, reasonText: string): Promise<void> {
      const reason = reasonOf(reasonText)
      const admin = await adminOf(adminId)
      const keys = await deps.moderation.removeVideo(attemptId, (targetLabel) => ({
        adminId: admin.id,
        adminUsername: admin.username,
        action: 'remove_video',
        targetType: 'attempt',
        targetId: attemptId,
        targetLabel,
        reason,
      }))
      if (keys === null) throw notFound(`Attempt ${attemptId} does not exist.`)
      if (keys.length === 0) throw conflict(NO_VIDEO)
      for (const key of keys) {
        // A file that could not be deleted is logged; no answer points at it any more.
        await deps.storage?.delete(key).catch((error: unknown) => deps.log?.warn({ err: error, key }, 'taken-down video not removed'))
      }
    },

    /** Dismisses a comment's reports (it stays): it leaves the reports queue, and the log says who judged it fine. */
    async dismissReports(adminId: number, commentId: number, reasonText: string): Promise<void> {
      const reason = reasonOf(reasonText)
      const admin = await adminOf(adminId)
      const done = await deps.moderation.dismissReports(commentId, (targetLabel) => ({
        adminId: admin.id,
        adminUsername: admin.username,
        action: 'dismiss_reports',
        targetType: 'comment',
        targetId: commentId,
        targetLabel,
        reason,
      }))
      if (done === null) throw notFound(`Comment ${commentId} does not exist.`)
      if (!done) throw conflict(NO_REPORTS)
    },

    /** The site's reports queue: reported comments across every challenge, most reported first. */
    reports: (): Promise<ReportedComment[]> => deps.moderation.reports(),

    /** The audit log, newest first. */
    async log(): Promise<ModerationEntry[]> {
      return (await deps.moderation.log(MODERATION_LOG_LIMIT)).map((row) => ({
        id: row.id,
        admin: row.adminUsername,
        action: row.action as ModerationEntry['action'],
        target_type: row.targetType as ModerationEntry['target_type'],
        target_id: row.targetId,
        target: row.targetLabel,
        reason: row.reason,
        at: row.createdAt.toISOString(),
      }))
    },
  }
}

export type ModerationService = ReturnType<typeof createModerationService>
