// An attempt row → the contract's Lift, as both roles announce it: the server when
// an upload is recorded, the worker when its renditions are ready. Here, not in
// either role, because both write the same events.
import type { DecidedBy, Judging, Lift, Light } from '../contract/index.ts'
import type { Prisma } from './db.ts'
import { currentVerdictClip } from './verdict-clip.decisions.ts'

/** What a Lift answer reads of an attempt row. */
export type AttemptRow = Pick<
  Prisma.AttemptGetPayload<object>,
  | 'id'
  | 'liftType'
  | 'attemptNumber'
  | 'weight'
  | 'status'
  | 'originalKey'
  | 'posterKey'
  | 'processingState'
  | 'createdAt'
  | 'votesNeeded'
  | 'votesCast'
  | 'decidedBy'
  | 'decidedAt'
  | 'lights'
  | 'appealUntil'
  | 'appealState'
  | 'appealNote'
  | 'appealedAt'
  | 'appealReason'
  | 'appealDecidedAt'
  | 'videoWidth'
  | 'videoHeight'
  | 'originalType'
  | 'verified'
> &
  // Read where the row was fetched whole (a partial select leaves it out: no clip is offered there).
  Partial<Pick<Prisma.AttemptGetPayload<object>, 'verdictClipKey'>>

/** Where the attempt stands with its judges: counts only until it is decided (votes are blind). */
export function toJudging(attempt: AttemptRow, now = new Date()): Judging {
  const decided = attempt.status !== 'pending'
  return {
    votes_cast: attempt.votesCast,
    votes_needed: attempt.votesNeeded,
    decided_by: decided ? (attempt.decidedBy as DecidedBy | null) : null,
    decided_at: decided ? (attempt.decidedAt?.toISOString() ?? null) : null,
    lights: decided ? (attempt.lights as Light[]) : [],
    appeal:
      attempt.appealState && attempt.appealNote && attempt.appealedAt
        ? {
            state: attempt.appealState as 'open' | 'confirmed' | 'reversed',
            note: attempt.appealNote,
            appealed_at: attempt.appealedAt.toISOString(),
            reason: attempt.appealReason,
            decided_at: attempt.appealDecidedAt?.toISOString() ?? null,
          }
        : null,
    appeal_until:
      decided && !attempt.appealState && attempt.appealUntil && attempt.appealUntil > now ? attempt.appealUntil.toISOString() : null,
    verified: decided && attempt.verified,
  }
}

/** The original's shape and browser type, when the upload's probe recorded them (absent otherwise). */
export function originalVideoFields(
  attempt: Pick<AttemptRow, 'videoWidth' | 'videoHeight' | 'originalType'>,
): Pick<Lift, 'video_width' | 'video_height' | 'original_type'> {
  return {
    ...(attempt.videoWidth && attempt.videoHeight ? { video_width: attempt.videoWidth, video_height: attempt.videoHeight } : {}),
    ...(attempt.originalType ? { original_type: attempt.originalType } : {}),
  }
}

/** The verdict clip of the attempt's current decision, when rendered (docs/video-checks.md "Verdict clips"). */
function verdictClipField(apiBase: string, attempt: AttemptRow): Pick<Lift, 'verdict_clip_url'> {
  const key = attempt.verdictClipKey ? currentVerdictClip(attempt.id, { ...attempt, verdictClipKey: attempt.verdictClipKey }) : null
  return key ? { verdict_clip_url: mediaUrl(apiBase, key) } : {}
}

/** URL of a stored media file through the /video proxy. */
export const mediaUrl = (apiBase: string, key: string) => `${apiBase}/video/${encodeURIComponent(key)}`

export function toLift(
  apiBase: string,
  attempt: AttemptRow,
  participant: { userId: number; challengeId: number; user: { name: string } },
): Lift {
  return {
    // participant_id is the lifter's user id, as a participant's id is (see contract Participant.id).
    id: attempt.id,
    participant_id: participant.userId,
    competition_id: participant.challengeId,
    user_id: participant.userId,
    participant_name: participant.user.name,
    lift_type: attempt.liftType,
    attempt_number: attempt.attemptNumber,
    weight: attempt.weight,
    status: attempt.status,
    ...((attempt as { recordOnly?: boolean }).recordOnly ? { record_only: true } : {}),
    video_url: attempt.originalKey ? mediaUrl(apiBase, attempt.originalKey) : null,
    poster_url: attempt.posterKey ? mediaUrl(apiBase, attempt.posterKey) : null,
    processing: attempt.processingState,
    ...originalVideoFields(attempt),
    ...verdictClipField(apiBase, attempt),
    created_at: attempt.createdAt.toISOString(),
    timestamp: attempt.createdAt.toISOString(),
    judging: toJudging(attempt),
  }
}
