import { describe, expect, it } from 'vitest'
import {
  challengeClassesProblem,
  divisionSportOf,
  entryBodyweightProblem,
  entryClassProblem,
  entryEquipment,
  hasEquipment,
  lifterDivisions,
} from './categories.ts'

describe('a challenge and a lifter in categories (docs/categories.md)', () => {
  it('follows the IWF for snatch and clean & jerk, the IPF otherwise; equipment for powerlifts only', () => {
    expect(divisionSportOf(['snatch', 'clean_and_jerk'])).toBe('weightlifting')
    expect(divisionSportOf(['squat', 'bench', 'deadlift'])).toBe('powerlifting')
    expect(hasEquipment(['bench'])).toBe(true)
    expect(hasEquipment(['snatch'])).toBe(false)
    expect(hasEquipment(['squat', 'snatch'])).toBe(false)
  })

  it("lists a lifter's divisions at the meet's date, none without a date of birth", () => {
    expect(lifterDivisions(['squat', 'bench', 'deadlift'], '2006-12-31', '2026-03-01')).toEqual(['junior', 'open'])
    expect(lifterDivisions(['snatch', 'clean_and_jerk'], '1985-06-01', '2026-03-01')).toEqual(['senior', 'masters_40'])
    expect(lifterDivisions(['squat'], null, '2026-03-01')).toEqual([])
  })

  it("opens the young's classes to the young only, and draws a class's band by the set", () => {
    expect(entryClassProblem('ipf', 'F', '43kg', ['junior', 'open'])).toBeNull()
    expect(entryClassProblem('ipf', 'F', '43kg', ['open'])).toMatch(/^The IPF 43kg class is for sub-junior and junior women only/)
    expect(entryClassProblem('ipf', 'F', '43kg', [])).toMatch(/^The IPF 43kg class is for sub-junior and junior women only/)
    expect(entryClassProblem('iwf', 'M', '94kg', [])).toBeNull()
    expect(entryClassProblem('iwf', 'M', '98kg', [])).toMatch(/^"98kg" is not one of the IWF classes for men: choose one of 60kg/)
    expect(entryBodyweightProblem('ipf', 'F', '47kg', 45, ['open'])).toBeNull()
    expect(entryBodyweightProblem('ipf', 'F', '47kg', 47, ['open'])).toBeNull()
    expect(entryBodyweightProblem('ipf', 'F', '47kg', 47.01, ['open'])).toMatch(/not in the 47kg class \(up to 47 kg\)/)
    // Among juniors the 47 kg class starts over 43 kg; a junior of 42 kg belongs in 43kg.
    expect(entryBodyweightProblem('ipf', 'F', '47kg', 42, ['junior', 'open'])).toBeNull()
    expect(entryBodyweightProblem('ipf', 'F', '43kg', 42, ['junior', 'open'])).toBeNull()
    expect(entryBodyweightProblem('ipf', 'M', '120kg+', 120, [])).toMatch(/over 120 kg/)
    expect(entryBodyweightProblem('ipf', 'M', '120kg+', 19.5, [])).toMatch(/^bodyweight must be a number of kg from 20 to 300/)
  })

  it("checks an organiser's classes against the set for the challenge's sex", () => {
    expect(challengeClassesProblem('ipf', 'F', ['43kg', '47kg', '84kg+'])).toBeNull()
    expect(challengeClassesProblem('ipf', 'M', ['47kg'])).toMatch(/^weightclasses: "47kg" is not one of the IPF classes for men/)
    expect(challengeClassesProblem('spec', 'F', ['59kg'])).toBeNull()
  })

  it('takes the equipment a challenge offers', () => {
    const pl = ['squat', 'bench', 'deadlift'] as const
    expect(entryEquipment(pl, 'classic', undefined)).toEqual({ equipment: 'classic' })
    expect(entryEquipment(pl, 'equipped', undefined)).toEqual({ equipment: 'equipped' })
    expect(entryEquipment(pl, 'both', undefined)).toEqual({ equipment: 'classic' })
    expect(entryEquipment(pl, 'both', 'raw')).toEqual({
      problem: 'equipment must be classic or equipped: this challenge ranks classic and equipped lifters apart.',
    })
    expect(entryEquipment(pl, 'both', 'equipped')).toEqual({ equipment: 'equipped' })
    expect(entryEquipment(pl, 'classic', 'equipped')).toEqual({ problem: 'equipment must be classic: this challenge is classic only.' })
    expect(entryEquipment(['snatch', 'clean_and_jerk'], 'classic', 'classic')).toHaveProperty('problem')
  })
})
