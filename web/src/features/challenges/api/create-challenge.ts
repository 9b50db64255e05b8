// POST /create_competition (docs/product/validation.md Create Challenge: defaults, hints, payload).
import { apiRequest, errorText } from '../../../lib/api-client.ts'
import { queryClient } from '../../../lib/query-client.ts'
import {
  DECLARATION_WINDOW_MINUTES,
  FORMULA_NAMES,
  WEIGHT_CLASSES,
  challengeLifts,
  classesOf,
  fittingFormulas,
  hasEquipment,
  scoringOf,
} from '../../../lib/contract.ts'
import type {
  ChallengeFormat,
  ChallengeLiftType,
  ClassSet,
  CreateChallengeBody,
  EquipmentOffer,
  CreateChallengeResponse,
  Formula,
  Ranking,
} from '../../../lib/contract.ts'

const CREATE_CHALLENGE_FAILED = 'Failed to create challenge. Please try again.'
const HINT_LIFT_TYPES = 'Please select at least one lift type'
const HINT_WEIGHT_CLASSES = 'Please select at least one weight class'

export interface ChallengeForm {
  name: string
  location: string
  description: string
  lifttypes: ChallengeLiftType[]
  /** Classes of the chosen set for the chosen sex ('47kg', '120kg+'…; docs/categories.md). */
  weightclasses: string[]
  gender: 'M' | 'F'
  /** Whose bodyweight classes: spec (the spec's list), ipf or iwf. */
  classSet: ClassSet
  /** Classic, equipped or both as divisions: sent for powerlifting lifts only (offersEquipment). */
  equipment: EquipmentOffer
  /** How places are decided: 'class' (the spec's, sent by leaving `ranking` out) or a formula that fits the lifts. */
  ranking: Ranking
  /** datetime-local values (local time, minutes precision). */
  start_date: string
  end_date: string
  /** `meet` (three attempts by the rulebook, preselected) or `open` (the spec's: any weight in any order). */
  format: ChallengeFormat
  /** A meet's declaration window in minutes (docs/meet-rules.md 'The window'); sent for a meet only. */
  declaration_window_minutes: number
  /** datetime-local, optional: when joining closes ('' = at the end). */
  registration_deadline: string
  /** The prize pool, optional: a currency the organiser names and whole amounts as typed ('' = none). */
  prizeCurrency: string
  prizeFirst: string
  prizeSecond: string
  prizeThird: string
  /** Only lifters with a verified email address may join (docs/accounts.md); sent only when ticked. */
  requireVerifiedEmail: boolean
}

const DAY_MS = 86_400_000

/** 'YYYY-MM-DDTHH:mm' in local time, as a datetime-local input expects. */
function toLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}

/** docs/product/validation.md defaults: start 1 day ahead, end 7 days ahead, the three main lifts, 83/93/105 kg, men. */
export function defaultChallengeForm(now = new Date()): ChallengeForm {
  return {
    name: 'New Powerlifting Challenge',
    location: 'Powerlifting Gym',
    description: '',
    lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
    weightclasses: ['83kg', '93kg', '105kg'],
    gender: 'M',
    classSet: 'spec',
    equipment: 'classic',
    ranking: 'class',
    start_date: toLocalInput(new Date(now.getTime() + DAY_MS)),
    end_date: toLocalInput(new Date(now.getTime() + 7 * DAY_MS)),
    format: 'meet',
    declaration_window_minutes: DECLARATION_WINDOW_MINUTES.default,
    registration_deadline: '',
    prizeCurrency: '',
    prizeFirst: '',
    prizeSecond: '',
    prizeThird: '',
    requireVerifiedEmail: false,
  }
}

/**
 * The classes the organiser may tick for a set and sex, lightest first: the set's with the young's
 * (the IPF's 43/53 kg, for sub-juniors and juniors), as the server takes them.
 */
export const offeredClasses = (classSet: ClassSet, gender: 'M' | 'F'): string[] => classesOf(classSet, gender, 'junior')

/** The classes ticked when the set or sex changes: the spec's defaults for its list, every class of a federation's. */
export function defaultClasses(classSet: ClassSet, gender: 'M' | 'F'): string[] {
  return classSet === 'spec' ? ['83kg', '93kg', '105kg'] : classesOf(classSet, gender)
}

