// Deleting one's own account (docs/accounts.md). The owner confirms with the password (a wrong one counts as a failed
// login of the account, so this is no way around the login's limits); then every session ends, the account's comments
// and reactions go, and either the account goes entirely (no results) or its results stay under an anonymous name.
import type { AccountDeletionRepository } from '../../infra/repositories/account-deletion.repository.ts'
import type { EngagementRepository } from '../../infra/repositories/engagement.repository.ts'
import type { UsersRepository } from '../../infra/repositories/users.repository.ts'
import type { Passwords } from '../passwords.ts'
import { badRequest, conflict, notFound, tooMany } from '../errors.ts'
import { isAdmin, type LoginAttempts } from './accounts.service.ts'

export const DELETE_WRONG_PASSWORD = 'Your password is not right: type the password you log in with to delete your account.'
export const DELETE_NO_ACCOUNT = 'The account of this token no longer exists.'
export const DELETE_ADMIN =
  'A site administrator’s account cannot be deleted while ADMIN_USERNAMES names it: the operator removes the name from that setting first.'
export const DELETED_ENTIRELY = 'Your account is deleted, with everything it held.'
export const DELETED_KEPT_RESULTS =
  'Your account is deleted. Your judged results stay under an anonymous name, as federations keep results others’ places depend on; nothing else of yours is kept.'

export interface AccountDeletionDeps {
  users: Pick<UsersRepository, 'find'>
  deletion: Pick<AccountDeletionRepository, 'footprint' | 'removeEntirely' | 'anonymise'>
  engagement: Pick<EngagementRepository, 'withComment' | 'setReaction'>
  storage: { delete(key: string): Promise<void> }
  passwords: Pick<Passwords, 'verify'>
  loginAttempts: LoginAttempts
  log: { warn(obj: object, msg: string): void }
  /** ADMIN_USERNAMES: admin rights follow the name, so a deleted admin's freed name would hand them to whoever registers it. */
  adminUsernames: readonly string[]
}

/** Whether an account's deletion keeps it as an anonymous row: it has results others' places or decisions depend on. */
export const keepsResults = (f: { attempts: number; votes: number; presses: number; organised: number }) =>
  f.attempts + f.votes + f.presses + f.organised > 0

export function createAccountDeletionService(deps: AccountDeletionDeps) {
  return {
    /**
     * Deletes `userId`'s account once its password is confirmed; `endSessions` ends every session on every node
     * first (so nothing of the account writes while it goes). Answers the sentence for the owner.
     */
    async delete(userId: number, password: string, address: string, endSessions: () => Promise<void>): Promise<string> {
      const user = await deps.users.find(userId)
      if (!user || user.deletedAt) throw notFound(DELETE_NO_ACCOUNT)
      const key = `user:${user.id}`
      const wait = await deps.loginAttempts.waitMs(key, address)
      if (wait > 0) throw tooMany(`Too many wrong passwords for this account. Please wait ${Math.ceil(wait / 1000)} seconds and try again.`)
      if (!(await deps.passwords.verify(user.passwordHash, password))) {
        await deps.loginAttempts.failed(key, address)
        throw badRequest(DELETE_WRONG_PASSWORD)
      }
      if (isAdmin(user.username, deps.adminUsernames)) throw conflict(DELETE_ADMIN)
      await endSessions()
      const footprint = await deps.deletion.footprint(userId)
      if (!footprint) throw notFound(DELETE_NO_ACCOUNT)
      // Each removal is the engagement repository's, announced to the comment's room as any removal is.
      for (const commentId of footprint.commentIds) await deps.engagement.withComment(commentId, (_c, remove) => remove())
      for (const attemptId of footprint.reactionAttemptIds) await deps.engagement.setReaction(attemptId, userId, null)
      const entirely = !keepsResults(footprint) && (await deps.deletion.removeEntirely(userId))
      const keys = entirely ? [] : await deps.deletion.anonymise(userId)
      if (footprint.avatarKey) keys.push(footprint.avatarKey)
      for (const storageKey of keys) {
        // A file that could not be deleted is logged; no answer of the site points at it any more.
        await deps.storage
          .delete(storageKey)
          .catch((error: unknown) => deps.log.warn({ err: error, key: storageKey }, 'deleted account video not removed'))
      }
      return entirely ? DELETED_ENTIRELY : DELETED_KEPT_RESULTS
    },
  }
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>
