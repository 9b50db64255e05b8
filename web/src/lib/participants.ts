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

/** A judge voted (counts only, votes are blind): that attempt's votes_cast and votes_needed. */
export interface VoteCount {
  attempt_id: number
  votes_cast: number
  votes_needed: number
}

function patchVotes(attempt: Lift, votes: VoteCount): Lift {
  // A count arriving after the decision (or an older count) must not turn a decided attempt back.
  if (attempt.id !== votes.attempt_id || attempt.status !== 'pending' || attempt.judging.votes_cast > votes.votes_cast) return attempt
  return { ...attempt, judging: { ...attempt.judging, votes_cast: votes.votes_cast, votes_needed: votes.votes_needed } }
}

/** 'attempt.voted' on the participants: the attempt's counts change, the ranking does not (pending never counts). */
export function applyVote(list: readonly Participant[], votes: VoteCount): Participant[] {
  return list.map((p) => (p.attempts.some((a) => a.id === votes.attempt_id) ? { ...p, attempts: p.attempts.map((a) => patchVotes(a, votes)) } : p))
}

/** 'attempt.voted' on a list of lifts. */
export function applyVoteToLifts(lifts: readonly Lift[], votes: VoteCount): Lift[] {
  return lifts.map((l) => patchVotes(l, votes))
}
