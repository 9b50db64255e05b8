// Bodyweight classes per federation and sex, pure, for the server that checks entries and the client
// that offers them. docs/categories.md says where each list comes from. A class holds every
// bodyweight over the previous limit up to and including its own (the 59kg class: over 53 or 0 kg,
// up to 59.00 kg); the plus class (120kg+) everything over the last limit.
import { Literals, WEIGHT_CLASSES } from './common.ts'
import { divisionName, type Division } from './divisions.ts'
import type { Sex } from './formulas.ts'

/**
 * `spec`: the spec's one list (WEIGHT_CLASSES), for both sexes: its own client and open challenges.
 * `ipf`: the International Powerlifting Federation's classes. `iwf`: the International Weightlifting
 * Federation's categories of June 2025.
 */
export const CLASS_SETS = ['spec', 'ipf', 'iwf'] as const
export const ClassSet = Literals(CLASS_SETS, { description: 'Which bodyweight classes a challenge uses: spec (default), ipf or iwf.' })
export type ClassSet = (typeof CLASS_SETS)[number]
export const DEFAULT_CLASS_SET: ClassSet = 'spec'
export const CLASS_SET_NAMES: Record<ClassSet, string> = { spec: 'LiftArena', ipf: 'IPF', iwf: 'IWF' }

/** A lighter class than the set's first that only some divisions may enter (the IPF's 53 kg for sub-junior and junior men). */
interface RestrictedClass {
  readonly limit: number
  readonly divisions: readonly Division[]
}

/** One sex's classes in a set: the upper limits in kg, lightest first (the plus class lies above the last). */
interface Limits {
  readonly limits: readonly number[]
  readonly restricted?: RestrictedClass
}

const SUB_JUNIOR_AND_JUNIOR: readonly Division[] = ['sub_junior', 'junior']
const SPEC_LIMITS: readonly number[] = WEIGHT_CLASSES.filter((c) => !c.endsWith('+')).map((c) => Number.parseFloat(c))

const SETS: Readonly<Record<ClassSet, Readonly<Record<Sex, Limits>>>> = {
  spec: { M: { limits: SPEC_LIMITS }, F: { limits: SPEC_LIMITS } },
  // IPF Technical Rules Book, "Bodyweight categories": 53 kg (men) and 43 kg (women) are for
  // sub-juniors and juniors only.
  ipf: {
    M: { limits: [59, 66, 74, 83, 93, 105, 120], restricted: { limit: 53, divisions: SUB_JUNIOR_AND_JUNIOR } },
    F: { limits: [47, 52, 57, 63, 69, 76, 84], restricted: { limit: 43, divisions: SUB_JUNIOR_AND_JUNIOR } },
  },
  // IWF bodyweight categories for juniors and seniors in force from 1 June 2025 (the men's 98 kg of the
  // December 2024 announcement became 94 kg before they took effect): the IWF's world-records page lists
  // these (see contract/world-records.ts and docs/categories.md, which also says what changed after).
  iwf: {
    M: { limits: [60, 65, 71, 79, 88, 94, 110] },
    F: { limits: [48, 53, 58, 63, 69, 77, 86] },
  },
}

const label = (limit: number) => `${limit}kg`
const plusLabel = (limit: number) => `${limit}kg+`
const SEX_WORDS: Record<Sex, string> = { M: 'men', F: 'women' }

function limitsOf(set: ClassSet, sex: Sex, division?: Division): number[] {
  const { limits, restricted } = SETS[set][sex]
  return restricted && division !== undefined && restricted.divisions.includes(division) ? [restricted.limit, ...limits] : [...limits]
}

/**
 * The classes of a set for a sex, lightest first, labelled as today's ('59kg' … '120kg+'). A division
 * adds the classes only it may enter (IPF 53kg for sub-junior and junior men, 43kg for women).
 */
export function classesOf(set: ClassSet, sex: Sex, division?: Division): string[] {
  const limits = limitsOf(set, sex, division)
  return [...limits.map(label), plusLabel(limits.at(-1)!)]
}

/**
 * The class a bodyweight (kg) falls in: the first whose limit it does not exceed (59.00 is 59kg,
 * 59.01 is 66kg), the plus class above the last limit. Null for a bodyweight that is not a positive number.
 */
export function classFor(set: ClassSet, sex: Sex, bodyweight: number, division?: Division): string | null {
  if (!Number.isFinite(bodyweight) || bodyweight <= 0) return null
  const limits = limitsOf(set, sex, division)
  const limit = limits.find((l) => bodyweight <= l)
  return limit === undefined ? plusLabel(limits.at(-1)!) : label(limit)
}

/** A class's bodyweight band in a set: over `above` kg (0 for the lightest), up to `upTo` kg (null for the plus class). */
export function classBandOf(
  set: ClassSet,
  sex: Sex,
  weightClass: string,
  division?: Division,
): { above: number; upTo: number | null } | null {
  const classes = classesOf(set, sex, division)
  const index = classes.indexOf(weightClass)
  if (index < 0) return null
  const limits = limitsOf(set, sex, division)
  if (index === limits.length) return { above: limits.at(-1)!, upTo: null }
  return { above: index === 0 ? 0 : limits[index - 1]!, upTo: limits[index]! }
}

/**
 * Why a class cannot be entered in a set by a lifter of this sex (and division), one sentence naming
 * the classes that can; null when it can.
 */
export function classProblem(set: ClassSet, sex: Sex, weightClass: string, division?: Division): string | null {
  const allowed = classesOf(set, sex, division)
  if (allowed.includes(weightClass)) return null
  const choose = `choose one of ${allowed.join(', ')}.`
  const restricted = SETS[set][sex].restricted
  if (restricted && weightClass === label(restricted.limit)) {
    const who = restricted.divisions.map((d) => divisionName('powerlifting', d).toLowerCase()).join(' and ')
    return `The ${CLASS_SET_NAMES[set]} ${weightClass} class is for ${who} ${SEX_WORDS[sex]} only: ${choose}`
  }
  return `${JSON.stringify(weightClass)} is not one of the ${CLASS_SET_NAMES[set]} classes for ${SEX_WORDS[sex]}: ${choose}`
}
