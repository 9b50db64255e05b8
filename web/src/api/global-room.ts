// The global room (new challenges, joins, board changes) and its table: what each event does to
// the cached lists it concerns. The REST answers it updates carry no seq: a resync refetches them.
import { queryClient } from '../lib/query-client.ts'
import { applyLiveEvent, invalidateSoon, type LiveTable } from '../lib/live/live-table.ts'
import { GLOBAL_ROOM } from '../lib/contract.ts'
import type { Challenge, ProfileResponse } from '../lib/contract.ts'
import { useLiveRoom } from '../stores/live.ts'
import { queryKeys } from './query-keys.ts'

/** A burst of events (a hall of lifters judged together) is one refetch. */
const REFETCH_DELAY_MS = 500

/** Whether a cached profile shows the challenge: its history or its videos. */
const profileShows = (profile: ProfileResponse, challengeId: number) =>
  profile.competitions.some((c) => c.id === challengeId) || profile.uploaded_videos.some((v) => v.competition_id === challengeId)

const GLOBAL_ROOM_TABLE: LiveTable<void> = {
  // A record set anywhere: the records page's lists and histories ask again.
  'record.set': () => invalidateSoon(queryKeys.records, REFETCH_DELAY_MS),
  'competition.created': ({ data: { competition: challenge } }) => {
    queryClient.setQueryData<Challenge[]>(queryKeys.challenges, (list) =>
      list && !list.some((c) => c.id === challenge.id) ? [challenge, ...list] : list,
    )
    invalidateSoon(queryKeys.openChallenges, REFETCH_DELAY_MS)
  },
  // The organiser changed or cancelled a challenge (docs/challenge-control.md).
  'competition.updated': ({ data: { competition: challenge } }) => {
    queryClient.setQueryData<Challenge[]>(queryKeys.challenges, (list) => list?.map((c) => (c.id === challenge.id ? challenge : c)))
    invalidateSoon(queryKeys.openChallenges, REFETCH_DELAY_MS)
  },
  'competition.cancelled': ({ data: { competition_id } }) => {
    queryClient.setQueryData<Challenge[]>(queryKeys.challenges, (list) => list?.filter((c) => c.id !== competition_id))
    invalidateSoon(queryKeys.openChallenges, REFETCH_DELAY_MS)
    invalidateSoon(queryKeys.leaderboard, REFETCH_DELAY_MS)
  },
  // Counts, ranks and lists are not in the event: refetch what shows them.
  'leaderboard.changed': ({ data: { competition_id } }) => {
    invalidateSoon(queryKeys.challenges, REFETCH_DELAY_MS)
    invalidateSoon(queryKeys.topLifts, REFETCH_DELAY_MS)
    invalidateSoon(queryKeys.leaderboard, REFETCH_DELAY_MS)
    for (const [key, profile] of queryClient.getQueriesData<ProfileResponse>({ queryKey: ['profile'] })) {
      if (profile && profileShows(profile, competition_id)) invalidateSoon(key, 0)
    }
  },
}

/**
 * Follows the global room while the screen shows `ready` data: the table keeps every cached list
 * current, and a resync (the room's order, or a poll while offline) runs `refetch`.
 */
export function useGlobalRoom(ready: boolean, refetch: () => Promise<unknown>) {
  useLiveRoom(GLOBAL_ROOM, {
    ready,
    seq: null,
    apply: (event) => applyLiveEvent(GLOBAL_ROOM_TABLE, event, undefined),
    resync: async () => {
      await refetch()
      return null
    },
  })
}
