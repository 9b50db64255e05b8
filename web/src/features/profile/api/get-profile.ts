// GET /users/:id/profile — public, with the email only for its owner (bearer sent when we have one).
import { queryOptions, skipToken } from '@tanstack/react-query'
import { useGlobalRoom } from '../../../api/global-room.ts'
import { queryKeys } from '../../../api/query-keys.ts'
import { apiGet } from '../../../lib/api-client.ts'
import type { ProfileResponse, UploadedVideo } from '../../../lib/contract.ts'
import { LIMITS } from '../../../lib/contract.ts'
import { UI } from '../../../config.ts'
import { viewerSegment, type Viewer } from '../../../lib/query-client.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { useViewer } from '../../../lib/viewer.ts'

export const PROFILE_FAILED = 'Failed to load profile data'
export const NO_USER_ID = 'No user ID found'

const getProfile = (userId: number, signal?: AbortSignal) =>
  apiGet<ProfileResponse>(`/users/${userId}/profile`, { auth: 'optional', signal })

/** The email is in it for its owner only: cached per viewer (lib/viewer.ts), so the next account on the tab never sees it. */
const profileQuery = (userId: number | null, viewer: Viewer) =>
  queryOptions({
    queryKey: [...queryKeys.profile(userId ?? 0), viewerSegment(viewer)] as const,
    queryFn: userId ? ({ signal }) => getProfile(userId, signal) : skipToken,
  })

/**
 * The profile, refetched when a challenge the lifter takes part in changes its board (a decision,
 * an upload: 'leaderboard.changed' in the global room), so bests, achievements and each video's
 * verdict follow the judges without a reload.
 */
export function useLiveProfile(userId: number | null) {
  const query = useServerQuery(profileQuery(userId, useViewer()))
  useGlobalRoom(query.data !== undefined, query.reload)
  return query
}

/** docs/product/limits.md: 6 videos; when they come from several challenges, at most 3 of each. */
export function profileVideos(videos: readonly UploadedVideo[]): UploadedVideo[] {
  const several = new Set(videos.map((v) => v.competition_id)).size > 1
  if (!several) return videos.slice(0, LIMITS.profileVideos)
  const perChallenge = new Map<number, number>()
  const picked: UploadedVideo[] = []
  for (const video of videos) {
    const count = perChallenge.get(video.competition_id) ?? 0
    if (count >= UI.videosPerChallenge) continue
    perChallenge.set(video.competition_id, count + 1)
    picked.push(video)
    if (picked.length === LIMITS.profileVideos) break
  }
  return picked
}
