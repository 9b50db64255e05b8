// Pure rules about challenges that only the server applies: what a new challenge stores,
// the lift types an attempt may record, when a cached list goes stale with time, gender
// spellings (who may join or leave is entries.service.ts's). The rules the web client
// shares (status from the dates, description metadata) are in contract/challenge-rules.ts.
import {
  DEFAULT_CLASS_SET, DEFAULT_EQUIPMENT, challengeClassesProblem, hasEquipment,
  type ClassSet,
  DECLARATION_WINDOW_MINUTES, FORMULA_NAMES, challengeLifts, fittingFormulas, statusBounds, formatDescription, formulaFits, parseDescription, prizePoolProblem, scoringOf,
  type CreateCompetitionBody, type LiftType, type PrizePoolInput,
} from '../../contract/index.ts'
import type { CompetitionsRepository, NewCompetition } from '../../infra/repositories/competitions.repository.ts'
import { listedLiftTypes } from '../../infra/scoring-view.ts'
import { badRequest } from '../errors.ts'
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
export async function openChallenges(competitions: Pick<CompetitionsRepository, 'openWithSeq'>, limit: number, now: Date) {
  const { soonest, ...read } = await competitions.openWithSeq({ ongoing: statusBounds('ongoing', now), upcoming: statusBounds('upcoming', now) }, limit)
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
