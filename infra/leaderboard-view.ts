// One athlete's rows of the global leaderboard, from all their challenges: a row per sport family.
// A powerlifting row holds their best squat, bench and deadlift across challenges and their best
// powerlifting total from ONE powerlifting challenge; a weightlifting row their best snatch and
// clean & jerk and their best weightlifting total from one weightlifting challenge. Single-lift
// (and mixed) challenges feed the bests of the family their lifts belong to, never a total. The
// row's class, gender, bodyweight and location are those of the entry where the total was made
// (without a total: the entry with the most lifted in the family); points are computed from that
// total at that entry's bodyweight. Only good lifts count; attempts awaiting judges are counted.
// Each row is written twice (docs/verified-results.md): scope 'verified' from verified decisions
// only, which the boards show, and scope 'all' from every decision, shown on request and marked
// verified when its figures are the verified row's.
// Here, not in a role: the repositories that change results refresh the rows in their transaction.
import {
  lifterDivisions,
  FAMILY_LIFTS,
  FORMULAS,
  SPORT_FAMILIES,
  bestLifts,
  pointsFor,
  type Formula,
  type RankedLift,
  type SportFamily,
} from '../contract/index.ts'
import { scored, scoringSettings, standingOfRow, type ScoringRow } from './scoring-view.ts'

/** What a row is built from: the athlete and each of their entries with its challenge and attempts. */
export interface AthleteResults {
  id: number
  name: string
  country: string | null
  birthDate?: Date | null
  participants: {
    gender: string
    weightClass: string
    bodyweight: number | null
    equipment?: string
    challenge: ScoringRow & { id: number; name: string; location: string; classSet?: string; startDate?: Date }
    attempts: { liftType: string; weight: number; status: string; createdAt: Date; verified: boolean; recordOnly?: boolean }[]
  }[]
}

/** Which results a row is made of: verified decisions only (the boards), or every decision (on request). */
export const LEADERBOARD_SCOPES = ['verified', 'all'] as const
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number]

/** A leaderboard_entries row; figures are 0 where there is none, so they sort last. */
export interface LeaderboardEntryRow {
  userId: number
  sport: SportFamily
  scope: LeaderboardScope
  /** Every figure comes from verified decisions. */
  verified: boolean
  name: string
  country: string | null
  gender: string
  weightClass: string
  bodyweight: number | null
  location: string
  challengeId: number
  challengeName: string
  squat: number
  bench: number
  deadlift: number
  snatch: number
  cleanAndJerk: number
  total: number
  dots: number
  ipfGl: number
  wilks: number
  wilks2020: number
  classSet: string
  equipment: string
  divisions: string[]
  sinclair: number
  pending: number
}

/** The row's column of each formula. */
export const FORMULA_COLUMNS: Record<Formula, 'dots' | 'ipfGl' | 'wilks' | 'wilks2020' | 'sinclair'> = {
  dots: 'dots',
  ipf_gl: 'ipfGl',
  wilks: 'wilks',
  wilks2020: 'wilks2020',
  sinclair: 'sinclair',
}
/** The row's column of each lift. */
export const LIFT_COLUMNS: Record<RankedLift, 'squat' | 'bench' | 'deadlift' | 'snatch' | 'cleanAndJerk'> = {
  squat: 'squat',
  bench: 'bench',
  deadlift: 'deadlift',
  snatch: 'snatch',
  clean_and_jerk: 'cleanAndJerk',
}

const familyOf = (lift: string): SportFamily | null =>
  SPORT_FAMILIES.find((f) => (FAMILY_LIFTS[f] as readonly string[]).includes(lift)) ?? null

/** The athlete's rows of both scopes. */
export function leaderboardEntriesOf(athlete: AthleteResults): LeaderboardEntryRow[] {
  // Attempts awaiting judges stay in the verified scope: they are shown (as pending), never counted.
  const verified = rowsOf(athlete, (a) => a.verified || a.status === 'pending')
  const all = rowsOf(athlete, () => true)
  const sameAsVerified = (row: FamilyRow) => {
    const v = verified.find((r) => r.sport === row.sport)
    return !!v && FIGURES.every((k) => v[k] === row[k])
  }
  return [
    ...verified.map((row) => ({ ...row, scope: 'verified' as const, verified: true })),
    ...all.map((row) => ({ ...row, scope: 'all' as const, verified: sameAsVerified(row) })),
  ]
}

