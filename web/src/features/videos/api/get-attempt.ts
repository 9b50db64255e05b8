// GET /competitions/:id/participants/:pid/attempts/:videoId — the video page's attempt.
import { ApiError, apiGet } from '../../../lib/api-client.ts'
import type { AttemptDetail } from '../../../lib/contract.ts'
import { useQuery } from '../../../lib/use-query.ts'

export const VIDEO_FAILED = 'Failed to load video data'
export const VIDEO_NOT_FOUND = 'Video data not found'
export const NO_VIDEO_URL = 'No video URL available in the server response'

export interface AttemptKey {
  competitionId: number
  participantId: number
  videoId: number
}

export const getAttempt = ({ competitionId, participantId, videoId }: AttemptKey, signal?: AbortSignal) =>
  apiGet<AttemptDetail>(`/competitions/${competitionId}/participants/${participantId}/attempts/${videoId}`, { signal })

export const useAttempt = (key: AttemptKey | null) =>
  useQuery(key ? `attempt:${key.competitionId}:${key.participantId}:${key.videoId}` : null, (signal) => getAttempt(key!, signal))

/** SPEC §8 Video: a missing attempt has its own text; anything else is a load failure. */
export const attemptErrorText = (error: unknown) =>
  error instanceof ApiError && error.status === 404 ? VIDEO_NOT_FOUND : VIDEO_FAILED
