// Ranking rules the server and the web client both apply (the client patches its snapshots with
// live events by the same rules). A best is the heaviest completed attempt of a lift (docs/product/limits.md); the
// total adds the bests of the challenge's total lifts (scoring.ts); places follow the challenge's
// ranking, ties broken as meets break them: the lighter lifter, then whoever made the total first.
import type { Participant, Standing } from './challenges.ts'
import { WEIGHT_CLASSES } from './common.ts'
import { LIFT_TYPES, type LiftType } from './lifts.ts'
import { pointsFor, type ChallengeScoring, type Formula, type Ranking } from './scoring.ts'

/** What ranking reads of an attempt (a Lift answer has these fields). */
export interface ScoredLift {
  lift_type: string
  weight: number
  status: string
  /** When it was lifted: the first to reach a total wins a tie. */
  created_at?: string
  /** A meet's 4th attempt, for a record only: never a best, so never in the total (docs/meet-rules.md). */
  record_only?: boolean
}

export type Bests = Record<LiftType, number>

export function bestLifts(lifts: Iterable<ScoredLift>): Bests {
  const best = Object.fromEntries(LIFT_TYPES.map((t) => [t, 0])) as Bests
  for (const lift of lifts) {
    if (lift.status !== 'completed' || lift.record_only) continue
    const type = lift.lift_type as LiftType
    if (type in best && lift.weight > best[type]) best[type] = lift.weight
  }
  return best
}

/**
 * The total: the sum of the bests of the total's lifts, or null while one of them has no good lift
 * (a bomb-out, or not lifted yet: a total needs every lift of it).
 */
export function sportTotal(best: Bests, totalLifts: readonly LiftType[]): number | null {
  if (totalLifts.length === 0 || totalLifts.some((lift) => best[lift] <= 0)) return null
  return totalLifts.reduce((sum, lift) => sum + best[lift], 0)
}

/** The answer's field for each lift whose best a participant carries. */
const BEST_FIELDS: Partial<Record<LiftType, keyof Standing>> = {
  squat: 'best_squat',
  bench: 'best_bench',
  deadlift: 'best_deadlift',
  snatch: 'best_snatch',
  clean_and_jerk: 'best_clean_and_jerk',
}

/** A participant's best good lift of a kind, in kg (0 without one): the answer's field where it has one, else from the attempts. */
export function bestOf(p: Pick<Participant, keyof Standing | 'attempts'>, lift: LiftType): number {
  const field = BEST_FIELDS[lift]
  return field ? (p[field] as number) : bestLifts(p.attempts)[lift]
}

/** A challenge's scoring and ranking settings, as its Competition answer carries them. */
export interface ScoringSettings extends ChallengeScoring {
  ranking: Ranking
  /** The formula whose points results show (pointsFormula). */
  points_formula: Formula | null
}

/**
 * Where a lifter stands by their own lifts: what the participants answer and 'attempt.judged' carry.
 * IPF GL scores an equipped lifter with the equipped coefficients (docs/categories.md), others classic.
 */
export function standingOf(
  lifter: { attempts: Iterable<ScoredLift>; bodyweight: number | null; gender: string; equipment?: string | null },
  scoring: ScoringSettings,
): Standing {
  const best = bestLifts(lifter.attempts)
  const total = sportTotal(best, scoring.total_lifts)
  return {
    best_squat: best.squat,
    best_bench: best.bench,
    best_deadlift: best.deadlift,
    best_snatch: best.snatch,
    best_clean_and_jerk: best.clean_and_jerk,
    total,
    total_weight: total ?? 0,
    points: scoring.points_formula
      ? pointsFor(
          scoring.points_formula,
          scoring.total_lifts,
          lifter.gender,
          lifter.bodyweight,
          total,
          lifter.equipment === 'equipped' ? 'equipped' : 'classic',
        )
      : null,
  }
}

/** When the lifter made their total: the latest of the first good attempts at each best (meets' "lifted first"). */
function totalMadeAt(p: Participant, totalLifts: readonly LiftType[]): string {
  let made = ''
  for (const lift of totalLifts) {
    const counted = p.attempts.filter((a) => a.lift_type === lift && a.status === 'completed' && !a.record_only)
    const best = Math.max(0, ...counted.map((a) => a.weight))
    const first =
      counted
        .filter((a) => a.weight === best)
        .map((a) => a.created_at)
        .sort()[0] ?? ''
    if (first > made) made = first
  }
  return made
}

/** The challenge's classes in the form's order (59kg … 120kg+), unknown ones after, by name. */
export function classOrder(a: string, b: string): number {
  const ia = (WEIGHT_CLASSES as readonly string[]).indexOf(a)
  const ib = (WEIGHT_CLASSES as readonly string[]).indexOf(b)
  if (ia >= 0 && ib >= 0) return ia - ib
  if (ia >= 0 || ib >= 0) return ia >= 0 ? -1 : 1
  return a.localeCompare(b, undefined, { numeric: true })
}

/**
 * Ranked and placed. Classic and equipped lifters apart (classic first; docs/categories.md). By class:
 * grouped by weight class (lightest first), each ranked by total; by a formula: everyone by points. Equal scores go to the lighter lifter, then to whoever made it first.
 * Lifters without a score (no total, or no bodyweight for points) have no place and follow, by total
 * then by who joined first.
 */
export function rankParticipants(list: readonly Participant[], scoring: Pick<ScoringSettings, 'ranking' | 'total_lifts'>): Participant[] {
  const byClass = scoring.ranking === 'class'
  const score = (p: Participant) => (byClass ? p.total : p.points)
  const made = new Map(list.map((p) => [p.id, totalMadeAt(p, scoring.total_lifts)]))
  const ranked = [...list].sort((a, b) => {
    if ((a.equipment ?? '') !== (b.equipment ?? '')) return a.equipment === 'equipped' ? 1 : -1
    if (byClass && a.weight_class !== b.weight_class) return classOrder(a.weight_class, b.weight_class)
    const sa = score(a)
    const sb = score(b)
    if ((sa === null) !== (sb === null)) return sa === null ? 1 : -1
    if (sa !== null && sb !== null && sa !== sb) return sb - sa
    if (sa === null && a.total_weight !== b.total_weight) return b.total_weight - a.total_weight
    const wa = a.bodyweight ?? Infinity
    const wb = b.bodyweight ?? Infinity
    if (sa !== null && wa !== wb) return wa - wb
    return (sa !== null ? made.get(a.id)!.localeCompare(made.get(b.id)!) : 0) || a.joined_at.localeCompare(b.joined_at) || a.id - b.id
  })
  const places = new Map<string, number>()
  return ranked.map((p) => {
    if (score(p) === null) return p.place === null ? p : { ...p, place: null }
    const group = `${p.equipment ?? ''}|${byClass ? p.weight_class : ''}`
    const place = (places.get(group) ?? 0) + 1
    places.set(group, place)
    return p.place === place ? p : { ...p, place }
  })
}
