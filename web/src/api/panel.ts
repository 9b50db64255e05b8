// A challenge's judge panel (public): the judging screens manage it, the challenge page
// asks it who organises (to link the organiser to the judging view).
import { apiGet } from '../lib/api-client.ts'
import type { PanelResponse } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'

export const getPanel = (competitionId: number, signal?: AbortSignal) =>
  apiGet<PanelResponse>(`/competitions/${competitionId}/judges`, { auth: 'optional', signal })

export const usePanel = (competitionId: number | null) =>
  useQuery(competitionId ? `judges:${competitionId}` : null, (signal) => getPanel(competitionId!, signal))
