// GET /competitions/:id, and GET /competitions/:id/summary (what the challenge page shows: the
// count, the top of each group and the newest attempts, with the live seq it reflects).
import { apiGet, apiRequest } from '../lib/api-client.ts'
import type { CompetitionResponse, CompetitionSummaryResponse } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'
import { liveSeq } from './participants.ts'

export const CHALLENGE_FAILED = 'Failed to load challenge details'

export const getCompetition = async (id: number, signal?: AbortSignal) =>
  (await apiGet<CompetitionResponse>(`/competitions/${id}`, { signal })).competition

export const useCompetition = (id: number | null) => useQuery(id ? `competition:${id}` : null, (signal) => getCompetition(id!, signal))

export interface SummarySnapshot {
  summary: CompetitionSummaryResponse
  /** The room's `seq` at the time of the answer (header x-live-seq); live events continue from it. */
  seq: number | null
}

export async function getCompetitionSummary(id: number, signal?: AbortSignal): Promise<SummarySnapshot> {
  const { data, headers } = await apiRequest<CompetitionSummaryResponse>(`/competitions/${id}/summary`, { signal })
  return { summary: data, seq: liveSeq(headers) }
}
