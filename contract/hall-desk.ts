// The announcer's and marshal's desk (docs/hall-mode.md, "The desk"): the officials the organiser appoints per
// platform, the declarations and changes the desk records for any lifter of the flight, and the announcer's call.
// Weightlifting's rules are hall-rules.ts's (weightliftingChangeRefusal); powerlifting's are the IPF Technical Rules
// Book's round system ("Order of Competition"): the 2nd and 3rd attempts are given within one minute of the
// decision, and of them only the deadlift's third may be changed, twice, before the lifter is called.
import { Type, type Static } from 'typebox'
import { IdParam, Nullable } from './common.ts'
import { DECLARE_WITHIN_MS } from './hall-rules.ts'
import { HallOfficialView, HallPlatformView } from './hall.ts'
import type { LiftType } from './lifts.ts'
import { loadingStep, nextAttemptMinimum, ordinal, type RuleRefusal, type TakenAttempt } from './meet-rules.ts'

/** IPF: the deadlift's declared third attempt may be changed twice. */
export const DEADLIFT_THIRD_CHANGES = 2

/** PUT …/platforms/:platform/officials: the organiser appoints (a username) or removes (null) each official. */
export const OfficialsBody = Type.Object(
  {
    timekeeper: Nullable(Type.String({ minLength: 1, maxLength: 50 })),
    announcer: Nullable(Type.String({ minLength: 1, maxLength: 50 })),
  },
  { additionalProperties: false },
)
export type OfficialsBody = Static<typeof OfficialsBody>

export const OfficialsResponse = Type.Object({ officials: Type.Array(HallOfficialView) })
export type OfficialsResponse = Static<typeof OfficialsResponse>

/** POST …/platforms/:platform/declarations: the desk records a lifter's weight for their next attempt of a lift. */
export const DeskDeclarationBody = Type.Object(
  {
    user_id: IdParam,
    lift_type: Type.String({ minLength: 1, maxLength: 40 }),
    weight: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }),
  },
  { additionalProperties: false },
)
export type DeskDeclarationBody = Static<typeof DeskDeclarationBody>

export const DeskDeclarationResponse = Type.Object({
  declaration: Type.Object({
    user_id: Type.Integer(),
    lift_type: Type.String(),
    attempt_number: Type.Integer(),
    weight: Type.Number(),
    /** The changes this attempt has used at the desk. */
    changes: Type.Integer(),
  }),
  platform: HallPlatformView,
  server_time: Type.Number(),
})
export type DeskDeclarationResponse = Static<typeof DeskDeclarationResponse>

const kg = (weight: number): string => `${Number(weight.toFixed(2))} kg`
const WORD: Partial<Record<LiftType, string>> = {
  squat: 'squat',
  bench: 'bench press',
  deadlift: 'deadlift',
  snatch: 'snatch',
  clean_and_jerk: 'clean & jerk',
}
const liftWord = (lift: LiftType): string => WORD[lift] ?? lift
const invalid = (error: string): RuleRefusal => ({ kind: 'invalid', error })
const conflict = (error: string): RuleRefusal => ({ kind: 'conflict', error })

/** A powerlifter's attempt as the desk keeps it. */
export interface PowerliftingAttemptDesk {
  /** The weight declared (by the lifter or at the desk); null while only the default stands or nothing is given. */
  declared: number | null
  changes: number
  /** When the previous attempt was decided (server ms); null for an opener. */
  previousDecidedAt: number | null
}

/**
 * Why this weight may not be declared, or the declared weight changed, for a powerlifter's attempt; null when it
 * may. Openers may be changed until the flight's first call in the lift. The 2nd and 3rd attempts are given within
 * one minute of the previous decision (after it the default stands); once given, only the deadlift's third may be
 * changed, twice, and not once the lifter is called ("the bar is loaded"). The progression of the meet's rules applies.
 */
export function powerliftingChangeRefusal(input: {
  lift: LiftType
  attemptNumber: number
  taken: readonly TakenAttempt[]
  desk: PowerliftingAttemptDesk
  weight: number
  /** The flight's lift has had its first call. */
  liftStarted: boolean
  /** This attempt has been called to the platform. */
  called: boolean
  now: number
}): RuleRefusal | null {
  const { lift, attemptNumber, taken, desk, weight, liftStarted, called, now } = input
  const step = loadingStep(lift)
  if (!Number.isFinite(weight) || weight <= 0 || Math.abs(weight / step - Math.round(weight / step)) > 1e-9) {
    return invalid(`Give the weight in whole steps of ${kg(step)}.`)
  }
  const minimum = nextAttemptMinimum(lift, taken)
  if (minimum && weight < minimum.weight) return invalid(`The next attempt must be at least ${kg(minimum.weight)}: ${minimum.because}.`)
  if (called) return conflict('The lifter has been called and the bar is loaded: the weight can no longer be changed.')
  if (attemptNumber === 1) {
    return liftStarted ? conflict('The lift has started for this flight: openers can no longer be changed.') : null
  }
  if (desk.declared === null) {
    if (desk.previousDecidedAt === null || now - desk.previousDecidedAt <= DECLARE_WITHIN_MS) return null
    return conflict(`The minute to give the ${ordinal(attemptNumber)} attempt has passed: the default stands.`)
  }
  if (lift !== 'deadlift' || attemptNumber !== 3) {
    return conflict(
      `A declared ${ordinal(attemptNumber)} attempt in the ${liftWord(lift)} cannot be changed: only the deadlift's third can.`,
    )
  }
  if (desk.changes >= DEADLIFT_THIRD_CHANGES) {
    return conflict(`The deadlift's third attempt has used its ${DEADLIFT_THIRD_CHANGES} changes: the lifter lifts ${kg(desk.declared)}.`)
  }
  return null
}

/** What the announcer says when the lifter is called (IWF and IPF alike: name, weight, attempt; the bar is loaded). */
export function announcerCall(up: { name: string; weight: number; attempt_number: number }, lift: LiftType): string {
  return `${up.name}, ${ordinal(up.attempt_number)} ${liftWord(lift)} attempt, ${kg(up.weight)}: the bar is loaded.`
}
