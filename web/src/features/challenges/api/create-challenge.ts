// POST /create_competition (SPEC §5 Create Challenge: defaults, hints, payload).
import { apiRequest, errorText } from '../../../lib/api-client.ts'
import { FORMULA_NAMES, challengeLifts, fittingFormulas, scoringOf } from '../../../lib/contract.ts'
import type { ChallengeLiftType, CreateCompetitionBody, CreateCompetitionResponse, Formula, Ranking, WeightClass } from '../../../lib/contract.ts'

export const CREATE_CHALLENGE_FAILED = 'Failed to create challenge. Please try again.'
export const HINT_LIFT_TYPES = 'Please select at least one lift type'
export const HINT_WEIGHT_CLASSES = 'Please select at least one weight class'

export interface ChallengeForm {
  name: string
  location: string
  description: string
  lifttypes: ChallengeLiftType[]
  weightclasses: WeightClass[]
  gender: 'M' | 'F'
  /** How places are decided: 'class' (the spec's, sent by leaving `ranking` out) or a formula that fits the lifts. */
  ranking: Ranking
  /** datetime-local values (local time, minutes precision). */
  start_date: string
  end_date: string
}

const DAY_MS = 86_400_000

/** 'YYYY-MM-DDTHH:mm' in local time, as a datetime-local input expects. */
export function toLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}

/** SPEC §5 defaults: start 1 day ahead, end 7 days ahead, the three main lifts, 83/93/105 kg, men. */
export function defaultChallengeForm(now = new Date()): ChallengeForm {
  return {
    name: 'New Powerlifting Challenge',
    location: 'Powerlifting Gym',
    description: '',
    lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
    weightclasses: ['83kg', '93kg', '105kg'],
    gender: 'M',
    ranking: 'class',
    start_date: toLocalInput(new Date(now.getTime() + DAY_MS)),
    end_date: toLocalInput(new Date(now.getTime() + 7 * DAY_MS)),
  }
}

/** Hints only: an empty selection does not block the submit (SPEC §5). */
export function challengeFormHints(form: Pick<ChallengeForm, 'lifttypes' | 'weightclasses'>): string[] {
  return [
    ...(form.lifttypes.length === 0 ? [HINT_LIFT_TYPES] : []),
    ...(form.weightclasses.length === 0 ? [HINT_WEIGHT_CLASSES] : []),
  ]
}

/** One line on what each ranking means, shown under the Ranking select. */
export const RANKING_HINTS: Record<Ranking, string> = {
  class: 'Places by total in each weight class, as at a meet',
  dots: 'Overall by DOTS points: compares lifters across bodyweights',
  ipf_gl: "Overall by IPF GL points: the IPF's formula for comparing lifters across bodyweights",
  wilks: 'Overall by Wilks points: the classic formula for comparing lifters across bodyweights',
  wilks2020: 'Overall by Wilks 2020 points: Wilks refitted to recent results, across bodyweights',
  sinclair: 'Overall by Sinclair points: compares weightlifters across bodyweights',
}

/** The rankings a challenge of these lift types can use: total within class, then each formula that fits its total. */
export function rankingOptions(lifttypes: readonly string[]): Ranking[] {
  return ['class', ...fittingFormulas(scoringOf(challengeLifts(lifttypes)).total_lifts)]
}

/** Why a formula ranking was dropped when the lift types changed under it. */
export const rankingFallback = (formula: Formula) =>
  `${FORMULA_NAMES[formula]} does not score these lift types, so the challenge ranks by total within weight class.`

export function toCreateBody(form: ChallengeForm): CreateCompetitionBody {
  return {
    name: form.name.trim(),
    location: form.location.trim(),
    start_date: new Date(form.start_date).toISOString(),
    end_date: new Date(form.end_date).toISOString(),
    lifttypes: form.lifttypes,
    weightclasses: form.weightclasses,
    gender: form.gender,
    // Only a formula is sent: without `ranking` servers (and the spec's) rank by total within class.
    ...(form.ranking !== 'class' && rankingOptions(form.lifttypes).includes(form.ranking) ? { ranking: form.ranking } : {}),
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
  }
}

export async function createChallenge(form: ChallengeForm): Promise<CreateCompetitionResponse> {
  try {
    const { data } = await apiRequest<CreateCompetitionResponse>('/create_competition', { method: 'POST', auth: 'required', body: toCreateBody(form) })
    return data
  } catch (error) {
    throw new Error(errorText(error, CREATE_CHALLENGE_FAILED), { cause: error })
  }
}
