// The home page's open challenges: one small answer (the first few running and upcoming ones)
// serves all three filters, kept current by the global room.
import { queryOptions } from '@tanstack/react-query'
import { getOpenChallenges } from '../../../api/challenges.ts'
import { useGlobalRoom } from '../../../api/global-room.ts'
import { queryKeys } from '../../../api/query-keys.ts'
import { UI } from '../../../config.ts'
import { toChallenge, type Challenge } from '../../../lib/challenge.ts'
import type { OpenChallengesResponse } from '../../../lib/contract.ts'
import { useServerQuery } from '../../../lib/server-query.ts'

export type OpenFilter = 'open' | 'upcoming' | 'ongoing'

const openChallengesQuery = () =>
  queryOptions({
    queryKey: queryKeys.openChallenges,
    queryFn: ({ signal }) => getOpenChallenges(UI.featuredChallenges, signal),
  })

/** Refetched when a challenge is created or a board changes (global-room.ts). */
export function useOpenChallenges() {
  const query = useServerQuery(openChallengesQuery())
  useGlobalRoom(query.data !== undefined, query.reload)
  return query
}

/** The cards a filter shows: running challenges first, then the ones starting soonest. */
export function featuredChallenges(open: OpenChallengesResponse, filter: OpenFilter): Challenge[] {
  const list = filter === 'ongoing' ? open.ongoing : filter === 'upcoming' ? open.upcoming : [...open.ongoing, ...open.upcoming]
  return list.slice(0, UI.featuredChallenges).map((c) => toChallenge(c))
}
