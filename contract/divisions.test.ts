import { describe, expect, it } from 'vitest'
import {
  ALL_DIVISIONS,
  ageInYear,
  ageOnDay,
  birthDateProblem,
  divisionName,
  divisionsFor,
  meetAgeProblem,
  parseDay,
  POWERLIFTING_DIVISIONS,
  WEIGHTLIFTING_DIVISIONS,
  type PowerliftingDivision,
  type WeightliftingDivision,
} from './divisions.ts'

const MEET = '2026-06-15'

describe('powerlifting (IPF): Sub-Junior from the day of 14 to the year of 18, Junior the years of 19–23, Open from 14, Masters by the year reached', () => {
  // [birth date, divisions at a meet on 2026-06-15]: each side of each boundary.
  const table: [string, PowerliftingDivision[]][] = [
    ['2012-06-16', []], // 13 on the day: too young, though 14 this year
    ['2012-06-15', ['sub_junior', 'open']], // 14 that day
    ['2008-01-01', ['sub_junior', 'open']], // reaches 18 this year
    ['2007-12-31', ['junior', 'open']], // 18 on the day, but reaches 19 this year: Junior from 1 January
    ['2003-01-01', ['junior', 'open']], // reaches 23 this year
    ['2002-12-31', ['open']], // reaches 24
    ['1987-01-01', ['open']], // reaches 39
    ['1986-12-31', ['open', 'masters_1']], // 39 on the day, reaches 40 this year
    ['1977-01-01', ['open', 'masters_1']], // 49
    ['1976-12-31', ['open', 'masters_2']], // 50
    ['1967-06-15', ['open', 'masters_2']], // 59
    ['1966-12-31', ['open', 'masters_3']], // 60
    ['1957-01-01', ['open', 'masters_3']], // 69
    ['1956-12-31', ['open', 'masters_4']], // 70
    ['1926-03-03', ['open', 'masters_4']], // 100: Masters 4 has no upper end
  ]
  for (const [birth, divisions] of table) {
    it(`born ${birth}: ${divisions.join(', ') || 'none'}`, () => expect(divisionsFor('powerlifting', birth, MEET)).toEqual(divisions))
  }
})

describe('weightlifting (IWF): Youth 13–17, Junior 15–20, Senior from 15, Masters from 35 in five-year bands, by the year reached', () => {
  const table: [string, WeightliftingDivision[]][] = [
    ['2012-06-16', []], // 13 on the day: under our floor of 14, though the IWF's Youth starts in the year of 13
    ['2012-06-15', ['youth']], // 14: Youth only (Junior and Senior start in the year of 15)
    ['2011-12-31', ['youth', 'junior', 'senior']], // reaches 15
    ['2009-01-01', ['youth', 'junior', 'senior']], // 17
    ['2008-12-31', ['junior', 'senior']], // 18
    ['2006-01-01', ['junior', 'senior']], // 20
    ['2005-12-31', ['senior']], // 21
    ['1992-01-01', ['senior']], // 34
    ['1991-12-31', ['senior', 'masters_35']], // 34 on the day, reaches 35
    ['1987-01-01', ['senior', 'masters_35']], // 39
    ['1986-12-31', ['senior', 'masters_40']], // 40
    ['1982-01-01', ['senior', 'masters_40']], // 44
    ['1981-12-31', ['senior', 'masters_45']], // 45
    ['1976-12-31', ['senior', 'masters_50']],
    ['1971-12-31', ['senior', 'masters_55']],
    ['1966-12-31', ['senior', 'masters_60']],
    ['1961-12-31', ['senior', 'masters_65']],
    ['1956-12-31', ['senior', 'masters_70']],
    ['1951-12-31', ['senior', 'masters_75']],
    ['1946-12-31', ['senior', 'masters_80']],
    ['1942-01-01', ['senior', 'masters_80']], // 84
    ['1941-12-31', ['senior', 'masters_85']], // 85
    ['1920-01-01', ['senior', 'masters_85']], // 106: the last band has no upper end
  ]
  for (const [birth, divisions] of table) {
    it(`born ${birth}: ${divisions.join(', ') || 'none'}`, () => expect(divisionsFor('weightlifting', birth, MEET)).toEqual(divisions))
  }
})

