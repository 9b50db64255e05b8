// Top Lifts This Month (SPEC §2/§9): the server ranks the heaviest good lifts of the last 30 days
// ("this month" without an empty panel on the 1st), each athlete once per lift.
import { useRefetchOnGlobalEvents } from '../../../api/global-room.ts'
import { apiGet } from '../../../lib/api-client.ts'
import { TOP_LIFTS, type LiveEventType, type TopLiftsResponse } from '../../../lib/contract.ts'
import { useQuery } from '../../../lib/use-query.ts'

export const getTopLifts = (signal?: AbortSignal) => apiGet<TopLiftsResponse>(`/top-lifts?days=${TOP_LIFTS.defaultDays}`, { signal })

const REFETCH_ON: readonly LiveEventType[] = ['leaderboard.changed']

/** Follows judges' decisions live; keeps its last lists when a refetch fails. */
export function useTopLifts() {
  const query = useQuery('top-lifts', getTopLifts)
  useRefetchOnGlobalEvents(query, REFETCH_ON)
  return query
}
