import { describe, expect, it } from 'vitest'
import { equipmentOffered, equipmentProblem } from './equipment.ts'
import { roundPoints, ipfGl } from './formulas.ts'
import { pointsFor } from './scoring.ts'

const SBD = ['squat', 'bench', 'deadlift'] as const

describe('equipment divisions', () => {
  it('a challenge offers classic, equipped or both', () => {
    expect(equipmentOffered('classic')).toEqual(['classic'])
    expect(equipmentOffered('equipped')).toEqual(['equipped'])
    expect(equipmentOffered('both')).toEqual(['classic', 'equipped'])
  })

  it('a lifter enters in an equipment the challenge offers, or is told which', () => {
    expect(equipmentProblem('classic', 'classic')).toBeNull()
    expect(equipmentProblem('both', 'equipped')).toBeNull()
    expect(equipmentProblem('classic', 'equipped')).toBe('equipment must be classic: this challenge is classic only.')
    expect(equipmentProblem('equipped', 'raw')).toBe('equipment must be equipped: this challenge is equipped only.')
    expect(equipmentProblem('both', 'wraps')).toBe(
      'equipment must be classic or equipped: this challenge ranks classic and equipped lifters apart.',
    )
  })
})

describe('IPF GL by equipment (IPF "IPF GL Coefficients", 2020)', () => {
  it('an equipped result is scored with the equipped coefficients: Inzarkin, 2019 World Open (equipped), 92.04 kg, 1035 kg → 112.85', () => {
    expect(pointsFor('ipf_gl', [...SBD], 'M', 92.04, 1035, 'equipped')).toBe(112.85)
    // With the classic coefficients the same result would read otherwise.
    expect(pointsFor('ipf_gl', [...SBD], 'M', 92.04, 1035, 'classic')).not.toBe(112.85)
  })

  it('classic stays the default (results scored before this change keep their points)', () => {
    expect(pointsFor('ipf_gl', [...SBD], 'M', 83, 600)).toBe(83.06)
    expect(pointsFor('ipf_gl', ['bench'], 'F', 70.5, 122.5)).toBe(96.78)
    expect(pointsFor('ipf_gl', ['bench'], 'F', 70.5, 122.5, 'equipped')).toBe(roundPoints(ipfGl('F', 70.5, 122.5, 'equipped', 'bench')))
  })

  it('equipment changes IPF GL only: the other formulas have one set of coefficients', () => {
    for (const formula of ['dots', 'wilks', 'wilks2020'] as const) {
      expect(pointsFor(formula, [...SBD], 'F', 63, 400, 'equipped')).toBe(pointsFor(formula, [...SBD], 'F', 63, 400, 'classic'))
    }
  })

  it('equipped coefficients give an equipped total fewer points than the same total lifted classic, for women and men', () => {
    for (const sex of ['M', 'F'] as const) {
      for (const event of ['full', 'bench'] as const) {
        expect(ipfGl(sex, 70, 300, 'equipped', event), `${sex} ${event}`).toBeLessThan(ipfGl(sex, 70, 300, 'classic', event))
      }
    }
  })
})
