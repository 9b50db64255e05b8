// A challenge's results as plain files (docs/exports.md): a CSV of every attempt of any challenge
// (weightlifting and open challenges too) and a JSON results document. Pure: the server gathers the
// ranked participants, this writes every cell. Unlike OpenPowerlifting's format (openpowerlifting.ts)
// a plain CSV quotes as RFC 4180 says, so names keep their commas; the same CSV-injection guard
// applies to every text cell.
import { Type, type Static } from 'typebox'
import { Nullable } from './common.ts'
import type { Participant } from './challenges.ts'

/** The files `GET /competitions/:id/results.csv?format=` answers. */
export const RESULTS_FORMATS = ['openpowerlifting', 'csv', 'json'] as const
export type ResultsFormat = (typeof RESULTS_FORMATS)[number]

/**
 * A text cell: control characters (a line break would end the row) become spaces, a leading =, +, -,
 * @ is dropped as the OpenPowerlifting export drops it (a spreadsheet would run the cell as a formula:
 * OWASP, "CSV Injection"), and a cell holding a comma or a double quote is quoted, its quotes doubled
 * (RFC 4180, section 2).
 */
export function csvText(value: string | null | undefined): string {
  if (value == null) return ''
  const clean = value
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .trim()
    .replace(/^(?:[=+\-@]\s*)+/u, '')
  return /[",]/.test(clean) ? `"${clean.replace(/"/g, '""')}"` : clean
}

/** A figure: empty when there is none. */
const csvNumber = (value: number | null | undefined) =>
  value == null || !Number.isFinite(value) ? '' : String(Math.round(value * 100) / 100)

/** The attempts CSV's columns, in order. */
export const ATTEMPT_COLUMNS = [
  'Place',
  'Name',
  'UserId',
  'Sex',
  'WeightClass',
  'BodyweightKg',
  'Country',
  'Team',
  'Lift',
  'Attempt',
  'WeightKg',
  'Result',
  'Verified',
  'DecidedBy',
  'DecidedAt',
  'TotalKg',
  'Points',
] as const

/** Lifting order: powerlifting's, then weightlifting's snatch before the clean and jerk, then the others. */
const LIFT_ORDER = ['squat', 'bench', 'deadlift', 'snatch', 'clean_and_jerk', 'power_clean', 'push_press', 'overhead_press']
const liftRank = (lift: string) => (LIFT_ORDER.includes(lift) ? LIFT_ORDER.indexOf(lift) : LIFT_ORDER.length)
const inLiftingOrder = <T extends { lift_type: string; attempt_number: number }>(attempts: readonly T[]) =>
  [...attempts].sort((a, b) => liftRank(a.lift_type) - liftRank(b.lift_type) || a.attempt_number - b.attempt_number)

const RESULT: Record<string, string> = { completed: 'good', failed: 'no_lift', pending: 'pending' }

/** A ranked participant with the team they entered for (null: none). */
export type ResultsLifter = Participant & { team?: string | null }

/**
 * One row per attempt, lifters in the challenge's ranking order, each lifter's attempts by lift and
 * number; a lifter without attempts gets one row with the lift cells empty. CRLF line ends (RFC 4180).
 */
export function attemptsCsv(lifters: readonly ResultsLifter[]): string {
  const rows: string[][] = [[...ATTEMPT_COLUMNS]]
  for (const p of lifters) {
    const lifter = [
      csvNumber(p.place),
      csvText(p.name),
      String(p.user_id),
      csvText(p.gender),
      csvText(p.weight_class),
      csvNumber(p.bodyweight),
      csvText(p.country),
      csvText(p.team ?? null),
    ]
    const tail = [csvNumber(p.total), csvNumber(p.points)]
    const attempts = inLiftingOrder(p.attempts)
    if (attempts.length === 0) rows.push([...lifter, '', '', '', '', '', '', '', ...tail])
    for (const a of attempts) {
      rows.push([
        ...lifter,
        csvText(a.lift_type),
        String(a.attempt_number),
        csvNumber(a.weight),
        RESULT[a.status] ?? a.status,
        a.judging.verified ? 'yes' : 'no',
        csvText(a.judging.decided_by ?? ''),
        a.judging.decided_at ?? '',
        ...tail,
      ])
    }
  }
  return rows.map((r) => r.join(',')).join('\r\n') + '\r\n'
}

const ResultsAttempt = Type.Object({
  attempt_id: Type.Integer(),
  lift: Type.String(),
  attempt_number: Type.Integer(),
  weight: Type.Number(),
  result: Type.String({ description: 'good, no_lift or pending' }),
  verified: Type.Boolean(),
  decided_by: Nullable(Type.String()),
  decided_at: Nullable(Type.String()),
})

const ResultsEntry = Type.Object({
  place: Nullable(Type.Integer()),
  user_id: Type.Integer(),
  name: Type.String(),
  sex: Type.String(),
  weight_class: Type.String(),
  bodyweight: Nullable(Type.Number()),
  country: Nullable(Type.String()),
  team: Nullable(Type.String()),
  best: Type.Record(Type.String(), Type.Number(), { description: 'The heaviest good attempt of each lift the lifter made.' }),
  total: Nullable(Type.Number()),
  points: Nullable(Type.Number()),
  attempts: Type.Array(ResultsAttempt),
})

/** `format=json`: the challenge and every lifter's results, in its ranking order. */
export const ResultsDocument = Type.Object({
  competition: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    location: Type.String(),
    start_date: Type.String(),
    end_date: Type.String(),
    format: Type.String(),
    ranking: Type.String(),
    lifts: Type.Array(Type.String()),
  }),
  lifters: Type.Array(ResultsEntry),
})
export type ResultsDocument = Static<typeof ResultsDocument>

const BESTS = {
  squat: 'best_squat',
  bench: 'best_bench',
  deadlift: 'best_deadlift',
  snatch: 'best_snatch',
  clean_and_jerk: 'best_clean_and_jerk',
} as const

/** The JSON results document of ranked lifters. */
export function resultsDocument(challenge: ResultsDocument['competition'], lifters: readonly ResultsLifter[]): ResultsDocument {
  return {
    competition: challenge,
    lifters: lifters.map((p) => {
      const best: Record<string, number> = {}
      for (const [lift, key] of Object.entries(BESTS)) if (p[key] > 0) best[lift] = p[key]
      return {
        place: p.place,
        user_id: p.user_id,
        name: p.name,
        sex: p.gender,
        weight_class: p.weight_class,
        bodyweight: p.bodyweight,
        country: p.country,
        team: p.team ?? null,
        best,
        total: p.total,
        points: p.points,
        attempts: inLiftingOrder(p.attempts).map((a) => ({
          attempt_id: a.id,
          lift: a.lift_type,
          attempt_number: a.attempt_number,
          weight: a.weight,
          result: RESULT[a.status] ?? a.status,
          verified: a.judging.verified,
          decided_by: a.judging.decided_by,
          decided_at: a.judging.decided_at,
        })),
      }
    }),
  }
}
