// A finished powerlifting challenge as OpenPowerlifting's submission files: `meet.csv` (where and
// when) and `entries.csv` (one row per lifter per division). Pure: the server gathers the results,
// this decides every cell. docs/exports.md says each rule in words and cites the format's own
// documents (OpenPowerlifting's templates readme and data readme); OpenLifter's OPL export was read as
// a second reference for the file's layout.

/** OpenPowerlifting's sex categories. */
export type OplSex = 'M' | 'F' | 'Mx'

/** Equipment as we name it; `equipmentColumn` gives OpenPowerlifting's word. */
export const OPL_EQUIPMENT = {
  classic: 'Raw',
  wraps: 'Wraps',
  single_ply: 'Single-ply',
  multi_ply: 'Multi-ply',
  unlimited: 'Unlimited',
} as const
export type OplEquipment = keyof typeof OPL_EQUIPMENT

/** The lifts OpenPowerlifting records, in the order of its `Event` letters. */
export const OPL_LIFTS = ['squat', 'bench', 'deadlift'] as const
export type OplLift = (typeof OPL_LIFTS)[number]
const LETTER: Record<OplLift, string> = { squat: 'S', bench: 'B', deadlift: 'D' }
const COLUMN: Record<OplLift, string> = { squat: 'Squat', bench: 'Bench', deadlift: 'Deadlift' }

/** One attempt as the judges left it. A pending attempt at export time was never decided: not taken. */
export interface OplAttempt {
  weight: number
  result: 'good' | 'no_lift' | 'pending' | 'not_taken'
}

/** The meet: `meet.csv`'s one row. */
export interface OplMeet {
  federation: string
  /** The start date, YYYY-MM-DD. */
  date: string
  country: string
  state?: string | null
  town?: string | null
  name: string
}

/** One lifter in one division, placed by the challenge's ranking within that division and class. */
export interface OplEntry {
  name: string
  sex: OplSex
  equipment: OplEquipment
  division: string
  birthYear?: number | null
  /** The exact age on the meet's start date, when the birth date is known. */
  age?: number | null
  bodyweightKg?: number | null
  /** The class's limit; `plus` for the class above the last limit ("120+"). */
  weightClass?: { limitKg: number; plus: boolean } | null
  country?: string | null
  team?: string | null
  /** Attempts 1–3 of each lift of the challenge, in order; a 4th is a record attempt outside the total. */
  attempts: Partial<Record<OplLift, readonly OplAttempt[]>>
  /** A place in the division, or how the lifter is listed without one (guest). */
  place: number | 'G'
}

/**
 * A text cell of OpenPowerlifting's CSV: commas and double quotes are not allowed in the format (no
 * quoting), so they become spaces; line breaks, tabs and other control characters (which would break
 * a row) too; runs of spaces collapse and the ends are trimmed. A leading =, +, - or @ is dropped: a
 * spreadsheet opening the file (organisers do, to fill in the federation) would run the cell as a
 * formula (OWASP, "CSV Injection"). Weights are written by oplKg, never here.
 */
export function oplText(value: string | null | undefined): string {
  if (value == null) return ''
  return value
    .replace(/[,"\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^(?:[=+\-@]\s*)+/u, '')
}

/** A weight in kilograms, at most two decimals, trailing zeros dropped; zero is written as an empty cell. */
export function oplKg(kg: number | null | undefined): string {
  if (kg == null || !Number.isFinite(kg) || kg === 0) return ''
  const rounded = Math.round(kg * 100) / 100
  return rounded === 0 ? '' : String(rounded)
}

/** `Event`: the letters of the lifts the challenge holds, in S, B, D order ("SBD", "BD", "B"). */
export function oplEvent(lifts: readonly string[]): string {
  return OPL_LIFTS.filter((lift) => lifts.includes(lift))
    .map((lift) => LETTER[lift])
    .join('')
}

/** `WeightClassKg`: "90" is up to and including 90 kg, "90+" above 90 kg. */
export function oplWeightClass(weightClass: OplEntry['weightClass']): string {
  if (!weightClass) return ''
  return `${oplKg(weightClass.limitKg)}${weightClass.plus ? '+' : ''}`
}

/** An attempt's cell: its weight when good, the weight negated when failed, empty when not taken. */
export function oplAttempt(attempt: OplAttempt | undefined): string {
  if (!attempt) return ''
  if (attempt.result === 'good') return oplKg(attempt.weight)
  if (attempt.result === 'no_lift') return oplKg(-attempt.weight)
  return ''
}

/** The best good attempt among the first three (a 4th never counts), or null when none was good. */
export function best3(attempts: readonly OplAttempt[] | undefined): number | null {
  const good = (attempts ?? [])
    .slice(0, 3)
    .filter((a) => a.result === 'good')
    .map((a) => a.weight)
  return good.length > 0 ? Math.max(...good) : null
}

/** Whether the lifter took at least one attempt (decided either way) of any lift. */
function lifted(entry: OplEntry): boolean {
  return OPL_LIFTS.some((lift) => (entry.attempts[lift] ?? []).some((a) => a.result === 'good' || a.result === 'no_lift'))
}

/**
 * The total: the sum of the best of each of the event's lifts, only when every lift has a good
 * attempt among its first three; otherwise none (bombed out).
 */
export function oplTotal(entry: OplEntry, lifts: readonly OplLift[]): number | null {
  let total = 0
  for (const lift of lifts) {
    const best = best3(entry.attempts[lift])
    if (best === null) return null
    total += best
  }
  return lifts.length > 0 ? Math.round(total * 100) / 100 : null
}

/**
 * `Place`: the place when the lifter has a total; `NS` (no-show) when they took no attempt; `DQ`
 * when they lifted but made no total; `G` for a guest who made one.
 */
export function oplPlace(entry: OplEntry, lifts: readonly OplLift[]): string {
  if (!lifted(entry)) return 'NS'
  if (oplTotal(entry, lifts) === null) return 'DQ'
  return entry.place === 'G' ? 'G' : String(entry.place)
}

/** A CSV of the format: a header row, one row per line, `\n` line ends, a final line end. */
function csv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.join(',')).join('\n') + '\n'
}

