import { describe, expect, it } from 'vitest'
import {
  best3,
  oplAttempt,
  oplEntriesCsv,
  oplEvent,
  oplKg,
  oplMeetCsv,
  oplMeetName,
  oplPlace,
  oplText,
  oplTotal,
  oplWeightClass,
  type OplAttempt,
  type OplEntry,
} from './openpowerlifting.ts'

const good = (weight: number): OplAttempt => ({ weight, result: 'good' })
const miss = (weight: number): OplAttempt => ({ weight, result: 'no_lift' })

/** Reads a file of the format back: no quoting exists, so a comma always separates cells. */
function parse(text: string): Record<string, string>[] {
  expect(text.endsWith('\n')).toBe(true)
  const [header, ...rows] = text
    .slice(0, -1)
    .split('\n')
    .map((line) => line.split(','))
  for (const row of rows) expect(row).toHaveLength(header!.length)
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])))
}

const anna: OplEntry = {
  name: 'Anna Kowalska',
  sex: 'F',
  equipment: 'classic',
  division: 'Open',
  birthYear: 1998,
  age: 28,
  bodyweightKg: 62.35,
  weightClass: { limitKg: 63, plus: false },
  country: 'Poland',
  team: 'Iron Club',
  attempts: {
    squat: [good(140), miss(147.5), good(147.5)],
    bench: [good(80), good(85), miss(87.5)],
    deadlift: [good(170), good(180), { weight: 185, result: 'not_taken' }],
  },
  place: 1,
}

describe('cells', () => {
  it('never holds a comma, a double quote or a line break (the format has no quoting)', () => {
    expect(oplText('Doe, "Big" John\nJr.\t')).toBe('Doe Big John Jr.')
    expect(oplText(null)).toBe('')
    expect(oplText('  Åsa   Öberg ')).toBe('Åsa Öberg')
  })

  it('never starts a text cell as a spreadsheet formula', () => {
    expect(oplText("=cmd|' /C calc'!A0")).toBe("cmd|' /C calc'!A0")
    expect(oplText(' + - @SUM(A1)')).toBe('SUM(A1)')
    expect(oplText('-Anna')).toBe('Anna')
    expect(oplText('Anna-Lena Ström')).toBe('Anna-Lena Ström')
  })

  it('writes kilograms with at most two decimals and zero as an empty cell', () => {
    expect(oplKg(182.5)).toBe('182.5')
    expect(oplKg(200)).toBe('200')
    expect(oplKg(62.355)).toBe('62.36')
    expect(oplKg(-147.5)).toBe('-147.5')
    expect(oplKg(0)).toBe('')
    expect(oplKg(null)).toBe('')
  })

  it("names the event by the challenge's lifts in S, B, D order", () => {
    expect(oplEvent(['deadlift', 'squat', 'bench'])).toBe('SBD')
    expect(oplEvent(['deadlift', 'bench'])).toBe('BD')
    expect(oplEvent(['bench'])).toBe('B')
    expect(oplEvent(['squat', 'deadlift'])).toBe('SD')
    expect(oplEvent(['snatch'])).toBe('')
  })

  it('writes a class as its limit, the class above the last limit with a plus', () => {
    expect(oplWeightClass({ limitKg: 83, plus: false })).toBe('83')
    expect(oplWeightClass({ limitKg: 120, plus: true })).toBe('120+')
    expect(oplWeightClass({ limitKg: 52, plus: false })).toBe('52')
    expect(oplWeightClass(null)).toBe('')
  })

  it('writes a good attempt as its weight, a no lift negated, one not taken or never decided empty', () => {
    expect(oplAttempt(good(180))).toBe('180')
    expect(oplAttempt(miss(180))).toBe('-180')
    expect(oplAttempt({ weight: 180, result: 'not_taken' })).toBe('')
    expect(oplAttempt({ weight: 180, result: 'pending' })).toBe('')
    expect(oplAttempt(undefined)).toBe('')
  })
})

describe('best, total and place', () => {
  it('takes the best of the first three good attempts; a 4th (record) attempt never counts', () => {
    expect(best3([good(140), miss(147.5), good(147.5)])).toBe(147.5)
    expect(best3([good(140), good(150), miss(155), good(160)])).toBe(150)
    expect(best3([miss(140), miss(140), miss(140)])).toBeNull()
    expect(best3([])).toBeNull()
  })

  it('totals only when every lift of the event has a good attempt', () => {
    expect(oplTotal(anna, ['squat', 'bench', 'deadlift'])).toBe(147.5 + 85 + 180)
    const bombed = { ...anna, attempts: { ...anna.attempts, bench: [miss(80), miss(80), miss(80)] } }
    expect(oplTotal(bombed, ['squat', 'bench', 'deadlift'])).toBeNull()
    // A bench-only challenge ignores the other lifts.
    expect(oplTotal(bombed, ['squat', 'deadlift'])).toBe(147.5 + 180)
  })

  it('places a lifter with a total, DQ one who lifted without, NS one who took nothing, G a guest', () => {
    const lifts = ['squat', 'bench', 'deadlift'] as const
    expect(oplPlace(anna, lifts)).toBe('1')
    expect(oplPlace({ ...anna, place: 'G' }, lifts)).toBe('G')
    expect(oplPlace({ ...anna, attempts: { ...anna.attempts, squat: [miss(140), miss(140), miss(140)] } }, lifts)).toBe('DQ')
    expect(oplPlace({ ...anna, attempts: { squat: [{ weight: 140, result: 'pending' }] } }, lifts)).toBe('NS')
    expect(oplPlace({ ...anna, attempts: {} }, lifts)).toBe('NS')
  })
})

