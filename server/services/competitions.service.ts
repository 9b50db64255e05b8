// Pure rules about challenges that only the server applies: what a new challenge stores,
// the lift types an attempt may record, when a cached list goes stale with time, gender
// spellings (who may join or leave is entries.service.ts's). The rules the web client
// shares (status from the dates, description metadata) are in contract/challenge-rules.ts.
import {
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
  const name = body.name.trim()
  const location = body.location.trim()
  const text = body.description?.trim() || `${name} at ${location}`
  return {
    name, location, startDate, endDate, image: body.image ?? null, liftTypes: lifttypes, weightClasses: weightclasses, gender, createdById, ranking,
    format: body.format ?? 'open', declarationWindowMinutes: body.declaration_window_minutes ?? DECLARATION_WINDOW_MINUTES.default,
    description: formatDescription(parseDescription(text).text, { lifttypes, weightclasses, gender }),
    ...prizeColumns(body.prize_pool ?? null),
    registrationDeadline,
  }
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
