// Database rows → the contract's answer shapes. With infra/attempt-view.ts (the attempt,
// which the worker needs too), the only place that knows both.
import {
  challengeStatus,
  lifterDivisions,
  parseDescription,
  type Challenge,
  type PrizePool,
  CLASS_SETS,
  DEFAULT_CLASS_SET,
  DEFAULT_EQUIPMENT,
  EQUIPMENT_OFFERS,
  hasEquipment,
  type ClassSet,
  type EquipmentOffer,
  type Participant,
  type ScoringSettings,
  type UserResponse,
} from '../../contract/index.ts'
import { toLift } from '../../infra/attempt-view.ts'
import { listedLiftTypes, scoringSettings, standingOfRow } from '../../infra/scoring-view.ts'
import type { ChallengeRow } from '../../infra/repositories/challenges.repository.ts'
import type { ParticipantRow } from '../../infra/repositories/participants.repository.ts'
import type { UserRow } from '../../infra/repositories/users.repository.ts'
import { normalizeGender } from './challenges.service.ts'

/** An account as answers show it; `withEmail` for its owner, `admin` for the owner's own account answer. */
export function toUserResponse(user: UserRow, withEmail: boolean, admin?: boolean): UserResponse {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    ...(withEmail ? { email: user.email, email_verified: user.emailVerifiedAt !== null } : {}),
    ...(admin !== undefined ? { is_admin: admin } : {}),
    country: user.country,
    weight_class: user.weightClass,
    bio: user.bio,
    avatar: user.avatarKey ? user.avatarKey.slice('avatars/'.length) : null,
    created_at: user.createdAt.toISOString(),
    sex: user.sex === 'M' || user.sex === 'F' ? user.sex : null,
    certified_judge: user.judgeCertifiedAt !== null,
    // The date of birth is private (docs/categories.md): its owner sees it, others the year.
    ...(withEmail ? { birth_date: birthDateText(user.birthDate) } : {}),
    birth_year: user.birthDate?.getUTCFullYear() ?? null,
  }
}

/** A stored date of birth (a DATE column, read as UTC midnight) as `YYYY-MM-DD`; null when not given. */
export function birthDateText(date: Date | null | undefined): string | null {
  return date ? date.toISOString().slice(0, 10) : null
}

/** The pool of a challenge's stored prize columns; null when it offers none. */
export function prizePoolOf(row: {
  prizeCurrency: string | null
  prizeFirst: number | null
  prizeSecond: number | null
  prizeThird: number | null
}): PrizePool | null {
  if (row.prizeCurrency === null || row.prizeFirst === null) return null
  const second = row.prizeSecond ?? 0
  const third = row.prizeThird ?? 0
  return { currency: row.prizeCurrency, first: row.prizeFirst, second, third, total: row.prizeFirst + second + third }
}

export function toChallenge(row: ChallengeRow, now = new Date()): Challenge {
  // Rows written by older clients may carry their lists only in the description's metadata.
  const { meta } = parseDescription(row.description)
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    location: row.location,
    image: row.image,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    lifttypes: listedLiftTypes(row),
    weightclasses: row.weightClasses.length > 0 ? row.weightClasses : (meta.weightclasses ?? []),
    gender: normalizeGender(row.gender || meta.gender),
    participants: row._count.participants,
    status: challengeStatus(row.startDate, row.endDate, now),
    ...scoringSettings(row),
    format: row.format === 'meet' ? 'meet' : 'open',
    declaration_window_minutes: row.declarationWindowMinutes,
    prize_pool: prizePoolOf(row),
    registration_deadline: (row.registrationDeadline ?? row.endDate).toISOString(),
    class_set: classSetOf(row.classSet),
    equipment: equipmentOfferOf(row),
    weigh_in:
      row.weighInOpensAt && row.weighInClosesAt
        ? { opens_at: row.weighInOpensAt.toISOString(), closes_at: row.weighInClosesAt.toISOString() }
        : null,
    require_verified_email: row.requireVerifiedEmail,
    ...(row.takeCheckWindowHours !== undefined ? { take_check_window_hours: row.takeCheckWindowHours } : {}),
  }
}

/** A stored class set, `spec` for anything else. */
export const classSetOf = (value: string): ClassSet =>
  (CLASS_SETS as readonly string[]).includes(value) ? (value as ClassSet) : DEFAULT_CLASS_SET

/** A challenge's equipment offer as answers show it: null when its lifts have no equipment divisions. */
export function equipmentOfferOf(row: {
  equipment: string
  liftTypes: string[]
  description: string
  ranking: string
}): EquipmentOffer | null {
  if (!hasEquipment(scoringSettings(row).total_lifts)) return null
  return (EQUIPMENT_OFFERS as readonly string[]).includes(row.equipment) ? (row.equipment as EquipmentOffer) : DEFAULT_EQUIPMENT
}

/**
 * A participant as answers show them, scored by their challenge's settings; `place` comes from ranking
 * them all (rankParticipants). `meetDate` (the challenge's start) dates the lifter's divisions.
 */
export function toParticipant(apiBase: string, row: ParticipantRow, settings: ScoringSettings, meetDate?: Date): Participant {
  const birthDate = birthDateText(row.user.birthDate)
  const equipped = hasEquipment(settings.total_lifts)
  return {
    // The user id: the spec's client compares participant.id with its stored userId.
    id: row.userId,
    user_id: row.userId,
    competition_id: row.challengeId,
    name: row.user.name,
    weight_class: row.weightClass,
    gender: row.gender,
    country: row.user.country,
    bodyweight: row.bodyweight,
    divisions: meetDate ? lifterDivisions(settings.total_lifts, birthDate, meetDate) : [],
    birth_year: row.user.birthDate?.getUTCFullYear() ?? null,
    equipment: equipped ? (row.equipment === 'equipped' ? 'equipped' : 'classic') : null,
    bodyweight_source: row.bodyweight === null ? null : row.weighedInAt ? 'weigh_in' : 'self_declared',
    moved_from_class: row.enteredClass,
    ...standingOfRow(row, settings),
    place: null,
    attempts: row.attempts.map((a) => toLift(apiBase, a, row)),
    joined_at: row.joinedAt.toISOString(),
    ...(row.team ? { team: row.team } : {}),
  }
}