describe('meet.csv', () => {
  it("has the format's fixed columns, and a name without the year or the federation", () => {
    const rows = parse(
      oplMeetCsv({
        federation: 'USAPL',
        date: '2026-11-21',
        country: 'USA',
        state: 'CA',
        town: 'San Jose',
        name: '2026 USAPL Raw Nationals, Day 1',
      }),
    )
    expect(rows).toEqual([
      {
        Federation: 'USAPL',
        Date: '2026-11-21',
        MeetCountry: 'USA',
        MeetState: 'CA',
        MeetTown: 'San Jose',
        MeetName: 'Raw Nationals Day 1',
      },
    ])
  })

  it('keeps a name that is only a year, and years inside words', () => {
    expect(oplMeetName('2026', 'IPF')).toBe('2026')
    expect(oplMeetName('Spring Open 2026 - IPF', 'IPF')).toBe('Spring Open')
    expect(oplMeetName('Club20265 Classic', 'IPF')).toBe('Club20265 Classic')
    expect(oplMeetName('Winter Classic', '')).toBe('Winter Classic')
  })
})

describe('entries.csv', () => {
  const lifts = ['squat', 'bench', 'deadlift']

  it('writes one full row column by column, and reads back to the same values', () => {
    const text = oplEntriesCsv(lifts, [anna])
    const [row] = parse(text)
    expect(text.split('\n')[0]).toBe(
      'Place,Name,Sex,BirthDate,BirthYear,Age,Country,Equipment,Division,BodyweightKg,WeightClassKg,' +
        'Squat1Kg,Squat2Kg,Squat3Kg,Best3SquatKg,Bench1Kg,Bench2Kg,Bench3Kg,Best3BenchKg,' +
        'Deadlift1Kg,Deadlift2Kg,Deadlift3Kg,Best3DeadliftKg,TotalKg,Event,Team',
    )
    expect(row).toEqual({
      Place: '1',
      Name: 'Anna Kowalska',
      Sex: 'F',
      BirthDate: '',
      BirthYear: '1998',
      Age: '28',
      Country: 'Poland',
      Equipment: 'Raw',
      Division: 'Open',
      BodyweightKg: '62.35',
      WeightClassKg: '63',
      Squat1Kg: '140',
      Squat2Kg: '-147.5',
      Squat3Kg: '147.5',
      Best3SquatKg: '147.5',
      Bench1Kg: '80',
      Bench2Kg: '85',
      Bench3Kg: '-87.5',
      Best3BenchKg: '85',
      Deadlift1Kg: '170',
      Deadlift2Kg: '180',
      Deadlift3Kg: '',
      Best3DeadliftKg: '180',
      TotalKg: '412.5',
      Event: 'SBD',
      Team: 'Iron Club',
    })
  })

  it('writes a bombed-out lifter with DQ and no total, and a name with commas and quotes cleaned', () => {
    const bombed: OplEntry = {
      ...anna,
      name: 'Doe, "Jay"',
      team: null,
      place: 2,
      attempts: { ...anna.attempts, deadlift: [miss(200), miss(200), miss(200)] },
    }
    const [row] = parse(oplEntriesCsv(lifts, [bombed]))
    expect(row).toMatchObject({
      Place: 'DQ',
      Name: 'Doe Jay',
      Deadlift1Kg: '-200',
      Deadlift3Kg: '-200',
      Best3DeadliftKg: '',
      TotalKg: '',
      Team: '',
    })
  })

  it("has only the challenge's lifts' columns, and a 4th attempt column only when one was taken", () => {
    const bencher: OplEntry = { ...anna, attempts: { bench: [good(100), good(105), good(110), good(112.5)] } }
    const text = oplEntriesCsv(['bench'], [bencher, { ...anna, name: 'Other', attempts: { bench: [good(90)] } }])
    const [first, second] = parse(text)
    expect(Object.keys(first!).filter((k) => /Squat|Deadlift/.test(k))).toEqual([])
    expect(first).toMatchObject({ Event: 'B', Bench4Kg: '112.5', Best3BenchKg: '110', TotalKg: '110' })
    expect(second).toMatchObject({ Bench4Kg: '', Bench2Kg: '', TotalKg: '90' })
    expect(oplEntriesCsv(['bench'], [{ ...anna, attempts: { bench: [good(100)] } }])).not.toContain('Bench4Kg')
  })

  it('one lifter in two divisions is two rows, each with its own place', () => {
    const rows = parse(
      oplEntriesCsv(lifts, [
        { ...anna, division: 'Juniors', place: 1 },
        { ...anna, division: 'Open', place: 3 },
      ]),
    )
    expect(rows.map((r) => [r.Division, r.Place])).toEqual([
      ['Juniors', '1'],
      ['Open', '3'],
    ])
  })
})
