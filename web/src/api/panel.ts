// A challenge's judge panel (public): the judging screens manage it, the challenge page
// asks it who organises (to link the organiser to the judging view). Only the organiser sees the
// seats while names are unpublished, so the answer is cached per viewer (lib/viewer.ts).
import { apiGet } from '../lib/api-client.ts'
import type { PanelResponse } from '../lib/contract.ts'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { viewerSegment, type Viewer } from '../lib/query-client.ts'
import { useServerQuery } from '../lib/server-query.ts'
import { useViewer } from '../lib/viewer.ts'
import { queryKeys } from './query-keys.ts'

export const getPanel = (challengeId: number, signal?: AbortSignal) =>
  apiGet<PanelResponse>(`/competitions/${challengeId}/judges`, { auth: 'optional', signal })

const panelQuery = (challengeId: number | null, viewer: Viewer) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(challengeId ?? 0), 'judges', viewerSegment(viewer)] as const,
    queryFn: challengeId ? ({ signal }) => getPanel(challengeId, signal) : skipToken,
  })

export const usePanel = (challengeId: number | null) => useServerQuery(panelQuery(challengeId, useViewer()))
