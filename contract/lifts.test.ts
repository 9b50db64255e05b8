import { describe, expect, it } from 'vitest'
import { CHALLENGE_LIFT_TYPES, LIFT_NAMES, LIFT_TYPES, challengeLifts, normalizeLiftType } from './lifts.ts'

describe('lift type names', () => {
  it('makes every spelling clients use canonical', () => {
    const cases: Array<[string, string]> = [
      ['Squat', 'squat'],
      ['squat', 'squat'],
      ['Back Squat', 'squat'],
      ['Bench', 'bench'],
      ['Bench Press', 'bench'],
      ['bench press', 'bench'],
      ['BENCHPRESS', 'bench'],
      ['Deadlift', 'deadlift'],
      ['Clean & Jerk', 'clean_and_jerk'],
      ['clean&jerk', 'clean_and_jerk'],
      ['Clean and Jerk', 'clean_and_jerk'],
      ['CLEAN_AND_JERK', 'clean_and_jerk'],
      ['C&J', 'clean_and_jerk'],
      ['Snatch', 'snatch'],
      ['Power Clean', 'power_clean'],
      ['power-clean', 'power_clean'],
      ['Push Press', 'push_press'],
      ['Overhead Press', 'overhead_press'],
      ['OHP', 'overhead_press'],
      ['  snatch  ', 'snatch'],
    ]
    for (const [spelling, canonical] of cases) expect(normalizeLiftType(spelling), spelling).toBe(canonical)
    for (const unknown of ['curl', '', 'squat; drop table', 'bench_pressing', undefined, null])
      expect(normalizeLiftType(unknown), String(unknown)).toBeUndefined()
  })

  it('has one canonical name per challenge lift type, and back', () => {
    expect(CHALLENGE_LIFT_TYPES.map((name) => normalizeLiftType(name))).toEqual([...LIFT_TYPES])
    for (const type of LIFT_TYPES) expect(normalizeLiftType(LIFT_NAMES[type])).toBe(type)
  })

  it('gives the lifts a challenge lists, canonical and in order; a challenge listing none takes every lift', () => {
    expect(challengeLifts(['Snatch', 'Clean & Jerk'])).toEqual(['clean_and_jerk', 'snatch'])
    expect(challengeLifts(['Deadlift'])).toEqual(['deadlift'])
    expect(challengeLifts(['Bench Press', 'bench', 'Squat'])).toEqual(['squat', 'bench'])
    expect(challengeLifts([])).toEqual([...LIFT_TYPES])
    expect(challengeLifts(['Curls'])).toEqual([...LIFT_TYPES])
  })
})
