// Site administration (ADMIN_USERNAMES, docs/verified-results.md): certifying judges, whose panels'
// decisions count on the global boards, correcting an account's sex once it has results, and site
// moderation (docs/moderation.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AdminAccountList,
  AdminAccountQuery,
  AdminAccountResponse,
  AdminSexBody,
  IdParams,
  MessageResponse,
  ModerationBody,
  ModerationLog,
  ReportsQueue,
  UsernameParams,
} from '../../contract/index.ts'
import { ADMIN_NOT_BANNABLE, ALREADY_BANNED, NOT_BANNED, NO_REPORTS, NO_VIDEO } from '../services/moderation.service.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { accounts, moderation } = app.services
  const admin = { onRequest: app.requireAdmin, bodyLimit: 1024 }
  const forbiddenStatus = errorStatus('The signed-in account is not a site administrator.')
  const missing = errorStatus('No account has this username.')

  app.get(
    '/admin/accounts',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: AdminAccountQuery,
        description: 'Accounts whose name or username holds `q` (certified judges first), or only certified judges with `certified=true`.',
        response: { 200: AdminAccountList, 403: forbiddenStatus },
      },
    },
    async (request) => ({ accounts: await accounts.search(request.query.q, request.query.certified === true) }),
  )

  app.put(
    '/admin/judges/:username',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: UsernameParams,
        description:
          'Certifies the account as a judge: decisions of panels with at least two certified judges (and three in all, none the organiser) count on the global boards.',
        response: { 200: AdminAccountResponse, 403: forbiddenStatus, 404: missing },
      },
    },
    async (request) => ({ account: await accounts.certify(request.params.username, true) }),
  )

  app.delete(
    '/admin/judges/:username',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: UsernameParams,
        description: 'Withdraws the certification. Decisions already taken keep what they were.',
        response: { 200: AdminAccountResponse, 403: forbiddenStatus, 404: missing },
      },
    },
    async (request) => ({ account: await accounts.certify(request.params.username, false) }),
  )

  app.put(
    '/admin/accounts/:username/sex',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: UsernameParams,
        body: AdminSexBody,
        description: "Sets the account's sex, results or not; its entries move with it.",
        response: { 200: AdminAccountResponse, 403: forbiddenStatus, 404: missing },
      },
    },
    async (request) => ({ account: await accounts.setSex(request.params.username, request.body.sex) }),
  )

  // Site moderation (docs/moderation.md): every action names a reason and is kept in the audit log.
  app.put(
    '/admin/accounts/:username/ban',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: UsernameParams,
        body: ModerationBody,
        description:
          'Bans the account: it cannot log in, and every session it has ends at once on every node (access and refresh tokens, live connections) before the answer.',
        response: {
          200: AdminAccountResponse,
          403: errorStatus(`The signed-in account is not a site administrator, or: ${ADMIN_NOT_BANNABLE}`),
          404: missing,
          409: errorStatus(ALREADY_BANNED),
        },
      },
    },
    async (request) => {
      const userId = await moderation.ban(request.userId!, request.params.username, request.body.reason)
      await app.live.endSessions(await app.tokens.revoke(userId))
      return { account: await accounts.account(request.params.username) }
    },
  )

  app.post(
    '/admin/accounts/:username/unban',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: UsernameParams,
        body: ModerationBody,
        description: 'Lifts the ban: the account can log in again.',
        response: { 200: AdminAccountResponse, 403: forbiddenStatus, 404: missing, 409: errorStatus(NOT_BANNED) },
      },
    },
    async (request) => {
      await moderation.unban(request.userId!, request.params.username, request.body.reason)
      return { account: await accounts.account(request.params.username) }
    },
  )

  app.post(
    '/admin/comments/:id/remove',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: ModerationBody,
        description: "Removes any comment; its challenge's room hears comment.deleted, and the audit log keeps its words.",
        response: { 200: MessageResponse, 403: forbiddenStatus, 404: errorStatus('No comment has this id.') },
      },
    },
    async (request) => {
      await moderation.removeComment(request.userId!, request.params.id, request.body.reason)
      return { message: 'The comment is removed.' }
    },
  )

  app.post(
    '/admin/attempts/:id/video/remove',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: ModerationBody,
        description:
          "Takes down any attempt's video: its files are deleted from storage and the attempt says it was taken down; its weight, decision and place stay. The challenge's room hears attempt.updated; the audit log keeps the action.",
        response: {
          200: MessageResponse,
          403: forbiddenStatus,
          404: errorStatus('No attempt has this id.'),
          409: errorStatus(NO_VIDEO),
        },
      },
    },
    async (request) => {
      await moderation.removeVideo(request.userId!, request.params.id, request.body.reason)
      return { message: 'The video is taken down.' }
    },
  )

  app.get(
    '/admin/reports',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        description:
          'The reports queue of the whole site: comments people reported, on every challenge, most reported first (at most 100). Removing a comment or dismissing its reports takes it off.',
        response: { 200: ReportsQueue, 403: forbiddenStatus },
      },
    },
    async () => ({ reports: await moderation.reports() }),
  )

  app.post(
    '/admin/comments/:id/reports/dismiss',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: ModerationBody,
        description:
          "Dismisses a comment's reports (the comment stays): it leaves the reports queue; the audit log keeps who judged it and why.",
        response: {
          200: MessageResponse,
          403: forbiddenStatus,
          404: errorStatus('No comment has this id.'),
          409: errorStatus(NO_REPORTS),
        },
      },
    },
    async (request) => {
      await moderation.dismissReports(request.userId!, request.params.id, request.body.reason)
      return { message: 'The reports are dismissed.' }
    },
  )

  app.get(
    '/admin/moderation',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        description:
          'The moderation audit log, newest first (the last 200 actions): who did what to what, when and why. It cannot be changed from the product.',
        response: { 200: ModerationLog, 403: forbiddenStatus },
      },
    },
    async () => ({ actions: await moderation.log() }),
  )
}

export default adminRoutes
