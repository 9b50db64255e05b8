// An attempt row → the contract's Lift, as both roles announce it: the server when
// an upload is recorded, the worker when its renditions are ready. Here, not in
// either role, because both write the same events.
import type { Lift } from '../contract/index.ts'
import type { Prisma } from './db.ts'

/** What a Lift answer reads of an attempt row. */
export type AttemptRow = Pick<Prisma.AttemptGetPayload<object>, 'id' | 'liftType' | 'weight' | 'status' | 'originalKey' | 'posterKey' | 'processingState' | 'createdAt'>

/** URL of a stored media file through the /video proxy. */
export const mediaUrl = (apiBase: string, key: string) => `${apiBase}/video/${encodeURIComponent(key)}`

export function toLift(apiBase: string, attempt: AttemptRow, participant: { userId: number; competitionId: number; user: { name: string } }): Lift {
  return {
    // participant_id is the lifter's user id, as a participant's id is (see contract Participant.id).
    id: attempt.id, participant_id: participant.userId, competition_id: participant.competitionId, user_id: participant.userId,
    participant_name: participant.user.name, lift_type: attempt.liftType, weight: attempt.weight, status: attempt.status,
    video_url: attempt.originalKey ? mediaUrl(apiBase, attempt.originalKey) : null,
    poster_url: attempt.posterKey ? mediaUrl(apiBase, attempt.posterKey) : null,
    processing: attempt.processingState,
    created_at: attempt.createdAt.toISOString(), timestamp: attempt.createdAt.toISOString(),
  }
}
