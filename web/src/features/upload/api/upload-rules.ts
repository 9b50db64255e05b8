// docs/product/validation.md upload rules: defaults and validation, as pure functions.
import { LIFT_NAMES, LIMITS, MAIN_LIFTS, challengeLifts } from '../../../lib/contract.ts'
import type { BestLift, LiftType } from '../../../lib/contract.ts'

export type UploadLiftType = LiftType

/**
 * The lift types the form offers: the challenge's own (a weightlifting challenge offers Snatch and
 * Clean & Jerk), valued by their canonical names, which best_lifts[].type uses too. Until the
 * challenge is known, the spec's three.
 */
export function liftOptions(challengeLiftTypes: readonly string[] | undefined): Array<{ value: LiftType; label: string }> {
  const types = challengeLiftTypes ? challengeLifts(challengeLiftTypes) : MAIN_LIFTS
  return types.map((value) => ({ value, label: LIFT_NAMES[value] }))
}

const FILL_ALL_FIELDS = 'Please fill in all fields'
const INVALID_WEIGHT = 'Please enter a valid weight'
export const NO_USER_ID = 'User ID not found. Please log in again.'

/** Used when the lifter has no best for the lift yet (docs/product/validation.md gives squat, bench and deadlift). */
const FALLBACK_WEIGHTS: Record<UploadLiftType, number> = {
  squat: 60,
  bench: 40,
  deadlift: 80,
  clean_and_jerk: 50,
  snatch: 40,
  power_clean: 50,
  push_press: 40,
  overhead_press: 30,
}

/** docs/product/validation.md: competition id falls back to '1' when the page has none. */
export const FALLBACK_CHALLENGE_ID = '1'

export function defaultWeight(liftType: UploadLiftType, bests: readonly BestLift[] | undefined): number {
  const best = bests?.find((b) => b.type === liftType)?.best_weight
  return best && best > 0 ? best : FALLBACK_WEIGHTS[liftType]
}

interface UploadInput {
  file: File | null
  liftType: string
  weight: string
  userId: number | null
}

/** The first problem with the form, or null when it can be sent. */
export function validateUpload(input: UploadInput): string | null {
  if (!input.file || !input.liftType || input.weight.trim() === '') return FILL_ALL_FIELDS
  const weight = Number(input.weight)
  if (!Number.isFinite(weight) || weight <= 0 || weight > LIMITS.maxWeightKg) return INVALID_WEIGHT
  if (!input.userId) return NO_USER_ID
  return null
}
