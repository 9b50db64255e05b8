// The lifter's place in each challenge of their history. The profile answer carries no places (its
// shape is the spec's), so each is read from GET /competitions/:id/participants/:userId, which the
// server answers from its per-change cache of the challenge's ranked list: one small request each.
import { getParticipant } from '../../../api/participants.ts'
import type { ProfileResponse } from '../../../lib/contract.ts'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { useServerQuery } from '../../../lib/server-query.ts'

/** Challenge id → place; null without a place (no total yet, or the entry could not be read). */
export type HistoryPlaces = Record<number, number | null>

export async function getHistoryPlaces(userId: number, challengeIds: readonly number[], signal?: AbortSignal): Promise<HistoryPlaces> {
  const entries = await Promise.allSettled(challengeIds.map((id) => getParticipant(id, userId, signal)))
  return Object.fromEntries(
    challengeIds.map((id, i) => {
      const entry = entries[i]!
      return [id, entry.status === 'fulfilled' ? (entry.value?.place ?? null) : null]
    }),
  )
}

/** Read again when a total in the history changes (the profile follows decisions live). */
export function useHistoryPlaces(userId: number | null, history: ProfileResponse['competitions'] | undefined) {
  const totals = history?.map((c) => `${c.id}=${c.total_weight}`).join(',') ?? ''
  return useServerQuery(
    queryOptions({
      queryKey: ['history-places', userId ?? 0, totals] as const,
      queryFn:
        userId && history?.length
          ? ({ signal }) =>
              getHistoryPlaces(
                userId,
                history.map((c) => c.id),
                signal,
              )
          : skipToken,
    }),
  )
}
