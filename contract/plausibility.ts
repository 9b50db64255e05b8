// Plausibility of an uploaded weight: no lift, and no total, above what any human of the lifter's sex has
// made in competition at the lifter's bodyweight (contract/world-records.ts, with its sources). Pure; the
// upload path refuses with the sentence this returns.
import { WEIGHT_CLASSES } from './common.ts'
import type { Sex } from './formulas.ts'
import { LIFT_NAMES, normalizeLiftType, type LiftType } from './lifts.ts'
import { recordClassIndex, worldRecordAt, type RecordLift, type RecordSport, type WorldRecord } from './world-records.ts'

/** The lifts that make up each sport's total, in the order a sentence names them. */
export const TOTAL_LIFTS = {
  powerlifting: ['squat', 'bench', 'deadlift'],
  weightlifting: ['snatch', 'clean_and_jerk'],
} as const satisfies Record<RecordSport, readonly LiftType[]>
export type TotalLift = (typeof TOTAL_LIFTS)[RecordSport][number]

/** The lifter's best good lifts so far in the challenge, in kg. */
export type BestLifts = Partial<Record<TotalLift, number>>

/** Who lifts: what decides the record class. */
export interface RecordLifter {
  readonly sex: Sex
  /** The challenge class the lifter entered (one of WEIGHT_CLASSES); decides the record class without a bodyweight. */
  readonly weightClass: string
  /** Weighed-in bodyweight in kg, when known: decides the record class. */
  readonly bodyweight: number | null
}

export interface PlausibilityInput extends RecordLifter {
  /** The lift, canonical (`squat`, `clean_and_jerk`, …); other spellings are normalized. */
  readonly liftType: string
  /** The weight uploaded, in kg. */
  readonly weight: number
  readonly bests: BestLifts
}

/** The sport whose records hold a lift, or null for lifts without records (power clean, presses). */
export function recordSportOf(lift: LiftType): RecordSport | null {
  for (const sport of ['powerlifting', 'weightlifting'] as const) {
    if ((TOTAL_LIFTS[sport] as readonly LiftType[]).includes(lift)) return sport
  }
  return null
}

/** Upper bound in kg of a challenge class ('93kg' → 93, '120kg+' → Infinity); Infinity for a class we do not know. */
export function weightClassUpperBound(weightClass: string): number {
  if (!(WEIGHT_CLASSES as readonly string[]).includes(weightClass) || weightClass.endsWith('+')) return Infinity
  return Number.parseFloat(weightClass)
}

const usableBodyweight = (bodyweight: number | null): bodyweight is number =>
  bodyweight !== null && Number.isFinite(bodyweight) && bodyweight > 0

/**
 * The record class index that applies: the one holding the lifter's bodyweight; without one, the one holding
 * the upper bound of the class entered (a woman in '59kg' may weigh up to 59 kg: the women's 63 kg class).
 */
function recordClass(sport: RecordSport, lifter: RecordLifter): number {
  const bound = usableBodyweight(lifter.bodyweight) ? lifter.bodyweight : weightClassUpperBound(lifter.weightClass)
  return recordClassIndex(sport, lifter.sex, bound)
}

/** The ceiling that applies to one lift (or 'total') of this lifter, for messages and UI; null: no check. */
export function applicableRecord(lifter: RecordLifter, sport: RecordSport, lift: RecordLift): WorldRecord | null {
  return worldRecordAt(sport, lifter.sex, lift, recordClass(sport, lifter))
}

/** A weight as sentences show it: up to two decimals, no trailing zeros (142.88, 255). */
const kg = (value: number) => `${Number(value.toFixed(2))} kg`
const liftName = (lift: LiftType) => LIFT_NAMES[lift].toLowerCase()

/** Whom a record is for: "women up to 52 kg bodyweight", "men over 120 kg bodyweight". */
function recordHolders(record: WorldRecord): string {
  const who = record.sex === 'F' ? 'women' : 'men'
  if (record.upTo !== null) return `${who} up to ${record.upTo} kg bodyweight`
  return record.over === null ? who : `${who} over ${record.over} kg bodyweight`
}

/** "for women up to 52 kg bodyweight (255 kg, <citation>); check the weight …" */
function ceilingClause(record: WorldRecord, input: RecordLifter): string {
  const byBodyweight = usableBodyweight(input.bodyweight)
  const entered = byBodyweight ? '' : `, the record class that holds the ${input.weightClass} class you entered`
  const check = byBodyweight ? 'check the weight and the bodyweight you entered' : 'check the weight you entered'
  return `${recordHolders(record)}${entered} (${kg(record.kg)}, ${record.citation}); ${check}.`
}

// Sums of kg in 0.5 steps and two-decimal records: compare with room for binary rounding only.
const EPSILON = 1e-9

/**
 * Null when the uploaded weight is plausible; otherwise one sentence saying what is allowed. Refused:
 * a lift above the world record of its record class, or a total (this lift with the lifter's best other
 * lifts of the same sport in this challenge) above the total record. Lifts without records pass.
 */
export function plausibilityProblem(input: PlausibilityInput): string | null {
  const lift = normalizeLiftType(input.liftType)
  if (lift === undefined || !Number.isFinite(input.weight) || input.weight <= 0) return null
  const sport = recordSportOf(lift)
  if (sport === null) return null
  const index = recordClass(sport, input)

  const single = worldRecordAt(sport, input.sex, lift as RecordLift, index)
  if (single !== null && input.weight > single.kg + EPSILON) {
    return `A ${kg(input.weight)} ${liftName(lift)} is above the world record for ${ceilingClause(single, input)}`
  }

  // The total this attempt would make: with what the other lifts of its sport already have.
  const others = TOTAL_LIFTS[sport]
    .filter((other) => other !== lift)
    .map((other) => ({ other, best: input.bests[other] }))
    .filter(
      (entry): entry is { other: TotalLift; best: number } => entry.best !== undefined && Number.isFinite(entry.best) && entry.best > 0,
    )
  if (others.length === 0) return null
  const total = others.reduce((sum, { best }) => sum + best, input.weight)
  const totalRecord = worldRecordAt(sport, input.sex, 'total', index)
  if (totalRecord !== null && total > totalRecord.kg + EPSILON) {
    const withBests = others.map(({ other, best }) => `${liftName(other)} ${kg(best)}`).join(' and ')
    return (
      `A ${kg(total)} total (this ${kg(input.weight)} ${liftName(lift)} with your best ${withBests}) ` +
      `is above the world record total for ${ceilingClause(totalRecord, input)}`
    )
  }
  return null
}
