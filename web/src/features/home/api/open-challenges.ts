// The home page's open challenges: one small answer (the first few running and upcoming ones)
// serves all three filters, kept current by the global room.
import { getOpenCompetitions } from '../../../api/competitions.ts'
import { useRefetchOnGlobalEvents } from '../../../api/global-room.ts'
import { UI } from '../../../config.ts'
import { toChallenge, type Challenge } from '../../../lib/challenge.ts'
import type { LiveEventType, OpenCompetitionsResponse } from '../../../lib/contract.ts'
import { useQuery } from '../../../lib/use-query.ts'

export type OpenFilter = 'open' | 'upcoming' | 'ongoing'

const REFETCH_ON: readonly LiveEventType[] = ['competition.created', 'leaderboard.changed']

export function useOpenCompetitions() {
  const query = useQuery('open-competitions', (signal) => getOpenCompetitions(UI.featuredChallenges, signal))
  useRefetchOnGlobalEvents(query, REFETCH_ON)
  return query
}

/** The cards a filter shows: running challenges first, then the ones starting soonest. */
export function featuredChallenges(open: OpenCompetitionsResponse, filter: OpenFilter): Challenge[] {
  const list = filter === 'ongoing' ? open.ongoing : filter === 'upcoming' ? open.upcoming : [...open.ongoing, ...open.upcoming]
  return list.slice(0, UI.featuredChallenges).map((c) => toChallenge(c))
}
