// The signed-in lifter's own declarations in a meet, with their attempt codes (GET
// /competitions/:id/declarations/mine; docs/video-checks.md): the code to show to the camera.
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../../lib/api-client.ts'
import type { DeclarationsResponse } from '../../../../lib/contract.ts'
import { queryClient } from '../../../../lib/query-client.ts'

export const myDeclarationsKey = (challengeId: number) => ['my-declarations', challengeId] as const

export function useMyDeclarations(challengeId: number, enabled: boolean) {
  return useQuery(
    {
      queryKey: myDeclarationsKey(challengeId),
      queryFn: async () =>
        (await apiRequest<DeclarationsResponse>(`/competitions/${challengeId}/declarations/mine`, { auth: 'required' })).data.declarations,
      enabled,
    },
    queryClient,
  )
}
