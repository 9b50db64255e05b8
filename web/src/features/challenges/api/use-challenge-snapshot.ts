// A whole challenge, as the projector board shows it: the competition, every ranked participant
// and every lift over REST, kept current by the challenge's live room (joins and leaves, new and
// updated attempts, judges' votes and decisions). The challenge page reads its summary instead
// (use-challenge-summary.ts).
import { useCallback, useRef } from 'react'
import { useCompetition } from '../../../api/competition.ts'
import { useLifts } from '../../../api/lifts.ts'
import { useParticipants } from '../../../api/participants.ts'
import { competitionRoom } from '../../../lib/contract.ts'
import type { Lift, LiveEvent } from '../../../lib/contract.ts'
import { applyAttempt, applyVote, applyVoteToLifts, removeParticipant, upsertLift, upsertParticipant, type Scoring } from '../../../lib/participants.ts'
import { useLiveRoom } from '../../../stores/live.ts'

export interface SnapshotOptions {
  /** An attempt was decided (or its appeal changed the decision) while the screen follows the room. */
  onJudged?: (attempt: Lift) => void
}

export function useChallengeSnapshot(id: number | null, options: SnapshotOptions = {}) {
  const onJudged = useRef(options.onJudged)
  onJudged.current = options.onJudged
  const competition = useCompetition(id)
  const participants = useParticipants(id)
  const lifts = useLifts(id)

  const { setData: setCompetition, reload: reloadCompetition } = competition
  const { setData: setParticipants, reload: reloadParticipants } = participants
  const { setData: setLifts, reload: reloadLifts } = lifts
  // How the challenge scores and ranks (its answer carries it): events re-rank by the same rules as the server.
  const scoring = useRef<Scoring>(null)
  scoring.current = competition.data ?? null

  const apply = useCallback((event: LiveEvent) => {
    if (event.type === 'participant.joined') {
      const { participant, participants: count } = event.data
      // Counts only grow; an event replayed over a newer snapshot must not lower it.
      setCompetition((c) => (c ? { ...c, participants: Math.max(c.participants, count) } : c))
      setParticipants((s) => (s ? { ...s, participants: upsertParticipant(s.participants, participant, scoring.current) } : s))
    } else if (event.type === 'participant.left') {
      // Events come in seq order, so the count they carry is the challenge's now.
      const { participant_id, participants: count } = event.data
      setCompetition((c) => (c ? { ...c, participants: count } : c))
      setParticipants((s) => (s ? { ...s, participants: removeParticipant(s.participants, participant_id, scoring.current) } : s))
    } else if (event.type === 'participant.updated') {
      const { participant } = event.data
      setParticipants((s) => (s ? { ...s, participants: upsertParticipant(s.participants, participant, scoring.current) } : s))
    } else if (event.type === 'attempt.created' || event.type === 'attempt.updated') {
      const { attempt } = event.data
      setParticipants((s) => (s ? { ...s, participants: applyAttempt(s.participants, attempt, scoring.current) } : s))
      setLifts((l) => (l ? upsertLift(l, attempt) : l))
    } else if (event.type === 'attempt.judged') {
      const { attempt, standing } = event.data
      setParticipants((s) => (s ? { ...s, participants: applyAttempt(s.participants, attempt, scoring.current, standing) } : s))
      setLifts((l) => (l ? upsertLift(l, attempt) : l))
      onJudged.current?.(attempt)
    } else if (event.type === 'attempt.voted') {
      const votes = event.data
      setParticipants((s) => (s ? { ...s, participants: applyVote(s.participants, votes) } : s))
      setLifts((l) => (l ? applyVoteToLifts(l, votes) : l))
    }
  }, [setCompetition, setParticipants, setLifts])

  /** Refetches everything; the participants' seq is where live events continue. */
  const resync = useCallback(async () => {
    const [, snapshot] = await Promise.all([reloadCompetition(), reloadParticipants(), reloadLifts()])
    if (!snapshot) throw new Error('The challenge could not be reloaded')
    return snapshot.seq
  }, [reloadCompetition, reloadParticipants, reloadLifts])

  useLiveRoom(id ? competitionRoom(id) : null, {
    ready: participants.data !== undefined,
    seq: participants.data?.seq ?? null,
    apply,
    resync,
  })

  return {
    competition: competition.data,
    participants: participants.data?.participants,
    lifts: lifts.data,
    /** The competition's last load failed; the screen still shows its last data when it has some. */
    error: competition.error,
    resync,
  }
}
