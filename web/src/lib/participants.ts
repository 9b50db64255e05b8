// Pure updates of the REST snapshots by live events, by the server's own ranking rules
// (contract/ranking.ts: a best is the heaviest completed attempt; total = squat + bench + deadlift).
import { bestLifts, rankParticipants, total } from './contract.ts'
import type { Lift, Participant } from './contract.ts'

export function upsertParticipant(list: readonly Participant[], participant: Participant): Participant[] {
  const others = list.filter((p) => p.id !== participant.id)
  return rankParticipants([...others, participant])
}

/** A new or changed attempt: the participant's attempts, bests and total follow, then the ranking. */
export function applyAttempt(list: readonly Participant[], attempt: Lift): Participant[] {
  const owner = list.find((p) => p.id === attempt.participant_id)
  if (!owner) return [...list]
  const attempts = [...owner.attempts.filter((a) => a.id !== attempt.id), attempt].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
  const best = bestLifts(attempts)
  const updated = { ...owner, attempts, best_squat: best.squat, best_bench: best.bench, best_deadlift: best.deadlift, total_weight: total(best) }
  return upsertParticipant(list, updated)
}

/** Newest first, like GET /competitions/:id/lifts. */
export function upsertLift(lifts: readonly Lift[], lift: Lift): Lift[] {
  return [...lifts.filter((l) => l.id !== lift.id), lift].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
}
