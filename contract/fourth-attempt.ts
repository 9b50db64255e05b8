// A meet's fourth attempt, for a record only (docs/meet-rules.md, "Fourth attempts"), pure. After the third
// attempt of a powerlifting lift was decided, a lifter may declare one more of that lift, at a weight that
// would break a current record in one of their categories; it is loaded in 0.5 kg steps, and never
// counts in the lift's best, the total or the place (`record_only` on the attempt; contract/ranking.ts).
import { MEET_ATTEMPTS, type LifterCard, type RuleRefusal } from './meet-rules.ts'
import type { LiftType } from './lifts.ts'
import { RECORD_MARGIN_KG } from './records.ts'

/** The attempt number of a record-only attempt. */
export const FOURTH_ATTEMPT = MEET_ATTEMPTS + 1
/** Its loading step: 0.5 kg (the record margin), where the other attempts go in 2.5 kg steps. */
export const FOURTH_ATTEMPT_STEP_KG = 0.5
/** The lifts a fourth attempt may be taken in: powerlifting's (its records' margin is FOURTH_ATTEMPT_STEP_KG). */
export const FOURTH_ATTEMPT_LIFTS: readonly LiftType[] = ['squat', 'bench', 'deadlift']

const WORDS: Partial<Record<LiftType, string>> = { squat: 'squat', bench: 'bench press', deadlift: 'deadlift' }
const kg = (weight: number): string => `${Number(weight.toFixed(2))} kg`
const refusal = (kind: RuleRefusal['kind'], error: string): RuleRefusal => ({ kind, error })

/** Whether the next attempt of this lift would be a fourth (a meet's lift with its three taken). */
export function isFourthAttempt(lifter: Pick<LifterCard, 'format' | 'cards'>, lift: LiftType): boolean {
  return lifter.format === 'meet' && (lifter.cards[lift]?.taken.length ?? 0) >= MEET_ATTEMPTS
}

/**
 * Why this lifter may not declare this weight for a fourth attempt of this lift, or null when they may.
 * `recordToBeat`: the lightest current record of the lift among the lifter's categories (null: none holds one).
 */
export function fourthAttemptRefusal(lifter: LifterCard, lift: LiftType, weight: number, recordToBeat: number | null): RuleRefusal | null {
  const one = WORDS[lift]
  const taken = lifter.cards[lift]?.taken ?? []
  if (!one) return refusal('conflict', `You have taken your ${MEET_ATTEMPTS} attempts: a fourth is for a powerlifting record only.`)
  if (taken.length > MEET_ATTEMPTS) return refusal('conflict', `You have taken your fourth ${one}, the one a record allows.`)
  if (taken.at(-1)?.result === 'pending')
    return refusal('conflict', `Your third ${one} is still with the judges: declare a fourth once it is decided.`)
  if (!Number.isFinite(weight) || weight <= 0) return refusal('invalid', `Give the ${one}'s weight in kilograms, a number above 0.`)
  if (Math.abs(weight / FOURTH_ATTEMPT_STEP_KG - Math.round(weight / FOURTH_ATTEMPT_STEP_KG)) > 1e-9) {
    return refusal('invalid', `A fourth ${one} is loaded in steps of ${kg(FOURTH_ATTEMPT_STEP_KG)}: ${kg(weight)} is not one.`)
  }
  if (recordToBeat === null) {
    return refusal('conflict', `A fourth ${one} is for a record only, and no ${one} record is held in your categories yet.`)
  }
  const least = recordToBeat + RECORD_MARGIN_KG.powerlifting
  if (weight < least - 1e-9) {
    return refusal(
      'invalid',
      `A fourth ${one} is for a record only: it must be at least ${kg(least)}, ${kg(RECORD_MARGIN_KG.powerlifting)} over the record of ${kg(recordToBeat)}.`,
    )
  }
  return null
}

/** Why an upload of a fourth attempt at this weight may not be recorded, or null: it must be declared first, at that weight. */
export function fourthTakeRefusal(lifter: LifterCard, lift: LiftType, weight: number): RuleRefusal | null {
  const card = lifter.cards[lift]
  const one = WORDS[lift] ?? lift
  if ((card?.taken.length ?? 0) > MEET_ATTEMPTS) return refusal('conflict', `You have taken your fourth ${one}, the one a record allows.`)
  if (card?.declared === null || card?.declared === undefined) {
    return refusal('conflict', `You have taken your ${MEET_ATTEMPTS} ${one} attempts: a fourth is for a record only, declared first.`)
  }
  if (weight !== card.declared) {
    return refusal(
      'conflict',
      `You declared ${kg(card.declared)} for your fourth ${one}: upload it at that weight, or declare again first.`,
    )
  }
  return null
}
