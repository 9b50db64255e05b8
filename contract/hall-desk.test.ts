// The desk's powerlifting rule (IPF Technical Rules Book, the round system) and the announcer's call, pinned.
import { describe, expect, it } from 'vitest'
import { announcerCall, powerliftingChangeRefusal } from './hall-desk.ts'

const T0 = 1_000_000
const base = {
  taken: [] as { weight: number; result: 'good' | 'no_lift' }[],
  desk: { declared: null as number | null, changes: 0, previousDecidedAt: null as number | null },
  liftStarted: false,
  called: false,
  now: T0,
}

describe('powerlifting changes at the desk (IPF round system)', () => {
  it('lets openers change until the flight starts the lift, in 2.5 kg steps', () => {
    expect(
      powerliftingChangeRefusal({ ...base, lift: 'squat', attemptNumber: 1, weight: 200, desk: { ...base.desk, declared: 190 } }),
    ).toBeNull()
    expect(powerliftingChangeRefusal({ ...base, lift: 'squat', attemptNumber: 1, weight: 201 })?.error).toBe(
      'Give the weight in whole steps of 2.5 kg.',
    )
    expect(
      powerliftingChangeRefusal({
        ...base,
        lift: 'squat',
        attemptNumber: 1,
        weight: 200,
        desk: { ...base.desk, declared: 190 },
        liftStarted: true,
      }),
    ).toEqual({ kind: 'conflict', error: 'The lift has started for this flight: openers can no longer be changed.' })
  })

  it('takes the 2nd attempt within one minute of the decision, then the default stands', () => {
    const after = {
      ...base,
      lift: 'bench' as const,
      attemptNumber: 2,
      taken: [{ weight: 100, result: 'good' as const }],
      liftStarted: true,
    }
    const decided = { ...base.desk, previousDecidedAt: T0 - 60_000 }
    expect(powerliftingChangeRefusal({ ...after, weight: 105, desk: decided })).toBeNull()
    expect(powerliftingChangeRefusal({ ...after, weight: 105, desk: { ...decided, previousDecidedAt: T0 - 60_001 } })).toEqual({
      kind: 'conflict',
      error: 'The minute to give the second attempt has passed: the default stands.',
    })
    // Below the good first attempt: the progression refuses it.
    expect(powerliftingChangeRefusal({ ...after, weight: 97.5, desk: decided })?.kind).toBe('invalid')
  })

  it('never changes a declared squat or bench 2nd/3rd; the deadlift third changes twice, before the call', () => {
    const declared = { declared: 110, changes: 0, previousDecidedAt: T0 - 10_000 }
    const squat3 = {
      ...base,
      lift: 'squat' as const,
      attemptNumber: 3,
      taken: [
        { weight: 100, result: 'good' as const },
        { weight: 105, result: 'good' as const },
      ],
      liftStarted: true,
    }
    expect(powerliftingChangeRefusal({ ...squat3, weight: 112.5, desk: declared })).toEqual({
      kind: 'conflict',
      error: "A declared third attempt in the squat cannot be changed: only the deadlift's third can.",
    })
    expect(powerliftingChangeRefusal({ ...squat3, lift: 'bench', attemptNumber: 2, weight: 112.5, desk: declared })?.error).toBe(
      "A declared second attempt in the bench press cannot be changed: only the deadlift's third can.",
    )
    const dead3 = { ...squat3, lift: 'deadlift' as const }
    expect(powerliftingChangeRefusal({ ...dead3, weight: 107.5, desk: declared })).toBeNull() // down is allowed
    expect(powerliftingChangeRefusal({ ...dead3, weight: 115, desk: { ...declared, changes: 1 } })).toBeNull()
    expect(powerliftingChangeRefusal({ ...dead3, weight: 115, desk: { ...declared, changes: 2 } })).toEqual({
      kind: 'conflict',
      error: "The deadlift's third attempt has used its 2 changes: the lifter lifts 110 kg.",
    })
    expect(powerliftingChangeRefusal({ ...dead3, weight: 115, desk: declared, called: true })).toEqual({
      kind: 'conflict',
      error: 'The lifter has been called and the bar is loaded: the weight can no longer be changed.',
    })
  })
})

describe("the announcer's call", () => {
  it('says name, attempt, weight and that the bar is loaded', () => {
    expect(announcerCall({ name: 'Ivy Ng', weight: 122.5, attempt_number: 2 }, 'bench')).toBe(
      'Ivy Ng, second bench press attempt, 122.5 kg: the bar is loaded.',
    )
    expect(announcerCall({ name: 'Kim', weight: 81, attempt_number: 1 }, 'clean_and_jerk')).toBe(
      'Kim, first clean & jerk attempt, 81 kg: the bar is loaded.',
    )
  })
})
