// What the join panel offers a lifter in a challenge's categories (docs/categories.md): the classes of
// the challenge's set for its sex (the lifter's: a challenge is for one sex, and the server refuses the
// other), only those the lifter's divisions may enter when their date of birth is known (the IPF's
// 43/53 kg are for sub-juniors and juniors), and the equipment divisions it offers. Pure.
import type { Challenge } from '../../../lib/challenge.ts'
import {
  classesOf,
  entryBodyweightProblem,
  entryClassProblem,
  lifterDivisions,
  type Division,
  type Equipment,
} from '../../../lib/contract.ts'
import { readBodyweight } from './bodyweight.ts'

type JoinChallenge = Pick<Challenge, 'weightClasses' | 'classSet' | 'gender' | 'totalLifts' | 'date' | 'equipment'>

/** The divisions the lifter would rank in at this challenge's start; empty without a date of birth. */
export const joinDivisions = (challenge: JoinChallenge, birthDate: string | null | undefined): Division[] =>
  lifterDivisions(challenge.totalLifts, birthDate ?? null, challenge.date)

/**
 * The classes the lifter may pick: the organiser's (else every class of the set for the challenge's
 * sex, the young's too), less those the lifter's divisions may not enter when they are known.
 */
export function joinClasses(challenge: JoinChallenge, divisions: readonly Division[]): string[] {
  const listed = challenge.weightClasses.length > 0 ? challenge.weightClasses : classesOf(challenge.classSet, challenge.gender, 'junior')
  if (divisions.length === 0) return listed
  return listed.filter((c) => entryClassProblem(challenge.classSet, challenge.gender, c, divisions) === null)
}

/** The equipment the lifter chooses between: both only when the challenge ranks classic and equipped apart. */
export const joinEquipmentChoices = (challenge: Pick<Challenge, 'equipment'>): Equipment[] =>
  challenge.equipment === 'both' ? ['classic', 'equipped'] : []

/**
 * The bodyweight field read against the class as the challenge's set draws it (the spec's bands for
 * its own list): empty, a weight the class takes, or the shared contract's sentence.
 */
export function readJoinBodyweight(
  text: string,
  challenge: JoinChallenge,
  weightClass: string,
  divisions: readonly Division[],
): { kg: number | null; problem: string | null } {
  if (challenge.classSet === 'spec') return readBodyweight(text, weightClass)
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return { kg: null, problem: null }
  const kg = Number(trimmed)
  const problem = entryBodyweightProblem(challenge.classSet, challenge.gender, weightClass, kg, divisions.length > 0 ? divisions : ['open'])
  return problem ? { kg: null, problem } : { kg, problem: null }
}
