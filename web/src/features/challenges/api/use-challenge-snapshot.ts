// A challenge as its screens show it: the competition, ranked participants and lifts over
// REST, kept current by the challenge's live room (joins, new and updated attempts).
import { useCallback } from 'react'
import { useCompetition } from '../../../api/competition.ts'
import { useLifts } from '../../../api/lifts.ts'
import { useParticipants } from '../../../api/participants.ts'
import { competitionRoom } from '../../../lib/contract.ts'
import type { LiveEvent } from '../../../lib/contract.ts'
import { applyAttempt, upsertLift, upsertParticipant } from '../../../lib/participants.ts'
import { useLiveRoom } from '../../../stores/live.ts'

export function useChallengeSnapshot(id: number | null) {
  const competition = useCompetition(id)
  const participants = useParticipants(id)
  const lifts = useLifts(id)

  const { setData: setCompetition, reload: reloadCompetition } = competition
  const { setData: setParticipants, reload: reloadParticipants } = participants
  const { setData: setLifts, reload: reloadLifts } = lifts

  const apply = useCallback((event: LiveEvent) => {
    if (event.type === 'participant.joined') {
      const { participant, participants: count } = event.data
      // Counts only grow; an event replayed over a newer snapshot must not lower it.
      setCompetition((c) => (c ? { ...c, participants: Math.max(c.participants, count) } : c))
      setParticipants((s) => (s ? { ...s, participants: upsertParticipant(s.participants, participant) } : s))
    } else if (event.type === 'attempt.created' || event.type === 'attempt.updated') {
      const { attempt } = event.data
      setParticipants((s) => (s ? { ...s, participants: applyAttempt(s.participants, attempt) } : s))
      setLifts((l) => (l ? upsertLift(l, attempt) : l))
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
