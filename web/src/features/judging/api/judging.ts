// The judging endpoints (issue 15): the judge's queue and votes, the panel, the organiser's
// overview, jury decisions and appeal decisions. One fetcher per endpoint; loads go through the cache (useServerQuery).
import { apiGet, apiRequest } from '../../../lib/api-client.ts'
import type {
  AppealDecisionBody,
  AttemptResponse,
  JudgeQueueResponse,
  JudgingOverview,
  Lift,
  LiftListResponse,
  PanelBody,
  PanelResponse,
  VoteBody,
} from '../../../lib/contract.ts'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { queryKeys } from '../../../api/query-keys.ts'
import { viewerSegment, type Viewer } from '../../../lib/query-client.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { useViewer } from '../../../lib/viewer.ts'

/** GET /judge/queue: attempts awaiting my vote across my panels, oldest first. */
const getJudgeQueue = async (signal?: AbortSignal) =>
  (await apiGet<JudgeQueueResponse>('/judge/queue', { auth: 'required', signal })).attempts

const judgeQueueQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['judge-queue', userId ?? 0] as const,
    queryFn: userId ? ({ signal }) => getJudgeQueue(signal) : skipToken,
  })

export const useJudgeQueue = (userId: number | null) => useServerQuery(judgeQueueQuery(userId))

/** POST /attempts/:id/votes: my vote; the answer is the attempt as it stands (counts only until decided). */
export const castVote = async (attemptId: number, body: VoteBody): Promise<Lift> =>
  (await apiRequest<AttemptResponse>(`/attempts/${attemptId}/votes`, { method: 'POST', body, auth: 'required' })).data.attempt

/** POST /attempts/:id/jury: the organiser decides a pending attempt directly. */
export const juryDecide = async (attemptId: number, body: VoteBody): Promise<Lift> =>
  (await apiRequest<AttemptResponse>(`/attempts/${attemptId}/jury`, { method: 'POST', body, auth: 'required' })).data.attempt

/** POST /attempts/:id/appeal/decision: the organiser confirms or reverses an appealed decision, final. */
export const decideAppeal = async (attemptId: number, body: AppealDecisionBody): Promise<Lift> =>
  (await apiRequest<AttemptResponse>(`/attempts/${attemptId}/appeal/decision`, { method: 'POST', body, auth: 'required' })).data.attempt

/** GET /competitions/:id/judges (public). */
export { getPanel, usePanel } from '../../../api/panel.ts'

/** PUT /competitions/:id/judges (the organiser): replaces the panel. */
export const savePanel = async (challengeId: number, body: PanelBody) =>
  (await apiRequest<PanelResponse>(`/competitions/${challengeId}/judges`, { method: 'PUT', body, auth: 'required' })).data

/** GET /competitions/:id/judging (the organiser). */
const getOverview = (challengeId: number, signal?: AbortSignal) =>
  apiGet<JudgingOverview>(`/competitions/${challengeId}/judging`, { auth: 'required', signal })

/** Every viewer's overview of the challenge (the live room refetches them). */
export const overviewKey = (challengeId: number) => [...queryKeys.challenge(challengeId), 'judging'] as const

/** The organiser's view, cached per viewer (lib/viewer.ts): the next account on the tab never sees it. */
const overviewQuery = (challengeId: number | null, viewer: Viewer) =>
  queryOptions({
    queryKey: [...overviewKey(challengeId ?? 0), viewerSegment(viewer)] as const,
    queryFn: challengeId ? ({ signal }) => getOverview(challengeId, signal) : skipToken,
  })

export const useOverview = (challengeId: number | null) => useServerQuery(overviewQuery(challengeId, useViewer()))

/** The challenge's attempts still awaiting a decision, oldest first (GET /competitions/:id/lifts). */
const getPendingAttempts = async (challengeId: number, signal?: AbortSignal) => {
  const { lifts } = await apiGet<LiftListResponse>(`/competitions/${challengeId}/lifts`, { auth: 'optional', signal })
  return lifts.filter((l) => l.status === 'pending').sort((a, b) => a.created_at.localeCompare(b.created_at))
}

export const pendingAttemptsQuery = (challengeId: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(challengeId ?? 0), 'pending'] as const,
    queryFn: challengeId ? ({ signal }) => getPendingAttempts(challengeId, signal) : skipToken,
  })

export const usePendingAttempts = (challengeId: number | null) => useServerQuery(pendingAttemptsQuery(challengeId))
