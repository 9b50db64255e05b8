// GET /competitions/:id, and GET /competitions/:id/summary (what the challenge page shows: the
// count, the top of each group and the newest attempts, with the live seq it reflects).
import { apiGet, apiRequest } from '../lib/api-client.ts'
import type { ChallengeResponse, ChallengeSummaryResponse } from '../lib/contract.ts'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { useServerQuery } from '../lib/server-query.ts'
import { liveSeq } from './participants.ts'
import { queryKeys } from './query-keys.ts'

export const CHALLENGE_FAILED = 'Failed to load challenge details'

const getChallenge = async (id: number, signal?: AbortSignal) =>
  (await apiGet<ChallengeResponse>(`/competitions/${id}`, { signal })).competition

export const challengeQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(id ?? 0), 'competition'] as const,
    queryFn: id ? ({ signal }) => getChallenge(id, signal) : skipToken,
  })

export const useChallenge = (id: number | null) => useServerQuery(challengeQuery(id))

export interface SummarySnapshot {
  summary: ChallengeSummaryResponse
  /** The room's `seq` at the time of the answer (header x-live-seq); live events continue from it. */
  seq: number | null
}

async function fetchChallengeSummary(id: number, signal?: AbortSignal): Promise<SummarySnapshot> {
  const { data, headers } = await apiRequest<ChallengeSummaryResponse>(`/competitions/${id}/summary`, { signal })
  return { summary: data, seq: liveSeq(headers) }
}

/** A summary asked for as the route matched, while the page's code was still on its way. */
let early: { id: number; at: number; answer: Promise<SummarySnapshot> } | null = null
/** Older than this, an early answer is not taken: the page asks again. */
const EARLY_MAX_AGE_MS = 5_000

/**
 * Starts loading a challenge's summary before its page has loaded (the route's loader calls it), so
 * the request and the page's code travel together instead of one after the other. The page takes
 * the answer once; its live room continues from that answer's seq like from any other.
 */
export function prefetchChallengeSummary(id: number): void {
  const answer = fetchChallengeSummary(id)
  answer.catch(() => {}) // a failure is reported when the page asks, by its own request
  early = { id, at: Date.now(), answer }
}

export function getChallengeSummary(id: number, signal?: AbortSignal): Promise<SummarySnapshot> {
  const taken = early
  early = null
  if (taken && taken.id === id && Date.now() - taken.at < EARLY_MAX_AGE_MS)
    return taken.answer.catch(() => fetchChallengeSummary(id, signal))
  return fetchChallengeSummary(id, signal)
}
