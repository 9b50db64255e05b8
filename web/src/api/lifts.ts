// GET /competitions/:id/lifts: every attempt of a challenge, newest first.
import { apiGet } from '../lib/api-client.ts'
import type { Lift } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'

export const getLifts = (id: number, signal?: AbortSignal) => apiGet<Lift[]>(`/competitions/${id}/lifts`, { signal })

export const useLifts = (id: number | null) => useQuery(id ? `lifts:${id}` : null, (signal) => getLifts(id!, signal))