type FamilyRow = Omit<LeaderboardEntryRow, 'scope' | 'verified'>
/** What a row shows: two rows with these equal show the same result. */
const FIGURES = [
  'squat',
  'bench',
  'deadlift',
  'snatch',
  'cleanAndJerk',
  'total',
  'challengeId',
  'bodyweight',
] as const satisfies readonly (keyof FamilyRow)[]

function rowsOf(
  athlete: AthleteResults,
  counts: (attempt: AthleteResults['participants'][number]['attempts'][number]) => boolean,
): FamilyRow[] {
  const rows = new Map<SportFamily, FamilyRow & { entryWeight: number; hasTotal: boolean }>()
  for (const entry of athlete.participants) {
    const p = { ...entry, attempts: entry.attempts.filter(counts) }
    const settings = scoringSettings(p.challenge)
    const best = bestLifts(p.attempts.map(scored))
    const standing = standingOfRow(p, settings)
    for (const sport of SPORT_FAMILIES) {
      const lifts = FAMILY_LIFTS[sport]
      const lifted = lifts.reduce((sum, l) => sum + best[l], 0)
      const pending = p.attempts.filter((a) => a.status === 'pending' && familyOf(a.liftType) === sport).length
      if (lifted === 0 && pending === 0) continue
      // A total counts for the family only from a challenge of that sport.
      const total = settings.sport === sport ? standing.total : null
      const entry = {
        gender: p.gender,
        weightClass: p.weightClass,
        bodyweight: p.bodyweight,
        location: p.challenge.location,
        classSet: p.challenge.classSet ?? 'spec',
        equipment: p.equipment === 'equipped' ? 'equipped' : 'classic',
        divisions:
          athlete.birthDate && p.challenge.startDate
            ? lifterDivisions(settings.total_lifts, athlete.birthDate.toISOString().slice(0, 10), p.challenge.startDate)
            : [],
        challengeId: p.challenge.id,
        challengeName: p.challenge.name,
        total: total ?? 0,
        hasTotal: total !== null,
        entryWeight: lifted,
      }
      const row = rows.get(sport)
      if (!row) {
        rows.set(sport, {
          userId: athlete.id,
          sport,
          name: athlete.name,
          country: athlete.country,
          ...entry,
          pending,
          squat: best.squat,
          bench: best.bench,
          deadlift: best.deadlift,
          snatch: best.snatch,
          cleanAndJerk: best.clean_and_jerk,
          dots: 0,
          ipfGl: 0,
          wilks: 0,
          wilks2020: 0,
          sinclair: 0,
        })
        continue
      }
      row.pending += pending
      for (const l of lifts) row[LIFT_COLUMNS[l]] = Math.max(row[LIFT_COLUMNS[l]], best[l])
      const better = entry.hasTotal ? !row.hasTotal || entry.total > row.total : !row.hasTotal && lifted > row.entryWeight
      if (better) Object.assign(row, entry)
    }
  }
  const result: FamilyRow[] = []
  for (const { entryWeight: _, hasTotal, ...row } of rows.values()) {
    // The family's other lifts are not shown on its row.
    for (const l of Object.keys(LIFT_COLUMNS) as RankedLift[]) if (familyOf(l) !== row.sport) row[LIFT_COLUMNS[l]] = 0
    // Only pending attempts so far: the athlete shows once a lift of the family is good.
    if (!FAMILY_LIFTS[row.sport].some((l) => row[LIFT_COLUMNS[l]] > 0)) continue
    for (const f of FORMULAS)
      row[FORMULA_COLUMNS[f]] =
        pointsFor(
          f,
          FAMILY_LIFTS[row.sport],
          row.gender,
          row.bodyweight,
          hasTotal ? row.total : null,
          row.equipment === 'equipped' ? 'equipped' : 'classic',
        ) ?? 0
    result.push(row)
  }
  return result
}
