import { describe, expect, it } from 'vitest'
import { challengeLifts } from './lifts.ts'
import { bodyweightProblem, fittingFormulas, pointsFor, pointsFormula, scoringOf } from './scoring.ts'

describe("a challenge's scoring", () => {
  it('its lifts decide the sport and which lifts make the total', () => {
    expect(scoringOf(challengeLifts(['Squat', 'Bench Press', 'Deadlift']))).toEqual({
      sport: 'powerlifting',
      total_lifts: ['squat', 'bench', 'deadlift'],
    })
    expect(scoringOf(challengeLifts(['Clean & Jerk', 'Snatch']))).toEqual({
      sport: 'weightlifting',
      total_lifts: ['snatch', 'clean_and_jerk'],
    })
    expect(scoringOf(challengeLifts(['Deadlift']))).toEqual({ sport: 'single_lift', total_lifts: ['deadlift'] })
    expect(scoringOf(challengeLifts(['Squat', 'Bench Press']))).toEqual({ sport: 'mixed', total_lifts: ['squat', 'bench'] })
    // None listed means every lift: the three powerlifts make the total, the others are extras.
    expect(scoringOf(challengeLifts([])).sport).toBe('powerlifting')
  })

  it('formulas fit the totals they were made for; results show DOTS for powerlifting and Sinclair for weightlifting', () => {
    expect(fittingFormulas(['squat', 'bench', 'deadlift'])).toEqual(['dots', 'ipf_gl', 'wilks', 'wilks2020'])
    expect(fittingFormulas(['snatch', 'clean_and_jerk'])).toEqual(['sinclair'])
    expect(fittingFormulas(['bench'])).toEqual(['dots', 'ipf_gl', 'wilks', 'wilks2020'])
    expect(fittingFormulas(['deadlift'])).toEqual(['dots', 'wilks', 'wilks2020'])
    expect(fittingFormulas(['squat', 'bench'])).toEqual([])
    expect(pointsFormula('class', ['squat', 'bench', 'deadlift'])).toBe('dots')
    expect(pointsFormula('class', ['snatch', 'clean_and_jerk'])).toBe('sinclair')
    expect(pointsFormula('ipf_gl', ['squat', 'bench', 'deadlift'])).toBe('ipf_gl')
    expect(pointsFormula('class', ['push_press'])).toBeNull()
  })

  it('points: two decimals, IPF GL classic (bench-only coefficients for a bench challenge), none without a bodyweight or a fitting total', () => {
    expect(pointsFor('dots', ['squat', 'bench', 'deadlift'], 'F', 63, 400)).toBe(430.21)
    expect(pointsFor('ipf_gl', ['squat', 'bench', 'deadlift'], 'M', 83, 600)).toBe(83.06)
    expect(pointsFor('ipf_gl', ['bench'], 'F', 70.5, 122.5)).toBe(96.78)
    expect(pointsFor('sinclair', ['snatch', 'clean_and_jerk'], 'M', 81.5, 300)).toBe(384.6)
    expect(pointsFor('dots', ['squat', 'bench', 'deadlift'], 'M', null, 600)).toBeNull()
    expect(pointsFor('dots', ['squat', 'bench', 'deadlift'], 'M', 83, null)).toBeNull()
    expect(pointsFor('sinclair', ['squat', 'bench', 'deadlift'], 'M', 83, 600)).toBeNull()
  })

  it("a bodyweight is a person's and in the chosen class's band", () => {
    expect(bodyweightProblem('83kg', 82.9)).toBeNull()
    expect(bodyweightProblem('83kg', 83)).toBeNull()
    expect(bodyweightProblem('83kg', 95)).toBe(
      'A lifter of 95 kg is not in the 83kg class (over 74 kg, up to 83 kg): choose the class your bodyweight is in.',
    )
    expect(bodyweightProblem('83kg', 74)).toMatch(/not in the 83kg class/)
    expect(bodyweightProblem('59kg', 48)).toBeNull()
    expect(bodyweightProblem('120kg+', 160)).toBeNull()
    expect(bodyweightProblem('120kg+', 119)).toBe(
      'A lifter of 119 kg is not in the 120kg+ class (over 120 kg): choose the class your bodyweight is in.',
    )
    expect(bodyweightProblem('83kg', 0)).toBe(
      "bodyweight must be a number of kg from 20 to 300, to at most two decimals (a scale's 0.01 kg).",
    )
    expect(bodyweightProblem('120kg+', 450)).toMatch(/from 20 to 300/)
  })

  it('takes a bodyweight as a scale reads it, to 0.01 kg (before: 82.0001 and 82.123456789 were taken)', () => {
    for (const kg of [82, 82.5, 82.45, 80.95, 83, 74.01]) expect(bodyweightProblem('83kg', kg), String(kg)).toBeNull()
    for (const kg of [82.0001, 82.123456789, 82.005, 82.999])
      expect(bodyweightProblem('83kg', kg), String(kg)).toMatch(/to at most two decimals/)
  })
})
