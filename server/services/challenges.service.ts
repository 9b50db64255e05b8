// Pure rules about challenges that only the server applies: what a new challenge stores,
// the lift types an attempt may record, when a cached list goes stale with time, gender
// spellings (who may join or leave is entries.service.ts's). The rules the web client
// shares (status from the dates, description metadata) are in contract/challenge-rules.ts.
import {
  DEFAULT_CLASS_SET,
  DEFAULT_EQUIPMENT,
  challengeClassesProblem,
  hasEquipment,
  DECLARATION_WINDOW_MINUTES,
  FORMULA_NAMES,
  challengeLifts,
  challengeStatus,
  fittingFormulas,
  statusBounds,
  formatDescription,
  formulaFits,
  parseDescription,
  prizePoolProblem,
  scoringOf,
  type CreateChallengeBody,
  type LiftType,
  type PrizePoolInput,
  type UpdateChallengeBody,
} from '../../contract/index.ts'
import type { ChallengesRepository, NewChallenge } from '../../infra/repositories/challenges.repository.ts'
import { listedLiftTypes } from '../../infra/scoring-view.ts'
import { badRequest, conflict } from '../errors.ts'
import { invalidDate, parseChallengeDate } from './challenge-dates.service.ts'

/** The lifts an attempt in this challenge may record, canonical. */
export function challengeLiftTypes(row: { liftTypes: string[]; description: string }): LiftType[] {
  return challengeLifts(listedLiftTypes(row))
}

/** The first moment after `now` at which some challenge's status changes; undefined when none will. */
export function nextStatusChange(challenges: readonly { startDate: Date; endDate: Date }[], now = new Date()): number | undefined {
  let next: number | undefined
  for (const { startDate, endDate } of challenges) {
    // upcoming → ongoing at the start; ongoing → completed just after the end.
    for (const at of [startDate.getTime(), endDate.getTime() + 1]) if (at > now.getTime() && (next === undefined || at < next)) next = at
  }
  return next
}

/**
 * The home page's open challenges at `now`: the first `limit` running and upcoming ones (status as
 * challengeStatus says), their counts, and when the answer goes stale (the next of them to change status).
 */
export async function openChallenges(challenges: Pick<ChallengesRepository, 'openWithSeq'>, limit: number, now: Date) {
  const { soonest, ...read } = await challenges.openWithSeq(
    { ongoing: statusBounds('ongoing', now), upcoming: statusBounds('upcoming', now) },
    limit,
  )
  // The running one ending soonest completes just after its end; the upcoming one starting soonest starts.
  const changing = [
    ...(soonest.ongoingEnd ? [{ startDate: now, endDate: soonest.ongoingEnd }] : []),
    ...(soonest.upcomingStart ? [{ startDate: soonest.upcomingStart, endDate: soonest.upcomingStart }] : []),
  ]
  return { ...read, nextStatusChange: nextStatusChange(changing, now) }
}

/** 'F', 'Female', 'female', 'Women' → 'F'; everything else → 'M'. */
export function normalizeGender(value: string | undefined | null): 'M' | 'F' {
  const v = (value ?? '').trim().toLowerCase()
  return v === 'f' || v === 'female' || v === 'women' || v === 'w' ? 'F' : 'M'
}

const DEFAULT_LIFT_TYPES = ['Squat', 'Bench Press', 'Deadlift']

