// Age divisions by date of birth, pure, for the server that ranks and the client that shows them.
// docs/categories.md says each rule in words and where it comes from: the IPF Technical Rules Book
// (powerlifting) and the IWF Technical and Competition Rules and the IWF Masters rules (weightlifting).
// A lifter belongs to every division whose ages include theirs (a 20-year-old powerlifter is Junior and
// Open) and ranks in each of them.
import { Type } from 'typebox'
import { Literals } from './common.ts'

/** The rulebooks divisions follow: IPF for powerlifting (bench-only and single powerlifts too), IWF for weightlifting. */
export const DIVISION_SPORTS = ['powerlifting', 'weightlifting'] as const
export type DivisionSport = (typeof DIVISION_SPORTS)[number]

/** IPF age categories, youngest first. */
export const POWERLIFTING_DIVISIONS = ['sub_junior', 'junior', 'open', 'masters_1', 'masters_2', 'masters_3', 'masters_4'] as const
export type PowerliftingDivision = (typeof POWERLIFTING_DIVISIONS)[number]

/** IWF age groups, youngest first; Masters in five-year bands (IWF Masters rules). */
export const WEIGHTLIFTING_DIVISIONS = [
  'youth',
  'junior',
  'senior',
  'masters_35',
  'masters_40',
  'masters_45',
  'masters_50',
  'masters_55',
  'masters_60',
  'masters_65',
  'masters_70',
  'masters_75',
  'masters_80',
  'masters_85',
] as const
export type WeightliftingDivision = (typeof WEIGHTLIFTING_DIVISIONS)[number]

export type Division = PowerliftingDivision | WeightliftingDivision

/** Every division id of both sports, once each ('junior' is a division of both): the values a `divisions` field may hold. */
export const ALL_DIVISIONS = [
  'sub_junior',
  'junior',
  'open',
  'masters_1',
  'masters_2',
  'masters_3',
  'masters_4',
  'youth',
  'senior',
  'masters_35',
  'masters_40',
  'masters_45',
  'masters_50',
  'masters_55',
  'masters_60',
  'masters_65',
  'masters_70',
  'masters_75',
  'masters_80',
  'masters_85',
] as const satisfies readonly Division[]
export const DivisionSchema = Literals(ALL_DIVISIONS, {
  description: 'An age division: IPF (sub_junior, junior, open, masters_1…4) or IWF (youth, junior, senior, masters_35…85).',
})

/** Each sport's divisions, youngest first. */
export const DIVISIONS = { powerlifting: POWERLIFTING_DIVISIONS, weightlifting: WEIGHTLIFTING_DIVISIONS } as const

const divisionsOf = (sport: DivisionSport): readonly Division[] => DIVISIONS[sport]

export const DIVISION_NAMES: {
  readonly powerlifting: Record<PowerliftingDivision, string>
  readonly weightlifting: Record<WeightliftingDivision, string>
} = {
  powerlifting: {
    sub_junior: 'Sub-Junior',
    junior: 'Junior',
    open: 'Open',
    masters_1: 'Masters 1',
    masters_2: 'Masters 2',
    masters_3: 'Masters 3',
    masters_4: 'Masters 4',
  },
  weightlifting: {
    youth: 'Youth',
    junior: 'Junior',
    senior: 'Senior',
    masters_35: 'Masters 35–39',
    masters_40: 'Masters 40–44',
    masters_45: 'Masters 45–49',
    masters_50: 'Masters 50–54',
    masters_55: 'Masters 55–59',
    masters_60: 'Masters 60–64',
    masters_65: 'Masters 65–69',
    masters_70: 'Masters 70–74',
    masters_75: 'Masters 75–79',
    masters_80: 'Masters 80–84',
    masters_85: 'Masters 85+',
  },
}

/** The name of a division of a sport ('Masters 1'), or the id itself when the sport has no such division. */
export function divisionName(sport: DivisionSport, division: Division): string {
  const names: Partial<Record<Division, string>> = DIVISION_NAMES[sport]
  return names[division] ?? division
}

/**
 * Nobody younger lifts here: the IPF lets lifters compete from the day they reach 14 (Open and
 * Sub-Junior), and the IWF's youngest group starts in the year of 13, so 14 on the day is the
 * floor both rulebooks allow.
 */
