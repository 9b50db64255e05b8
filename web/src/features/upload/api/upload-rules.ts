// SPEC §5 upload rules: defaults and validation, as pure functions.
import { LIMITS } from '../../../lib/contract.ts'
import type { BestLift } from '../../../lib/contract.ts'

export const UPLOAD_LIFT_TYPES = [
  { value: 'squat', label: 'Squat' },
  { value: 'bench', label: 'Bench' },
  { value: 'deadlift', label: 'Deadlift' },
] as const
export type UploadLiftType = (typeof UPLOAD_LIFT_TYPES)[number]['value']

export const FILL_ALL_FIELDS = 'Please fill in all fields'
export const INVALID_WEIGHT = 'Please enter a valid weight'
export const NO_USER_ID = 'User ID not found. Please log in again.'

/** Used when the lifter has no best for the lift yet. */
export const FALLBACK_WEIGHTS: Record<UploadLiftType, number> = { squat: 60, bench: 40, deadlift: 80 }

/** SPEC §5: competition id falls back to '1' when the page has none. */
export const FALLBACK_COMPETITION_ID = '1'

export function defaultWeight(liftType: UploadLiftType, bests: readonly BestLift[] | undefined): number {
  const best = bests?.find((b) => b.type === liftType)?.best_weight
  return best && best > 0 ? best : FALLBACK_WEIGHTS[liftType]
}

export interface UploadInput {
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
