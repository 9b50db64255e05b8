import { describe, expect, it } from 'vitest'
import { dots, ipfGl, roundPoints, sinclair, wilks, wilks2020, type GlEquipment, type GlEvent, type Sex } from './formulas.ts'

const SEXES: readonly Sex[] = ['M', 'F']
/** Every formula as (sex, bodyweight, total) → points. */
const FORMULAS: Record<string, (sex: Sex, bodyweight: number, total: number) => number> = {
  dots,
  'ipfGl classic full': (sex, bw, total) => ipfGl(sex, bw, total, 'classic', 'full'),
  'ipfGl equipped bench': (sex, bw, total) => ipfGl(sex, bw, total, 'equipped', 'bench'),
  wilks,
  wilks2020,
  'sinclair 2025-2028': (sex, bw, total) => sinclair(sex, bw, total),
  'sinclair 2021-2024': (sex, bw, total) => sinclair(sex, bw, total, '2021-2024'),
}

describe('published values (rounded as results show them)', () => {
  it('DOTS', () => {
    expect(roundPoints(dots('M', 83, 600))).toBe(405.05)
    expect(roundPoints(dots('F', 63, 400))).toBe(430.21)
  })

  it('IPF GL', () => {
    // Dmitry Inzarkin, 2019 IPF World Open (equipped) Championships.
    expect(roundPoints(ipfGl('M', 92.04, 1035, 'equipped', 'full'))).toBe(112.85)
    expect(roundPoints(ipfGl('M', 83, 600, 'classic', 'full'))).toBe(83.06)
    // Susanna Törrönen (a woman), 2019 World Open Classic Bench Press Championships.
    expect(roundPoints(ipfGl('F', 70.5, 122.5, 'classic', 'bench'))).toBe(96.78)
  })

  it('Wilks (original)', () => {
    expect(roundPoints(wilks('M', 100, 1000))).toBe(608.59)
    // OpenPowerlifting's tests (values of its earlier Python implementation): women 60 kg / 500 kg → 557.4434.
    expect(roundPoints(wilks('F', 60, 500))).toBe(557.44)
  })

  it('Wilks 2020, and its published coefficient tables to four places (as OpenPowerlifting checks them)', () => {
    expect(roundPoints(wilks2020('M', 83, 600))).toBe(480.99)
    const table: [Sex, number, number][] = [
      ['M', 60, 0.9968],
      ['M', 80, 0.8191],
      ['M', 100, 0.7294],
      ['M', 140, 0.6546],
      ['M', 200.95, 0.6122],
      ['F', 50, 1.5091],
      ['F', 60, 1.319],
      ['F', 80, 1.1318],
      ['F', 100, 1.0525],
      ['F', 150.95, 0.9627],
    ]
    for (const [sex, bodyweight, coefficient] of table) expect(wilks2020(sex, bodyweight, 1)).toBeCloseTo(coefficient, 4)
  })

  it('Sinclair 2025–2028 is the default edition', () => {
    expect(roundPoints(sinclair('M', 81.5, 300, '2025-2028'))).toBe(384.6)
    expect(sinclair('M', 81.5, 300)).toBe(sinclair('M', 81.5, 300, '2025-2028'))
    expect(sinclair('M', 81.5, 300, '2021-2024')).not.toBe(sinclair('M', 81.5, 300))
  })
})

describe('no points without a total and a real bodyweight', () => {
  for (const [name, formula] of Object.entries(FORMULAS)) {
    it(name, () => {
      for (const sex of SEXES) {
        expect(formula(sex, 80, 0)).toBe(0)
        expect(formula(sex, 80, -100)).toBe(0)
        expect(formula(sex, 80, Number.NaN)).toBe(0)
        for (const bodyweight of [0, -80, Number.NaN, Number.POSITIVE_INFINITY]) expect(formula(sex, bodyweight, 500)).toBe(0)
      }
    })
  }
})

describe('bodyweight limits', () => {
  it('DOTS counts bodyweights outside 40–210 kg (men) / 40–150 kg (women) as the nearest end', () => {
    expect(dots('M', 250, 800)).toBe(dots('M', 210, 800))
    expect(dots('M', 30, 300)).toBe(dots('M', 40, 300))
    expect(dots('F', 170, 500)).toBe(dots('F', 150, 500))
    expect(dots('F', 35, 200)).toBe(dots('F', 40, 200))
    expect(dots('M', 209, 800)).toBeGreaterThan(dots('M', 210, 800))
  })

  it('Wilks (original) clamps to 40–201.9 kg (men) / 26.51–154.53 kg (women)', () => {
    expect(wilks('M', 250, 800)).toBe(wilks('M', 201.9, 800))
    expect(wilks('M', 30, 300)).toBe(wilks('M', 40, 300))
    expect(wilks('F', 200, 500)).toBe(wilks('F', 154.53, 500))
    expect(wilks('F', 20, 150)).toBe(wilks('F', 26.51, 150))
  })

  it('Wilks 2020 clamps to its tables, 40–200.95 kg (men) / 40–150.95 kg (women)', () => {
    expect(wilks2020('M', 400, 800)).toBe(wilks2020('M', 200.95, 800))
    expect(wilks2020('M', 20, 300)).toBe(wilks2020('M', 40, 300))
    expect(wilks2020('F', 200, 500)).toBe(wilks2020('F', 150.95, 500))
    expect(wilks2020('F', 20, 150)).toBe(wilks2020('F', 40, 150))
  })

  it('IPF GL scores nobody under 35 kg, and from there on is positive and finite in every table', () => {
    for (const sex of SEXES) {
      for (const equipment of ['classic', 'equipped'] as GlEquipment[]) {
        for (const event of ['full', 'bench'] as GlEvent[]) {
          expect(ipfGl(sex, 34.9, 200, equipment, event)).toBe(0)
          for (const bodyweight of [35, 60, 120, 250]) {
            const points = ipfGl(sex, bodyweight, 200, equipment, event)
            expect(points).toBeGreaterThan(0)
            expect(Number.isFinite(points)).toBe(true)
          }
        }
      }
    }
  })

  it('Sinclair: the coefficient is exactly 1 at and above b, the bodyweight of the heaviest world-record holder', () => {
    const b = { '2025-2028': { M: 201.159, F: 163.918 }, '2021-2024': { M: 193.609, F: 153.757 } } as const
    for (const edition of ['2025-2028', '2021-2024'] as const) {
      for (const sex of SEXES) {
        expect(sinclair(sex, b[edition][sex], 300, edition)).toBe(300)
        expect(sinclair(sex, b[edition][sex] + 40, 300, edition)).toBe(300)
        expect(sinclair(sex, b[edition][sex] - 0.5, 300, edition)).toBeGreaterThan(300)
      }
    }
  })
})

describe('women and men alike: a lighter lifter with the same total gets more points', () => {
  for (const [name, formula] of Object.entries(FORMULAS)) {
    it(name, () => {
      for (const sex of SEXES) {
        expect(formula(sex, 57, 400)).toBeGreaterThan(formula(sex, 72, 400))
        expect(formula(sex, 72, 400)).toBeGreaterThan(formula(sex, 100, 400))
        // And points grow in proportion to the total.
        expect(formula(sex, 72, 500)).toBeCloseTo(formula(sex, 72, 250) * 2, 9)
      }
    })
  }
})

it('roundPoints rounds to two decimals', () => {
  expect(roundPoints(405.0524253)).toBe(405.05)
  expect(roundPoints(430.2059831)).toBe(430.21)
  expect(roundPoints(384.6041244)).toBe(384.6)
  expect(roundPoints(0)).toBe(0)
})