/** Four-digit years (1900–2099) as words of a meet's name: the format's MeetName never holds the year. */
const YEAR = /(?<![\p{L}\p{N}])(?:19|20)\d{2}(?![\p{L}\p{N}])/gu

/**
 * `MeetName`: the name without the year nor the federation (the format's rule: "2019 USAPL Raw
 * Nationals" is "Raw Nationals"), cleaned like every cell. Kept as is when removing them leaves nothing.
 */
export function oplMeetName(name: string, federation: string): string {
  let cleaned = oplText(name).replace(YEAR, ' ')
  const fed = oplText(federation)
  if (fed) {
    const escaped = fed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    cleaned = cleaned.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'), ' ')
  }
  cleaned = cleaned.replace(/\s+/gu, ' ').replace(/^[\s\-–—:]+|[\s\-–—:]+$/gu, '')
  return cleaned || oplText(name)
}

/** `meet.csv`: its columns are in a fixed order (Federation, Date, MeetCountry, MeetState, MeetTown, MeetName). */
export function oplMeetCsv(meet: OplMeet): string {
  return csv(
    ['Federation', 'Date', 'MeetCountry', 'MeetState', 'MeetTown', 'MeetName'],
    [
      [
        oplText(meet.federation),
        oplText(meet.date),
        oplText(meet.country),
        oplText(meet.state),
        oplText(meet.town),
        oplMeetName(meet.name, meet.federation),
      ],
    ],
  )
}

/**
 * `entries.csv` for a challenge of the given lifts: the columns of those lifts only (4th attempts
 * only when someone took one), rows in the order given (the caller sorts by division, class, place).
 * `BirthDate` is always present (the format asks for the column even when empty) and always empty
 * here: a lifter's birth date is private, the birth year and age are what we publish.
 */
export function oplEntriesCsv(challengeLifts: readonly string[], entries: readonly OplEntry[]): string {
  const lifts = OPL_LIFTS.filter((lift) => challengeLifts.includes(lift))
  const fourth = lifts.filter((lift) => entries.some((e) => (e.attempts[lift]?.length ?? 0) > 3))
  const liftColumns = lifts.flatMap((lift) => [
    ...[1, 2, 3].map((n) => `${COLUMN[lift]}${n}Kg`),
    ...(fourth.includes(lift) ? [`${COLUMN[lift]}4Kg`] : []),
    `Best3${COLUMN[lift]}Kg`,
  ])
  const header = [
    'Place',
    'Name',
    'Sex',
    'BirthDate',
    'BirthYear',
    'Age',
    'Country',
    'Equipment',
    'Division',
    'BodyweightKg',
    'WeightClassKg',
    ...liftColumns,
    'TotalKg',
    'Event',
    'Team',
  ]
  const event = oplEvent(lifts)
  const rows = entries.map((entry) => {
    const cells = lifts.flatMap((lift) => {
      const attempts = entry.attempts[lift] ?? []
      return [
        ...[0, 1, 2].map((i) => oplAttempt(attempts[i])),
        ...(fourth.includes(lift) ? [oplAttempt(attempts[3])] : []),
        oplKg(best3(attempts)),
      ]
    })
    return [
      oplPlace(entry, lifts),
      oplText(entry.name),
      entry.sex,
      '',
      entry.birthYear ? String(entry.birthYear) : '',
      entry.age != null ? String(entry.age) : '',
      oplText(entry.country),
      OPL_EQUIPMENT[entry.equipment],
      oplText(entry.division),
      oplKg(entry.bodyweightKg),
      oplWeightClass(entry.weightClass),
      ...cells,
      oplKg(oplTotal(entry, lifts)),
      event,
      oplText(entry.team),
    ]
  })
  return csv(header, rows)
}
