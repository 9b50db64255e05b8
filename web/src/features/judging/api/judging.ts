// The judging endpoints (issue 15): the judge's queue and votes, the panel, the organiser's
// overview, jury decisions and appeal decisions. One fetcher per endpoint; loads go through useQuery.
import { apiGet, apiRequest } from '../../../lib/api-client.ts'
import type {
  AppealDecisionBody, AttemptResponse, JudgeQueueResponse, JudgingOverview, Lift, LiftListResponse, PanelBody, PanelResponse, VoteBody,
} from '../../../lib/contract.ts'
import { useQuery } from '../../../lib/use-query.ts'

/** GET /judge/queue: attempts awaiting my vote across my panels, oldest first. */
export const getJudgeQueue = async (signal?: AbortSignal) =>
  (await apiGet<JudgeQueueResponse>('/judge/queue', { auth: 'required', signal })).attempts

export const useJudgeQueue = (userId: number | null) => useQuery(userId ? `judge-queue:${userId}` : null, getJudgeQueue)

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
export const savePanel = async (competitionId: number, body: PanelBody) =>
  (await apiRequest<PanelResponse>(`/competitions/${competitionId}/judges`, { method: 'PUT', body, auth: 'required' })).data

/** GET /competitions/:id/judging (the organiser). */
export const getOverview = (competitionId: number, signal?: AbortSignal) =>
  apiGet<JudgingOverview>(`/competitions/${competitionId}/judging`, { auth: 'required', signal })

export const useOverview = (competitionId: number | null) =>
  useQuery(competitionId ? `judging:${competitionId}` : null, (signal) => getOverview(competitionId!, signal))

/** The challenge's attempts still awaiting a decision, oldest first (GET /competitions/:id/lifts). */
export const getPendingAttempts = async (competitionId: number, signal?: AbortSignal) => {
  const { lifts } = await apiGet<LiftListResponse>(`/competitions/${competitionId}/lifts`, { auth: 'optional', signal })
  return lifts.filter((l) => l.status === 'pending').sort((a, b) => a.created_at.localeCompare(b.created_at))
}

export const usePendingAttempts = (competitionId: number | null) =>
  useQuery(competitionId ? `pending:${competitionId}` : null, (signal) => getPendingAttempts(competitionId!, signal))
