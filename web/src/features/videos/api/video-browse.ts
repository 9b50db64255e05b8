// Every challenge's videos, for the random-video page's browse section (newest first per challenge).
import { getChallenges } from '../../../api/challenges.ts'
import { getLifts } from '../../../api/lifts.ts'
import type { Challenge, Lift } from '../../../lib/contract.ts'
import { queryOptions } from '@tanstack/react-query'
import { useServerQuery } from '../../../lib/server-query.ts'

interface ChallengeVideos {
  challenge: Challenge
  videos: Lift[]
}

async function getVideoBrowse(signal?: AbortSignal): Promise<ChallengeVideos[]> {
  const challenges = await getChallenges(signal)
  const lifts = await Promise.all(challenges.map((c) => getLifts(c.id, signal).catch(() => [] as Lift[])))
  return challenges
    .map((challenge, i) => ({ challenge, videos: lifts[i]!.filter((l) => l.video_url) }))
    .filter((group) => group.videos.length > 0)
}

const videoBrowseQuery = () => queryOptions({ queryKey: ['video-browse'] as const, queryFn: ({ signal }) => getVideoBrowse(signal) })

export const useVideoBrowse = () => useServerQuery(videoBrowseQuery())
