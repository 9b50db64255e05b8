// Pure updates of the REST snapshots by live events, by the server's own ranking rules
// (contract/ranking.ts: a best is the heaviest completed attempt; the total and points follow the
// challenge's sport and formula; places its ranking). `scoring` is the challenge's (its Competition
// answer); null while that has not loaded: the list then keeps the server's order.
import { rankParticipants, standingOf } from './contract.ts'
import type { Lift, Participant, ScoringSettings, Standing } from './contract.ts'

export type Scoring = ScoringSettings | null

const ranked = (list: Participant[], scoring: Scoring) => (scoring ? rankParticipants(list, scoring) : list)

export function upsertParticipant(list: readonly Participant[], participant: Participant, scoring: Scoring): Participant[] {
  const at = list.findIndex((p) => p.id === participant.id)
  return ranked(at < 0 ? [...list, participant] : list.map((p, i) => (i === at ? participant : p)), scoring)
}

/** A lifter left ('participant.left'): the others ranked and placed again without them. */
export function removeParticipant(list: readonly Participant[], participantId: number, scoring: Scoring): Participant[] {
  return ranked(
    list.filter((p) => p.id !== participantId),
    scoring,
  )
}

/**
 * A new or changed attempt: the participant's attempts follow, with their standing as the server sent
 * it ('attempt.judged') or, for other changes, as the shared rules compute it; then the ranking.
 */
export function applyAttempt(list: readonly Participant[], attempt: Lift, scoring: Scoring, standing?: Standing): Participant[] {
  const owner = list.find((p) => p.id === attempt.participant_id)
  if (!owner) return [...list]
  const attempts = [...owner.attempts.filter((a) => a.id !== attempt.id), attempt].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  )
  const now =
    standing ??
    (scoring ? standingOf({ attempts, bodyweight: owner.bodyweight, gender: owner.gender, equipment: owner.equipment }, scoring) : {})
  return upsertParticipant(list, { ...owner, ...now, attempts }, scoring)
}

/** Newest first, like GET /competitions/:id/lifts. */
export function upsertLift(lifts: readonly Lift[], lift: Lift): Lift[] {
  return [...lifts.filter((l) => l.id !== lift.id), lift].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
}

/** A judge voted (counts only, votes are blind): that attempt's votes_cast and votes_needed. */
interface VoteCount {
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
  return list.map((p) =>
    p.attempts.some((a) => a.id === votes.attempt_id) ? { ...p, attempts: p.attempts.map((a) => patchVotes(a, votes)) } : p,
  )
}

/** 'attempt.voted' on a list of lifts. */
export function applyVoteToLifts(lifts: readonly Lift[], votes: VoteCount): Lift[] {
  return lifts.map((l) => patchVotes(l, votes))
}