describe('dates', () => {
  it("the meet's day is its UTC calendar day, given as a date, a date and time, or a Date", () => {
    expect(divisionsFor('powerlifting', '2012-06-15', '2026-06-14T23:59:59Z')).toEqual([])
    expect(divisionsFor('powerlifting', '2012-06-15', new Date('2026-06-15T00:00:00Z'))).toEqual(['sub_junior', 'open'])
    expect(divisionsFor('powerlifting', '2012-06-15', '2026-06-15T08:00:00+02:00')).toEqual(['sub_junior', 'open'])
    expect(divisionsFor('powerlifting', '2012-06-15', 'not a date')).toEqual([])
  })

  it('a birthday on 29 February is reached on 1 March in other years', () => {
    expect(divisionsFor('powerlifting', '2012-02-29', '2026-02-28')).toEqual([])
    expect(divisionsFor('powerlifting', '2012-02-29', '2026-03-01')).toEqual(['sub_junior', 'open'])
    expect(divisionsFor('powerlifting', '2012-02-29', '2028-02-29')).toEqual(['sub_junior', 'open'])
    expect(ageOnDay(parseDay('2012-02-29')!, parseDay('2026-02-28')!)).toBe(13)
    expect(ageOnDay(parseDay('2012-02-29')!, parseDay('2026-03-01')!)).toBe(14)
  })

  it('age on a day and age reached in a year', () => {
    const birth = parseDay('1990-07-01')!
    expect(ageOnDay(birth, parseDay('2026-06-30')!)).toBe(35)
    expect(ageOnDay(birth, parseDay('2026-07-01')!)).toBe(36)
    expect(ageInYear(birth, 2026)).toBe(36)
  })

  it('parseDay takes real calendar days only', () => {
    expect(parseDay('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 })
    for (const text of ['2001-02-29', '1900-02-29', '1990-13-01', '1990-00-10', '1990-04-31', '1990-4-1', '1990-04-01T00:00', ''])
      expect(parseDay(text), text).toBeNull()
  })

  it('no divisions for a birth date that is not a real day', () => {
    expect(divisionsFor('weightlifting', '1990-02-30', MEET)).toEqual([])
  })
})

describe('birthDateProblem: YYYY-MM-DD, a real day, not before 1900, not in the future, at least 14 years ago', () => {
  const TODAY = '2026-11-28'
  it('accepts possible dates', () => {
    for (const birth of ['1990-04-21', '2000-02-29', '1900-01-01', '2012-11-28']) expect(birthDateProblem(birth, TODAY), birth).toBeNull()
  })

  it('refuses each impossible date with a sentence', () => {
    expect(birthDateProblem('21/04/1990', TODAY)).toBe('birth_date must be a date written YYYY-MM-DD, for example 1990-04-21.')
    expect(birthDateProblem('1990-4-21', TODAY)).toBe('birth_date must be a date written YYYY-MM-DD, for example 1990-04-21.')
    expect(birthDateProblem('2001-02-29', TODAY)).toBe(
      'birth_date 2001-02-29 is not a day of the calendar: birth_date must be a date written YYYY-MM-DD, for example 1990-04-21.',
    )
    expect(birthDateProblem('1990-13-01', TODAY)).toMatch(/is not a day of the calendar/)
    expect(birthDateProblem('1899-12-31', TODAY)).toBe('birth_date must be 1900-01-01 or later (1899-12-31 is before).')
    expect(birthDateProblem('2026-11-29', TODAY)).toBe('birth_date 2026-11-29 is in the future: give the day you were born.')
    expect(birthDateProblem('2026-11-28', TODAY)).toMatch(/^Lifters must be at least 14 years old/)
    expect(birthDateProblem('2012-11-29', TODAY)).toBe(
      'Lifters must be at least 14 years old (the youngest age the IPF and IWF let compete): a lifter born on 2012-11-29 is not 14 yet.',
    )
  })

  it('meetAgeProblem: 14 on the day of the meet, saying when the lifter turns 14', () => {
    expect(meetAgeProblem('2012-06-15', MEET)).toBeNull()
    expect(meetAgeProblem('2012-06-16', MEET)).toBe(
      'Lifters must be 14 on the day of the meet: a lifter born on 2012-06-16 turns 14 on 2026-06-16.',
    )
    expect(meetAgeProblem('2012-02-29', '2026-02-28')).toBe(
      'Lifters must be 14 on the day of the meet: a lifter born on 2012-02-29 turns 14 on 2026-03-01.',
    )
    expect(meetAgeProblem('2030-01-01', MEET)).toMatch(/turns 14 on 2044-01-01/)
  })
})

describe('names', () => {
  it('every division has a name in its sport', () => {
    for (const d of POWERLIFTING_DIVISIONS) expect(divisionName('powerlifting', d)).not.toBe(d)
    for (const d of WEIGHTLIFTING_DIVISIONS) expect(divisionName('weightlifting', d)).not.toBe(d)
    expect(divisionName('powerlifting', 'sub_junior')).toBe('Sub-Junior')
    expect(divisionName('powerlifting', 'masters_1')).toBe('Masters 1')
    expect(divisionName('weightlifting', 'masters_85')).toBe('Masters 85+')
    expect(divisionName('weightlifting', 'junior')).toBe('Junior')
  })
})

it('ALL_DIVISIONS holds every division of both sports once', () => {
  expect([...ALL_DIVISIONS].sort()).toEqual([...new Set([...POWERLIFTING_DIVISIONS, ...WEIGHTLIFTING_DIVISIONS])].sort())
})
