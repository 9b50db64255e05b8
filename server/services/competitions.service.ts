// Pure rules about challenges that only the server applies: what a new challenge stores,
// who may join, the lift types an attempt may record, when a cached list goes stale with
// time, gender spellings. The rules the web client
// shares (status from the dates, description metadata) are in contract/challenge-rules.ts.
import {
  DEFAULT_CLASS_SET, DEFAULT_EQUIPMENT, challengeClassesProblem, entryBodyweightProblem, entryClassProblem, hasEquipment,
  type ClassSet, type Division, type Sex,
  DECLARATION_WINDOW_MINUTES, FORMULA_NAMES, bodyweightProblem, challengeLifts, challengeStatus, fittingFormulas, formatDescription, formulaFits, parseDescription, prizePoolProblem, scoringOf,
  type CreateCompetitionBody, type LiftType, type PrizePoolInput,
} from '../../contract/index.ts'
import type { NewCompetition } from '../../infra/repositories/competitions.repository.ts'
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

/** 'F', 'Female', 'female', 'Women' → 'F'; everything else → 'M'. */
export function normalizeGender(value: string | undefined | null): 'M' | 'F' {
  const v = (value ?? '').trim().toLowerCase()
  return v === 'f' || v === 'female' || v === 'women' || v === 'w' ? 'F' : 'M'
}

const DEFAULT_LIFT_TYPES = ['Squat', 'Bench Press', 'Deadlift']

/** What create_competition stores for a body: trimmed names, the dates' rule, defaults (docs/product/validation.md), the description's metadata. */
export function newCompetition(body: CreateCompetitionBody, createdById: number): NewCompetition {
  const startDate = parseChallengeDate(body.start_date, 'start')
  const endDate = parseChallengeDate(body.end_date, 'end')
  if (!startDate) throw badRequest(invalidDate('start_date'))
  if (!endDate) throw badRequest(invalidDate('end_date'))
  if (endDate < startDate) throw badRequest('end_date must not be before start_date.')
  const registrationDeadline = body.registration_deadline === undefined ? null : parseChallengeDate(body.registration_deadline, 'end')
  if (registrationDeadline === null && body.registration_deadline !== undefined) throw badRequest(invalidDate('registration_deadline'))
  if (registrationDeadline && registrationDeadline > endDate) throw badRequest('registration_deadline must not be after end_date: lifters cannot join a challenge that has ended.')
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
    name, location, startDate, endDate, image: body.image ?? null, liftTypes: lifttypes, weightClasses: weightclasses, gender, createdById, ranking,
    format: body.format ?? 'open', declarationWindowMinutes: body.declaration_window_minutes ?? DECLARATION_WINDOW_MINUTES.default,
    description: formatDescription(parseDescription(text).text, { lifttypes, weightclasses, gender }),
    ...prizeColumns(body.prize_pool ?? null),
    registrationDeadline, classSet, equipment: body.equipment ?? DEFAULT_EQUIPMENT,
    ...weighInWindow(body, endDate),
  }
}

/** A meet's weigh-in window as stored (both null without one); throws the answer when it cannot be one. */
function weighInWindow(body: CreateCompetitionBody, endDate: Date): { weighInOpensAt: Date | null; weighInClosesAt: Date | null } {
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
function assertFormulaFits(formula: Exclude<NonNullable<CreateCompetitionBody['ranking']>, 'class'>, lifts: LiftType[]): void {
  const { total_lifts } = scoringOf(lifts)
  if (formulaFits(formula, total_lifts)) return
  const fitting = fittingFormulas(total_lifts).map((f) => FORMULA_NAMES[f])
  throw badRequest(
    `${FORMULA_NAMES[formula]} points do not score a total of ${total_lifts.join(' + ').replaceAll('_', ' ')}: ` +
    (fitting.length ? `rank by ${fitting.join(', ')} or by total within weight class.` : 'rank by total within weight class.'),
  )
}

/** Who enters, as the class set reads them: the challenge's set, the lifter's sex and divisions (docs/categories.md). */
export interface EntryCategory {
  classSet: ClassSet
  sex: Sex
  divisions: readonly Division[]
}

/**
 * Whether a lifter may join this challenge in this class (at this bodyweight, when given); throws the
 * answer when not. With `category`, the class must be in the set for the lifter's sex and divisions.
 */
export function assertCanJoin(
  competition: { startDate: Date; endDate: Date; weightClasses: string[]; registrationDeadline?: Date | null }, weightClass: string, bodyweight?: number, now = new Date(),
  category?: EntryCategory,
): void {
  if (challengeStatus(competition.startDate, competition.endDate, now) === 'completed') throw conflict('This challenge has ended')
  // The organiser's registration deadline (docs/product/states.md: joining is open until registration closes).
  if (competition.registrationDeadline && now > competition.registrationDeadline) {
    throw conflict(`Registration for this challenge closed on ${competition.registrationDeadline.toISOString().slice(0, 16).replace('T', ' ')} UTC.`)
  }
  const classProblem = category ? entryClassProblem(category.classSet, category.sex, weightClass, category.divisions) : null
  if (classProblem) throw badRequest(`weight_class: ${classProblem}`)
  if (competition.weightClasses.length > 0 && !competition.weightClasses.includes(weightClass)) {
    throw badRequest(`weight_class must be one of this challenge's classes: ${competition.weightClasses.join(', ')}.`)
  }
  if (bodyweight !== undefined) assertBodyweight(weightClass, bodyweight, category)
}

/** A bodyweight must be a person's and fit the class's band (a 95 kg lifter is not in the 83kg class), as the class set draws it. */
export function assertBodyweight(weightClass: string, bodyweight: number, category?: EntryCategory): void {
  const problem = category
    ? entryBodyweightProblem(category.classSet, category.sex, weightClass, bodyweight, category.divisions)
    : bodyweightProblem(weightClass, bodyweight)
  if (problem) throw badRequest(problem)
}

/** Why a lifter may not leave: the sentences the leave route answers (409). */
export const LEAVE_REFUSED = {
  started: 'This challenge has already started, so you can no longer leave it.',
  hasAttempts: 'You have lifts recorded in this challenge, so you can no longer leave it.',
} as const

/** A lifter may leave only before the challenge starts (places and the judges' queue are settled from then on); throws the answer when not. */
export function assertCanLeave(competition: { startDate: Date; endDate: Date }, now = new Date()): void {
  if (challengeStatus(competition.startDate, competition.endDate, now) !== 'upcoming') throw conflict(LEAVE_REFUSED.started)
}
