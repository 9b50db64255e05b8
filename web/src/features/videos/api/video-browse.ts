// Every challenge's videos, for the random-video page's browse section (newest first per challenge).
import { getCompetitions } from '../../../api/competitions.ts'
import { getLifts } from '../../../api/lifts.ts'
import type { Competition, Lift } from '../../../lib/contract.ts'
import { useQuery } from '../../../lib/use-query.ts'

export interface ChallengeVideos {
  competition: Competition
  videos: Lift[]
}

export async function getVideoBrowse(signal?: AbortSignal): Promise<ChallengeVideos[]> {
  const competitions = await getCompetitions(signal)
  const lifts = await Promise.all(competitions.map((c) => getLifts(c.id, signal).catch(() => [] as Lift[])))
  return competitions
    .map((competition, i) => ({ competition, videos: lifts[i]!.filter((l) => l.video_url) }))
    .filter((group) => group.videos.length > 0)
}

export const useVideoBrowse = () => useQuery('video-browse', getVideoBrowse)
