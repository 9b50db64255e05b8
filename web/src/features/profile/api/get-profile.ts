// GET /users/:id/profile — public, with the email only for its owner (bearer sent when we have one).
import { useCallback } from 'react'
import { useGlobalRoom } from '../../../api/global-room.ts'
import { apiGet } from '../../../lib/api-client.ts'
import type { LiveEvent, ProfileResponse, UploadedVideo } from '../../../lib/contract.ts'
import { LIMITS } from '../../../lib/contract.ts'
import { UI } from '../../../config.ts'
import { useQuery } from '../../../lib/use-query.ts'

export const PROFILE_FAILED = 'Failed to load profile data'
export const NO_USER_ID = 'No user ID found'

export const getProfile = (userId: number, signal?: AbortSignal) =>
  apiGet<ProfileResponse>(`/users/${userId}/profile`, { auth: 'optional', signal })

export const useProfile = (userId: number | null) =>
  useQuery(userId ? `profile:${userId}` : null, (signal) => getProfile(userId!, signal))

/**
 * The profile, refetched when a challenge the lifter takes part in changes its board (a decision,
 * an upload: 'leaderboard.changed' in the global room), so bests, achievements and each video's
 * verdict follow the judges without a reload.
 */
export function useLiveProfile(userId: number | null) {
  const query = useProfile(userId)
  const { data, reload } = query
  const apply = useCallback((event: LiveEvent) => {
    if (event.type !== 'leaderboard.changed' || !data) return
    const id = event.data.competition_id
    if (data.competitions.some((c) => c.id === id) || data.uploaded_videos.some((v) => v.competition_id === id)) void reload()
  }, [data, reload])
  useGlobalRoom(query, apply)
  return query
}

/** SPEC §9: 6 videos; when they come from several challenges, at most 3 of each. */
export function profileVideos(videos: readonly UploadedVideo[]): UploadedVideo[] {
  const several = new Set(videos.map((v) => v.competition_id)).size > 1
  if (!several) return videos.slice(0, LIMITS.profileVideos)
  const perChallenge = new Map<number, number>()
  const picked: UploadedVideo[] = []
  for (const video of videos) {
    const count = perChallenge.get(video.competition_id) ?? 0
    if (count >= UI.videosPerCompetition) continue
    perChallenge.set(video.competition_id, count + 1)
    picked.push(video)
    if (picked.length === LIMITS.profileVideos) break
  }
  return picked
}
