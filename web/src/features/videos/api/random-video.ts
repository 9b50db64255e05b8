// GET /random-video and /next-video (docs/product/api.md): optional lift type, mobile hint, cache buster.
import { queryOptions } from '@tanstack/react-query'
import { ApiError, apiGet } from '../../../lib/api-client.ts'
import type { RandomVideoResponse } from '../../../lib/contract.ts'
import { isMobile } from '../../../lib/device.ts'

const RANDOM_NETWORK = 'Failed to fetch video. Please check your connection and try again.'
const RANDOM_NO_URL = 'Video URL not found in response'

export const RANDOM_LIFT_TYPES = [
  { value: '', label: 'All lifts' },
  { value: 'squat', label: 'Squat' },
  { value: 'bench', label: 'Bench' },
  { value: 'deadlift', label: 'Deadlift' },
] as const

function query(liftType: string, after?: number): string {
  const params = new URLSearchParams()
  if (liftType) params.set('lift_type', liftType)
  if (after) params.set('after', String(after))
  if (isMobile()) params.set('mobile', 'true')
  params.set('t', String(Date.now()))
  return params.toString()
}

async function fetchVideo(path: string, signal?: AbortSignal): Promise<RandomVideoResponse> {
  const video = await apiGet<RandomVideoResponse>(path, { signal })
  if (!video?.video_url) throw new Error(RANDOM_NO_URL)
  return video
}

const getRandomVideo = (liftType: string, signal?: AbortSignal) => fetchVideo(`/random-video?${query(liftType)}`, signal)
export const getNextVideo = (liftType: string, after: number, signal?: AbortSignal) =>
  fetchVideo(`/next-video?${query(liftType, after)}`, signal)

/** docs/product/messages.md Random video texts; the server's own sentence wins when it sent one. */
export function randomVideoErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return RANDOM_NETWORK
    return error.serverMessage ?? `Error: ${error.status} - ${error.statusText}`
  }
  return error instanceof Error && error.message === RANDOM_NO_URL ? RANDOM_NO_URL : RANDOM_NETWORK
}

/** A random attempt of a lift type ('' any); "next" puts its answer in the same entry. */
export const randomVideoQuery = (liftType: string) =>
  queryOptions({
    queryKey: ['random-video', liftType] as const,
    queryFn: ({ signal }) => getRandomVideo(liftType, signal),
  })
