// The lifts: the names challenges list them by, their one canonical form, and the
// pure mapping from any spelling clients use to it (shared by server and web client).
import { Literals } from './common.ts'

/** The lift types a challenge can list (docs/product/validation.md, Create Challenge), in the form's order. */
export const CHALLENGE_LIFT_TYPES = [
  'Squat',
  'Bench Press',
  'Deadlift',
  'Clean & Jerk',
  'Snatch',
  'Power Clean',
  'Push Press',
  'Overhead Press',
] as const
export type ChallengeLiftType = (typeof CHALLENGE_LIFT_TYPES)[number]

/**
 * The lifts an attempt can record, in their one canonical form: how attempts store them, how
 * answers name them (`lift_type`, `best_lifts[].type`) and the values the upload form sends.
 * One per challenge lift type, in the same order.
 */
export const LIFT_TYPES = ['squat', 'bench', 'deadlift', 'clean_and_jerk', 'snatch', 'power_clean', 'push_press', 'overhead_press'] as const
export const LiftType = Literals(LIFT_TYPES)
export type LiftType = (typeof LIFT_TYPES)[number]
export const MAIN_LIFTS = ['squat', 'bench', 'deadlift'] as const satisfies readonly LiftType[]

/** The name a challenge lists each lift by. */
export const LIFT_NAMES = Object.fromEntries(LIFT_TYPES.map((type, i) => [type, CHALLENGE_LIFT_TYPES[i]])) as Record<
  LiftType,
  ChallengeLiftType
>

/** Spellings clients use besides the canonical form and the challenge's name. */
const LIFT_ALIASES: Record<string, LiftType> = {
  back_squat: 'squat',
  bench_press: 'bench',
  benchpress: 'bench',
  c_and_j: 'clean_and_jerk',
  cj: 'clean_and_jerk',
  ohp: 'overhead_press',
  press: 'overhead_press',
  military_press: 'overhead_press',
}

/**
 * Any spelling of a lift ('Bench', 'Bench Press', 'clean & jerk', 'CLEAN_AND_JERK') → its canonical
 * form; undefined when it names no lift we know. Case, spaces, '-', '_' and '&'/'and' do not matter.
 */
export function normalizeLiftType(value: string | undefined | null): LiftType | undefined {
  if (!value) return undefined
  const key = value
    .trim()
    .toLowerCase()
    .replace(/\s*&\s*/g, ' and ')
    .replace(/[\s_-]+/g, '_')
  if ((LIFT_TYPES as readonly string[]).includes(key)) return key as LiftType
  return LIFT_ALIASES[key]
}

/**
 * The lifts a challenge takes attempts of, canonical, from the names it lists ('Bench Press' →
 * bench). A challenge that lists none (or none we know) does not restrict: every lift.
 */
export function challengeLifts(lifttypes: readonly string[]): LiftType[] {
  const known = LIFT_TYPES.filter((type) => lifttypes.some((name) => normalizeLiftType(name) === type))
  return known.length > 0 ? known : [...LIFT_TYPES]
}

/**
 * An attempt's result (docs/product/states.md): completed is a good lift, failed a no lift; pending (the spec's
 * "other", shown grey) awaits its judges and counts nowhere. The database's enum has the same values.
 */
export const ATTEMPT_STATUSES = ['pending', 'completed', 'failed'] as const
export const AttemptStatus = Literals(ATTEMPT_STATUSES)
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number]

/** Where an attempt's video is; the database's enum has the same values. */
export const PROCESSING_STATES = ['none', 'pending', 'processing', 'ready', 'failed'] as const
export const ProcessingState = Literals(PROCESSING_STATES)
export type ProcessingState = (typeof PROCESSING_STATES)[number]

/**
 * The heaviest weight an upload may claim, per lift: above every world record of the lift in any
 * equipment class (in kg, 2026: squat 525, equipped bench 612, deadlift 501, snatch 225,
 * clean & jerk 267), so no real attempt is refused and no absurd claim is taken.
 */
export const LIFT_MAX_KG: Record<LiftType, number> = {
  squat: 650,
  bench: 650,
  deadlift: 650,
  clean_and_jerk: 350,
  snatch: 300,
  power_clean: 350,
  push_press: 350,
  overhead_press: 300,
}

/**
 * Barbell weights go in steps of 0.5 kg: plates load in 0.5 kg pairs (IPF Technical Rules: the bar
 * is loaded in multiples of 2.5 kg, records may be set in 0.5 kg steps; IWF weights rise by 1 kg).
 * A weight between two steps (0.0001, 600.0000000000001) is no barbell's.
 */
export const WEIGHT_STEP_KG = 0.5

/** Whether a weight is a whole number of WEIGHT_STEP_KG (exact: multiples of 0.5 are exact binary fractions). */
export const inWeightSteps = (kg: number): boolean => Number.isInteger(kg / WEIGHT_STEP_KG)
