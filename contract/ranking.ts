// Ranking rules the server and the web client both apply (the client patches its
// snapshots with live events by the same rules). A best is the heaviest completed
// attempt of a lift (SPEC §9); the total adds the best squat, bench and deadlift.
import type { Participant } from './competitions.ts'
import { LIFT_TYPES, type LiftType } from './lifts.ts'

/** What ranking reads of an attempt (a Lift answer has these fields). */
export interface ScoredLift {
  lift_type: string
  weight: number
  status: string
}

export type Bests = Record<LiftType, number>

export function bestLifts(lifts: Iterable<ScoredLift>): Bests {
  const best = Object.fromEntries(LIFT_TYPES.map((t) => [t, 0])) as Bests
  for (const lift of lifts) {
    if (lift.status !== 'completed') continue
    const type = lift.lift_type as LiftType
    if (type in best && lift.weight > best[type]) best[type] = lift.weight
  }
  return best
}

export function total(best: Bests): number {
  return best.squat + best.bench + best.deadlift
}

/** Ranked by total, heaviest first; ties go to whoever joined first. */
export function rankParticipants(list: readonly Participant[]): Participant[] {
  return [...list].sort((a, b) => b.total_weight - a.total_weight || a.joined_at.localeCompare(b.joined_at) || a.id - b.id)
}