export const MIN_LIFTER_AGE = 14
/** The earliest year of birth accepted: an earlier one is a typo. */
export const BIRTH_YEAR_MIN = 1900

/**
 * One division's ages. `fromYearAge`/`toYearAge`: the age reached in the meet's calendar year (its
 * year minus the year of birth), both ends included: "from 1 January in the calendar year they
 * reach 19 … throughout the full calendar year in which they reach 23". `fromDayAge`: completed
 * years on the day of the meet (the IPF's Open and Sub-Junior start "from the day they reach 14").
 */
interface AgeRule {
  readonly fromDayAge?: number
  readonly fromYearAge?: number
  readonly toYearAge?: number
}

// IPF Technical Rules Book, "Age categories" (docs/categories.md).
const POWERLIFTING_AGES: Readonly<Record<PowerliftingDivision, AgeRule>> = {
  sub_junior: { fromDayAge: 14, toYearAge: 18 },
  junior: { fromYearAge: 19, toYearAge: 23 },
  open: { fromDayAge: 14 },
  masters_1: { fromYearAge: 40, toYearAge: 49 },
  masters_2: { fromYearAge: 50, toYearAge: 59 },
  masters_3: { fromYearAge: 60, toYearAge: 69 },
  masters_4: { fromYearAge: 70 },
}

// IWF Technical and Competition Rules, "Age groups" (Youth 13–17, Junior 15–20, Senior 15 and over,
// by year of birth), and the IWF Masters rules (from the year of 35, five-year bands, 85 and over last).
const WEIGHTLIFTING_AGES: Readonly<Record<WeightliftingDivision, AgeRule>> = {
  youth: { fromYearAge: 13, toYearAge: 17 },
  junior: { fromYearAge: 15, toYearAge: 20 },
  senior: { fromYearAge: 15 },
  masters_35: { fromYearAge: 35, toYearAge: 39 },
  masters_40: { fromYearAge: 40, toYearAge: 44 },
  masters_45: { fromYearAge: 45, toYearAge: 49 },
  masters_50: { fromYearAge: 50, toYearAge: 54 },
  masters_55: { fromYearAge: 55, toYearAge: 59 },
  masters_60: { fromYearAge: 60, toYearAge: 64 },
  masters_65: { fromYearAge: 65, toYearAge: 69 },
  masters_70: { fromYearAge: 70, toYearAge: 74 },
  masters_75: { fromYearAge: 75, toYearAge: 79 },
  masters_80: { fromYearAge: 80, toYearAge: 84 },
  masters_85: { fromYearAge: 85 },
}

/** A lifter's date of birth as clients send it (`birth_date`). birthDateProblem says whether it is a possible one. */
export const BirthDate = Type.String({
  maxLength: 10,
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description:
    'YYYY-MM-DD: a real date, 1900-01-01 or later, at least 14 years ago. Private: others see only the birth year and the divisions.',
})

