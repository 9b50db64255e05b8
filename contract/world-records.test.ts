import { describe, expect, it } from 'vitest'
import { LIMITS } from './common.ts'
import type { Sex } from './formulas.ts'
import {
  OTHER_LIFTS,
  POWERLIFTING_RECORDS,
  RECORD_LIFTS,
  WEIGHTLIFTING_RECORDS,
  recordClassBounds,
  recordClassIndex,
  worldRecord,
  type RecordSport,
} from './world-records.ts'

const SEXES: readonly Sex[] = ['M', 'F']
const SPORTS: readonly RecordSport[] = ['powerlifting', 'weightlifting']
const EQUIPMENT = ['raw', 'wraps', 'singlePly', 'multiPly'] as const

/** A powerlifting row by sex and upper bound (null: the open class). */
function row(sex: Sex, upTo: number | null) {
  const found = POWERLIFTING_RECORDS.classes[sex].find((r) => r.upTo === upTo)
  if (!found) throw new Error(`no ${sex} class up to ${upTo}`)
  return found
}
function iwf(sex: Sex, upTo: number | null) {
  const found = WEIGHTLIFTING_RECORDS.classes[sex].find((r) => r.upTo === upTo)
  if (!found) throw new Error(`no ${sex} category up to ${upTo}`)
  return found
}

describe('published values, pinned', () => {
  // OpenPowerlifting all-time bests (snapshot 2026-07-11), [squat, bench, deadlift, total] per equipment.
  it('men, powerlifting', () => {
    expect(row('M', null).multiPly[0]).toBe(595) // Nathan Baptist, UPA Utah Kick Off Meet 2021, 226.5 kg
    expect(row('M', null).multiPly[3]).toBe(1407.5) // Dave Hoff, WPC WPO Super Finals 2019
    expect(row('M', null).raw[2]).toBe(487.5) // Danny Grigsby, WRPF American Pro 2022, 121.7 kg
    expect(row('M', null).singlePly[1]).toBe(508.02) // Jimmy Kolb, IPA Strength Spectacular 2021
    expect(row('M', 93).raw[3]).toBe(1022.5) // John Haack, WRPF American Pro 2022
    expect(row('M', 59).raw[2]).toBe(303) // Michael Slabic, IPF World Classic Championships 2026
    expect(row('M', 120).multiPly[0]).toBe(544.99) // Robert Bain, IPA Holy Wars III 2026
  })

  it('women, powerlifting', () => {
    expect(row('F', null).raw[3]).toBe(759) // Tamara Walcott, USPC 2025, 138.5 kg
    expect(row('F', null).multiPly[0]).toBe(432.5) // Leah Reichman, APF Womens Pro/Am 2023
    expect(row('F', 52).raw[2]).toBe(220.5) // Farhanna Farid, IPF World Classic Championships 2026, 51.9 kg
    expect(row('F', 52).multiPly).toEqual([255, 155, 203, 613]) // Marianne Kosonen, IPA Finnish Nationals 2019
    expect(row('F', 47).singlePly[3]).toBe(500) // Wei-Ling Chen, IPF World Open Championships 2016
    expect(row('F', 76).raw).toEqual([282.5, 163.29, 280, 720]) // Kristy Hawkins (S, D, T), Allison Hind (B)
  })

  // IWF senior world records / World Standards of the categories in force since June 2025 (2026-06-13).
  it('weightlifting, current IWF categories', () => {
    expect(iwf('M', 60)).toEqual({ upTo: 60, snatch: 141, clean_and_jerk: 174, total: 307 })
    expect(iwf('M', 94)).toEqual({ upTo: 94, snatch: 182, clean_and_jerk: 222, total: 396 })
    expect(iwf('M', null)).toEqual({ upTo: null, snatch: 218, clean_and_jerk: 261, total: 477 })
    expect(iwf('F', 48)).toEqual({ upTo: 48, snatch: 93, clean_and_jerk: 122, total: 213 })
    expect(iwf('F', null)).toEqual({ upTo: null, snatch: 145, clean_and_jerk: 181, total: 325 })
  })

  it('heavier lifts from other divisions and earlier categories', () => {
    const kg = (what: string, lift: string) => OTHER_LIFTS.find((o) => o.what.startsWith(what) && o.lift === lift)?.kg
    expect(kg('Lasha Talakhadze', 'snatch')).toBe(225)
    expect(kg('Lasha Talakhadze', 'clean_and_jerk')).toBe(267)
    expect(kg('Lasha Talakhadze', 'total')).toBe(492)
    expect(kg('Tatiana Kashirina', 'total')).toBe(348)
    expect(kg('Karlos Nasar', 'total')).toBe(404)
    expect(kg('Jimmy Kolb', 'bench')).toBe(635.5)
    expect(kg('Liu Chunhong', 'total')).toBe(286)
    expect(kg('Li Ping', 'total')).toBe(235)
  })
})

