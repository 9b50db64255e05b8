// The challenges the signed-in user judges or organises (GET /judge/challenges): the header shows
// its Judge link only to people with one.
import { queryOptions, skipToken } from '@tanstack/react-query'
import { apiGet } from '../lib/api-client.ts'
import type { JudgingChallengesResponse } from '../lib/contract.ts'
import { useServerQuery } from '../lib/server-query.ts'

const judgingChallengesQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['judging-challenges', userId ?? 0] as const,
    queryFn: userId
      ? async ({ signal }) => (await apiGet<JudgingChallengesResponse>('/judge/challenges', { auth: 'required', signal })).challenges
      : skipToken,
  })

export const useJudgingChallenges = (userId: number | null) => useServerQuery(judgingChallengesQuery(userId))
