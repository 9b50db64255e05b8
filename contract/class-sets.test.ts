import { describe, expect, it } from 'vitest'
import { CLASS_SETS, classBandOf, classesOf, classFor, classProblem, type ClassSet } from './class-sets.ts'
import { WEIGHT_CLASSES } from './common.ts'
import type { Division } from './divisions.ts'
import type { Sex } from './formulas.ts'

/** Each set's classes as the federations publish them, written out here so a changed list fails. */
const PUBLISHED: Record<ClassSet, Record<Sex, string[]>> = {
  spec: {
    M: ['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+'],
    F: ['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+'],
  },
  ipf: {
    M: ['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+'],
    F: ['47kg', '52kg', '57kg', '63kg', '69kg', '76kg', '84kg', '84kg+'],
  },
  iwf: {
    M: ['60kg', '65kg', '71kg', '79kg', '88kg', '94kg', '110kg', '110kg+'],
    F: ['48kg', '53kg', '58kg', '63kg', '69kg', '77kg', '86kg', '86kg+'],
  },
}
const SEXES: readonly Sex[] = ['M', 'F']

describe('class lists', () => {
  it('each set and sex lists the published classes, lightest first, labelled as today (59kg … 120kg+)', () => {
    for (const set of CLASS_SETS) for (const sex of SEXES) expect(classesOf(set, sex), `${set} ${sex}`).toEqual(PUBLISHED[set][sex])
  })

  it("spec is today's WEIGHT_CLASSES for both sexes", () => {
    for (const sex of SEXES) expect(classesOf('spec', sex)).toEqual([...WEIGHT_CLASSES])
  })

  it('IPF 53kg (men) and 43kg (women) exist for sub-juniors and juniors only', () => {
    for (const division of ['sub_junior', 'junior'] as Division[]) {
      expect(classesOf('ipf', 'M', division)).toEqual(['53kg', ...PUBLISHED.ipf.M])
      expect(classesOf('ipf', 'F', division)).toEqual(['43kg', ...PUBLISHED.ipf.F])
    }
    for (const division of [undefined, 'open', 'masters_1', 'masters_4'] as (Division | undefined)[]) {
      expect(classesOf('ipf', 'M', division)).toEqual(PUBLISHED.ipf.M)
      expect(classesOf('ipf', 'F', division)).toEqual(PUBLISHED.ipf.F)
    }
    // No other set has a restricted class: a division changes nothing there.
    for (const set of ['spec', 'iwf'] as ClassSet[])
      for (const sex of SEXES) expect(classesOf(set, sex, 'junior')).toEqual(PUBLISHED[set][sex])
  })
})

