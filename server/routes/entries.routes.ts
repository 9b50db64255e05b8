// Entering challenges: creating one, joining, leaving and setting one's bodyweight. The rules are
// services/challenges.service.ts (a new challenge) and services/entries.service.ts (join, leave,
// bodyweight); the repositories announce every write.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  BodyweightBody,
  CreateChallengeBody,
  CreateChallengeResponse,
  ErrorResponse,
  IdParams,
  JoinChallengeBody,
  JoinChallengeResponse,
  LeaveChallengeResponse,
  ParticipantResponse,
} from '../../contract/index.ts'
import { badRequest } from '../errors.ts'
import { assertActsAsSelf } from '../plugins/app/auth.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'
import { newChallenge } from '../services/challenges.service.ts'
import { classSetOf, equipmentOfferOf, prizePoolOf, toChallenge } from '../services/mappers.ts'
import { perUser, tooFast } from '../plugins/external/rate-limit.ts'
import { BODY_LIMITS } from '../body-limits.ts'

const entryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { challenges } = app.repos
  const { entries } = app.services

  // Joining, leaving and setting one's bodyweight each announce to the challenge room and the global
  // room (every open page refetches), so one account gets one budget for the three: a join/leave loop
  // is the abuse. One limiter shared by the routes: a `config.rateLimit` per route would count each
  // apart (@fastify/rate-limit gives every route its own store, groupId or not).
  const entryLimit = app.rateLimit({
    max: app.deps.config.rateLimitEntriesPerMinute,
    timeWindow: '1 minute',
    keyGenerator: perUser('entry'),
    errorResponseBuilder: tooFast('joining, leaving or changing your bodyweight'),
  })
  const entryLimitStatus = errorStatus(
    `More than RATE_LIMIT_ENTRIES_PER_MINUTE (${app.deps.config.rateLimitEntriesPerMinute} here) joins, leaves and bodyweight changes together from this account in a minute; \`error\` says how long to wait.`,
  )

  app.post(
    '/create_competition',
    {
      onRequest: app.authenticate,
      // Per account (each new challenge is broadcast to everyone): counted once the token is checked, before the body is read.
      config: {
        rateLimit: {
          max: app.deps.config.rateLimitCreatePerHour,
          timeWindow: '1 hour',
          hook: 'onRequest',
          keyGenerator: perUser('create'),
        },
      },
      bodyLimit: BODY_LIMITS.challenge,
      schema: {
        tags: ['competitions'],
        security: [{ bearer: [] }],
        body: CreateChallengeBody,
        response: { 201: CreateChallengeResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const userId = assertActsAsSelf(request, request.body.user_id)
      const row = await challenges.create(newChallenge(request.body, userId), (created) => toChallenge(created))
      reply.status(201)
      return {
        competition_id: row.id,
        name: row.name,
        start_date: row.startDate.toISOString(),
        end_date: row.endDate.toISOString(),
        location: row.location,
        description: row.description,
        lifttypes: row.liftTypes,
        prize_pool: prizePoolOf(row),
        class_set: classSetOf(row.classSet),
        equipment: equipmentOfferOf(row),
      }
    },
  )

  app.put(
    '/competitions/:id/bodyweight',
    {
      // Counted once the token is checked and before the body is read (a refused body still counts).
      onRequest: [app.authenticate, entryLimit],
      schema: {
        tags: ['competitions'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: BodyweightBody,
        description: "The signed-in lifter's bodyweight in this challenge (kg, within their class), until their first lift is judged.",
        response: {
          200: ParticipantResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: entryLimitStatus,
        },
      },
    },
    async (request) => ({ participant: await entries.setBodyweight(request.userId!, request.params.id, request.body.bodyweight) }),
  )

  app.post(
    '/join_competition',
    {
      onRequest: [app.authenticate, entryLimit],
      schema: {
        tags: ['competitions'],
        security: [{ bearer: [] }],
        body: JoinChallengeBody,
        response: {
          201: JoinChallengeResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: entryLimitStatus,
        },
      },
    },
    async (request, reply) => {
      const userId = assertActsAsSelf(request, request.body.user_id)
      const joined = await entries.join(userId, request.body)
      reply.status(201)
      return {
        message: 'Joined the challenge.',
        participant_id: joined.participant.id,
        competition_id: joined.challengeId,
        user_id: userId,
        weight_class: joined.participant.weight_class,
        gender: joined.gender,
        participants: joined.count,
      }
    },
  )

  // Leaving: the lifter is named by the token only. The room's participant.left event (after commit) keeps counts and places live.
  app.delete(
    '/competitions/:id/participants/me',
    {
      onRequest: [app.authenticate, entryLimit],
      schema: {
        tags: ['competitions'],
        security: [{ bearer: [] }],
        params: IdParams,
        description:
          'The signed-in lifter leaves the challenge: only before it starts and while they have no lifts recorded in it (409 otherwise; 404 when they have not joined).',
        response: {
          200: LeaveChallengeResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: entryLimitStatus,
        },
      },
    },
    async (request) => {
      // Who leaves is the token's lifter alone: a body (a user_id, say) is refused rather than ignored.
      if (request.body !== undefined && request.body !== null)
        throw badRequest('Leaving takes no request body: the signed-in lifter is the one who leaves.')
      const userId = request.userId!
      const challengeId = request.params.id
      const { count } = await entries.leave(userId, challengeId)
      return { message: 'You left the challenge.', competition_id: challengeId, user_id: userId, participants: count }
    },
  )
}

export default entryRoutes
