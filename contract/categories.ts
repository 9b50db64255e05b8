// A lifter's category in one challenge: the rules of class-sets.ts, divisions.ts and equipment.ts
// applied to a challenge (its lifts, class set, equipment offer and start) and a lifter (sex, date of
// birth, class, bodyweight). Pure, shared by the server that checks entries and the client that
// offers them; docs/categories.md says the flow.
import { classBandOf, classProblem, classesOf, type ClassSet } from './class-sets.ts'
import { divisionsFor, type Division, type DivisionSport } from './divisions.ts'
import { equipmentProblem, type Equipment, type EquipmentOffer } from './equipment.ts'
import type { Sex } from './formulas.ts'
import type { LiftType } from './lifts.ts'
import { bodyweightProblem } from './scoring.ts'

const WEIGHTLIFTING_LIFTS: readonly LiftType[] = ['snatch', 'clean_and_jerk']

/**
 * Whose age rules a challenge follows: the IWF's when every lift of its total is a weightlifting lift
 * (snatch, clean & jerk), else the IPF's (powerlifting, single powerlifts, mixes).
 */
export function divisionSportOf(totalLifts: readonly LiftType[]): DivisionSport {
  return totalLifts.length > 0 && totalLifts.every((l) => WEIGHTLIFTING_LIFTS.includes(l)) ? 'weightlifting' : 'powerlifting'
}

/** Whether a challenge has equipment divisions: powerlifting ones only (squat, bench press, deadlift; docs/categories.md). */
export function hasEquipment(totalLifts: readonly LiftType[]): boolean {
  return (
    totalLifts.length > 0 &&
    divisionSportOf(totalLifts) === 'powerlifting' &&
    totalLifts.every((l) => l === 'squat' || l === 'bench' || l === 'deadlift')
  )
}

/** The divisions of a lifter in a challenge (none without a date of birth): every one they rank in. */
export function lifterDivisions(totalLifts: readonly LiftType[], birthDate: string | null, meetDate: Date | string): Division[] {
  return birthDate ? divisionsFor(divisionSportOf(totalLifts), birthDate, meetDate) : []
}

/**
 * Why a lifter cannot enter this class of a set (one sentence naming the classes allowed), or null.
 * A class only some divisions may enter (IPF 53/43 kg) is open to a lifter in one of them.
 */
export function entryClassProblem(set: ClassSet, sex: Sex, weightClass: string, divisions: readonly Division[]): string | null {
  if (divisions.some((d) => classProblem(set, sex, weightClass, d) === null)) return null
  return classProblem(set, sex, weightClass, divisions.includes('open') ? 'open' : divisions[0])
}

/**
 * Why a bodyweight cannot be entered in a class of a set (one sentence), or null: 20–300 kg to two
 * decimals, and within the class's band as the set draws it for the lifter's sex.
 */
export function entryBodyweightProblem(
  set: ClassSet,
  sex: Sex,
  weightClass: string,
  bodyweight: number,
  divisions: readonly Division[],
): string | null {
  // The band may differ by division (the IPF's 47 kg starts over 43 kg among juniors, at 0 in the Open): one that fits is enough.
  const entered = divisions.filter((d) => classProblem(set, sex, weightClass, d) === null)
  const problems = (entered.length > 0 ? entered : [undefined]).map((d) =>
    bodyweightProblem(weightClass, bodyweight, classBandOf(set, sex, weightClass, d)),
  )
  return problems.includes(null) ? null : problems[0]!
}

/** Why an organiser's list of classes does not fit the set for the challenge's sex, or null (the young's classes may be listed). */
export function challengeClassesProblem(set: ClassSet, sex: Sex, weightClasses: readonly string[]): string | null {
  const allowed = classesOf(set, sex, 'junior')
  const wrong = weightClasses.find((c) => !allowed.includes(c))
  return wrong === undefined ? null : `weightclasses: ${classProblem(set, sex, wrong, 'junior')}`
}

/**
 * The equipment a lifter enters with, or the sentence refusing it: a challenge without equipment
 * divisions takes none; one that offers both takes what the lifter says, classic when they say nothing
 * (the spec's own client sends no equipment, and a lifter in plain kit is classic); else its own.
 */
export function entryEquipment(
  totalLifts: readonly LiftType[],
  offer: EquipmentOffer,
  stated: string | undefined,
): { equipment: Equipment } | { problem: string } {
  if (!hasEquipment(totalLifts)) {
    return stated === undefined
      ? { equipment: 'classic' }
      : { problem: 'equipment is for powerlifting challenges only (squat, bench press, deadlift): leave it out for this challenge.' }
  }
  const equipment = stated ?? (offer === 'both' ? 'classic' : offer)
  const problem = equipmentProblem(offer, equipment)
  return problem ? { problem } : { equipment: equipment as Equipment }
}
