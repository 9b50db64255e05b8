// The challenge room's table: what each event does to the challenge's cached data (the projector
// board's snapshot — competition, ranked participants, lifts —, the challenge page's summary, and
// the signed-in lifter's own entry). Patches use the client's ranking rules (lib/participants.ts);
// a summary that may now miss a lifter of its top is refetched. Entries whose query is not cached
// change nothing, so the table serves whichever of the challenge's screens follows the room.
import { challengeQuery } from '../../../api/challenge.ts'
import { liftsQuery } from '../../../api/lifts.ts'
import { participantsQuery, type ParticipantsSnapshot } from '../../../api/participants.ts'
import type { Challenge, Lift, LiveEvent, Participant } from '../../../lib/contract.ts'
import { invalidateSoon, type LiveTable } from '../../../lib/live/live-table.ts'
import { applyAttempt, applyVote, applyVoteToLifts, removeParticipant, upsertLift, upsertParticipant } from '../../../lib/participants.ts'
import { queryClient } from '../../../lib/query-client.ts'
import { useToasts } from '../../../stores/toasts.ts'
import { SUMMARY_REFETCH_DEBOUNCE_MS, ownEntryQuery, summaryQuery } from './summary-query.ts'
import { applyOwnEvent, applySummaryEvent } from './summary-events.ts'
import { addChallengeRecord, challengeRecordsQuery } from './challenge-records.ts'
import { challengeTeamsQuery } from './challenge-teams.ts'
import { toast } from '../../../stores/toasts.ts'
import { formatKg, liftLabel } from '../../../lib/format.ts'

interface ChallengeRoomContext {
  id: number
  /** The signed-in lifter (null: signed out): their own entry follows the room. */
  userId: number | null
  /** An attempt was decided (or its appeal changed the decision) while the screen follows the room. */
  onJudged?: (attempt: Lift) => void
}

/**
 * The snapshot's participants, patched by an event it does not hold yet (its seq follows the
 * events applied, so one applied again over a newer answer changes nothing). True when applied.
 */
function patchParticipants(
  id: number,
  event: LiveEvent,
  patch: (list: Participant[], scoring: Challenge | null) => Participant[],
): boolean {
  const snapshot = queryClient.getQueryData(participantsQuery(id).queryKey)
  if (!snapshot || (snapshot.seq !== null && event.seq <= snapshot.seq)) return false
  const scoring = queryClient.getQueryData(challengeQuery(id).queryKey) ?? null
  queryClient.setQueryData<ParticipantsSnapshot>(participantsQuery(id).queryKey, {
    participants: patch(snapshot.participants, scoring),
    seq: event.seq,
  })
  return true
}

const patchChallenge = (id: number, patch: (c: Challenge) => Challenge) =>
  queryClient.setQueryData<Challenge>(challengeQuery(id).queryKey, (c) => (c ? patch(c) : c))

const patchLifts = (id: number, patch: (lifts: Lift[]) => Lift[]) =>
  queryClient.setQueryData<Lift[]>(liftsQuery(id).queryKey, (lifts) => (lifts ? patch(lifts) : lifts))