/** Whether the lifts make a powerlifting challenge, which has classic and equipped divisions. */
export const offersEquipment = (lifttypes: readonly string[]) => hasEquipment(scoringOf(challengeLifts(lifttypes)).total_lifts)

/** Hints only: an empty selection does not block the submit (docs/product/validation.md). */
export function challengeFormHints(form: Pick<ChallengeForm, 'lifttypes' | 'weightclasses'>): string[] {
  return [...(form.lifttypes.length === 0 ? [HINT_LIFT_TYPES] : []), ...(form.weightclasses.length === 0 ? [HINT_WEIGHT_CLASSES] : [])]
}

/** One line on what each format means, shown beside its radio button (docs/meet-rules.md). */
export const FORMAT_HINTS: Record<ChallengeFormat, string> = {
  meet: 'Three attempts per lift, declared ahead and judged in turn, as at a real meet',
  open: 'Any weight in any order, up to 10 attempts per lift; the best good lift counts',
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

const HINT_PRIZE_CURRENCY = 'Name the currency of the prize pool (for example EUR or USD), or leave the prizes empty'

/** The prize pool to send: none when 1st place is left empty (the server answers what else is wrong). */
function prizePool(form: ChallengeForm): CreateChallengeBody['prize_pool'] {
  if (!form.prizeFirst.trim()) return undefined
  const amount = (text: string) => (text.trim() ? Number(text) : undefined)
  const [second, third] = [amount(form.prizeSecond), amount(form.prizeThird)]
  return {
    currency: form.prizeCurrency.trim(),
    first: Number(form.prizeFirst),
    ...(second !== undefined ? { second } : {}),
    ...(third !== undefined ? { third } : {}),
  }
}

/** Hint when a prize is entered without its currency. */
export const prizeHint = (form: ChallengeForm) => (form.prizeFirst.trim() && !form.prizeCurrency.trim() ? HINT_PRIZE_CURRENCY : null)

function toCreateBody(form: ChallengeForm): CreateChallengeBody {
  const prize_pool = prizePool(form)
  return {
    name: form.name.trim(),
    location: form.location.trim(),
    start_date: new Date(form.start_date).toISOString(),
    end_date: new Date(form.end_date).toISOString(),
    lifttypes: form.lifttypes,
    // In weight order, whatever order they were ticked in (the spec's list stays the spec's own).
    weightclasses: (form.classSet === 'spec' ? [...WEIGHT_CLASSES] : offeredClasses(form.classSet, form.gender)).filter((w) =>
      form.weightclasses.includes(w),
    ),
    gender: form.gender,
    // Left out for the spec's set and classic, so the body stays the spec's client's.
    ...(form.classSet !== 'spec' ? { class_set: form.classSet } : {}),
    ...(offersEquipment(form.lifttypes) && form.equipment !== 'classic' ? { equipment: form.equipment } : {}),
    // Only a formula is sent: without `ranking` servers (and the spec's) rank by total within class.
    ...(form.ranking !== 'class' && rankingOptions(form.lifttypes).includes(form.ranking) ? { ranking: form.ranking } : {}),
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    format: form.format,
    ...(form.format === 'meet' ? { declaration_window_minutes: form.declaration_window_minutes } : {}),
    ...(prize_pool ? { prize_pool } : {}),
    ...(form.registration_deadline ? { registration_deadline: new Date(form.registration_deadline).toISOString() } : {}),
    ...(form.requireVerifiedEmail ? { require_verified_email: true } : {}),
  }
}

export async function createChallenge(form: ChallengeForm): Promise<CreateChallengeResponse> {
  try {
    const { data } = await apiRequest<CreateChallengeResponse>('/create_competition', {
      method: 'POST',
      auth: 'required',
      body: toCreateBody(form),
    })
    // The organiser of a challenge now: the header's Judge link appears.
    void queryClient.invalidateQueries({ queryKey: ['judging-challenges'] })
    return data
  } catch (error) {
    throw new Error(errorText(error, CREATE_CHALLENGE_FAILED), { cause: error })
  }
}