/** What create_competition stores for a body: trimmed names, the dates' rule, defaults (docs/product/validation.md), the description's metadata. */
export function newChallenge(body: CreateChallengeBody, createdById: number): NewChallenge {
  const startDate = parseChallengeDate(body.start_date, 'start')
  const endDate = parseChallengeDate(body.end_date, 'end')
  if (!startDate) throw badRequest(invalidDate('start_date'))
  if (!endDate) throw badRequest(invalidDate('end_date'))
  if (endDate < startDate) throw badRequest('end_date must not be before start_date.')
  const registrationDeadline = body.registration_deadline === undefined ? null : parseChallengeDate(body.registration_deadline, 'end')
  if (registrationDeadline === null && body.registration_deadline !== undefined) throw badRequest(invalidDate('registration_deadline'))
  if (registrationDeadline && registrationDeadline > endDate)
    throw badRequest('registration_deadline must not be after end_date: lifters cannot join a challenge that has ended.')
  const lifttypes = body.lifttypes ?? DEFAULT_LIFT_TYPES
  const weightclasses = body.weightclasses ?? []
  const gender = body.gender ?? 'M'
  const ranking = body.ranking ?? 'class'
  if (ranking !== 'class') assertFormulaFits(ranking, challengeLifts(lifttypes))
  // The classes listed must be the set's for the challenge's sex (docs/categories.md).
  const classSet = body.class_set ?? DEFAULT_CLASS_SET
  const classesProblem = challengeClassesProblem(classSet, gender, weightclasses)
  if (classesProblem) throw badRequest(classesProblem)
  if (body.equipment !== undefined && !hasEquipment(scoringOf(challengeLifts(lifttypes)).total_lifts)) {
    throw badRequest('equipment is for powerlifting challenges only (squat, bench press, deadlift): leave it out for these lifts.')
  }
  const name = body.name.trim()
  const location = body.location.trim()
  const text = body.description?.trim() || `${name} at ${location}`
  return {
    name,
    location,
    startDate,
    endDate,
    image: body.image ?? null,
    liftTypes: lifttypes,
    weightClasses: weightclasses,
    gender,
    createdById,
    ranking,
    format: body.format ?? 'open',
    declarationWindowMinutes: body.declaration_window_minutes ?? DECLARATION_WINDOW_MINUTES.default,
    description: formatDescription(parseDescription(text).text, { lifttypes, weightclasses, gender }),
    ...prizeColumns(body.prize_pool ?? null),
    registrationDeadline,
    classSet,
    equipment: body.equipment ?? DEFAULT_EQUIPMENT,
    ...weighInWindow(body, endDate),
    requireVerifiedEmail: body.require_verified_email ?? false,
    takeCheckWindowHours: body.take_check_window_hours ?? null,
  }
}

/** A meet's weigh-in window as stored (both null without one); throws the answer when it cannot be one. */
function weighInWindow(body: CreateChallengeBody, endDate: Date): { weighInOpensAt: Date | null; weighInClosesAt: Date | null } {
  if (!body.weigh_in) return { weighInOpensAt: null, weighInClosesAt: null }
  if ((body.format ?? 'open') !== 'meet') throw badRequest('weigh_in is for meets: an open challenge takes self-declared bodyweights.')
  const opens = parseChallengeDate(body.weigh_in.opens_at, 'start')
  const closes = parseChallengeDate(body.weigh_in.closes_at, 'end')
  if (!opens) throw badRequest(invalidDate('weigh_in.opens_at'))
  if (!closes) throw badRequest(invalidDate('weigh_in.closes_at'))
  if (closes <= opens) throw badRequest('weigh_in.closes_at must be after weigh_in.opens_at.')
  if (closes > endDate) throw badRequest('weigh_in.closes_at must not be after end_date: lifters weigh in before they lift.')
  return { weighInOpensAt: opens, weighInClosesAt: closes }
}

/** The stored columns of an entered prize pool (all null: no prize); throws the answer when a lower place offers more. */
export function prizeColumns(input: PrizePoolInput | null) {
  if (input === null) return { prizeCurrency: null, prizeFirst: null, prizeSecond: null, prizeThird: null }
  const problem = prizePoolProblem(input)
  if (problem) throw badRequest(problem)
  return { prizeCurrency: input.currency.trim(), prizeFirst: input.first, prizeSecond: input.second ?? 0, prizeThird: input.third ?? 0 }
}

/** A challenge ranked by a formula must have lifts that formula scores (formulaFits); throws the answer when not. */
function assertFormulaFits(formula: Exclude<NonNullable<CreateChallengeBody['ranking']>, 'class'>, lifts: LiftType[]): void {
  const { total_lifts } = scoringOf(lifts)
  if (formulaFits(formula, total_lifts)) return
  const fitting = fittingFormulas(total_lifts).map((f) => FORMULA_NAMES[f])
  throw badRequest(
    `${FORMULA_NAMES[formula]} points do not score a total of ${total_lifts.join(' + ').replaceAll('_', ' ')}: ` +
      (fitting.length ? `rank by ${fitting.join(', ')} or by total within weight class.` : 'rank by total within weight class.'),
  )
}