/** A calendar day. */
export interface Day {
  readonly year: number
  readonly month: number
  readonly day: number
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/** `YYYY-MM-DD` as a day of the calendar, or null when it is not written so or is no real date (2001-02-30). */
export function parseDay(text: string): Day | null {
  const match = DATE_ONLY.exec(text)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const probe = new Date(Date.UTC(year, month - 1, day))
  probe.setUTCFullYear(year) // Date.UTC reads years 0–99 as 1900–1999
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null
  return { year, month, day }
}

/** The UTC calendar day of a moment (challenge dates without a zone are UTC), or of a `YYYY-MM-DD` text. */
export function dayOf(date: Date | string): Day | null {
  if (typeof date === 'string' && DATE_ONLY.test(date)) return parseDay(date)
  const moment = typeof date === 'string' ? new Date(date) : date
  if (Number.isNaN(moment.getTime())) return null
  return { year: moment.getUTCFullYear(), month: moment.getUTCMonth() + 1, day: moment.getUTCDate() }
}

const before = (a: Day, b: Day) => (a.year !== b.year ? a.year < b.year : a.month !== b.month ? a.month < b.month : a.day < b.day)

/**
 * Completed years on a day. A birthday on 29 February is reached on 1 March in other years (the
 * day after 28 February), never earlier.
 */
export function ageOnDay(birth: Day, on: Day): number {
  const age = on.year - birth.year
  return before({ year: birth.year, month: on.month, day: on.day }, birth) ? age - 1 : age
}

/** The age reached in a calendar year (its year minus the year of birth), as the federations count it. */
export function ageInYear(birth: Day, year: number): number {
  return year - birth.year
}

function fits(rule: AgeRule, dayAge: number, yearAge: number): boolean {
  return (
    (rule.fromDayAge === undefined || dayAge >= rule.fromDayAge) &&
    (rule.fromYearAge === undefined || yearAge >= rule.fromYearAge) &&
    (rule.toYearAge === undefined || yearAge <= rule.toYearAge)
  )
}

/**
 * Every division of a sport a lifter belongs to at a meet, youngest first: a 20-year-old powerlifter
 * is Junior and Open, a 41-year-old weightlifter Senior and Masters 40–44. None when the date of birth
 * is not a real date or the lifter is under 14 on the day of the meet.
 */
export function divisionsFor(sport: 'powerlifting', birthDate: string, meetDate: Date | string): PowerliftingDivision[]
export function divisionsFor(sport: 'weightlifting', birthDate: string, meetDate: Date | string): WeightliftingDivision[]
export function divisionsFor(sport: DivisionSport, birthDate: string, meetDate: Date | string): Division[]
export function divisionsFor(sport: DivisionSport, birthDate: string, meetDate: Date | string): Division[] {
  const birth = parseDay(birthDate)
  const meet = dayOf(meetDate)
  if (!birth || !meet || before(meet, birth)) return []
  const dayAge = ageOnDay(birth, meet)
  if (dayAge < MIN_LIFTER_AGE) return []
  const yearAge = ageInYear(birth, meet.year)
  const rules: Readonly<Record<Division, AgeRule>> =
    sport === 'powerlifting'
      ? (POWERLIFTING_AGES as Readonly<Record<Division, AgeRule>>)
      : (WEIGHTLIFTING_AGES as Readonly<Record<Division, AgeRule>>)
  return divisionsOf(sport).filter((division) => fits(rules[division], dayAge, yearAge))
}

/** Whether a division belongs to a sport's list. */
export function isDivisionOf(sport: DivisionSport, division: string): division is Division {
  return (divisionsOf(sport) as readonly string[]).includes(division)
}

const FORMAT = 'birth_date must be a date written YYYY-MM-DD, for example 1990-04-21.'

/**
 * Why a date of birth cannot be a lifter's (one sentence), or null when it can: written YYYY-MM-DD,
 * a real day, 1900 or later, not after today, and at least 14 years ago.
 */
export function birthDateProblem(birthDate: string, today: Date | string = new Date()): string | null {
  if (!DATE_ONLY.test(birthDate)) return FORMAT
  const birth = parseDay(birthDate)
  if (!birth) return `birth_date ${birthDate} is not a day of the calendar: ${FORMAT}`
  if (birth.year < BIRTH_YEAR_MIN) return `birth_date must be ${BIRTH_YEAR_MIN}-01-01 or later (${birthDate} is before).`
  const now = dayOf(today)
  if (!now) return null
  if (before(now, birth)) return `birth_date ${birthDate} is in the future: give the day you were born.`
  if (ageOnDay(birth, now) < MIN_LIFTER_AGE) {
    return `Lifters must be at least ${MIN_LIFTER_AGE} years old (the youngest age the IPF and IWF let compete): a lifter born on ${birthDate} is not ${MIN_LIFTER_AGE} yet.`
  }
  return null
}

/** Why a lifter cannot lift at a meet on that day (one sentence), or null when they can: under 14 on the day. */
export function meetAgeProblem(birthDate: string, meetDate: Date | string): string | null {
  const birth = parseDay(birthDate)
  const meet = dayOf(meetDate)
  if (!birth || !meet) return birthDateProblem(birthDate)
  if (before(meet, birth) || ageOnDay(birth, meet) < MIN_LIFTER_AGE) {
    const year = birth.year + MIN_LIFTER_AGE
    const leapDayOff = birth.month === 2 && birth.day === 29 && !parseDay(`${year}-02-29`)
    const [month, day] = leapDayOff ? [3, 1] : [birth.month, birth.day]
    const turns = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
    return `Lifters must be ${MIN_LIFTER_AGE} on the day of the meet: a lifter born on ${birthDate} turns ${MIN_LIFTER_AGE} on ${turns}.`
  }
  return null
}
