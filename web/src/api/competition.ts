// GET /competitions/:id
import { apiGet } from '../lib/api-client.ts'
import type { Competition } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'

export const CHALLENGE_FAILED = 'Failed to load challenge details'

export const getCompetition = (id: number, signal?: AbortSignal) => apiGet<Competition>(`/competitions/${id}`, { signal })

export const useCompetition = (id: number | null) => useQuery(id ? `competition:${id}` : null, (signal) => getCompetition(id!, signal))
