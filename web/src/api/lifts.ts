// GET /competitions/:id/lifts: every attempt of a challenge, newest first, page after page.
import { allPages } from '../lib/api-client.ts'
import type { Lift, LiftPageResponse } from '../lib/contract.ts'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { useServerQuery } from '../lib/server-query.ts'
import { queryKeys } from './query-keys.ts'

export async function getLifts(id: number, signal?: AbortSignal): Promise<Lift[]> {
  return (await allPages(`/competitions/${id}/lifts`, (page: LiftPageResponse) => page.lifts, { signal })).items
}

export const liftsQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(id ?? 0), 'lifts'] as const,
    queryFn: id ? ({ signal }) => getLifts(id, signal) : skipToken,
  })

export const useLifts = (id: number | null) => useServerQuery(liftsQuery(id))
