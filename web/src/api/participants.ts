// GET /competitions/:id/participants: ranked, with the live sequence number the snapshot reflects.
import { apiRequest } from '../lib/api-client.ts'
import type { Participant, ParticipantListResponse } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'

export interface ParticipantsSnapshot {
  participants: Participant[]
  /** The room's `seq` at the time of the answer (header x-live-seq); live events continue from it. */
  seq: number | null
}

export async function getParticipants(id: number, signal?: AbortSignal): Promise<ParticipantsSnapshot> {
  const { data, headers } = await apiRequest<ParticipantListResponse>(`/competitions/${id}/participants`, { signal })
  const seq = Number(headers.get('x-live-seq'))
  return { participants: data.participants, seq: headers.has('x-live-seq') && Number.isInteger(seq) ? seq : null }
}

export const useParticipants = (id: number | null) =>
  useQuery(id ? `participants:${id}` : null, (signal) => getParticipants(id!, signal))
