// A lifter's own data, as one JSON document they can download and keep (docs/accounts.md): the
// account (without its password hash), entries with every attempt, challenges organised, votes
// cast as a judge, comments and reactions. Nobody else's personal data is in it.
import type { AccountDataExport } from '../../contract/index.ts'
import type { AccountDataRepository } from '../../infra/repositories/account-data.repository.ts'
import { notFound } from '../errors.ts'
import { toUserResponse } from './mappers.ts'

type Stored = NonNullable<Awaited<ReturnType<AccountDataRepository['of']>>>

export function toAccountData(stored: Stored, isAdmin: boolean, now = new Date()): AccountDataExport {
  const iso = (d: Date) => d.toISOString()
  return {
    format: 'liftarena-account-data/1',
    exported_at: iso(now),
    account: toUserResponse(stored.user, true, isAdmin),
    entries: stored.entries.map((e) => ({
      competition_id: e.challengeId,
      competition_name: e.challenge.name,
      weight_class: e.weightClass,
      gender: e.gender,
      bodyweight: e.bodyweight,
      joined_at: iso(e.joinedAt),
      attempts: e.attempts.map((a) => ({
        id: a.id,
        lift_type: a.liftType,
        weight: a.weight,
        status: a.status,
        uploaded_at: iso(a.createdAt),
        decided_at: a.decidedAt ? iso(a.decidedAt) : null,
        appeal_reason: a.appealReason,
      })),
    })),
    organised: stored.organised.map((c) => ({
      id: c.id,
      name: c.name,
      start_date: iso(c.startDate),
      end_date: iso(c.endDate),
      created_at: iso(c.createdAt),
    })),
    votes: stored.votes.map((v) => ({
      attempt_id: v.attemptId,
      competition_id: v.attempt.participant.challengeId,
      good: v.good,
      reason: v.reason,
      note: v.note,
      voted_at: iso(v.createdAt),
    })),
    comments: stored.comments.map((c) => ({ id: c.id, attempt_id: c.attemptId, text: c.text, written_at: iso(c.createdAt) })),
    reactions: stored.reactions.map((r) => ({ attempt_id: r.attemptId, kind: r.kind, reacted_at: iso(r.updatedAt) })),
  }
}

export function createAccountDataService(deps: { accountData: Pick<AccountDataRepository, 'of'>; isAdmin: (username: string) => boolean }) {
  return {
    async export(userId: number): Promise<AccountDataExport> {
      const stored = await deps.accountData.of(userId)
      if (!stored) throw notFound('The account of this token no longer exists.')
      return toAccountData(stored, deps.isAdmin(stored.user.username))
    },
  }
}

export type AccountDataService = ReturnType<typeof createAccountDataService>
