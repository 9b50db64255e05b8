// The moderation audit log's one write (docs/moderation.md): a primitive the repositories whose
// writes a site administrator makes (moderation, engagement's comment removal) call inside their
// transaction. Not a repository itself, so repositories share it without importing each other.
import type { Tx } from '../db.ts'

export interface AuditEntry {
  adminId: number
  adminUsername: string
  action: 'ban' | 'unban' | 'remove_comment' | 'remove_video' | 'dismiss_reports'
  targetType: 'user' | 'comment' | 'attempt'
  targetId: number
  targetLabel: string
  reason: string
}

/** Appends one row to the audit log inside `tx` (the engagement repository's comment removal calls it too). */
export async function appendAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.moderationAction.create({ data: entry })
}
