// GET /competitions/:id
import { apiGet } from '../lib/api-client.ts'
import type { CompetitionResponse } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'

export const CHALLENGE_FAILED = 'Failed to load challenge details'

export const getCompetition = async (id: number, signal?: AbortSignal) =>
  (await apiGet<CompetitionResponse>(`/competitions/${id}`, { signal })).competition

export const useCompetition = (id: number | null) => useQuery(id ? `competition:${id}` : null, (signal) => getCompetition(id!, signal))
