// The signed-in lifter's own declarations in a meet, with their attempt codes (GET
// /competitions/:id/declarations/mine; docs/video-checks.md): the code to show to the camera.
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../../lib/api-client.ts'
import type { DeclarationsResponse } from '../../../../lib/contract.ts'
import { queryClient } from '../../../../lib/query-client.ts'

export const myDeclarationsKey = (competitionId: number) => ['my-declarations', competitionId] as const

export function useMyDeclarations(competitionId: number, enabled: boolean) {
  return useQuery(
    {
      queryKey: myDeclarationsKey(competitionId),
      queryFn: async () =>
        (await apiRequest<DeclarationsResponse>(`/competitions/${competitionId}/declarations/mine`, { auth: 'required' })).data
          .declarations,
      enabled,
    },
    queryClient,
  )
}
