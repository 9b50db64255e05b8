// The hall desk's writes (docs/hall-mode.md, "The desk"): the announcer's declarations and calls, the timekeeper's
// clock. Each answers the platform as it left it, which replaces the cached one (the live room brings it too).
import { apiRequest } from '../../../lib/api-client.ts'
import type { DeskDeclarationResponse, HallPlatformView } from '../../../lib/contract.ts'
import { queryClient } from '../../../lib/query-client.ts'
import { hallQuery, withPlatform } from './hall.ts'

function keep(id: number, platform: HallPlatformView) {
  queryClient.setQueryData(hallQuery(id).queryKey, (old) => (old ? { ...old, hall: withPlatform(old.hall, platform) } : old))
}

const base = (id: number, platform: number) => `/competitions/${id}/hall/platforms/${platform}`

export async function declareAtDesk(id: number, platform: number, body: { user_id: number; lift_type: string; weight: number }) {
  const { data } = await apiRequest<DeskDeclarationResponse>(`${base(id, platform)}/declarations`, {
    method: 'POST',
    auth: 'required',
    body,
  })
  keep(id, data.platform)
  return data
}

export async function callNext(id: number, platform: number, body: { flight_id: number; lift_type: string }) {
  const { data } = await apiRequest<{ platform: HallPlatformView }>(`${base(id, platform)}/call`, {
    method: 'POST',
    auth: 'required',
    body,
  })
  keep(id, data.platform)
  return data.platform
}

export async function clockAction(id: number, platform: number, action: 'start' | 'pause' | 'reset') {
  const { data } = await apiRequest<{ platform: HallPlatformView }>(`${base(id, platform)}/clock`, {
    method: 'POST',
    auth: 'required',
    body: { action },
  })
  keep(id, data.platform)
  return data.platform
}