describe('table sanity', () => {
  it('each sex has eight classes, bounds rising, the last open', () => {
    for (const sport of SPORTS) {
      for (const sex of SEXES) {
        const bounds = recordClassBounds(sport, sex)
        expect(bounds).toHaveLength(8)
        expect(bounds.at(-1)).toBeNull()
        const closed = bounds.slice(0, -1) as number[]
        expect(closed.every((b) => typeof b === 'number')).toBe(true)
        expect([...closed].sort((a, b) => a - b)).toEqual(closed)
      }
    }
  })

  it('no figure is missing by accident, and each lift is a weight an attempt may record', () => {
    const lifts: number[] = []
    const totals: number[] = []
    for (const sex of SEXES) {
      for (const r of POWERLIFTING_RECORDS.classes[sex]) {
        for (const e of EQUIPMENT) {
          const [squat, bench, deadlift, total] = r[e]
          lifts.push(squat ?? NaN, bench ?? NaN, deadlift ?? NaN)
          totals.push(total ?? NaN)
        }
      }
      for (const r of WEIGHTLIFTING_RECORDS.classes[sex]) {
        lifts.push(r.snatch ?? NaN, r.clean_and_jerk ?? NaN)
        totals.push(r.total ?? NaN)
      }
    }
    expect(lifts).toHaveLength(2 * 8 * 4 * 3 + 2 * 8 * 2)
    expect(totals).toHaveLength(2 * 8 * 4 + 2 * 8)
    for (const kg of [...lifts, ...totals]) {
      expect(Number.isFinite(kg)).toBe(true)
      expect(kg).toBeGreaterThan(0)
    }
    // The upload form's own cap sits above every lift, so the records, not the cap, decide.
    for (const kg of [...lifts, ...OTHER_LIFTS.filter((o) => o.lift !== 'total').map((o) => o.kg)])
      expect(kg).toBeLessThan(LIMITS.maxWeightKg)
  })

  // A copying slip would most likely break one of these: a total is three (two) lifts of the same lifters.
  it('a total never exceeds the sum of its lifts in the same class and division, nor falls below any one', () => {
    for (const sex of SEXES) {
      for (const r of POWERLIFTING_RECORDS.classes[sex]) {
        for (const e of EQUIPMENT) {
          const [squat, bench, deadlift, total] = r[e] as readonly number[]
          expect(total, `${sex} ${r.upTo} ${e}`).toBeLessThanOrEqual(squat! + bench! + deadlift!)
          expect(total, `${sex} ${r.upTo} ${e}`).toBeGreaterThan(Math.max(squat!, bench!, deadlift!))
        }
      }
      for (const r of WEIGHTLIFTING_RECORDS.classes[sex]) {
        expect(r.total!, `${sex} ${r.upTo}`).toBeLessThanOrEqual(r.snatch! + r.clean_and_jerk!)
        expect(r.clean_and_jerk!, `${sex} ${r.upTo}`).toBeGreaterThan(r.snatch!)
      }
    }
  })

  it('ceilings never fall as the class gets heavier, and the open class holds the heaviest of all', () => {
    for (const sport of SPORTS) {
      for (const sex of SEXES) {
        const bounds = recordClassBounds(sport, sex)
        for (const lift of RECORD_LIFTS[sport]) {
          const ceilings = bounds.map((b) => worldRecord(sport, sex, lift, b ?? Infinity)?.kg ?? NaN)
          expect(ceilings.every(Number.isFinite), `${sport} ${sex} ${lift}`).toBe(true)
          expect(
            [...ceilings].sort((a, b) => a - b),
            `${sport} ${sex} ${lift}`,
          ).toEqual(ceilings)
          const everything = [
            ...(sport === 'powerlifting'
              ? POWERLIFTING_RECORDS.classes[sex].flatMap((r) => EQUIPMENT.map((e) => r[e][RECORD_LIFTS.powerlifting.indexOf(lift)] ?? 0))
              : WEIGHTLIFTING_RECORDS.classes[sex].map((r) => r[lift as 'snatch'] ?? 0)),
            ...OTHER_LIFTS.filter((o) => o.sport === sport && o.sex === sex && o.lift === lift).map((o) => o.kg),
          ]
          expect(ceilings.at(-1)).toBe(Math.max(...everything))
        }
      }
    }
  })
})

describe('record classes', () => {
  it('a bodyweight falls in the first class whose bound it does not exceed', () => {
    expect(recordClassBounds('powerlifting', 'F')[recordClassIndex('powerlifting', 'F', 52)]).toBe(52)
    expect(recordClassBounds('powerlifting', 'F')[recordClassIndex('powerlifting', 'F', 52.01)]).toBe(57)
    expect(recordClassBounds('powerlifting', 'F')[recordClassIndex('powerlifting', 'F', 84.01)]).toBeNull()
    expect(recordClassBounds('weightlifting', 'M')[recordClassIndex('weightlifting', 'M', 93)]).toBe(94)
    expect(recordClassBounds('weightlifting', 'M')[recordClassIndex('weightlifting', 'M', Infinity)]).toBeNull()
  })

  it('a ceiling counts lighter lifters, never heavier ones', () => {
    // Women up to 57 kg: the single-ply 295 kg deadlift made at 53 kg (OpenPowerlifting, ADFPA 1991).
    expect(worldRecord('powerlifting', 'F', 'deadlift', 55)?.kg).toBe(295)
    // …which a woman of 63 kg may also pull, above her class's own 245.5 kg.
    expect(worldRecord('powerlifting', 'F', 'deadlift', 60)?.kg).toBe(295)
    // Nijat Rahimov's 214 kg (77 kg class, Rio 2016) counts for the 79 kg category, not for the 71 kg one.
    expect(worldRecord('weightlifting', 'M', 'clean_and_jerk', 78)?.kg).toBe(214)
    expect(worldRecord('weightlifting', 'M', 'clean_and_jerk', 70)?.kg).toBe(198)
  })

  it('the record carries its class and source for a sentence', () => {
    const record = worldRecord('powerlifting', 'F', 'squat', 52)
    expect(record).toMatchObject({ sport: 'powerlifting', sex: 'F', lift: 'squat', over: 47, upTo: 52, kg: 255 })
    expect(record?.what).toBe('all-time best, multi-ply, class up to 52 kg')
    expect(record?.source.url).toBe('https://www.openpowerlifting.org/records')
    expect(worldRecord('weightlifting', 'M', 'total', 200)).toMatchObject({ over: 110, upTo: null, kg: 492 })
  })
})
