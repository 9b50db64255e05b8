// GET /competitions/:id/lifts: every attempt of a challenge, newest first.
import { apiGet } from '../lib/api-client.ts'
import type { LiftListResponse } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'

export const getLifts = async (id: number, signal?: AbortSignal) => (await apiGet<LiftListResponse>(`/competitions/${id}/lifts`, { signal })).lifts

export const useLifts = (id: number | null) => useQuery(id ? `lifts:${id}` : null, (signal) => getLifts(id!, signal))
