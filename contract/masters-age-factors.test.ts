import { describe, expect, it } from 'vitest'
import { roundPoints, sinclair, type Sex } from './formulas.ts'
import { MASTERS_FACTOR_LAST_AGE, mastersAgeFactor, sinclairMeltzerFaber } from './masters-age-factors.ts'

describe('published values: IWF Masters Age Factors 2019', () => {
  it('SMF (men) at the start of each masters band and at 30 and 90', () => {
    const men: [number, number][] = [
      [30, 1.0],
      [35, 1.072],
      [40, 1.135],
      [45, 1.203],
      [50, 1.279],
      [55, 1.385],
      [60, 1.514],
      [65, 1.663],
      [70, 1.867],
      [75, 2.117],
      [80, 2.504],
      [85, 3.153],
      [90, 4.493],
    ]
    for (const [age, factor] of men) expect(mastersAgeFactor('M', age), `M ${age}`).toBe(factor)
  })

  it('SMHF (women) at the start of each masters band and at 30 and 80', () => {
    const women: [number, number][] = [
      [30, 1.0],
      [35, 1.072],
      [40, 1.138],
      [45, 1.223],
      [50, 1.34],
      [55, 1.507],
      [60, 1.705],
      [65, 1.873],
      [70, 2.077],
      [75, 2.327],
      [80, 2.714],
    ]
    for (const [age, factor] of women) expect(mastersAgeFactor('F', age), `F ${age}`).toBe(factor)
  })

  it("the two tables part from 36 on (men 1.083, women 1.084) and women's factors stay higher", () => {
    expect(mastersAgeFactor('M', 36)).toBe(1.083)
    expect(mastersAgeFactor('F', 36)).toBe(1.084)
    for (let age = 36; age <= 80; age++) expect(mastersAgeFactor('F', age)!, String(age)).toBeGreaterThan(mastersAgeFactor('M', age)!)
  })

  it('each table rises with every year of age', () => {
    for (const sex of ['M', 'F'] as Sex[]) {
      for (let age = 31; age <= MASTERS_FACTOR_LAST_AGE[sex]; age++) {
        expect(mastersAgeFactor(sex, age)!, `${sex} ${age}`).toBeGreaterThan(mastersAgeFactor(sex, age - 1)!)
      }
    }
  })
})

describe('ages outside the tables', () => {
  it('1 up to 30; the last published factor past 90 (men) and 80 (women)', () => {
    for (const sex of ['M', 'F'] as Sex[]) for (const age of [0, 14, 25, 30]) expect(mastersAgeFactor(sex, age)).toBe(1)
    expect(MASTERS_FACTOR_LAST_AGE).toEqual({ M: 90, F: 80 })
    expect(mastersAgeFactor('M', 91)).toBe(4.493)
    expect(mastersAgeFactor('M', 104)).toBe(4.493)
    expect(mastersAgeFactor('F', 81)).toBe(2.714)
  })

  it('no factor for an age that is not a whole number of years', () => {
    for (const age of [-1, 40.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(mastersAgeFactor('M', age)).toBeNull()
  })
})

describe('Sinclair–Meltzer–Faber points', () => {
  it('are the Sinclair total times the age factor', () => {
    // A 60-year-old man, 81.5 kg, 200 kg total: Sinclair 2025–2028 × 1.514.
    expect(sinclairMeltzerFaber('M', 81.5, 200, 60)).toBeCloseTo(sinclair('M', 81.5, 200) * 1.514, 9)
    expect(roundPoints(sinclairMeltzerFaber('M', 81.5, 300, 30))).toBe(384.6) // 1.000 at 30: the Sinclair pin of formulas.test.ts
    expect(sinclairMeltzerFaber('F', 63, 150, 50, '2021-2024')).toBeCloseTo(sinclair('F', 63, 150, '2021-2024') * 1.34, 9)
  })

  it('no points without a total, a bodyweight or a possible age', () => {
    expect(sinclairMeltzerFaber('M', 81.5, 0, 60)).toBe(0)
    expect(sinclairMeltzerFaber('M', 0, 200, 60)).toBe(0)
    expect(sinclairMeltzerFaber('M', 81.5, 200, -3)).toBe(0)
  })
})
