// How a challenge scores: its sport (which lifts make the total), how it decides places, and the
// points formula its results show. Pure and shared: the server scores answers and events with it,
// the web client the leaderboard and its live updates. The formulas themselves are formulas.ts.
import { Literals, WEIGHT_CLASSES } from './common.ts'
import { dots, ipfGl, roundPoints, sinclair, wilks, wilks2020, type GlEquipment, type Sex } from './formulas.ts'
import type { LiftType } from './lifts.ts'

/** Points formulas a challenge can rank by or show. */
export const FORMULAS = ['dots', 'ipf_gl', 'wilks', 'wilks2020', 'sinclair'] as const
export const Formula = Literals(FORMULAS)
export type Formula = (typeof FORMULAS)[number]
export const FORMULA_NAMES: Record<Formula, string> = {
  dots: 'DOTS',
  ipf_gl: 'IPF GL',
  wilks: 'Wilks',
  wilks2020: 'Wilks 2020',
  sinclair: 'Sinclair',
}

/** How places are decided: by total within each weight class (meets' default), or overall by a formula's points. */
export const RANKINGS = ['class', ...FORMULAS] as const
export const Ranking = Literals(RANKINGS)
export type Ranking = (typeof RANKINGS)[number]
export const DEFAULT_RANKING: Ranking = 'class'
export const RANKING_NAMES: Record<Ranking, string> = { class: 'Total within weight class', ...FORMULA_NAMES }

/** What a challenge's lifts make it: its total and the formulas that fit follow from this. */
export const SPORTS = ['powerlifting', 'weightlifting', 'single_lift', 'mixed'] as const
export const Sport = Literals(SPORTS)
export type Sport = (typeof SPORTS)[number]
export const SPORT_NAMES: Record<Sport, string> = {
  powerlifting: 'Powerlifting',
  weightlifting: 'Weightlifting',
  single_lift: 'Single lift',
  mixed: 'Mixed lifts',
}

export interface ChallengeScoring {
  sport: Sport
  /** The lifts whose best good attempts add up to the total, in lifting order. */
  total_lifts: LiftType[]
}

const POWERLIFTING: LiftType[] = ['squat', 'bench', 'deadlift']
const WEIGHTLIFTING: LiftType[] = ['snatch', 'clean_and_jerk']

/**
 * The sport of a challenge from its lifts (canonical, see challengeLifts): squat, bench and deadlift
 * make a powerlifting total (other lifts listed beside them are extras); snatch and clean & jerk a
 * weightlifting total; one lift ranks by itself; any other mix adds each listed lift's best.
 */
export function scoringOf(lifts: readonly LiftType[]): ChallengeScoring {
  if (POWERLIFTING.every((l) => lifts.includes(l))) return { sport: 'powerlifting', total_lifts: [...POWERLIFTING] }
  if (WEIGHTLIFTING.every((l) => lifts.includes(l))) return { sport: 'weightlifting', total_lifts: [...WEIGHTLIFTING] }
  return { sport: lifts.length === 1 ? 'single_lift' : 'mixed', total_lifts: [...lifts] }
}

/**
 * Whether a formula scores this total: DOTS and both Wilks were fitted to powerlifting totals and are
 * used for single squat, bench or deadlift events; IPF GL publishes coefficients for the full meet and
 * bench-only; Sinclair scores weightlifting totals and single snatch or clean & jerk events.
 */
export function formulaFits(formula: Formula, totalLifts: readonly LiftType[]): boolean {
  const event = totalLifts.join('+')
  if (event === POWERLIFTING.join('+')) return formula !== 'sinclair'
  if (event === WEIGHTLIFTING.join('+')) return formula === 'sinclair'
  if (totalLifts.length !== 1) return false
  const lift = totalLifts[0]!
  if (formula === 'sinclair') return WEIGHTLIFTING.includes(lift)
  if (formula === 'ipf_gl') return lift === 'bench'
  return POWERLIFTING.includes(lift)
}

/** The formulas that fit a challenge's total, in FORMULAS order (none for a mix of lifts). */
export function fittingFormulas(totalLifts: readonly LiftType[]): Formula[] {
  return FORMULAS.filter((f) => formulaFits(f, totalLifts))
}

