// Meets: a lifter's declarations and the attempt cards (the classic scoreboard). The rules are
// services/meets.service.ts's (contract/meet-rules.ts, docs/meet-rules.md); every declaration is one write
// under the challenge's lock, announced as 'attempt.declared'.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  DeclarationBody,
  DeclarationResponse,
  DeclarationsResponse,
  ErrorResponse,
  IdParams,
  MeetCardsResponse,
  WeighInBody,
  WeighInResponse,
  challengeRoom,
} from '../../contract/index.ts'
import { sendCachedAnswer } from '../live/cached-reply.ts'
import { createRoomCache } from '../live/snapshot.ts'
import { perUser, tooFast } from '../plugins/external/rate-limit.ts'

const meetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { meets } = app.services
  const { config } = app.deps
  // A meet's cards, serialized once per change of its room (every declaration, upload and decision is one of its
  // events), so a hall of boards and phones refetching after each event costs one read; stale at the end date too
  // (cells never taken become 'not taken').
  const cardsCache = createRoomCache<number>((room) => app.repos.liveEvents.roomSeq(room), {
    room: challengeRoom,
    async read(id) {
      const now = new Date()
      const { seq, answer, endsAt } = await meets.cards(id, now)
      return { seq, json: JSON.stringify(answer), expiresAt: endsAt.getTime() > now.getTime() ? endsAt.getTime() + 1 : undefined }
    },
  })
  app.live.onEvent((event) => cardsCache.noteEvent(event))

  app.post(
    '/competitions/:id/declarations',
    {
      onRequest: app.authenticate,
      // Each declaration is announced to the challenge's room: counted per account once the token is checked, before the body is read.
      config: {
        rateLimit: {
          max: config.rateLimitEntriesPerMinute,
          timeWindow: '1 minute',
          hook: 'onRequest',
          keyGenerator: perUser('declare'),
          errorResponseBuilder: tooFast('declaring attempts'),
        },
      },
      schema: {
        tags: ['meets'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: DeclarationBody,
        description:
          'A meet: the signed-in lifter declares the weight of their next attempt of a lift (openers of any lift too, before the first video; declaring again replaces it until the attempt is filmed). The upload of that attempt must carry this weight. Refusals say what the rules allow (400: a weight they refuse; 409: not now, whatever the weight — the previous attempt is with the judges, three were taken, an open challenge, an ended one). Announced as `attempt.declared`.',
        response: {
          201: DeclarationResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const declaration = await meets.declare(request.userId!, request.params.id, request.body)
      reply.status(201)
      return { declaration }
    },
  )

  app.get(
    '/competitions/:id/declarations/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['meets'],
        security: [{ bearer: [] }],
        params: IdParams,
        description:
          "The signed-in lifter's own declarations in this challenge, each with its attempt code to show to the camera at the start of the take (docs/video-checks.md). Nobody else sees the codes but the judges, beside the video.",
        response: { 200: DeclarationsResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => ({ declarations: await meets.mine(request.userId!, request.params.id) }),
  )

  app.post(
    '/competitions/:id/weigh-ins',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          max: config.rateLimitEntriesPerMinute,
          timeWindow: '1 minute',
          hook: 'onRequest',
          keyGenerator: perUser('weigh-in'),
          errorResponseBuilder: tooFast('recording weigh-ins'),
        },
      },
      schema: {
        tags: ['meets'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: WeighInBody,
        description:
          "A meet with a weigh-in window: its organiser records a lifter's bodyweight as the scale read it, inside the window, once per lifter. It becomes the official bodyweight (`bodyweight_source: weigh_in`, points use it); when it does not fit the class entered, the lifter moves to the class it is in (`moved_from`, and the entry's `moved_from_class`). Announced as `participant.updated`. Until it is recorded, the lifter's attempt uploads are refused (409). Refusals: 400 a bodyweight outside 20–300 kg or with more than two decimals; 403 not the organiser; 404 not joined; 409 no weigh-in, outside the window, weighed in already.",
        response: {
          200: WeighInResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    (request) => app.services.weighIns.record(request.userId!, request.params.id, request.body),
  )

  app.get(
    '/competitions/:id/cards',
    {
      schema: {
        tags: ['meets'],
        params: IdParams,
        description:
          "A meet's scoreboard: each lifter's card (per lift three cells: declared, pending with its votes, good, no lift, or not taken once the meet ended; the best, total, points, place, bombed out) ranked as the challenge ranks, each lifter's next step, and the attempts waiting in lifting order (`next_up`). 409 for an open challenge. The `x-live-seq` header is the live-event number this answer reflects.",
        response: { 200: MeetCardsResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const answer = (await cardsCache.get(request.params.id))!
      return sendCachedAnswer(request, reply.header('x-live-seq', String(answer.seq)), answer)
    },
  )
}

export default meetRoutes
