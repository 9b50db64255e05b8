// The challenge page's summary and the lifter's own entry as cached queries. Each answer is brought
// up to the events the room applied while it was on its way (lib/live/live-table.ts fetchSince).
import { queryOptions, skipToken } from '@tanstack/react-query'
import { getChallengeSummary, type SummarySnapshot } from '../../../api/challenge.ts'
import { getParticipant } from '../../../api/participants.ts'
import { queryKeys } from '../../../api/query-keys.ts'
import { challengeRoom } from '../../../lib/contract.ts'
import { fetchSince, invalidateSoon } from '../../../lib/live/live-table.ts'
import { applyOwnEvent, applySummaryEvent } from './summary-events.ts'

/** A burst of decisions that may change the summary's top costs one refetch, this long after its last. */
export const SUMMARY_REFETCH_DEBOUNCE_MS = 300

export const summaryQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(id ?? 0), 'summary'] as const,
    queryFn: id
      ? async ({ signal }): Promise<SummarySnapshot> => {
          const { answer, since } = await fetchSince(challengeRoom(id), () => getChallengeSummary(id, signal))
          let stale = false
          let summary = answer.summary
          let seq = answer.seq
          for (const event of since) {
            if (answer.seq !== null && event.seq <= answer.seq) continue
            const patch = applySummaryEvent(summary, event)
            summary = patch.summary
            stale ||= patch.stale
            seq = Math.max(seq ?? event.seq, event.seq)
          }
          // A lifter the answer's top does not hold may now belong in it: ask again once the burst is over.
          if (stale) invalidateSoon(summaryQuery(id).queryKey, SUMMARY_REFETCH_DEBOUNCE_MS)
          return { summary, seq }
        }
      : skipToken,
  })

/** The signed-in lifter's own entry (null: not joined), with the events applied while it loaded. */
export const ownEntryQuery = (id: number | null, userId: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(id ?? 0), 'participant', userId ?? 0] as const,
    queryFn:
      id && userId
        ? async ({ signal }) => {
            const { answer, since } = await fetchSince(challengeRoom(id), () => getParticipant(id, userId, signal))
            return since.reduce((entry, event) => applyOwnEvent(entry, event, userId), answer)
          }
        : skipToken,
  })