/** The projector board's snapshot: one entry per event type. */
const SNAPSHOT_TABLE: LiveTable<ChallengeRoomContext> = {
  'participant.joined': (event, { id }) => {
    const { participant, participants: count } = event.data
    // Counts only grow; an event replayed over a newer snapshot must not lower it.
    patchChallenge(id, (c) => ({ ...c, participants: Math.max(c.participants, count) }))
    patchParticipants(id, event, (list, scoring) => upsertParticipant(list, participant, scoring))
  },
  'participant.left': (event, { id }) => {
    const { participant_id, participants: count } = event.data
    // Events come in seq order, so the count they carry is the challenge's now.
    if (patchParticipants(id, event, (list, scoring) => removeParticipant(list, participant_id, scoring)))
      patchChallenge(id, (c) => ({ ...c, participants: count }))
  },
  'participant.updated': (event, { id }) => {
    patchParticipants(id, event, (list, scoring) => upsertParticipant(list, event.data.participant, scoring))
  },
  'attempt.created': (event, { id }) => {
    patchParticipants(id, event, (list, scoring) => applyAttempt(list, event.data.attempt, scoring))
    patchLifts(id, (lifts) => upsertLift(lifts, event.data.attempt))
  },
  'attempt.updated': (event, { id }) => {
    patchParticipants(id, event, (list, scoring) => applyAttempt(list, event.data.attempt, scoring))
    patchLifts(id, (lifts) => upsertLift(lifts, event.data.attempt))
  },
  'attempt.judged': (event, { id, onJudged }) => {
    const { attempt, standing } = event.data
    patchParticipants(id, event, (list, scoring) => applyAttempt(list, attempt, scoring, standing))
    patchLifts(id, (lifts) => upsertLift(lifts, attempt))
    // A decision can move class places, so team points (docs/teams.md).
    invalidateSoon(challengeTeamsQuery(id).queryKey, SUMMARY_REFETCH_DEBOUNCE_MS)
    onJudged?.(attempt)
  },
  'attempt.voted': (event, { id }) => {
    patchParticipants(id, event, (list) => applyVote(list, event.data))
    patchLifts(id, (lifts) => applyVoteToLifts(lifts, event.data))
  },
}

/** The challenge page's summary (its seq follows the events applied) and the lifter's own entry: every event type. */
function patchSummaryAndOwn(event: LiveEvent, { id, userId }: ChallengeRoomContext) {
  if (userId) {
    queryClient.setQueryData<Participant | null>(ownEntryQuery(id, userId).queryKey, (own) =>
      own === undefined ? own : applyOwnEvent(own, event, userId),
    )
  }
  const snapshot = queryClient.getQueryData(summaryQuery(id).queryKey)
  if (!snapshot || (snapshot.seq !== null && event.seq <= snapshot.seq)) return
  const { summary, stale } = applySummaryEvent(snapshot.summary, event)
  queryClient.setQueryData(summaryQuery(id).queryKey, { summary, seq: event.seq })
  if (stale) invalidateSoon(summaryQuery(id).queryKey, SUMMARY_REFETCH_DEBOUNCE_MS)
}

/** The organiser changed or cancelled the challenge (docs/challenge-control.md): its screens show it now; a cancel is told in a toast. */
const CONTROL_TABLE: LiveTable<ChallengeRoomContext> = {
  'competition.updated': (event, { id }) => {
    patchChallenge(id, () => event.data.competition)
    invalidateSoon(summaryQuery(id).queryKey, 0)
  },
  'competition.cancelled': (event, { id }) => {
    useToasts.getState().show('warning', `"${event.data.name}" was cancelled by its organiser.`)
    invalidateSoon(summaryQuery(id).queryKey, 0)
    invalidateSoon(challengeQuery(id).queryKey, 0)
  },
}

export const CHALLENGE_ROOM_TABLE: LiveTable<ChallengeRoomContext> = {
  ...Object.fromEntries(
    (
      [
        'participant.joined',
        'participant.left',
        'participant.updated',
        'attempt.created',
        'attempt.updated',
        'attempt.judged',
        'attempt.voted',
      ] as const
    ).map((type) => [
      type,
      (event: LiveEvent, context: ChallengeRoomContext) => {
        ;(SNAPSHOT_TABLE[type] as (event: LiveEvent, context: ChallengeRoomContext) => void)(event, context)
        patchSummaryAndOwn(event, context)
      },
    ]),
  ),
  // A record set by a decision of this challenge (docs/records.md): announced, listed at once, the list asked again.
  'record.set': ({ data: { record } }, { id }) => {
    addChallengeRecord(id, record)
    invalidateSoon(challengeRecordsQuery(id).queryKey, SUMMARY_REFETCH_DEBOUNCE_MS)
    toast(
      'success',
      `New record: ${record.name}, ${formatKg(record.weight)} ${record.lift === 'total' ? 'total' : liftLabel(record.lift).toLowerCase()} (${record.sex === 'F' ? 'women' : 'men'} ${record.weight_class})${record.previous !== null ? `, was ${formatKg(record.previous)}` : ''}.`,
    )
  },
  ...CONTROL_TABLE,
}
