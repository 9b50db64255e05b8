// The challenge room's table for the video page's attempt: a newer state of the attempt (an update,
// a decision) merges into the cached attempt, a vote counts up. Rendition URLs are not in the
// events: the next load picks them up.
import type { AttemptDetail, Lift } from '../../../lib/contract.ts'
import type { LiveTable } from '../../../lib/live/live-table.ts'
import { queryClient } from '../../../lib/query-client.ts'
import { attemptQuery, type AttemptKey } from './get-attempt.ts'

/** A newer state of this attempt (an event, or the appeal's answer) in the cache. */
export function mergeAttempt(key: AttemptKey, lift: Lift) {
  queryClient.setQueryData<AttemptDetail>(attemptQuery(key).queryKey, (current) =>
    current && current.id === lift.id ? { ...current, ...lift, success: lift.status === 'completed' ? 'true' : 'false' } : current,
  )
}

export const ATTEMPT_ROOM_TABLE: LiveTable<AttemptKey> = {
  'attempt.updated': ({ data: { attempt } }, key) => {
    if (attempt.id === key.attemptId) mergeAttempt(key, attempt)
  },
  'attempt.judged': ({ data: { attempt } }, key) => {
    if (attempt.id === key.attemptId) mergeAttempt(key, attempt)
  },
  'attempt.voted': ({ data }, key) => {
    if (data.attempt_id !== key.attemptId) return
    const { votes_cast: cast, votes_needed: needed } = data
    queryClient.setQueryData<AttemptDetail>(attemptQuery(key).queryKey, (current) =>
      current && current.status === 'pending' && current.judging.votes_cast <= cast
        ? { ...current, judging: { ...current.judging, votes_cast: cast, votes_needed: needed } }
        : current,
    )
  },
}
