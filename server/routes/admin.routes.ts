// Site administration (ADMIN_USERNAMES, docs/verified-results.md): certifying judges, whose panels'
// decisions count on the global boards, and correcting an account's sex once it has results.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AdminAccountList, AdminAccountQuery, AdminAccountResponse, AdminSexBody, UsernameParams } from '../../contract/index.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { accounts } = app.services
  const admin = { onRequest: app.requireAdmin, bodyLimit: 1024 }
  const forbiddenStatus = errorStatus('The signed-in account is not a site administrator.')
  const missing = errorStatus('No account has this username.')

  app.get('/admin/accounts', {
    ...admin,
    schema: {
      tags: ['admin'], security: [{ bearer: [] }], querystring: AdminAccountQuery,
      description: 'Accounts whose name or username holds `q` (certified judges first), or only certified judges with `certified=true`.',
      response: { 200: AdminAccountList, 403: forbiddenStatus },
    },
  }, async (request) => ({ accounts: await accounts.search(request.query.q, request.query.certified === true) }))

  app.put('/admin/judges/:username', {
    ...admin,
    schema: {
      tags: ['admin'], security: [{ bearer: [] }], params: UsernameParams,
      description: 'Certifies the account as a judge: decisions of panels with at least two certified judges (and three in all, none the organiser) count on the global boards.',
      response: { 200: AdminAccountResponse, 403: forbiddenStatus, 404: missing },
    },
  }, async (request) => ({ account: await accounts.certify(request.params.username, true) }))

  app.delete('/admin/judges/:username', {
    ...admin,
    schema: {
      tags: ['admin'], security: [{ bearer: [] }], params: UsernameParams,
      description: 'Withdraws the certification. Decisions already taken keep what they were.',
      response: { 200: AdminAccountResponse, 403: forbiddenStatus, 404: missing },
    },
  }, async (request) => ({ account: await accounts.certify(request.params.username, false) }))

  app.put('/admin/accounts/:username/sex', {
    ...admin,
    schema: {
      tags: ['admin'], security: [{ bearer: [] }], params: UsernameParams, body: AdminSexBody,
      description: 'Sets the account\'s sex, results or not; its entries move with it.',
      response: { 200: AdminAccountResponse, 403: forbiddenStatus, 404: missing },
    },
  }, async (request) => ({ account: await accounts.setSex(request.params.username, request.body.sex) }))
}

export default adminRoutes
