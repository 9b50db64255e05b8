// GET /competitions/:id/lifts: every attempt of a challenge, newest first, page after page.
import { allPages } from '../lib/api-client.ts'
import type { Lift, LiftPageResponse } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'

export async function getLifts(id: number, signal?: AbortSignal): Promise<Lift[]> {
  return (await allPages(`/competitions/${id}/lifts`, (page: LiftPageResponse) => page.lifts, { signal })).items
}

export const useLifts = (id: number | null) => useQuery(id ? `lifts:${id}` : null, (signal) => getLifts(id!, signal))
