// Database rows → the contract's answer shapes. With infra/attempt-view.ts (the attempt,
// which the worker needs too), the only place that knows both.
import { challengeStatus, parseDescription, type Competition, type PrizePool, type Participant, type ScoringSettings, type UserResponse } from '../../contract/index.ts'
import { toLift } from '../../infra/attempt-view.ts'
import { listedLiftTypes, scoringSettings, standingOfRow } from '../../infra/scoring-view.ts'
import type { CompetitionRow } from '../../infra/repositories/competitions.repository.ts'
import type { ParticipantRow } from '../../infra/repositories/participants.repository.ts'
import type { UserRow } from '../../infra/repositories/users.repository.ts'
import { normalizeGender } from './competitions.service.ts'

/** An account as answers show it; `withEmail` for its owner, `admin` for the owner's own account answer. */
export function toUserResponse(user: UserRow, withEmail: boolean, admin?: boolean): UserResponse {
  return {
    id: user.id, name: user.name, username: user.username, ...(withEmail ? { email: user.email, email_verified: user.emailVerifiedAt !== null } : {}), ...(admin !== undefined ? { is_admin: admin } : {}),
    country: user.country, weight_class: user.weightClass, bio: user.bio, created_at: user.createdAt.toISOString(),
    sex: user.sex === 'M' || user.sex === 'F' ? user.sex : null, certified_judge: user.judgeCertifiedAt !== null,
  }
}

/** The pool of a challenge's stored prize columns; null when it offers none. */
export function prizePoolOf(row: { prizeCurrency: string | null; prizeFirst: number | null; prizeSecond: number | null; prizeThird: number | null }): PrizePool | null {
  if (row.prizeCurrency === null || row.prizeFirst === null) return null
  const second = row.prizeSecond ?? 0
  const third = row.prizeThird ?? 0
  return { currency: row.prizeCurrency, first: row.prizeFirst, second, third, total: row.prizeFirst + second + third }
}

export function toCompetition(row: CompetitionRow, now = new Date()): Competition {
  // Rows written by older clients may carry their lists only in the description's metadata.
  const { meta } = parseDescription(row.description)
  return {
    id: row.id, name: row.name, description: row.description, location: row.location, image: row.image,
    start_date: row.startDate.toISOString(), end_date: row.endDate.toISOString(),
    lifttypes: listedLiftTypes(row),
    weightclasses: row.weightClasses.length > 0 ? row.weightClasses : meta.weightclasses ?? [],
    gender: normalizeGender(row.gender || meta.gender),
    participants: row._count.participants,
    status: challengeStatus(row.startDate, row.endDate, now),
    ...scoringSettings(row),
    format: row.format === 'meet' ? 'meet' : 'open', declaration_window_minutes: row.declarationWindowMinutes,
    prize_pool: prizePoolOf(row),
    registration_deadline: (row.registrationDeadline ?? row.endDate).toISOString(),
    require_verified_email: row.requireVerifiedEmail,
  }
}

/** A participant as answers show them, scored by their challenge's settings; `place` comes from ranking them all (rankParticipants). */
export function toParticipant(apiBase: string, row: ParticipantRow, settings: ScoringSettings): Participant {
  return {
    // The user id: the spec's client compares participant.id with its stored userId.
    id: row.userId, user_id: row.userId, competition_id: row.competitionId, name: row.user.name, weight_class: row.weightClass,
    gender: row.gender, country: row.user.country, bodyweight: row.bodyweight,
    ...standingOfRow(row, settings), place: null,
    attempts: row.attempts.map((a) => toLift(apiBase, a, row)),
    joined_at: row.joinedAt.toISOString(),
  }
}
