// Top Lifts This Month (SPEC §2/§9): the 3 heaviest lifts of squat, bench and deadlift,
// computed on the client from every challenge's participants.
import type { AllParticipants } from '../../../api/all-participants.ts'
import { MAIN_LIFTS } from '../../../lib/contract.ts'
import { UI } from '../../../config.ts'

export type MainLift = (typeof MAIN_LIFTS)[number]

export interface TopLift {
  userId: number
  name: string
  weight: number
  competitionId: number
}

/** "This month" is the last 30 days, so the panel is not empty on the 1st. */
const WINDOW_MS = 30 * 86_400_000

/**
 * A best is the heaviest completed attempt; each athlete appears once per lift
 * (their best), so one strong lifter cannot fill the whole podium.
 */
export function topLiftsThisMonth(all: AllParticipants, now = new Date()): Record<MainLift, TopLift[]> {
  const since = now.getTime() - WINDOW_MS
  const result = {} as Record<MainLift, TopLift[]>
  for (const type of MAIN_LIFTS) {
    const best = new Map<number, TopLift>()
    for (const list of Object.values(all.participants)) {
      for (const p of list) {
        for (const a of p.attempts) {
          if (a.lift_type !== type || a.status !== 'completed' || new Date(a.created_at).getTime() < since) continue
          const current = best.get(p.user_id)
          if (!current || a.weight > current.weight) best.set(p.user_id, { userId: p.user_id, name: p.name, weight: a.weight, competitionId: p.competition_id })
        }
      }
    }
    result[type] = [...best.values()].sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name)).slice(0, UI.topLiftsPerType)
  }
  return result
}
