// GET /competitions/:id/lifts: every attempt of a challenge, newest first, page after page.
import { apiGet } from '../lib/api-client.ts'
import type { Lift, LiftPageResponse } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'

export async function getLifts(id: number, signal?: AbortSignal): Promise<Lift[]> {
  const lifts: Lift[] = []
  let cursor: string | undefined
  do {
    const page = await apiGet<LiftPageResponse>(`/competitions/${id}/lifts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal })
    lifts.push(...page.lifts)
    cursor = page.next_cursor
  } while (cursor)
  return lifts
}

export const useLifts = (id: number | null) => useQuery(id ? `lifts:${id}` : null, (signal) => getLifts(id!, signal))
