// The challenge page's data: the challenge's summary (competition, counts, top 5 per group, newest
// attempts) and the signed-in lifter's own entry, kept current by the challenge's live room
// (challenge-room.ts). Events patch both; the summary is refetched only when a lifter it does not
// hold may now be in its top.
import { useCallback } from 'react'
import { challengeRoom } from '../../../lib/contract.ts'
import { applyLiveEvent } from '../../../lib/live/live-table.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { useLiveRoom } from '../../../stores/live.ts'
import { CHALLENGE_ROOM_TABLE } from './challenge-room.ts'
import { ownEntryQuery, summaryQuery } from './summary-query.ts'

export function useChallengeSummary(id: number | null, userId: number | null) {
  const summary = useServerQuery(summaryQuery(id))
  const own = useServerQuery(ownEntryQuery(id, userId))
  const { reload: reloadSummary } = summary
  const { reload: reloadOwn } = own

  /** Refetches the summary and the own entry; the summary's seq is where live events continue. */
  const resync = useCallback(async () => {
    const [snapshot] = await Promise.all([reloadSummary(), id && userId ? reloadOwn() : undefined])
    if (!snapshot) throw new Error('The challenge could not be reloaded')
    return snapshot.seq
  }, [id, userId, reloadSummary, reloadOwn])

  useLiveRoom(id ? challengeRoom(id) : null, {
    ready: summary.data !== undefined,
    seq: summary.data?.seq ?? null,
    apply: (event) => applyLiveEvent(CHALLENGE_ROOM_TABLE, event, { id: id!, userId }),
    resync,
  })

  return {
    summary: summary.data?.summary,
    /** The signed-in lifter's entry: null when they have not joined, undefined while unknown (or signed out). */
    own: userId ? own.data : undefined,
    /** The summary's last load failed; the page still shows its last data when it has some. */
    error: summary.error,
    resync,
  }
}
