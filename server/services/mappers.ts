// Database rows → the contract's answer shapes. With infra/attempt-view.ts (the attempt,
// which the worker needs too), the only place that knows both.
import { challengeStatus, parseDescription, type Competition, type Participant, type ScoringSettings, type UserResponse } from '../../contract/index.ts'
import { toLift } from '../../infra/attempt-view.ts'
import { listedLiftTypes, scoringSettings, standingOfRow } from '../../infra/scoring-view.ts'
import type { CompetitionRow } from '../../infra/repositories/competitions.repository.ts'
import type { ParticipantRow } from '../../infra/repositories/participants.repository.ts'
import type { UserRow } from '../../infra/repositories/users.repository.ts'
import { normalizeGender } from './competitions.service.ts'

export function toUserResponse(user: UserRow, withEmail: boolean): UserResponse {
  return {
    id: user.id, name: user.name, username: user.username, ...(withEmail ? { email: user.email } : {}),
    country: user.country, weight_class: user.weightClass, bio: user.bio, created_at: user.createdAt.toISOString(),
  }
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
