import { describe, expect, it } from 'vitest'
import type { Lift } from './challenges.ts'
import { ATTEMPT_COLUMNS, attemptsCsv, csvText, resultsDocument, type ResultsLifter } from './results-files.ts'

/** An RFC 4180 reader, to read the file back as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  return rows
}

const lift = (id: number, lift_type: string, attempt_number: number, weight: number, status: Lift['status'], verified = true) =>
  ({
    id,
    lift_type,
    attempt_number,
    weight,
    status,
    judging: {
      verified,
      decided_by: status === 'pending' ? null : 'panel',
      decided_at: status === 'pending' ? null : '2026-11-28T09:00:00.000Z',
    },
  }) as unknown as Lift

const lifter = (over: Partial<ResultsLifter>): ResultsLifter => ({
  id: 1,
  user_id: 1,
  competition_id: 9,
  name: 'Ada',
  weight_class: '83kg',
  gender: 'M',
  country: null,
  bodyweight: 82.4,
  divisions: [],
  birth_year: null,
  equipment: 'classic',
  bodyweight_source: 'self_declared',
  moved_from_class: null,
  best_squat: 0,
  best_bench: 0,
  best_deadlift: 0,
  best_snatch: 0,
  best_clean_and_jerk: 0,
  total: null,
  total_weight: 0,
  points: null,
  place: null,
  attempts: [],
  joined_at: '',
  ...over,
})

describe('csvText', () => {
  it('drops a leading formula character (=, +, -, @) as the OpenPowerlifting export does, and control characters', () => {
    expect(csvText('=HYPERLINK("http://x")')).toBe('"HYPERLINK(""http://x"")"')
    expect(csvText('+1 234')).toBe('1 234')
    expect(csvText('- @SUM(A1)')).toBe('SUM(A1)')
    expect(csvText('Line\nbreak\ttab')).toBe('Line break tab')
  })

  it('quotes a comma or a quote (RFC 4180), leaves other text as it is', () => {
    expect(csvText('Smith, John')).toBe('"Smith, John"')
    expect(csvText('Zoë "The Bar" Ng')).toBe('"Zoë ""The Bar"" Ng"')
    expect(csvText('Anna Novak')).toBe('Anna Novak')
    expect(csvText(null)).toBe('')
  })
})

describe('attemptsCsv', () => {
  const lifters = [
    lifter({
      place: 1,
      name: '@Smith, =John',
      team: 'Iron, Club',
      total: 500,
      points: 340.123,
      attempts: [lift(3, 'bench', 1, 120, 'completed'), lift(1, 'squat', 1, 200, 'completed'), lift(2, 'squat', 2, 210, 'failed', false)],
    }),
    lifter({ user_id: 2, name: 'No Attempts', weight_class: '93kg', bodyweight: null }),
  ]

  it('one row per attempt in lifting order, every column as the header names it, read back by an RFC 4180 reader', () => {
    const text = attemptsCsv(lifters)
    expect(text.endsWith('\r\n')).toBe(true)
    const [header, ...rows] = parseCsv(text)
    expect(header).toEqual([...ATTEMPT_COLUMNS])
    const records = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])))
    expect(records.map((r) => [r.Lift, r.Attempt, r.WeightKg, r.Result, r.Verified])).toEqual([
      ['squat', '1', '200', 'good', 'yes'],
      ['squat', '2', '210', 'no_lift', 'no'],
      ['bench', '1', '120', 'good', 'yes'],
      ['', '', '', '', ''],
    ])
    expect(records[0]).toEqual({
      Place: '1',
      Name: 'Smith, =John',
      UserId: '1',
      Sex: 'M',
      WeightClass: '83kg',
      BodyweightKg: '82.4',
      Country: '',
      Team: 'Iron, Club',
      Lift: 'squat',
      Attempt: '1',
      WeightKg: '200',
      Result: 'good',
      Verified: 'yes',
      DecidedBy: 'panel',
      DecidedAt: '2026-11-28T09:00:00.000Z',
      TotalKg: '500',
      Points: '340.12',
    })
    expect(records[3]).toMatchObject({ Name: 'No Attempts', Place: '', BodyweightKg: '', TotalKg: '' })
    expect(rows.every((r) => r.length === ATTEMPT_COLUMNS.length)).toBe(true)
  })
})

describe('resultsDocument', () => {
  it('each lifter with bests made, total, points, place and attempts', () => {
    const doc = resultsDocument(
      { id: 9, name: 'Meet', location: 'Oslo', start_date: 's', end_date: 'e', format: 'meet', ranking: 'class', lifts: ['squat'] },
      [lifter({ place: 1, best_squat: 200, total: 200, attempts: [lift(1, 'squat', 1, 200, 'completed')] })],
    )
    expect(doc.lifters[0]).toMatchObject({
      place: 1,
      best: { squat: 200 },
      total: 200,
      team: null,
      attempts: [{ attempt_id: 1, lift: 'squat', result: 'good', verified: true }],
    })
  })
})
