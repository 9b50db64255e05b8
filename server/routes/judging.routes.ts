// Judging: the panel of a challenge, the judge's queue and votes, the organiser's jury
// decisions and appeals. The rules are judging.service.ts's; every write is one transaction
// under the challenge's lock (infra/repositories/judging.repository.ts).
import { networkInterfaces } from 'node:os'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  AppealBody,
  AppealDecisionBody,
  AttemptIdParams,
  AttemptResponse,
  ErrorResponse,
  IdParams,
  JudgeQueueResponse,
  JudgingChallengesResponse,
  JudgingOverview,
  PanelBody,
  PanelResponse,
  TakeChecksResponse,
  VoteBody,
} from '../../contract/index.ts'
import { listenAddresses, urlFor } from '../listen-addresses.ts'
import { perUser, tooFast } from '../plugins/external/rate-limit.ts'

const NetworkResponse = Type.Object({
  /** Where phones in the hall can open the site: PUBLIC_URL, else the address this page was opened at, else the server's LAN addresses. */
  follow_urls: Type.Array(Type.String()),
})

const judgingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { judging, takeChecks } = app.services
  const { config } = app.deps
  const secured = { security: [{ bearer: [] }] }

  app.get(
    '/competitions/:id/judges',
    {
      onRequest: app.identify,
      schema: {
        tags: ['judging'],
        params: IdParams,
        description:
          'The judge panel. With no judge appointed, the organiser judges alone (a quorum of one). While names are unpublished, only the organiser (bearer token) sees the seats; others get the judges by name, seat 0.',
        response: { 200: PanelResponse, 404: ErrorResponse },
      },
    },
    (request) => judging.panelFor(request.params.id, request.userId),
  )

  app.put(
    '/competitions/:id/judges',
    {
      onRequest: app.authenticate,
      // Per account, counted once the token is checked and before the body is read: each change is announced to the challenge room and notifies every judge.
      config: {
        rateLimit: {
          max: config.rateLimitEntriesPerMinute,
          timeWindow: '1 minute',
          hook: 'onRequest',
          keyGenerator: perUser('judges'),
          errorResponseBuilder: tooFast('changing judge panels'),
        },
      },
      schema: {
        tags: ['judging'],
        ...secured,
        params: IdParams,
        body: PanelBody,
        description: `The organiser appoints the panel (1–5 judges by username; an empty list leaves the organiser alone), at most RATE_LIMIT_ENTRIES_PER_MINUTE (${config.rateLimitEntriesPerMinute} here) times a minute. Pending attempts take the new quorum.`,
        response: {
          200: PanelResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      const challengeId = request.params.id
      const { usernames, allow_lifters: allowLifters, publish_names: publishNames } = request.body
      await judging.setPanel(challengeId, request.userId!, { usernames, allowLifters, publishNames })
      return judging.panelFor(challengeId, request.userId)
    },
  )

  app.get(
    '/judge/queue',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['judging'],
        ...secured,
        description: 'Attempts awaiting my vote across the panels I sit on, oldest first (never my own, never one I voted on).',
        response: { 200: JudgeQueueResponse, 401: ErrorResponse },
      },
    },
    async (request) => ({ attempts: await judging.queue(request.userId!) }),
  )

  app.get(
    '/attempts/:id/take-checks',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['judging'],
        ...secured,
        params: AttemptIdParams,
        description:
          "What the take checks found in the attempt's video (docs/video-checks.md): its judges and the challenge's organiser only; null until they ran.",
        response: { 200: TakeChecksResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => takeChecks.read(request.params.id, request.userId!),
  )

  app.get(
    '/judge/challenges',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['judging'],
        ...secured,
        description: 'The challenges I judge or organise, newest first (the web app shows its Judge link only to people with one).',
        response: { 200: JudgingChallengesResponse, 401: ErrorResponse },
      },
    },
    async (request) => ({ challenges: await judging.challengesOf(request.userId!) }),
  )

  app.post(
    '/attempts/:id/votes',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['judging'],
        ...secured,
        params: AttemptIdParams,
        body: VoteBody,
        description:
          'A judge votes good lift or no lift (a no lift with a reason of the lift). Blind: the answer shows counts only until the quorum decides.',
        response: {
          201: AttemptResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const attempt = await judging.vote(request.params.id, request.userId!, request.body)
      reply.status(201)
      return { attempt }
    },
  )

  app.post(
    '/attempts/:id/jury',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['judging'],
        ...secured,
        params: AttemptIdParams,
        body: VoteBody,
        description: 'The organiser decides a pending attempt directly, as jury (recorded as such; final).',
        response: {
          200: AttemptResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      return { attempt: await judging.juryDecide(request.params.id, request.userId!, request.body) }
    },
  )

  app.post(
    '/attempts/:id/appeal',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['judging'],
        ...secured,
        params: AttemptIdParams,
        body: AppealBody,
        description: `The lifter appeals the judges' decision, once, within APPEAL_WINDOW_HOURS (${config.appealWindowMs / 3_600_000} h here) of it.`,
        response: {
          201: AttemptResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const attempt = await judging.appeal(request.params.id, request.userId!, request.body.note)
      reply.status(201)
      return { attempt }
    },
  )

  app.post(
    '/attempts/:id/appeal/decision',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['judging'],
        ...secured,
        params: AttemptIdParams,
        body: AppealDecisionBody,
        description: 'The organiser, as jury, confirms or reverses an appealed decision with a reason; final.',
        response: {
          200: AttemptResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      return { attempt: await judging.decideAppeal(request.params.id, request.userId!, request.body) }
    },
  )

  app.get(
    '/competitions/:id/judging',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['judging'],
        ...secured,
        params: IdParams,
        description: "The organiser's view: attempts pending, each judge's votes and agreement with the decisions, appeals to decide.",
        response: { 200: JudgingOverview, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    (request) => judging.overview(request.params.id, request.userId!),
  )

  app.get(
    '/network',
    {
      schema: {
        tags: ['live'],
        description: 'Addresses to follow this site from a phone in the hall (the projector board shows one as a QR code).',
        response: { 200: NetworkResponse },
      },
    },
    (request) => {
      if (config.publicUrl) return { follow_urls: [config.publicUrl] }
      const port = (app.server.address() as { port?: number } | null)?.port ?? config.port
      const addresses = listenAddresses(config.host, port, networkInterfaces())
      // Only this machine's own addresses (or PUBLIC_URL): never the request's Host header, which the
      // client writes (a board would show a QR code to any site a crafted link named). The address the
      // page was opened at comes first when it is one of them.
      const opened = urlFor(request.hostname ?? '', port)
      const urls = addresses.network.includes(opened) ? [opened, ...addresses.network.filter((u) => u !== opened)] : addresses.network
      return { follow_urls: urls.length > 0 ? urls : addresses.local.length > 0 ? addresses.local : [urlFor(config.host, port)] }
    },
  )
}

export default judgingRoutes