/** Why an organiser's change or cancellation is refused (docs/challenge-control.md). */
export const CONTROL_REFUSED = {
  ended: 'This challenge has ended: its results stand as they are, so it can no longer be changed or cancelled.',
  started: (what: string) =>
    `This challenge has started, so its ${what} can no longer be changed: only its end and registration deadline can move.`,
  startPast: 'start_date must be still to come: a challenge cannot be moved to start in the past.',
  endPast:
    'end_date must be still to come: a challenge cannot be moved to end in the past, which would cut its lifters off without warning.',
  endBeforeStart: 'end_date must not be before start_date.',
  deadlineAfterEnd:
    'registration_deadline must not be after end_date: lifters cannot join a challenge that has ended. Move the deadline too.',
  hasLifts:
    'Lifts are recorded in this challenge, so it can no longer be cancelled: cancelling would remove results others are ranked by. You can shorten it instead.',
} as const

/** What PATCH /competitions/:id may read of the stored challenge. */
export interface EditableChallenge {
  name: string
  location: string
  startDate: Date
  endDate: Date
  registrationDeadline: Date | null
  description: string
  liftTypes: string[]
  weightClasses: string[]
  gender: string
}

/** The stored columns an organiser's change writes; throws the answer when the rules refuse it (docs/challenge-control.md). */
export function plannedEdit(current: EditableChallenge, body: UpdateChallengeBody, now = new Date()): Partial<NewChallenge> {
  const status = challengeStatus(current.startDate, current.endDate, now)
  if (status === 'completed') throw conflict(CONTROL_REFUSED.ended)
  const details = (['name', 'location', 'description', 'start_date', 'require_verified_email'] as const).filter(
    (k) => body[k] !== undefined,
  )
  if (status === 'ongoing' && details.length > 0)
    throw conflict(CONTROL_REFUSED.started(details.map((k) => k.replace(/_/g, ' ')).join(', ')))
  const date = (text: string | undefined, edge: 'start' | 'end', field: string) => {
    if (text === undefined) return undefined
    const parsed = parseChallengeDate(text, edge)
    if (!parsed) throw badRequest(invalidDate(field))
    return parsed
  }
  const startDate = date(body.start_date, 'start', 'start_date')
  const endDate = date(body.end_date, 'end', 'end_date')
  const deadline = body.registration_deadline === null ? null : date(body.registration_deadline, 'end', 'registration_deadline')
  if (startDate && startDate.getTime() !== current.startDate.getTime() && startDate < now) throw badRequest(CONTROL_REFUSED.startPast)
  if (endDate && endDate.getTime() !== current.endDate.getTime() && endDate < now) throw badRequest(CONTROL_REFUSED.endPast)
  const start = startDate ?? current.startDate
  const end = endDate ?? current.endDate
  if (end < start) throw badRequest(CONTROL_REFUSED.endBeforeStart)
  const registrationDeadline = deadline === undefined ? current.registrationDeadline : deadline
  if (registrationDeadline && registrationDeadline > end) throw badRequest(CONTROL_REFUSED.deadlineAfterEnd)
  const data: Partial<NewChallenge> = {}
  if (body.name !== undefined) data.name = body.name.trim()
  if (body.location !== undefined) data.location = body.location.trim()
  if (body.description !== undefined) {
    // As at creation: a blank description reads "<name> at <location>".
    const text = body.description.trim() || `${data.name ?? current.name} at ${data.location ?? current.location}`
    data.description = formatDescription(parseDescription(text).text, {
      lifttypes: current.liftTypes,
      weightclasses: current.weightClasses,
      gender: current.gender,
    })
  }
  if (startDate) data.startDate = startDate
  if (endDate) data.endDate = endDate
  if (deadline !== undefined) data.registrationDeadline = deadline
  if (body.require_verified_email !== undefined) data.requireVerifiedEmail = body.require_verified_email
  if (body.take_check_window_hours !== undefined) data.takeCheckWindowHours = body.take_check_window_hours
  return data
}

/** An organiser cancels only before the end and before any lift is recorded (results others are ranked by); throws the answer when not. */
export function assertMayCancel(current: { startDate: Date; endDate: Date }, recordedLifts: number, now = new Date()): void {
  if (challengeStatus(current.startDate, current.endDate, now) === 'completed') throw conflict(CONTROL_REFUSED.ended)
  if (recordedLifts > 0) throw conflict(CONTROL_REFUSED.hasLifts)
}
