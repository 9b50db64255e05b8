import { describe, expect, it } from 'vitest'
import { WEIGHT_CLASSES } from './common.ts'
import { applicableRecord, plausibilityProblem, recordSportOf, weightClassUpperBound, type PlausibilityInput } from './plausibility.ts'

const input = (overrides: Partial<PlausibilityInput>): PlausibilityInput => ({
  sex: 'M',
  weightClass: '120kg+',
  bodyweight: null,
  liftType: 'squat',
  weight: 100,
  bests: {},
  ...overrides,
})
const refused = (overrides: Partial<PlausibilityInput>) => plausibilityProblem(input(overrides))

describe("the issue's attack: a 52 kg woman uploading 600 kg", () => {
  const woman52 = { sex: 'F', weightClass: '59kg', bodyweight: 52 } as const

  it('a 600 kg squat is refused with a sentence naming the record that applies', () => {
    expect(refused({ ...woman52, liftType: 'squat', weight: 600 })).toBe(
      'A 600 kg squat is above the world record for women up to 52 kg bodyweight ' +
        '(255 kg, OpenPowerlifting all-federation records as of 2026-07-11); check the weight and the bodyweight you entered.',
    )
  })

  it('a 600 kg deadlift is refused', () => {
    expect(refused({ ...woman52, liftType: 'deadlift', weight: 600 })).toMatch(
      /^A 600 kg deadlift is above the world record for women up to 52 kg bodyweight \(220\.5 kg, /,
    )
  })

  it("without a bodyweight, the record class holding the entered class's upper bound applies (59kg → women up to 63 kg)", () => {
    expect(refused({ ...woman52, bodyweight: null, liftType: 'squat', weight: 600 })).toBe(
      'A 600 kg squat is above the world record for women up to 63 kg bodyweight, the record class that holds the 59kg class you entered ' +
        '(320 kg, OpenPowerlifting all-federation records as of 2026-07-11); check the weight you entered.',
    )
    expect(refused({ ...woman52, bodyweight: null, liftType: 'squat', weight: 320 })).toBeNull()
  })

  it('a total no human of that bodyweight has made is refused, though each lift alone is under its record', () => {
    const bests = { squat: 250, bench: 150 }
    expect(refused({ ...woman52, liftType: 'deadlift', weight: 220, bests })).toBe(
      'A 620 kg total (this 220 kg deadlift with your best squat 250 kg and bench press 150 kg) is above the world record total ' +
        'for women up to 52 kg bodyweight (613 kg, OpenPowerlifting all-federation records as of 2026-07-11); check the weight and the bodyweight you entered.',
    )
    expect(refused({ ...woman52, liftType: 'deadlift', weight: 213, bests })).toBeNull() // 613 kg: the record itself
    expect(refused({ ...woman52, liftType: 'deadlift', weight: 213.5, bests })).toMatch(/^A 613\.5 kg total /)
  })
})

describe('record holders at their record pass; just above is refused', () => {
  const cases: [string, Partial<PlausibilityInput>, number][] = [
    // [who, lifter and lift, the record in kg]
    ['Nathan Baptist, multi-ply squat, 226.5 kg', { sex: 'M', bodyweight: 226.5, liftType: 'squat' }, 595],
    ['Danny Grigsby, raw deadlift, 121.7 kg', { sex: 'M', bodyweight: 121.7, liftType: 'deadlift' }, 487.5],
    ['John Haack, raw deadlift, 87.7 kg', { sex: 'M', weightClass: '93kg', bodyweight: 87.7, liftType: 'deadlift' }, 413],
    ['Jimmy Kolb, Unlimited bench press, 140+ kg', { sex: 'M', bodyweight: 147.8, liftType: 'bench' }, 635.5],
    ['Farhanna Farid, raw deadlift, 51.9 kg', { sex: 'F', weightClass: '59kg', bodyweight: 51.9, liftType: 'deadlift' }, 220.5],
    ['Marianne Kosonen, multi-ply squat, 51.9 kg', { sex: 'F', weightClass: '59kg', bodyweight: 51.9, liftType: 'squat' }, 255],
    ['Lasha Talakhadze, snatch, +109 kg', { sex: 'M', bodyweight: 180, liftType: 'snatch' }, 225],
    ['Lasha Talakhadze, clean & jerk, +109 kg', { sex: 'M', bodyweight: 180, liftType: 'clean_and_jerk' }, 267],
    ['Ilya Ilyin, clean & jerk, 94 kg (1998–2018)', { sex: 'M', weightClass: '93kg', bodyweight: 93.5, liftType: 'clean_and_jerk' }, 233],
    ['Liu Chunhong, snatch, 69 kg (Beijing 2008)', { sex: 'F', weightClass: '74kg', bodyweight: 68.9, liftType: 'snatch' }, 128],
    ['Tatiana Kashirina, clean & jerk, +75 kg', { sex: 'F', bodyweight: 106, liftType: 'clean_and_jerk' }, 193],
    [
      'Wang Mingjuan, snatch, 48 kg (2009 Chinese National Games)',
      { sex: 'F', weightClass: '59kg', bodyweight: 48, liftType: 'snatch' },
      99,
    ],
    [
      'IWF world record, men 60 kg clean & jerk (current category)',
      { sex: 'M', weightClass: '59kg', bodyweight: 59.5, liftType: 'clean_and_jerk' },
      174,
    ],
  ]
  it.each(cases)('%s', (_who, lifter, record) => {
    expect(refused({ ...lifter, weight: record })).toBeNull()
    expect(refused({ ...lifter, weight: record + 0.5 })).toMatch(new RegExp(`^A ${record + 0.5} kg .* \\(${record} kg, `))
  })

  it("a record total with the holder's own lifts passes; one kilo more is refused", () => {
    const talakhadze = { sex: 'M', bodyweight: 180, liftType: 'clean_and_jerk', bests: { snatch: 225 } } as const
    expect(refused({ ...talakhadze, weight: 267 })).toBeNull() // 492 kg
    expect(refused({ ...talakhadze, weight: 267, bests: { snatch: 226 } })).toMatch(/^A 493 kg total /)
    // Up to 93 kg: John Haack's raw 1022.5 kg is not the ceiling, the multi-ply 1192.95 kg (Shawn Frankl) is.
    const man93 = { sex: 'M', weightClass: '93kg', bodyweight: 89.9, liftType: 'deadlift' } as const
    expect(refused({ ...man93, weight: 413, bests: { squat: 360, bench: 250 } })).toBeNull() // 1023 kg
    expect(refused({ ...man93, weight: 298.72, bests: { squat: 486, bench: 408.23 } })).toBeNull() // 1192.95 kg
    expect(refused({ ...man93, weight: 299, bests: { squat: 486, bench: 408.23 } })).toMatch(/^A 1193\.23 kg total .*\(1192\.95 kg, /)
  })
})

describe('what is not checked', () => {
  it('lifts without records pass, whatever the weight', () => {
    for (const liftType of ['power_clean', 'push_press', 'overhead_press']) {
      expect(refused({ sex: 'F', bodyweight: 45, liftType, weight: 900 })).toBeNull()
    }
    expect(recordSportOf('power_clean')).toBeNull()
  })

  it('the total only counts lifts of one sport, and only with another best to add', () => {
    // A squat best says nothing about a snatch total; a lone snatch is held to the snatch record only.
    expect(refused({ sex: 'F', bodyweight: 48, liftType: 'snatch', weight: 98, bests: { squat: 200, deadlift: 220 } })).toBeNull()
    expect(refused({ sex: 'F', bodyweight: 48, liftType: 'snatch', weight: 98, bests: { clean_and_jerk: 122 } })).toBeNull() // 220 kg
    expect(refused({ sex: 'F', bodyweight: 48, liftType: 'snatch', weight: 98.5, bests: { clean_and_jerk: 122 } })).toMatch(
      /^A 220\.5 kg total .*\(220 kg, /,
    )
  })

  it('weights other checks refuse are left to them', () => {
    for (const weight of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(refused({ weight })).toBeNull()
    expect(refused({ liftType: 'curl', weight: 900 })).toBeNull()
  })
})

describe('which record class applies', () => {
  it('other spellings of a lift are the same lift', () => {
    expect(refused({ sex: 'F', weightClass: '59kg', bodyweight: 52, liftType: 'Bench Press', weight: 200.5 })).toMatch(
      /^A 200\.5 kg bench press /,
    )
    expect(refused({ sex: 'F', weightClass: '59kg', bodyweight: 52, liftType: 'Clean & Jerk', weight: 134.5 })).toMatch(
      /^A 134\.5 kg clean & jerk /,
    )
  })

  it('a bodyweight decides over the entered class', () => {
    // A woman weighing 90 kg in the 59kg class is held to the open class, not the 63 kg one.
    expect(refused({ sex: 'F', weightClass: '59kg', bodyweight: 90, liftType: 'squat', weight: 400 })).toBeNull()
    expect(refused({ sex: 'F', weightClass: '59kg', bodyweight: null, liftType: 'squat', weight: 400 })).not.toBeNull()
    // An unusable bodyweight counts as none.
    expect(refused({ sex: 'F', weightClass: '59kg', bodyweight: 0, liftType: 'squat', weight: 400 })).not.toBeNull()
  })

  it('every challenge class maps to a record class of each sex and sport', () => {
    expect(WEIGHT_CLASSES.map(weightClassUpperBound)).toEqual([59, 66, 74, 83, 93, 105, 120, Infinity])
    expect(weightClassUpperBound('bogus')).toBe(Infinity)
    const upTo = (sex: 'M' | 'F', weightClass: string, sport: 'powerlifting' | 'weightlifting') =>
      applicableRecord({ sex, weightClass, bodyweight: null }, sport, 'total')?.upTo
    expect(WEIGHT_CLASSES.map((c) => upTo('M', c, 'powerlifting'))).toEqual([59, 66, 74, 83, 93, 105, 120, null])
    expect(WEIGHT_CLASSES.map((c) => upTo('F', c, 'powerlifting'))).toEqual([63, 69, 76, 84, null, null, null, null])
    expect(WEIGHT_CLASSES.map((c) => upTo('M', c, 'weightlifting'))).toEqual([60, 71, 79, 88, 94, 110, null, null])
    expect(WEIGHT_CLASSES.map((c) => upTo('F', c, 'weightlifting'))).toEqual([63, 69, 77, 86, null, null, null, null])
  })
})
