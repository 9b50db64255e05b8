// GET /competitions/:id/teams: the challenge's team standings (docs/teams.md). Under the challenge's
// key, so its room's events keep it current (refetched after a decision).
import { queryOptions } from '@tanstack/react-query'
import { queryKeys } from '../../../api/query-keys.ts'
import { apiGet } from '../../../lib/api-client.ts'
import type { TeamStanding, TeamsResponse } from '../../../lib/contract.ts'

export const challengeTeamsQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(id), 'teams'] as const,
    queryFn: ({ signal }): Promise<TeamStanding[]> =>
      apiGet<TeamsResponse>(`/competitions/${id}/teams`, { signal }).then((answer) => answer.teams),
  })
