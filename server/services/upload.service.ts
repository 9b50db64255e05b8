// The upload form's rules: which fields, what they must hold, and whether a lifter may
// upload this lift to this challenge now. Pure: the route reads the rows, these decide.
import {
  LIFT_MAX_KG,
  LIFT_NAMES,
  LIMITS,
  RANKED_LIFTS,
  WEIGHT_STEP_KG,
  challengeStatus,
  inWeightSteps,
  normalizeLiftType,
  plausibilityProblem,
  type LiftType,
  type RankedLift,
} from '../../contract/index.ts'
import { Refusal, badRequest, conflict } from '../errors.ts'
import { challengeLiftTypes } from './challenges.service.ts'

export const NOT_JOINED = 'Join this challenge before uploading a lift.'
export const NOT_STARTED = 'This challenge has not started yet'

export interface UploadFields {
  /** Canonical when it names a lift we know; whether the challenge lists it is checked with the challenge. */
  liftType: LiftType | undefined
  weight: number
  challengeId: number
}

/** A size as upload answers say it: "1.5 MB", "600 KB". */
export function formatBytes(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ]
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`
  }
  return `${bytes} bytes`
}

/** The 413 of an upload over UPLOAD_MAX_BYTES, whichever route it came by. */
export const tooLarge = (limit: number) =>
  new Refusal('too_large', `The video is larger than the ${formatBytes(limit)} limit. Trim or compress it and try again.`)

const REQUIRED_FIELDS = ['lift_type', 'weight', 'competition_id'] as const

/** Whether the fields an upload is checked by have all arrived. */
export const hasRequiredFields = (fields: Readonly<Record<string, string>>) => REQUIRED_FIELDS.every((name) => fields[name]?.trim())

const orList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`)

export function parseUploadFields(fields: Readonly<Record<string, string>>): UploadFields {
  const missing = REQUIRED_FIELDS.filter((name) => !fields[name]?.trim())
  if (missing.length > 0)
    throw badRequest(`Please fill in all fields: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`)
  const liftType = normalizeLiftType(fields.lift_type)
  const weightText = fields.weight!.trim()
  const weight = /^\d+(\.\d+)?$/.test(weightText) ? Number(weightText) : NaN
  if (!Number.isFinite(weight) || weight <= 0 || weight > LIMITS.maxWeightKg || !inWeightSteps(weight)) {
    throw badRequest(
      `Please enter a valid weight: a number of kilograms above 0 and at most ${LIMITS.maxWeightKg}, in steps of ${WEIGHT_STEP_KG} kg.`,
    )
  }
  // Above every world record of the lift: no one lifts it, so it is refused rather than judged.
  if (liftType && weight > LIFT_MAX_KG[liftType]) {
    throw badRequest(
      `No one has lifted ${weight} kg in the ${LIFT_NAMES[liftType].toLowerCase()}: the most we take is ${LIFT_MAX_KG[liftType]} kg.`,
    )
  }
  const idText = fields.competition_id!.trim()
  const challengeId = /^\d{1,10}$/.test(idText) ? Number(idText) : NaN
  if (!Number.isSafeInteger(challengeId) || challengeId < 1 || challengeId > 2147483647)
    throw badRequest('competition_id must be a challenge id.')
  return { liftType, weight, challengeId }
}

/** A lift may be uploaded while the challenge runs, of a lift type it lists; answers the lift type. */
export function assertUploadable(
  challenge: { startDate: Date; endDate: Date; liftTypes: string[]; description: string },
  liftType: LiftType | undefined,
  now = new Date(),
): LiftType {
  const status = challengeStatus(challenge.startDate, challenge.endDate, now)
  if (status === 'completed') throw conflict('This challenge has ended')
  if (status === 'upcoming') throw conflict(NOT_STARTED)
  const allowed = challengeLiftTypes(challenge)
  if (!liftType || !allowed.includes(liftType)) throw badRequest(`lift_type must be ${orList(allowed)}: the lifts this challenge lists.`)
  return liftType
}

const isRankedLift = (lift: string): lift is RankedLift => (RANKED_LIFTS as readonly string[]).includes(lift)

/**
 * A lift no human of the lifter's sex and bodyweight has made (contract/plausibility.ts: the world
 * records, alone and as a total with the lifter's other lifts here) is refused before it is recorded.
 * Of the lifter's `otherLifts`, those decided good and those still awaiting judges count (a no lift
 * does not): three pending uploads each at its own record would otherwise make together a total no
 * one has made.
 */
export function assertPlausible(
  lifter: { gender: string; weightClass: string; bodyweight: number | null },
  liftType: LiftType,
  weight: number,
  otherLifts: readonly { liftType: string; weight: number; status: 'pending' | 'completed' | 'failed' }[],
): void {
  const bests: Partial<Record<RankedLift, number>> = {}
  for (const { liftType: lift, weight: kg, status } of otherLifts) {
    if (status !== 'failed' && isRankedLift(lift)) bests[lift] = Math.max(bests[lift] ?? 0, kg)
  }
  const sex = lifter.gender === 'F' ? 'F' : 'M'
  const problem = plausibilityProblem({ sex, weightClass: lifter.weightClass, bodyweight: lifter.bodyweight, liftType, weight, bests })
  if (problem) throw badRequest(problem)
}