/**
 * The formula whose points a challenge's results show: the one it ranks by, else the usual best-lifter
 * formula of its sport (DOTS for powerlifting lifts, Sinclair for weightlifting), else none.
 */
export function pointsFormula(ranking: Ranking, totalLifts: readonly LiftType[]): Formula | null {
  if (ranking !== 'class') return ranking
  return fittingFormulas(totalLifts).find((f) => f === 'dots' || f === 'sinclair') ?? null
}

/**
 * A total's points by a formula, two decimals; null without a bodyweight or a total, or when the
 * formula does not score this total. IPF GL uses the coefficients of the lifter's equipment: classic
 * (raw) unless an equipped lifter's result is scored (the other formulas have one set for all).
 */
export function pointsFor(
  formula: Formula,
  totalLifts: readonly LiftType[],
  sex: string,
  bodyweight: number | null,
  total: number | null,
  equipment: GlEquipment = 'classic',
): number | null {
  if (bodyweight === null || total === null || total <= 0 || !formulaFits(formula, totalLifts)) return null
  const s: Sex = sex === 'F' ? 'F' : 'M'
  const points = {
    dots: () => dots(s, bodyweight, total),
    ipf_gl: () => ipfGl(s, bodyweight, total, equipment, totalLifts.length === 1 ? 'bench' : 'full'),
    wilks: () => wilks(s, bodyweight, total),
    wilks2020: () => wilks2020(s, bodyweight, total),
    sinclair: () => sinclair(s, bodyweight, total),
  }[formula]()
  return roundPoints(points)
}

/** Bodyweights a person can weigh, in kg: outside these a figure is a typo, not a lifter. */
export const BODYWEIGHT_KG = { min: 20, max: 300 } as const

/** A weight class's bodyweight band: over `above` kg, up to `upTo` kg (none for the open class, 120kg+). */
export function classBand(weightClass: string): { above: number; upTo: number | null } | null {
  const index = (WEIGHT_CLASSES as readonly string[]).indexOf(weightClass)
  if (index < 0) return null
  const limit = (cls: string) => Number.parseFloat(cls)
  if (weightClass.endsWith('+')) return { above: limit(weightClass), upTo: null }
  return { above: index === 0 ? 0 : limit(WEIGHT_CLASSES[index - 1]!), upTo: limit(weightClass) }
}

/** A scale reads bodyweight to 0.01 kg (IPF weigh-ins record it so): finer figures are not a reading. */
export const BODYWEIGHT_STEP_KG = 0.01

/** Whether a bodyweight is a whole number of hundredths of a kg (decimal input, so within float rounding: 83.45 × 100 = 8345.000000000001). */
const inBodyweightSteps = (kg: number) => Math.abs(kg * 100 - Math.round(kg * 100)) < 1e-6

/**
 * Why a bodyweight cannot be entered in a class (one sentence), or null when it can. `band`: the
 * class's band when it is not one of the spec's list (a class set's, contract/categories.ts).
 */
export function bodyweightProblem(
  weightClass: string,
  bodyweight: number,
  band: { above: number; upTo: number | null } | null = classBand(weightClass),
): string | null {
  if (!Number.isFinite(bodyweight) || bodyweight < BODYWEIGHT_KG.min || bodyweight > BODYWEIGHT_KG.max || !inBodyweightSteps(bodyweight)) {
    return `bodyweight must be a number of kg from ${BODYWEIGHT_KG.min} to ${BODYWEIGHT_KG.max}, to at most two decimals (a scale's ${BODYWEIGHT_STEP_KG} kg).`
  }
  if (!band || (bodyweight > band.above && (band.upTo === null || bodyweight <= band.upTo))) return null
  const range =
    band.upTo === null
      ? `over ${band.above} kg`
      : band.above === 0
        ? `up to ${band.upTo} kg`
        : `over ${band.above} kg, up to ${band.upTo} kg`
  return `A lifter of ${bodyweight} kg is not in the ${weightClass} class (${range}): choose the class your bodyweight is in.`
}
