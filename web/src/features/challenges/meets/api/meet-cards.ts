// A meet's scoreboard over REST (GET /competitions/:id/cards: every lifter's card, ranked, each
// lifter's next step and the attempts waiting in lifting order), kept current by the challenge's
// live room: a declaration ('attempt.declared'), an upload, a vote, a decision, a join or a leave
// refetches the cards (a burst of events is one refetch). The cards are the server's to compute
// (contract/meet-rules.ts, docs/meet-rules.md 'The cards'), so the client never patches them itself.
import { queryOptions, skipToken } from '@tanstack/react-query'
import { useCallback } from 'react'
import { liveSeq } from '../../../../api/participants.ts'
import { queryKeys } from '../../../../api/query-keys.ts'
import { apiRequest, errorText } from '../../../../lib/api-client.ts'
import { challengeRoom } from '../../../../lib/contract.ts'
import type { DeclarationBody, DeclarationResponse, LiveEventType, MeetCardsResponse } from '../../../../lib/contract.ts'
import { applyLiveEvent, invalidateSoon, type LiveTable } from '../../../../lib/live/live-table.ts'
import { useServerQuery } from '../../../../lib/server-query.ts'
import { useLiveRoom } from '../../../../stores/live.ts'

export interface MeetCardsSnapshot {
  cards: MeetCardsResponse
  /** The room's seq the answer reflects (header x-live-seq): live events continue from it. */
  seq: number | null
}

/** A burst of events (a decision comes with its votes, its standing and the next declaration) costs one refetch, this long after its last. */
export const CARDS_REFETCH_DEBOUNCE_MS = 150

export const meetCardsQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(id ?? 0), 'cards'] as const,
    queryFn: id
      ? async ({ signal }): Promise<MeetCardsSnapshot> => {
          const { data, headers } = await apiRequest<MeetCardsResponse>(`/competitions/${id}/cards`, { signal })
          return { cards: data, seq: liveSeq(headers) }
        }
      : skipToken,
  })

/** The events that change a card or the lifting order. */
const CARD_EVENTS: readonly LiveEventType[] = [
  'attempt.declared',
  'attempt.created',
  'attempt.updated',
  'attempt.voted',
  'attempt.judged',
  'participant.joined',
  'participant.left',
  'participant.updated',
]

export const MEET_ROOM_TABLE: LiveTable<{ id: number }> = Object.fromEntries(
  CARD_EVENTS.map((type) => [
    type,
    (_event: unknown, { id }: { id: number }) => invalidateSoon(meetCardsQuery(id).queryKey, CARDS_REFETCH_DEBOUNCE_MS),
  ]),
)

/** The cards of meet `id` (null: none), live while the screen shows them. */
export function useMeetCards(id: number | null) {
  const query = useServerQuery(meetCardsQuery(id))
  const { reload } = query
  const resync = useCallback(async () => {
    const snapshot = await reload()
    if (!snapshot) throw new Error('The scoreboard could not be reloaded')
    return snapshot.seq
  }, [reload])

  useLiveRoom(id ? challengeRoom(id) : null, {
    ready: query.data !== undefined,
    seq: query.data?.seq ?? null,
    apply: (event) => applyLiveEvent(MEET_ROOM_TABLE, event, { id: id! }),
    resync,
  })

  return { cards: query.data?.cards, error: query.error, reload: resync }
}

const DECLARE_FAILED = 'Your declaration could not be sent. Please try again.'

/** POST /competitions/:id/declarations; a refusal's sentence is thrown as the error's message, as the server wrote it. */
export async function declareAttempt(id: number, body: DeclarationBody): Promise<DeclarationResponse> {
  try {
    const { data } = await apiRequest<DeclarationResponse>(`/competitions/${id}/declarations`, { method: 'POST', auth: 'required', body })
    return data
  } catch (error) {
    throw new Error(errorText(error, DECLARE_FAILED), { cause: error })
  }
}
