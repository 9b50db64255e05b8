// A whole challenge, as the projector board shows it: the competition, every ranked participant
// and every lift over REST, kept current by the challenge's live room (challenge-room.ts: joins and
// leaves, new and updated attempts, judges' votes and decisions). The challenge page reads its
// summary instead (use-challenge-summary.ts).
import { useCallback, useRef } from 'react'
import { useChallenge } from '../../../api/challenge.ts'
import { useLifts } from '../../../api/lifts.ts'
import { useParticipants } from '../../../api/participants.ts'
import { challengeRoom } from '../../../lib/contract.ts'
import type { Lift } from '../../../lib/contract.ts'
import { applyLiveEvent } from '../../../lib/live/live-table.ts'
import { useLiveRoom } from '../../../stores/live.ts'
import { CHALLENGE_ROOM_TABLE } from './challenge-room.ts'

interface SnapshotOptions {
  /** An attempt was decided (or its appeal changed the decision) while the screen follows the room. */
  onJudged?: (attempt: Lift) => void
}

export function useChallengeSnapshot(id: number | null, options: SnapshotOptions = {}) {
  const onJudged = useRef(options.onJudged)
  onJudged.current = options.onJudged
  const challenge = useChallenge(id)
  const participants = useParticipants(id)
  const lifts = useLifts(id)
  const { reload: reloadChallenge } = challenge
  const { reload: reloadParticipants } = participants
  const { reload: reloadLifts } = lifts

  /** Refetches everything; the participants' seq is where live events continue. */
  const resync = useCallback(async () => {
    const [, snapshot] = await Promise.all([reloadChallenge(), reloadParticipants(), reloadLifts()])
    if (!snapshot) throw new Error('The challenge could not be reloaded')
    return snapshot.seq
  }, [reloadChallenge, reloadParticipants, reloadLifts])

  useLiveRoom(id ? challengeRoom(id) : null, {
    ready: participants.data !== undefined,
    seq: participants.data?.seq ?? null,
    apply: (event) =>
      applyLiveEvent(CHALLENGE_ROOM_TABLE, event, { id: id!, userId: null, onJudged: (attempt) => onJudged.current?.(attempt) }),
    resync,
  })

  return {
    challenge: challenge.data,
    participants: participants.data?.participants,
    lifts: lifts.data,
    /** The competition's last load failed; the screen still shows its last data when it has some. */
    error: challenge.error,
    resync,
  }
}
