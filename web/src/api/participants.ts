// GET /competitions/:id/participants: ranked, with the live sequence number the snapshot reflects
// (every page, for the projector board); and GET /competitions/:id/participants/:userId, one lifter's entry.
import { ApiError, allPages, apiGet } from '../lib/api-client.ts'
import type { Participant, ParticipantEntryResponse, ParticipantPageResponse } from '../lib/contract.ts'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { useServerQuery } from '../lib/server-query.ts'
import { queryKeys } from './query-keys.ts'

export interface ParticipantsSnapshot {
  participants: Participant[]
  /** The room's `seq` at the time of the answer (header x-live-seq); live events continue from it. */
  seq: number | null
}

/** The header x-live-seq, when the answer has a valid one. */
export function liveSeq(headers: Headers): number | null {
  const seq = Number(headers.get('x-live-seq'))
  return headers.has('x-live-seq') && Number.isInteger(seq) ? seq : null
}

/**
 * Every participant, page after page. The first page's seq is where live events continue: later
 * pages may already hold some of the events after it, which apply again harmlessly (upserts).
 */
async function getParticipants(id: number, signal?: AbortSignal): Promise<ParticipantsSnapshot> {
  const { items, headers } = await allPages(`/competitions/${id}/participants`, (page: ParticipantPageResponse) => page.participants, {
    signal,
  })
  return { participants: items, seq: liveSeq(headers) }
}

export const participantsQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(id ?? 0), 'participants'] as const,
    queryFn: id ? ({ signal }) => getParticipants(id, signal) : skipToken,
  })

export const useParticipants = (id: number | null) => useServerQuery(participantsQuery(id))

/** A user's entry in a challenge; null when they have not joined it (asked as an answer, not a 404: no console error). */
export async function getParticipant(id: number, userId: number, signal?: AbortSignal): Promise<Participant | null> {
  try {
    return (await apiGet<ParticipantEntryResponse>(`/competitions/${id}/participants/${userId}?missing=null`, { signal })).participant
  } catch (error) {
    // A server from before ?missing=null answers 404.
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}
