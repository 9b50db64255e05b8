// Pure updates of the REST snapshots by live events: same ranking rules as the server
// (a best is the heaviest completed attempt; total = best squat + bench + deadlift).
import type { Lift, Participant } from './contract.ts'

/** Ranked by total, heaviest first; ties go to whoever joined first. */
export function rankParticipants(list: readonly Participant[]): Participant[] {
  return [...list].sort((a, b) => b.total_weight - a.total_weight || a.joined_at.localeCompare(b.joined_at) || a.id - b.id)
}

export function upsertParticipant(list: readonly Participant[], participant: Participant): Participant[] {
  const others = list.filter((p) => p.id !== participant.id)
  return rankParticipants([...others, participant])
}

function best(attempts: readonly Lift[], type: string): number {
  return attempts.reduce((max, a) => (a.lift_type === type && a.status === 'completed' && a.weight > max ? a.weight : max), 0)
}

/** A new or changed attempt: the participant's attempts, bests and total follow, then the ranking. */
export function applyAttempt(list: readonly Participant[], attempt: Lift): Participant[] {
  const owner = list.find((p) => p.id === attempt.participant_id)
  if (!owner) return [...list]
  const attempts = [...owner.attempts.filter((a) => a.id !== attempt.id), attempt].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
  const best_squat = best(attempts, 'squat')
  const best_bench = best(attempts, 'bench')
  const best_deadlift = best(attempts, 'deadlift')
  const updated = { ...owner, attempts, best_squat, best_bench, best_deadlift, total_weight: best_squat + best_bench + best_deadlift }
  return upsertParticipant(list, updated)
}

/** Newest first, like GET /competitions/:id/lifts. */
export function upsertLift(lifts: readonly Lift[], lift: Lift): Lift[] {
  return [...lifts.filter((l) => l.id !== lift.id), lift].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
}
