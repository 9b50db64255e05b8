// Every challenge's videos, for the random-video page's browse section (newest first per challenge).
import { getCompetitions } from '../../../api/competitions.ts'
import { getLifts } from '../../../api/lifts.ts'
import type { Competition, Lift } from '../../../lib/contract.ts'
import { queryOptions } from '@tanstack/react-query'
import { useServerQuery } from '../../../lib/server-query.ts'

interface ChallengeVideos {
  competition: Competition
  videos: Lift[]
}

async function getVideoBrowse(signal?: AbortSignal): Promise<ChallengeVideos[]> {
  const competitions = await getCompetitions(signal)
  const lifts = await Promise.all(competitions.map((c) => getLifts(c.id, signal).catch(() => [] as Lift[])))
  return competitions
    .map((competition, i) => ({ competition, videos: lifts[i]!.filter((l) => l.video_url) }))
    .filter((group) => group.videos.length > 0)
}

const videoBrowseQuery = () => queryOptions({ queryKey: ['video-browse'] as const, queryFn: ({ signal }) => getVideoBrowse(signal) })

export const useVideoBrowse = () => useServerQuery(videoBrowseQuery())
