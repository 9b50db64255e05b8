// The global leaderboard, computed on the client from every challenge's participants (SPEC §7):
// one row per athlete per sport family. A powerlifting row has their best squat, bench and deadlift
// across challenges and their best powerlifting total from ONE powerlifting challenge; a weightlifting
// row their best snatch and clean & jerk and their best weightlifting total from one weightlifting
// challenge. Single-lift (and mixed) challenges feed the bests of the family their lifts belong to,
// never a total. The row's class, gender, bodyweight and location are those of the entry where the
// total was made (without a total: the entry with the most lifted in the family). Formula points are
// computed from that total and that entry's bodyweight. Only good lifts count (the server's bests);
// attempts awaiting judges are counted beside the name.
import type { AllParticipants } from '../../../api/all-participants.ts'
import { FORMULAS, bestOf, formulaFits, pointsFor, type Formula, type LiftType } from '../../../lib/contract.ts'

export const SPORT_FAMILIES = ['powerlifting', 'weightlifting'] as const
export type SportFamily = (typeof SPORT_FAMILIES)[number]

/** The lifts of a family's total, in lifting order. */
export const FAMILY_LIFTS: Record<SportFamily, readonly LiftType[]> = {
  powerlifting: ['squat', 'bench', 'deadlift'],
  weightlifting: ['snatch', 'clean_and_jerk'],
}

export type RankedLift = 'squat' | 'bench' | 'deadlift' | 'snatch' | 'clean_and_jerk'
export const RANKED_LIFTS: readonly RankedLift[] = ['squat', 'bench', 'deadlift', 'snatch', 'clean_and_jerk']

export interface LeaderboardRow {
  /** userId and sport: an athlete has a row per sport family. */
  key: string
  userId: number
  name: string
  /** The lifter's own country. */
  country: string | null
  sport: SportFamily
  gender: string
  weightClass: string
  bodyweight: number | null
  /** The challenge's location (of the entry the row shows). */
  location: string
  competitionId: number
  competitionName: string
  squat: number
  bench: number
  deadlift: number
  snatch: number
  clean_and_jerk: number
  /** The family's total from one challenge of that sport; null without one. */
  total: number | null
  /** Points by each formula for that total; null where the formula does not fit the sport or without a bodyweight. */
  points: Record<Formula, number | null>
  /** Attempts awaiting judges (of the family's lifts) across their challenges: shown beside the name, never counted. */
  pending: number
}

export const SORT_KEYS = ['total', ...RANKED_LIFTS, ...FORMULAS] as const
export type SortKey = (typeof SORT_KEYS)[number]

export const isFormula = (key: string): key is Formula => (FORMULAS as readonly string[]).includes(key)

/** The family a lift belongs to, or null for lifts neither total uses (power clean, presses). */
function familyOf(lift: string): SportFamily | null {
  return SPORT_FAMILIES.find((f) => FAMILY_LIFTS[f].includes(lift as LiftType)) ?? null
}

interface Building extends LeaderboardRow {
  /** How much of the family the shown entry lifted, to pick an entry when there is no total. */
  entryWeight: number
}

