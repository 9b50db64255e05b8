// Organisers control their challenges (docs/challenge-control.md): PATCH /competitions/:id and
// POST /competitions/:id/cancel. The rules are services/challenge-control.service.ts's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ChallengeResponse, IdParams, MessageResponse, UpdateChallengeBody } from '../../contract/index.ts'
import { perUser, tooFast } from '../plugins/external/rate-limit.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'
import { badRequest } from '../errors.ts'
import { CONTROL_REFUSED } from '../services/challenges.service.ts'
import { NOT_ORGANISER } from '../services/challenge-control.service.ts'

const challengeControlRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { challengeControl } = app.services
  // Per account: each change is broadcast to everyone.
  const limit = {
    rateLimit: {
      max: app.deps.config.rateLimitEntriesPerMinute,
      timeWindow: '1 minute',
      hook: 'onRequest' as const,
      keyGenerator: perUser('challenge-control'),
      errorResponseBuilder: tooFast('changing challenges'),
    },
  }

  app.patch(
    '/competitions/:id',
    {
      onRequest: app.authenticate,
      config: limit,
      schema: {
        tags: ['competitions'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: UpdateChallengeBody,
        description:
          'The organiser changes the challenge: name, location, description, start and require_verified_email before it starts; the end (extend or shorten, never into the past) and registration_deadline until it ends. Its room and the global room hear `competition.updated`.',
        response: {
          200: ChallengeResponse,
          400: errorStatus(
            `A date is not valid, or: ${CONTROL_REFUSED.startPast} ${CONTROL_REFUSED.endPast} ${CONTROL_REFUSED.deadlineAfterEnd}`,
          ),
          403: errorStatus(NOT_ORGANISER),
          404: errorStatus('The challenge does not exist.'),
          409: errorStatus(`${CONTROL_REFUSED.ended} Or it has started and the change is to its details or start.`),
        },
      },
    },
    async (request) => ({ competition: await challengeControl.edit(request.userId!, request.params.id, request.body) }),
  )

  app.post(
    '/competitions/:id/cancel',
    {
      onRequest: app.authenticate,
      config: limit,
      schema: {
        tags: ['competitions'],
        security: [{ bearer: [] }],
        params: IdParams,
        description:
          'The organiser cancels the challenge before it ends and before any lift is recorded: it is removed with its entries, and its room and the global room hear `competition.cancelled` (its lifters are told live).',
        response: {
          200: MessageResponse,
          400: errorStatus('A request body was sent: cancelling takes none.'),
          403: errorStatus(NOT_ORGANISER),
          404: errorStatus('The challenge does not exist.'),
          409: errorStatus(`${CONTROL_REFUSED.ended} Or: ${CONTROL_REFUSED.hasLifts}`),
        },
      },
    },
    async (request) => {
      // A cancel is the challenge's alone: a body (a reason, an id) is refused rather than ignored.
      if (request.body !== undefined && request.body !== null)
        throw badRequest('Cancelling takes no request body: the challenge is the one in the address.')
      const { name, lifters } = await challengeControl.cancel(request.userId!, request.params.id)
      return {
        message: `"${name}" is cancelled; ${lifters.length === 1 ? 'its 1 lifter was' : `its ${lifters.length} lifters were`} told.`,
      }
    },
  )
}

export default challengeControlRoutes
