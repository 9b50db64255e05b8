// Deleting an account (docs/accounts.md), its I/O only: what the account holds, removing it entirely, or keeping
// its results under an anonymous name. Which of the two is server/services/account-deletion.service.ts's rule.
// Comments and reactions are removed before, one by one, through the engagement repository (each announced).
import { GLOBAL_ROOM, challengeRoom } from '../../contract/index.ts'
import type { Announcer } from '../announcer.ts'
import type { PrismaClient } from '../db.ts'
import { videoKeysOf } from './attempt-rows.ts'
import { refreshLeaderboardOf } from './leaderboard-refresh.ts'

/** What deleting an account has to deal with. */
export interface AccountFootprint {
  attempts: number
  votes: number
  presses: number
  organised: number
  commentIds: number[]
  reactionAttemptIds: number[]
  /** The uploaded avatar's storage key, for the caller to delete after the account goes. */
  avatarKey: string | null
}

const HAS_RESULTS = Symbol('the account has results')
const ENTRIES_CHANGED = Symbol('entries changed before the rooms were locked')

export function createAccountDeletionRepository(prisma: PrismaClient, announcer: Announcer) {
  return {
    /** The account's results and engagement; null when there is no live account with this id. */
    async footprint(userId: number): Promise<AccountFootprint | null> {
      const user = await prisma.user.findUnique({ where: { id: userId }, select: { deletedAt: true, avatarKey: true } })
      if (!user || user.deletedAt) return null
      const [attempts, votes, presses, organised, comments, reactions] = await Promise.all([
        prisma.attempt.count({ where: { participant: { userId } } }),
        prisma.vote.count({ where: { judgeId: userId } }),
        prisma.hallPress.count({ where: { refereeId: userId } }),
        prisma.challenge.count({ where: { createdById: userId } }),
        prisma.comment.findMany({ where: { userId }, select: { id: true }, orderBy: { id: 'asc' } }),
        prisma.reaction.findMany({ where: { userId }, select: { attemptId: true }, orderBy: { attemptId: 'asc' } }),
      ])
      return {
        attempts,
        votes,
        presses,
        organised,
        commentIds: comments.map((c) => c.id),
        reactionAttemptIds: reactions.map((r) => r.attemptId),
        avatarKey: user.avatarKey,
      }
    },

    /**
     * Removes an account without results and everything that cascades from it (its entries, links, reports); each
     * challenge it had entered hears `participant.left`. False when it has results after all (recorded since the
     * service looked): nothing is removed then, and the caller anonymises instead.
     */
    removeEntirely: async (userId: number): Promise<boolean> => {
      for (let tries = 0; tries < 5; tries++) {
        const outcome = await announcer
          .write(async (tx, announce) => {
            const entries = await tx.participant.findMany({ where: { userId }, select: { id: true, challengeId: true, weightClass: true } })
            // Rooms first, in the rooms' fixed order (ascending challenge id: infra/announcer.ts), then rows.
            const rooms = entries.map((e) => ({ ...e, room: challengeRoom(e.challengeId) })).sort((a, b) => a.challengeId - b.challengeId)
            for (const entry of rooms) await announce.lock(entry.room)
            // Read again under the locks: an entry made meanwhile would otherwise go by cascade, unannounced.
            const held = await tx.participant.findMany({ where: { userId }, select: { challengeId: true } })
            if (held.length !== rooms.length || held.some((e) => !rooms.some((r) => r.challengeId === e.challengeId))) throw ENTRIES_CHANGED
            const [attempts, votes, presses, organised] = await Promise.all([
              tx.attempt.count({ where: { participant: { userId } } }),
              tx.vote.count({ where: { judgeId: userId } }),
              tx.hallPress.count({ where: { refereeId: userId } }),
              tx.challenge.count({ where: { createdById: userId } }),
            ])
            // Rolled back by throwing: a write that locked a room must announce (infra/announcer.ts).
            if (attempts + votes + presses + organised > 0) throw HAS_RESULTS
            for (const entry of rooms) {
              await tx.participant.delete({ where: { id: entry.id } })
              const count = await tx.participant.count({ where: { challengeId: entry.challengeId } })
              await announce(entry.room, 'participant.left', {
                competition_id: entry.challengeId,
                participant_id: userId,
                user_id: userId,
                weight_class: entry.weightClass,
                participants: count,
              })
            }
            await tx.uploadSlot.deleteMany({ where: { userId } })
            await tx.user.delete({ where: { id: userId } })
            return true as const
          })
          .catch((error: unknown) => {
            if (error === HAS_RESULTS) return false as const
            if (error === ENTRIES_CHANGED) return 'again' as const
            throw error
          })
        if (outcome !== 'again') return outcome
      }
      return false // entries kept changing: the caller keeps the account's rows anonymised instead
    },

    /**
     * Keeps the account's results under "Deleted lifter <id>" and removes its personal data (docs/accounts.md): name,
     * username, email, password, country, bio, verified mark, links and tokens; its videos leave the attempts (their
     * weights, decisions and places stay) and their storage keys are answered for the caller to delete after commit.
     * Challenges it organised stay without an organiser. Its board rows are rewritten and the boards told.
     */
    anonymise: (userId: number) =>
      announcer.write(async (tx, announce) => {
        await tx.user.update({
          where: { id: userId },
          data: {
            name: `Deleted lifter ${userId}`,
            // '~' is no username a person can pick (contract/auth.ts), so this never takes one from anybody.
            username: `~deleted-${userId}`,
            email: `deleted-${userId}@deleted.invalid`,
            passwordHash: '!',
            country: null,
            bio: null,
            emailVerifiedAt: null,
            judgeCertifiedAt: null,
            bannedAt: null,
            banReason: null,
            deletedAt: new Date(),
            avatarKey: null,
            tokenVersion: { increment: 1 },
          },
        })
        await tx.challenge.updateMany({ where: { createdById: userId }, data: { createdById: null } })
        await tx.passwordReset.deleteMany({ where: { userId } })
        await tx.emailVerification.deleteMany({ where: { userId } })
        await tx.refreshToken.deleteMany({ where: { userId } })
        await tx.uploadSlot.deleteMany({ where: { userId } })
        await tx.commentReport.deleteMany({ where: { userId } })
        const videos = await tx.attempt.findMany({
          where: { participant: { userId } },
          select: { id: true, originalKey: true, posterKey: true, renditions: true, verdictClipKey: true, takeChecks: true },
        })
        await tx.attempt.updateMany({
          where: { participant: { userId } },
          data: { originalKey: null, posterKey: null, renditions: {}, verdictClipKey: null, processingState: 'none' },
        })
        await refreshLeaderboardOf(tx, userId)
        await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: 0 })
        return videos.flatMap(videoKeysOf)
      }),
  }
}

export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>
