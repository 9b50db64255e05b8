// Database rows → the contract's answer shapes. With infra/attempt-view.ts (the attempt,
// which the worker needs too), the only place that knows both.
import type { Competition, Participant, UserResponse } from '../../contract/index.ts'
import { toLift, type AttemptRow } from '../../infra/attempt-view.ts'

import { challengeStatus, listedLiftTypes, normalizeGender, parseDescription } from './competition-meta.ts'
import { bestLifts, total } from './ranking.ts'

interface UserRow { id: number; name: string; username: string; email: string; country: string | null; weightClass: string | null; bio: string | null; createdAt: Date }
interface CompetitionRow {
  id: number; name: string; description: string; location: string; image: string | null; startDate: Date; endDate: Date
  liftTypes: string[]; weightClasses: string[]; gender: string; _count?: { participants: number }
}
interface ParticipantRow {
  id: number; userId: number; competitionId: number; weightClass: string; gender: string; bodyweight: number | null; joinedAt: Date
  user: { name: string; country: string | null }
}

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
    participants: row._count?.participants ?? 0,
    status: challengeStatus(row.startDate, row.endDate, now),
  }
}

export function toParticipant(apiBase: string, row: ParticipantRow & { attempts: AttemptRow[] }): Participant {
  const best = bestLifts(row.attempts)
  return {
    // The user id: the spec's client compares participant.id with its stored userId.
    id: row.userId, user_id: row.userId, competition_id: row.competitionId, name: row.user.name, weight_class: row.weightClass,
    gender: row.gender, country: row.user.country, bodyweight: row.bodyweight,
    best_squat: best.squat, best_bench: best.bench, best_deadlift: best.deadlift, total_weight: total(best),
    attempts: row.attempts.map((a) => toLift(apiBase, a, row)),
    joined_at: row.joinedAt.toISOString(),
  }
}

/** Ranked by total, heaviest first; ties go to whoever joined first. */
export function rankParticipants(list: Participant[]): Participant[] {
  return [...list].sort((a, b) => b.total_weight - a.total_weight || a.joined_at.localeCompare(b.joined_at) || a.id - b.id)
}
