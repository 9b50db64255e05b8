// The challenge room's table for the organiser's judging view: uploads, votes, decisions and panel
// changes refetch its overview (counts, agreement, appeals) and its pending list; neither is in
// the events.
import type { LiveTable } from '../../../lib/live/live-table.ts'
import { queryClient } from '../../../lib/query-client.ts'
import { overviewKey, pendingAttemptsQuery } from './judging.ts'

const refetchJudging = (_event: unknown, challengeId: number) => {
  void queryClient.invalidateQueries({ queryKey: overviewKey(challengeId) })
  void queryClient.invalidateQueries({ queryKey: pendingAttemptsQuery(challengeId).queryKey })
}

export const JUDGING_ROOM_TABLE: LiveTable<number> = {
  'attempt.created': refetchJudging,
  'attempt.updated': refetchJudging,
  'attempt.voted': refetchJudging,
  'attempt.judged': refetchJudging,
  'panel.changed': refetchJudging,
}
