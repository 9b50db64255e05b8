// GET /competitions/:id/participants/:pid/attempts/:videoId — the video page's attempt.
import { ApiError, apiGet } from '../../../lib/api-client.ts'
import type { AttemptDetail } from '../../../lib/contract.ts'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { queryKeys } from '../../../api/query-keys.ts'
import { useServerQuery } from '../../../lib/server-query.ts'

const VIDEO_FAILED = 'Failed to load video data'
const VIDEO_NOT_FOUND = 'Video data not found'
export const NO_VIDEO_URL = 'No video URL available in the server response'

export interface AttemptKey {
  challengeId: number
  participantId: number
  attemptId: number
}

const getAttempt = ({ challengeId, participantId, attemptId }: AttemptKey, signal?: AbortSignal) =>
  apiGet<AttemptDetail>(`/competitions/${challengeId}/participants/${participantId}/attempts/${attemptId}`, { signal })

/** Under its challenge's key: the challenge room keeps it current. */
export const attemptQuery = (key: AttemptKey | null) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(key?.challengeId ?? 0), 'attempt', key?.participantId ?? 0, key?.attemptId ?? 0] as const,
    queryFn: key ? ({ signal }) => getAttempt(key, signal) : skipToken,
  })

export const useAttempt = (key: AttemptKey | null) => useServerQuery(attemptQuery(key))

/** docs/product/messages.md Video: a missing attempt has its own text; anything else is a load failure. */
export const attemptErrorText = (error: unknown) => (error instanceof ApiError && error.status === 404 ? VIDEO_NOT_FOUND : VIDEO_FAILED)
