// What the leaderboard's category filters offer (docs/categories.md): the classes of the class set
// and sex chosen (the spec's one list when no set is), the age divisions of the sport chosen (both
// sports' when none: the IPF's, then the IWF's, 'Junior' once), and equipment for powerlifting. Pure.
import {
  CLASS_SETS,
  DIVISIONS,
  WEIGHT_CLASSES,
  classOrder,
  classesOf,
  divisionName,
  type ClassSet,
  type Division,
  type SportFamily,
} from '../../../lib/contract.ts'

export const isClassSet = (value: string): value is ClassSet => (CLASS_SETS as readonly string[]).includes(value)

/** The classes a class filter offers, lightest first: a set's for the sex chosen (both sexes' merged when none). */
export function classOptions(classSet: ClassSet | '', gender: string): string[] {
  if (!classSet) return [...WEIGHT_CLASSES]
  const sexes: ('M' | 'F')[] = gender === 'M' || gender === 'F' ? [gender] : ['F', 'M']
  return [...new Set(sexes.flatMap((sex) => classesOf(classSet, sex, 'junior')))].sort(classOrder)
}

/** The divisions a division filter offers for a sport, youngest first, each with its name. */
export function divisionOptions(sport: SportFamily | ''): { value: Division; label: string }[] {
  const sports = sport ? [sport] : (['powerlifting', 'weightlifting'] as const)
  const seen = new Set<Division>()
  const options: { value: Division; label: string }[] = []
  for (const s of sports) {
    for (const d of DIVISIONS[s]) {
      if (seen.has(d)) continue
      seen.add(d)
      options.push({
        value: d,
        label: sport ? divisionName(s, d) : `${divisionName(s, d)}${d === 'junior' ? '' : s === 'powerlifting' ? ' (IPF)' : ' (IWF)'}`,
      })
    }
  }
  return options
}

/** Equipment divisions are powerlifting's: offered unless the sport filter is weightlifting. */
export const offersEquipmentFilter = (sport: SportFamily | '') => sport !== 'weightlifting'