describe('classFor: up to and including each limit, the plus class above the last', () => {
  for (const set of CLASS_SETS) {
    for (const sex of SEXES) {
      it(`${set}, ${sex === 'M' ? 'men' : 'women'}: each side of each boundary`, () => {
        const classes = PUBLISHED[set][sex]
        const limits = classes.slice(0, -1).map((c) => Number.parseFloat(c))
        expect(classFor(set, sex, 20, 'open')).toBe(classes[0])
        limits.forEach((limit, i) => {
          expect(classFor(set, sex, limit - 0.01), `${limit - 0.01}`).toBe(classes[i])
          expect(classFor(set, sex, limit), `${limit}`).toBe(classes[i])
          expect(classFor(set, sex, Math.round((limit + 0.01) * 100) / 100), `${limit + 0.01}`).toBe(classes[i + 1])
        })
        expect(classFor(set, sex, 300)).toBe(classes.at(-1))
      })
    }
  }

  it("a 45 kg woman is in the IPF women's 47kg class (not the spec's 59kg); a 52.5 kg junior man in 53kg, in Open 59kg", () => {
    expect(classFor('ipf', 'F', 45)).toBe('47kg')
    expect(classFor('spec', 'F', 45)).toBe('59kg')
    expect(classFor('ipf', 'M', 52.5, 'junior')).toBe('53kg')
    expect(classFor('ipf', 'M', 53, 'sub_junior')).toBe('53kg')
    expect(classFor('ipf', 'M', 53.01, 'sub_junior')).toBe('59kg')
    expect(classFor('ipf', 'M', 52.5, 'open')).toBe('59kg')
    expect(classFor('ipf', 'F', 43, 'junior')).toBe('43kg')
    expect(classFor('ipf', 'F', 43.01, 'junior')).toBe('47kg')
    expect(classFor('ipf', 'F', 43, 'masters_1')).toBe('47kg')
  })

  it('IWF: 94.00 kg is 94kg and 94.01 kg is 110kg (the class reports gave as 98)', () => {
    expect(classFor('iwf', 'M', 94)).toBe('94kg')
    expect(classFor('iwf', 'M', 94.01)).toBe('110kg')
    expect(classFor('iwf', 'M', 96)).toBe('110kg')
  })

  it('no class for a bodyweight that is not a positive number', () => {
    for (const bodyweight of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(classFor('ipf', 'M', bodyweight)).toBeNull()
  })
})

describe('classBandOf', () => {
  it('gives each class its band: over the previous limit (0 for the lightest), up to its own (none for the plus class)', () => {
    expect(classBandOf('ipf', 'F', '47kg')).toEqual({ above: 0, upTo: 47 })
    expect(classBandOf('ipf', 'F', '63kg')).toEqual({ above: 57, upTo: 63 })
    expect(classBandOf('ipf', 'F', '84kg+')).toEqual({ above: 84, upTo: null })
    expect(classBandOf('ipf', 'M', '59kg', 'junior')).toEqual({ above: 53, upTo: 59 })
    expect(classBandOf('ipf', 'M', '53kg', 'junior')).toEqual({ above: 0, upTo: 53 })
    expect(classBandOf('iwf', 'M', '110kg+')).toEqual({ above: 110, upTo: null })
    expect(classBandOf('ipf', 'M', '53kg', 'open')).toBeNull()
    expect(classBandOf('iwf', 'F', '59kg')).toBeNull()
  })
})

describe('classProblem: a class of the set for that sex, or a sentence listing those that are', () => {
  it('accepts every published class of each set, for its sex', () => {
    for (const set of CLASS_SETS) for (const sex of SEXES) for (const c of PUBLISHED[set][sex]) expect(classProblem(set, sex, c)).toBeNull()
  })

  it("refuses another sex's class, another set's class and a made-up one, naming the classes allowed", () => {
    expect(classProblem('ipf', 'F', '59kg')).toBe(
      '"59kg" is not one of the IPF classes for women: choose one of 47kg, 52kg, 57kg, 63kg, 69kg, 76kg, 84kg, 84kg+.',
    )
    expect(classProblem('ipf', 'M', '47kg')).toBe(
      '"47kg" is not one of the IPF classes for men: choose one of 59kg, 66kg, 74kg, 83kg, 93kg, 105kg, 120kg, 120kg+.',
    )
    expect(classProblem('iwf', 'M', '98kg')).toBe(
      '"98kg" is not one of the IWF classes for men: choose one of 60kg, 65kg, 71kg, 79kg, 88kg, 94kg, 110kg, 110kg+.',
    )
    expect(classProblem('iwf', 'F', '63kg+')).toMatch(/^"63kg\+" is not one of the IWF classes for women: choose one of 48kg, /)
    expect(classProblem('spec', 'F', '47kg')).toBe(
      '"47kg" is not one of the LiftArena classes for women: choose one of 59kg, 66kg, 74kg, 83kg, 93kg, 105kg, 120kg, 120kg+.',
    )
    expect(classProblem('ipf', 'M', '84kg+')).toMatch(/not one of the IPF classes for men/)
  })

  it('53kg and 43kg: for sub-juniors and juniors; others are told so', () => {
    expect(classProblem('ipf', 'M', '53kg', 'junior')).toBeNull()
    expect(classProblem('ipf', 'F', '43kg', 'sub_junior')).toBeNull()
    expect(classProblem('ipf', 'M', '53kg', 'open')).toBe(
      'The IPF 53kg class is for sub-junior and junior men only: choose one of 59kg, 66kg, 74kg, 83kg, 93kg, 105kg, 120kg, 120kg+.',
    )
    expect(classProblem('ipf', 'F', '43kg')).toBe(
      'The IPF 43kg class is for sub-junior and junior women only: choose one of 47kg, 52kg, 57kg, 63kg, 69kg, 76kg, 84kg, 84kg+.',
    )
    expect(classProblem('ipf', 'M', '43kg', 'junior')).toMatch(/^"43kg" is not one of the IPF classes for men: choose one of 53kg, 59kg/)
  })
})