export function buildLeaderboard(all: AllParticipants): LeaderboardRow[] {
  const byId = new Map(all.competitions.map((c) => [c.id, c]))
  const rows = new Map<string, Building>()
  for (const [competitionId, list] of Object.entries(all.participants)) {
    const competition = byId.get(Number(competitionId))
    if (!competition) continue
    for (const p of list) {
      for (const sport of SPORT_FAMILIES) {
        const lifts = FAMILY_LIFTS[sport] as readonly RankedLift[]
        const lifted = lifts.reduce((sum, l) => sum + bestOf(p, l), 0)
        const pending = p.attempts.filter((a) => a.status === 'pending' && familyOf(a.lift_type) === sport).length
        if (lifted === 0 && pending === 0) continue
        // A total counts for the family only from a challenge of that sport.
        const total = competition.sport === sport ? p.total : null
        const entry = {
          gender: p.gender, weightClass: p.weight_class, bodyweight: p.bodyweight, location: competition.location,
          competitionId: competition.id, competitionName: competition.name, total, entryWeight: lifted,
        }
        const key = `${p.user_id}-${sport}`
        const row = rows.get(key)
        if (!row) {
          const created: Building = {
            key, userId: p.user_id, name: p.name, country: p.country, sport, ...entry, pending,
            squat: 0, bench: 0, deadlift: 0, snatch: 0, clean_and_jerk: 0, points: noPoints(),
          }
          for (const l of lifts) created[l] = bestOf(p, l)
          rows.set(key, created)
          continue
        }
        row.pending += pending
        for (const l of lifts) row[l] = Math.max(row[l], bestOf(p, l))
        const better = total !== null
          ? row.total === null || total > row.total
          : row.total === null && lifted > row.entryWeight
        if (better) Object.assign(row, entry)
      }
    }
  }
  return [...rows.values()]
    .filter((r) => FAMILY_LIFTS[r.sport].some((l) => r[l as RankedLift] > 0))
    .map(({ entryWeight: _, ...row }) => ({
      ...row,
      points: Object.fromEntries(FORMULAS.map((f) => [f, pointsFor(f, FAMILY_LIFTS[row.sport], row.gender, row.bodyweight, row.total)])) as Record<Formula, number | null>,
    }))
}

function noPoints(): Record<Formula, number | null> {
  return Object.fromEntries(FORMULAS.map((f) => [f, null])) as Record<Formula, number | null>
}

export interface LeaderboardFilter {
  weightClass: string
  /** The challenge's location (SPEC §2). */
  location: string
  /** The lifter's own country. */
  country: string
  /** 'M' or 'F'; '' for everyone. */
  gender: string
  /** '' for both families. */
  sport: SportFamily | ''
}

export const NO_FILTER: LeaderboardFilter = { weightClass: '', location: '', country: '', gender: '', sport: '' }

/** A row's figure for a sort key: null when it has none (no total, the lift not lifted, no points). */
export function valueOf(row: LeaderboardRow, sort: SortKey): number | null {
  if (sort === 'total') return row.total
  if (isFormula(sort)) return row.points[sort]
  return row[sort] > 0 ? row[sort] : null
}

/** Highest first by the chosen key; rows without a figure for it follow; ties by name so the order is stable. */
export function rankLeaderboard(rows: readonly LeaderboardRow[], sort: SortKey, filter: LeaderboardFilter): LeaderboardRow[] {
  return rows
    .filter((r) => (!filter.weightClass || r.weightClass === filter.weightClass)
      && (!filter.location || r.location === filter.location)
      && (!filter.country || r.country === filter.country)
      && (!filter.gender || r.gender === filter.gender)
      && (!filter.sport || r.sport === filter.sport))
    .sort((a, b) => {
      const va = valueOf(a, sort)
      const vb = valueOf(b, sort)
      if ((va === null) !== (vb === null)) return va === null ? 1 : -1
      return (va !== null && vb !== null ? vb - va : 0) || a.name.localeCompare(b.name)
    })
}

/** The sort keys that make sense for a sport filter: its lifts and the formulas that fit its total. */
export function sortKeysFor(sport: SportFamily | ''): SortKey[] {
  if (!sport) return [...SORT_KEYS]
  const lifts = FAMILY_LIFTS[sport]
  return SORT_KEYS.filter((k) => k === 'total' || lifts.includes(k as LiftType) || (isFormula(k) && formulaFits(k, lifts)))
}

/** The lift columns a sport filter shows, in lifting order (both families for all sports). */
export function liftColumnsFor(sport: SportFamily | ''): RankedLift[] {
  return sport ? [...FAMILY_LIFTS[sport]] as RankedLift[] : [...RANKED_LIFTS]
}

/**
 * The points columns: the formula sorted by; else the sport's best-lifter formula (DOTS for
 * powerlifting, Sinclair for weightlifting), both for all sports.
 */
export function pointsColumnsFor(sport: SportFamily | '', sort: SortKey): Formula[] {
  if (isFormula(sort)) return [sort]
  if (sport === 'powerlifting') return ['dots']
  if (sport === 'weightlifting') return ['sinclair']
  return ['dots', 'sinclair']
}
