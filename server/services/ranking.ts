// Pure ranking rules: best lifts and totals. A best is the heaviest completed
// attempt of that lift (SPEC §9); the total adds the best squat, bench and deadlift.
// Lift type spellings are made canonical by contract's normalizeLiftType.
import { LIFT_TYPES, type LiftType } from '../../contract/index.ts'

export interface ScoredAttempt {
  liftType: string
  weight: number
  status: string
}

export type Bests = Record<LiftType, number>

export function bestLifts(attempts: readonly ScoredAttempt[]): Bests {
  const best = Object.fromEntries(LIFT_TYPES.map((t) => [t, 0])) as Bests
  for (const a of attempts) {
    if (a.status !== 'completed') continue
    const type = a.liftType as LiftType
    if (type in best && a.weight > best[type]) best[type] = a.weight
  }
  return best
}

export function total(best: Bests): number {
  return best.squat + best.bench + best.deadlift
}
