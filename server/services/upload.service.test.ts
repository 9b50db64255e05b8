import { describe, expect, it } from 'vitest'
import { Refusal, statusOf } from '../errors.ts'
import { NOT_STARTED, assertPlausible, assertUploadable, hasRequiredFields, parseUploadFields } from './upload.service.ts'

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof Refusal) return { status: statusOf(error), error: error.message }
    throw error
  }
  return null
}

describe('upload fields', () => {
  it('reads the lift in any spelling, the weight and the challenge id', () => {
    expect(parseUploadFields({ lift_type: 'Bench Press', weight: ' 102.5 ', competition_id: '7' })).toEqual({
      liftType: 'bench',
      weight: 102.5,
      challengeId: 7,
    })
    expect(parseUploadFields({ lift_type: 'curl', weight: '50', competition_id: '7' }).liftType).toBeUndefined()
  })

  it('names what is missing or wrong', () => {
    expect(refusal(() => parseUploadFields({ lift_type: 'squat' }))).toEqual({
      status: 400,
      error: 'Please fill in all fields: weight, competition_id are missing.',
    })
    for (const weight of ['0', '-5', 'heavy', '1e3', '1000.5', 'NaN'])
      expect(refusal(() => parseUploadFields({ lift_type: 'squat', weight, competition_id: '1' }))?.error, weight).toMatch(/valid weight/)
    // Between two steps of 0.5 kg: no barbell weighs it (before: both were recorded).
    for (const weight of ['0.0001', '600.0000000000001', '100.25', '102.4']) {
      expect(
        refusal(() => parseUploadFields({ lift_type: 'squat', weight, competition_id: '1' })),
        weight,
      ).toEqual({ status: 400, error: 'Please enter a valid weight: a number of kilograms above 0 and at most 1000, in steps of 0.5 kg.' })
    }
    for (const weight of ['0.5', '102.5', '102.50', '600', '600.0'])
      expect(parseUploadFields({ lift_type: 'squat', weight, competition_id: '1' }).weight, weight).toBe(Number(weight))
    for (const id of ['abc', '0', '99999999999', '1.5'])
      expect(refusal(() => parseUploadFields({ lift_type: 'squat', weight: '100', competition_id: id }))?.error, id).toBe(
        'competition_id must be a challenge id.',
      )
    // Above every world record of the lift: refused, per lift.
    expect(refusal(() => parseUploadFields({ lift_type: 'deadlift', weight: '999', competition_id: '1' }))).toEqual({
      status: 400,
      error: 'No one has lifted 999 kg in the deadlift: the most we take is 650 kg.',
    })
    expect(refusal(() => parseUploadFields({ lift_type: 'snatch', weight: '320', competition_id: '1' }))?.error).toBe(
      'No one has lifted 320 kg in the snatch: the most we take is 300 kg.',
    )
    expect(parseUploadFields({ lift_type: 'deadlift', weight: '650', competition_id: '1' }).weight).toBe(650)
    expect(hasRequiredFields({ lift_type: 'squat', weight: '100' })).toBe(false)
    expect(hasRequiredFields({ lift_type: 'squat', weight: '100', competition_id: ' ' })).toBe(false)
    expect(hasRequiredFields({ lift_type: 'squat', weight: '100', competition_id: '3' })).toBe(true)
  })
})

describe('whether a lift may be uploaded', () => {
  const now = new Date('2026-06-10T12:00:00Z')
  const challenge = {
    startDate: new Date('2026-06-01'),
    endDate: new Date('2026-06-20'),
    liftTypes: ['Snatch', 'Clean & Jerk'],
    description: '',
  }

  it('only while the challenge runs, and only a lift it lists', () => {
    expect(assertUploadable(challenge, 'snatch', now)).toBe('snatch')
    expect(refusal(() => assertUploadable({ ...challenge, startDate: new Date('2026-06-11') }, 'snatch', now))).toEqual({
      status: 409,
      error: NOT_STARTED,
    })
    expect(refusal(() => assertUploadable({ ...challenge, endDate: new Date('2026-06-09') }, 'snatch', now))).toEqual({
      status: 409,
      error: 'This challenge has ended',
    })
    expect(refusal(() => assertUploadable(challenge, 'squat', now))).toEqual({
      status: 400,
      error: 'lift_type must be clean_and_jerk or snatch: the lifts this challenge lists.',
    })
    expect(refusal(() => assertUploadable(challenge, undefined, now))?.status).toBe(400)
    // A challenge that lists no lift types takes every lift.
    expect(assertUploadable({ ...challenge, liftTypes: [] }, 'overhead_press', now)).toBe('overhead_press')
  })
})

describe('a lift no one has made', () => {
  const lifter = { gender: 'M', weightClass: '93kg', bodyweight: 92 }
  const squat = { liftType: 'squat', weight: 485 }
  const bench = { liftType: 'bench', weight: 405 }

  it('adds up with the lifts decided good and those awaiting judges, not with a no lift', () => {
    // Each alone is under its record; together with a 410 kg deadlift they make 1300 kg, over the 93 kg class's total record.
    expect(
      refusal(() =>
        assertPlausible(lifter, 'deadlift', 410, [
          { ...squat, status: 'completed' },
          { ...bench, status: 'pending' },
        ]),
      ),
    ).toMatchObject({
      status: 400,
      error: expect.stringMatching(
        /^A 1300 kg total \(this 410 kg deadlift with your best squat 485 kg and bench press 405 kg\) is above the world record total/,
      ),
    })
    expect(
      refusal(() =>
        assertPlausible(lifter, 'deadlift', 410, [
          { ...squat, status: 'failed' },
          { ...bench, status: 'pending' },
        ]),
      ),
    ).toBeNull()
    expect(
      refusal(() =>
        assertPlausible(lifter, 'deadlift', 410, [
          { ...squat, status: 'completed' },
          { ...bench, status: 'failed' },
        ]),
      ),
    ).toBeNull()
  })
})
