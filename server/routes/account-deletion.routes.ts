// DELETE /auth/user: the signed-in owner deletes their account (docs/accounts.md); the rule is
// services/account-deletion.service.ts's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeleteAccountBody, MessageResponse } from '../../contract/index.ts'
import { DELETE_NO_ACCOUNT, DELETE_WRONG_PASSWORD } from '../services/account-deletion.service.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'

const accountDeletionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { accountDeletion } = app.services
  app.delete(
    '/auth/user',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: app.deps.config.rateLimitAuthPerMinute, timeWindow: '1 minute' } },
      bodyLimit: 1024,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        body: DeleteAccountBody,
        description:
          'Deletes the signed-in account, confirmed by its password (a wrong one counts as a failed login). Every session ends on every node; its comments and reactions are removed. An account without results (no recorded attempt, no judge\'s vote or referee\'s press, no challenge organised) is removed entirely; one with results keeps them under "Deleted lifter <id>", without name, username, email, password, country, bio or videos.',
        response: {
          200: MessageResponse,
          400: errorStatus(DELETE_WRONG_PASSWORD),
          404: errorStatus(DELETE_NO_ACCOUNT),
        },
      },
    },
    async (request) => {
      const userId = request.userId!
      const message = await accountDeletion.delete(userId, request.body.password, request.ip, async () => {
        await app.live.endSessions(await app.tokens.revoke(userId))
      })
      return { message }
    },
  )
}

export default accountDeletionRoutes
