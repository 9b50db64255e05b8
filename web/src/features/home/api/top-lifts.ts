// Top Lifts This Month (docs/product/screens.md, limits.md): the server ranks the heaviest good lifts of the last 30 days
// ("this month" without an empty panel on the 1st), each athlete once per lift.
import { queryOptions } from '@tanstack/react-query'
import { useGlobalRoom } from '../../../api/global-room.ts'
import { queryKeys } from '../../../api/query-keys.ts'
import { apiGet } from '../../../lib/api-client.ts'
import { TOP_LIFTS, type TopLiftsResponse } from '../../../lib/contract.ts'
import { useServerQuery } from '../../../lib/server-query.ts'

const getTopLifts = (signal?: AbortSignal) => apiGet<TopLiftsResponse>(`/top-lifts?days=${TOP_LIFTS.defaultDays}`, { signal })

const topLiftsQuery = () => queryOptions({ queryKey: queryKeys.topLifts, queryFn: ({ signal }) => getTopLifts(signal) })

/** Follows judges' decisions live (a board change refetches it: global-room.ts); keeps its last lists when a refetch fails. */
export function useTopLifts() {
  const query = useServerQuery(topLiftsQuery())
  useGlobalRoom(query.data !== undefined, query.reload)
  return query
}
