// Site administration (ADMIN_USERNAMES on the server): find accounts, certify and withdraw judges
// (whose panels' decisions count on the global boards), and set an account's category. One fetcher
// per endpoint; each rejects with the ApiError carrying the server's sentence.
import { queryOptions } from '@tanstack/react-query'
import { apiGet, apiRequest } from '../../../lib/api-client.ts'
import type { AdminAccount, AdminAccountList, AdminAccountResponse, ModerationLog, ReportsQueue } from '../../../lib/contract.ts'
import { viewerSegment, type Viewer } from '../../../lib/query-client.ts'

/** GET /admin/accounts: accounts whose name or username holds `q` (certified judges first), or only certified judges. */
async function listAccounts(filter: { q?: string; certified?: boolean }, signal?: AbortSignal): Promise<AdminAccount[]> {
  const params = new URLSearchParams()
  if (filter.q) params.set('q', filter.q)
  if (filter.certified) params.set('certified', 'true')
  const query = params.toString()
  return (await apiGet<AdminAccountList>(`/admin/accounts${query ? `?${query}` : ''}`, { auth: 'required', signal })).accounts
}

const account = (username: string) => encodeURIComponent(username)

/** PUT /admin/judges/:username: certifies the account as a judge. */
export const certifyJudge = async (username: string): Promise<AdminAccount> =>
  (await apiRequest<AdminAccountResponse>(`/admin/judges/${account(username)}`, { method: 'PUT', auth: 'required' })).data.account

/** DELETE /admin/judges/:username: withdraws the certification (decisions already taken keep what they were). */
export const withdrawJudge = async (username: string): Promise<AdminAccount> =>
  (await apiRequest<AdminAccountResponse>(`/admin/judges/${account(username)}`, { method: 'DELETE', auth: 'required' })).data.account

/** PUT /admin/accounts/:username/sex: the account's category, results or not (its entries move with it). */
export const setAccountSex = async (username: string, sex: 'M' | 'F'): Promise<AdminAccount> =>
  (await apiRequest<AdminAccountResponse>(`/admin/accounts/${account(username)}/sex`, { method: 'PUT', body: { sex }, auth: 'required' }))
    .data.account

/** The certified judges, and the accounts a search found (`q` '' lists the first). */
// For administrators only: cached per viewer (lib/viewer.ts), so an account signing in after one on the tab never sees them.
export const judgesQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: ['admin', 'judges', viewerSegment(viewer)] as const,
    queryFn: ({ signal }) => listAccounts({ certified: true }, signal),
  })
export const accountsQuery = (q: string, viewer: Viewer) =>
  queryOptions({ queryKey: ['admin', 'accounts', q, viewerSegment(viewer)] as const, queryFn: ({ signal }) => listAccounts({ q }, signal) })

/** PUT /admin/accounts/:username/ban: the account cannot log in and its sessions end everywhere (docs/moderation.md). */
export const banAccount = async (username: string, reason: string): Promise<AdminAccount> =>
  (
    await apiRequest<AdminAccountResponse>(`/admin/accounts/${account(username)}/ban`, {
      method: 'PUT',
      body: { reason },
      auth: 'required',
    })
  ).data.account

/** POST /admin/accounts/:username/unban. */
export const unbanAccount = async (username: string, reason: string): Promise<AdminAccount> =>
  (
    await apiRequest<AdminAccountResponse>(`/admin/accounts/${account(username)}/unban`, {
      method: 'POST',
      body: { reason },
      auth: 'required',
    })
  ).data.account

/** GET /admin/moderation: the audit log, newest first. */
export const moderationLogQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: ['admin', 'moderation', viewerSegment(viewer)] as const,
    queryFn: async ({ signal }) => (await apiGet<ModerationLog>('/admin/moderation', { auth: 'required', signal })).actions,
  })

/** GET /admin/reports: reported comments across the site, most reported first. */
export const reportsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: ['admin', 'reports', viewerSegment(viewer)] as const,
    queryFn: async ({ signal }) => (await apiGet<ReportsQueue>('/admin/reports', { auth: 'required', signal })).reports,
  })

/** POST /admin/comments/:id/remove: removes any comment (logged with the reason). */
export const removeComment = async (commentId: number, reason: string): Promise<void> => {
  await apiRequest(`/admin/comments/${commentId}/remove`, { method: 'POST', body: { reason }, auth: 'required' })
}

/** POST /admin/comments/:id/reports/dismiss: the comment stays, its reports go (logged). */
export const dismissReports = async (commentId: number, reason: string): Promise<void> => {
  await apiRequest(`/admin/comments/${commentId}/reports/dismiss`, { method: 'POST', body: { reason }, auth: 'required' })
}

/** POST /admin/attempts/:id/video/remove: takes down an attempt's video; its result stays (logged). */
export const takeDownVideo = async (attemptId: number, reason: string): Promise<void> => {
  await apiRequest(`/admin/attempts/${attemptId}/video/remove`, { method: 'POST', body: { reason }, auth: 'required' })
}
