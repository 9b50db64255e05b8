// Engagement with an attempt's video: comments (anyone reads, signed-in users write, the author
// or the challenge's organiser removes, anyone signed in reports once), one reaction per person,
// and the analytics figures (views and plays counted once per viewer per window). Comments and
// reactions are announced to the challenge room after commit; the reads carry the room's seq in
// `x-live-seq`, so a page subscribes since it and misses nothing.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'
import {
  AttemptIdParams,
  CommentBody,
  CommentIdParams,
  CommentResponse,
  CommentsPage,
  CommentsQuery,
  ENGAGEMENT,
  EngagementResponse,
  ErrorResponse,
  REACTIONS,
  ReactionBody,
  ReactionResponse,
  ViewBody,
  ViewResponse,
} from '../../contract/index.ts'
import { viewerIdentity } from '../services/engagement.service.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'
import { perUser, tooFast } from '../plugins/external/rate-limit.ts'

const LIVE_SEQ = "The `x-live-seq` header is the number of the challenge room's last live event this answer reflects: subscribe since it."

/** Per-viewer answers: revalidated on every use, never kept by a shared cache. */
const privateAnswer = (reply: FastifyReply, seq: number) =>
  reply.header('x-live-seq', String(seq)).header('cache-control', 'private, no-cache')

const engagementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { engagement } = app.services
  const { config } = app.deps
  const secured = { security: [{ bearer: [] }] }

  app.get(
    '/attempts/:id/comments',
    {
      onRequest: app.identify,
      schema: {
        tags: ['engagement'],
        params: AttemptIdParams,
        querystring: CommentsQuery,
        description: `An attempt's comments, newest first, ${ENGAGEMENT.commentsPage} per page unless \`limit\` says otherwise; \`next_before\` when there are older ones. The organiser's answer (bearer token) carries each comment's report count. ${LIVE_SEQ}`,
        response: { 200: CommentsPage, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const attemptId = request.params.id
      const { limit = ENGAGEMENT.commentsPage, before } = request.query
      const page = await engagement.listComments(attemptId, request.userId, { limit, before })
      privateAnswer(reply, page.seq)
      return { comments: page.comments, total: page.total, ...(page.nextBefore ? { next_before: page.nextBefore } : {}) }
    },
  )

  app.post(
    '/attempts/:id/comments',
    {
      onRequest: app.authenticate,
      // Per account, counted once the token is checked and before the body is read (a refused body still counts).
      config: {
        rateLimit: {
          max: config.rateLimitCommentsPerMinute,
          timeWindow: '1 minute',
          hook: 'onRequest',
          keyGenerator: perUser('comment'),
          errorResponseBuilder: tooFast('commenting'),
        },
      },
      schema: {
        tags: ['engagement'],
        ...secured,
        params: AttemptIdParams,
        body: CommentBody,
        description: `Comments on an attempt's video as the signed-in user: plain text, 1–${ENGAGEMENT.commentMaxLength} characters once trimmed, at most RATE_LIMIT_COMMENTS_PER_MINUTE (${config.rateLimitCommentsPerMinute} here) a minute. Announced to the challenge room as comment.created.`,
        response: { 201: CommentResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const created = await engagement.comment(request.params.id, request.userId!, request.body.text)
      return reply.status(201).send(created)
    },
  )

  app.delete(
    '/comments/:id',
    {
      onRequest: app.authenticate,
      // Per account, apart from posting (an organiser clearing spam posts nothing): each removal is an event to the room.
      config: {
        rateLimit: {
          max: config.rateLimitCommentsPerMinute,
          timeWindow: '1 minute',
          hook: 'onRequest',
          keyGenerator: perUser('comment-delete'),
          errorResponseBuilder: tooFast('removing comments'),
        },
      },
      schema: {
        tags: ['engagement'],
        ...secured,
        params: CommentIdParams,
        description: `Removes a comment, for good: its author or the organiser of its challenge, at most RATE_LIMIT_COMMENTS_PER_MINUTE (${config.rateLimitCommentsPerMinute} here) a minute. Announced to the challenge room as comment.deleted.`,
        response: { 204: Type.Null({ description: 'Removed.' }), 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      await engagement.removeComment(request.params.id, request.userId!)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/comments/:id/reports',
    {
      onRequest: app.authenticate,
      // Per account, its own budget: each report is a write and a count the organiser sees move.
      config: {
        rateLimit: {
          max: config.rateLimitCommentsPerMinute,
          timeWindow: '1 minute',
          hook: 'onRequest',
          keyGenerator: perUser('comment-report'),
          errorResponseBuilder: tooFast('reporting comments'),
        },
      },
      schema: {
        tags: ['engagement'],
        ...secured,
        params: CommentIdParams,
        description: `Reports a comment to the organiser of its challenge (who sees how many reported it). Once per person: a repeat answers the same and counts once. Not your own comment. At most RATE_LIMIT_COMMENTS_PER_MINUTE (${config.rateLimitCommentsPerMinute} here) reports a minute.`,
        response: {
          204: Type.Null({ description: 'Reported (or already reported by you).' }),
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      await engagement.reportComment(request.params.id, request.userId!)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/attempts/:id/engagement',
    {
      onRequest: app.identify,
      schema: {
        tags: ['engagement'],
        params: AttemptIdParams,
        description: `The analytics figures of an attempt's video (views, plays, comments, reactions), the caller's own reaction (bearer token; null without one) and whether they moderate its comments. ${LIVE_SEQ}`,
        response: { 200: EngagementResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const attemptId = request.params.id
      const read = await engagement.figures(attemptId, request.userId)
      privateAnswer(reply, read.seq)
      return { attempt_id: attemptId, counts: read.counts, mine: read.mine, can_moderate: read.canModerate }
    },
  )

  // PUT and DELETE share one budget per account: each change is an event to everyone in the room.
  // One limiter for both (a `config.rateLimit` per route counts each apart, groupId or not).
  const reactionLimit = app.rateLimit({
    max: config.rateLimitReactionsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: perUser('reaction'),
    errorResponseBuilder: tooFast('reacting'),
  })
  const reactionLimitStatus = errorStatus(
    `More than RATE_LIMIT_REACTIONS_PER_MINUTE (${config.rateLimitReactionsPerMinute} here) reaction changes from this account in a minute; \`error\` says how long to wait.`,
  )

  app.put(
    '/attempts/:id/reaction',
    {
      onRequest: [app.authenticate, reactionLimit],
      schema: {
        tags: ['engagement'],
        ...secured,
        params: AttemptIdParams,
        body: ReactionBody,
        description: `Sets the signed-in user's reaction to an attempt (one of ${REACTIONS.join(', ')}; one per person, a new one replaces theirs, the same one again changes nothing). A change is announced to the challenge room as reactions.changed.`,
        response: { 200: ReactionResponse, 401: ErrorResponse, 404: ErrorResponse, 429: reactionLimitStatus },
      },
    },
    async (request) => {
      const attemptId = request.params.id
      const answer = await engagement.react(attemptId, request.userId!, request.body.reaction)
      return { attempt_id: attemptId, ...answer }
    },
  )

  app.delete(
    '/attempts/:id/reaction',
    {
      onRequest: [app.authenticate, reactionLimit],
      schema: {
        tags: ['engagement'],
        ...secured,
        params: AttemptIdParams,
        description:
          "Removes the signed-in user's reaction to an attempt (none: nothing changes). A change is announced as reactions.changed.",
        response: { 200: ReactionResponse, 401: ErrorResponse, 404: ErrorResponse, 429: reactionLimitStatus },
      },
    },
    async (request) => {
      const attemptId = request.params.id
      const answer = await engagement.react(attemptId, request.userId!, null)
      return { attempt_id: attemptId, ...answer }
    },
  )

  app.post(
    '/attempts/:id/views',
    {
      onRequest: app.identify,
      // Per client address: the figures are only as honest as the ids behind them.
      config: {
        rateLimit: { max: config.rateLimitViewsPerMinute, timeWindow: '1 minute', errorResponseBuilder: tooFast('sending views') },
      },
      schema: {
        tags: ['engagement'],
        params: AttemptIdParams,
        body: ViewBody,
        description: `Counts a view (the video page was opened) or a play (the video started), once per viewer per attempt every ${ENGAGEMENT.viewWindowHours} hours: a signed-in user by their account, otherwise the browser's own \`viewer\` id (at most ${ENGAGEMENT.anonymousViewersPerAddress} such ids per client address), otherwise the address.`,
        response: { 200: ViewResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const attemptId = request.params.id
      const who = viewerIdentity(request.userId, request.body.viewer, request.ip, config.jwtSecret)
      return engagement.view(attemptId, request.body.kind, who)
    },
  )
}

export default engagementRoutes
