// Judging: the panel of a challenge, the judge's queue and votes, the organiser's jury
// decisions and appeals. Every write is one transaction under the challenge's lock
// (infra/repositories/judging.repository.ts); refusals answer with judging.service.ts.
import { networkInterfaces } from 'node:os'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  AppealBody, AppealDecisionBody, AttemptIdParams, AttemptResponse, ErrorResponse, IdParams, JudgeQueueResponse, JudgingOverview, PanelBody,
  PanelResponse, VoteBody,
} from '../../contract/index.ts'
import type { PanelView } from '../../infra/repositories/judging.repository.ts'
import { forbidden, notFound } from '../errors.ts'
import { listenAddresses, urlFor } from '../listen-addresses.ts'
import { judged } from '../services/judging.service.ts'
import { perUser, tooFast } from '../plugins/external/rate-limit.ts'

const toPanel = (panel: PanelView, organiserFallback: number) => ({
  competition_id: panel.competitionId,
  organiser_id: panel.organiserId ?? organiserFallback,
  judges: panel.judges.map((j) => ({ user_id: j.userId, username: j.username, name: j.name, seat: j.seat })),
  allow_lifters: panel.allowLifters,
  publish_names: panel.publishNames,
})

const NetworkResponse = Type.Object({
  /** Where phones in the hall can open the site: PUBLIC_URL, else the address this page was opened at, else the server's LAN addresses. */
  follow_urls: Type.Array(Type.String()),
})

const judgingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { judging } = app.repos
  const { config } = app.deps
  const secured = { security: [{ bearer: [] }] }

  async function panelOf(competitionId: number) {
    const panel = await judging.panel(competitionId)
    if (!panel) throw notFound(`Challenge ${competitionId} does not exist.`)
    return toPanel(panel, 0)
  }

  app.get('/competitions/:id/judges', {
    schema: {
      tags: ['judging'], params: IdParams,
      description: 'The judge panel. With no judge appointed, the organiser judges alone (a quorum of one).',
      response: { 200: PanelResponse, 404: ErrorResponse },
    },
  }, (request) => panelOf(request.params.id))

  app.put('/competitions/:id/judges', {
    onRequest: app.authenticate,
    // Per account, counted once the token is checked and before the body is: each change is announced to the challenge room and notifies every judge.
    config: { rateLimit: { max: config.rateLimitEntriesPerMinute, timeWindow: '1 minute', hook: 'preValidation', keyGenerator: perUser('judges'), errorResponseBuilder: tooFast('changing judge panels') } },
    schema: {
      tags: ['judging'], ...secured, params: IdParams, body: PanelBody,
      description: `The organiser appoints the panel (1–5 judges by username; an empty list leaves the organiser alone), at most RATE_LIMIT_ENTRIES_PER_MINUTE (${config.rateLimitEntriesPerMinute} here) times a minute. Pending attempts take the new quorum.`,
      response: { 200: PanelResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
    },
  }, async (request) => {
    const competitionId = request.params.id
    const { usernames, allow_lifters: allowLifters, publish_names: publishNames } = request.body
    await judged({ competitionId }, () => judging.setPanel(competitionId, request.userId!, { usernames, allowLifters, publishNames }))
    return panelOf(competitionId)
  })

  app.get('/judge/queue', {
    onRequest: app.authenticate,
    schema: {
      tags: ['judging'], ...secured,
      description: 'Attempts awaiting my vote across the panels I sit on, oldest first (never my own, never one I voted on).',
      response: { 200: JudgeQueueResponse, 401: ErrorResponse },
    },
  }, async (request) => ({ attempts: await judging.queue(request.userId!) }))

  app.post('/attempts/:id/votes', {
    onRequest: app.authenticate,
    schema: {
      tags: ['judging'], ...secured, params: AttemptIdParams, body: VoteBody,
      description: 'A judge votes good lift or no lift (a no lift with a reason of the lift). Blind: the answer shows counts only until the quorum decides.',
      response: { 201: AttemptResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
    },
  }, async (request, reply) => {
    const attemptId = request.params.id
    const attempt = await judged({ attemptId }, () => judging.vote(attemptId, request.userId!, request.body))
    reply.status(201)
    return { attempt }
  })

  app.post('/attempts/:id/jury', {
    onRequest: app.authenticate,
    schema: {
      tags: ['judging'], ...secured, params: AttemptIdParams, body: VoteBody,
      description: 'The organiser decides a pending attempt directly, as jury (recorded as such; final).',
      response: { 200: AttemptResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
    },
  }, async (request) => {
    const attemptId = request.params.id
    return { attempt: await judged({ attemptId }, () => judging.juryDecide(attemptId, request.userId!, request.body)) }
  })

  app.post('/attempts/:id/appeal', {
    onRequest: app.authenticate,
    schema: {
      tags: ['judging'], ...secured, params: AttemptIdParams, body: AppealBody,
      description: `The lifter appeals the judges' decision, once, within APPEAL_WINDOW_HOURS (${config.appealWindowMs / 3_600_000} h here) of it.`,
      response: { 201: AttemptResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
    },
  }, async (request, reply) => {
    const attemptId = request.params.id
    const attempt = await judged({ attemptId }, () => judging.appeal(attemptId, request.userId!, request.body.note))
    reply.status(201)
    return { attempt }
  })

  app.post('/attempts/:id/appeal/decision', {
    onRequest: app.authenticate,
    schema: {
      tags: ['judging'], ...secured, params: AttemptIdParams, body: AppealDecisionBody,
      description: 'The organiser, as jury, confirms or reverses an appealed decision with a reason; final.',
      response: { 200: AttemptResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
    },
  }, async (request) => {
    const attemptId = request.params.id
    return { attempt: await judged({ attemptId }, () => judging.decideAppeal(attemptId, request.userId!, request.body)) }
  })

  app.get('/competitions/:id/judging', {
    onRequest: app.authenticate,
    schema: {
      tags: ['judging'], ...secured, params: IdParams,
      description: "The organiser's view: attempts pending, each judge's votes and agreement with the decisions, appeals to decide.",
      response: { 200: JudgingOverview, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
    },
  }, async (request) => {
    const competitionId = request.params.id
    const overview = await judging.overview(competitionId)
    if (!overview) throw notFound(`Challenge ${competitionId} does not exist.`)
    if (overview.panel.organiserId !== request.userId) throw forbidden('Only the organiser of this challenge can do this.')
    return {
      competition_id: competitionId,
      pending: overview.pending,
      judges: overview.judges.map((j) => ({ user_id: j.userId, username: j.username, name: j.name, seat: j.seat, votes_cast: j.votesCast, agreement: j.agreement })),
      appeals: overview.appeals,
    }
  })

  app.get('/network', {
    schema: { tags: ['live'], description: 'Addresses to follow this site from a phone in the hall (the projector board shows one as a QR code).', response: { 200: NetworkResponse } },
  }, (request) => {
    if (config.publicUrl) return { follow_urls: [config.publicUrl] }
    const port = (app.server.address() as { port?: number } | null)?.port ?? config.port
    const addresses = listenAddresses(config.host, port, networkInterfaces())
    const [host] = (request.hostname ?? '').split(':')
    // The address this page was opened at, when it is not this machine's own: phones can use it too.
    const opened = host && !/^(localhost|127\.|\[?::1\]?$)/.test(host) ? [`${request.protocol}://${request.host}/`] : []
    const urls = [...new Set([...opened, ...addresses.network])]
    return { follow_urls: urls.length > 0 ? urls : addresses.local.length > 0 ? addresses.local : [urlFor(config.host, port)] }
  })
}

export default judgingRoutes
