// Challenges: the list, one challenge, its participants, lifts and attempt videos;
// creating, joining and leaving one. Reads of the list and of participants are served from
// per-change caches (server/live/snapshot.ts); entries (join, leave, bodyweight) are decided by
// services/entries.service.ts, and the repositories announce every write.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AttemptDetail,
  AttemptParams,
  BodyweightBody,
  CompetitionListResponse,
  CompetitionResponse,
  CreateCompetitionBody,
  CreateCompetitionResponse,
  ErrorResponse,
  CompetitionSummaryResponse,
  GLOBAL_ROOM,
  competitionRoom,
  IdParams,
  JoinCompetitionBody,
  JoinCompetitionResponse,
  LiftPageResponse,
  PAGE,
  PageQuery,
  ParticipantPageResponse,
  ParticipantParams,
  ParticipantResponse,
  ParticipantEntryQuery,
  ParticipantEntryResponse,
  type Participant,
  LeaveCompetitionResponse,
} from '../../contract/index.ts'
import { ParticipantPageQuery, inCategory, nameSearchKey, rankParticipants, type ScoringSettings } from '../../contract/index.ts'
import { scoringSettings } from '../../infra/scoring-view.ts'
import { mediaUrl, toLift } from '../../infra/attempt-view.ts'
import { badRequest, notFound } from '../errors.ts'
import { reuseEncoding, sendCachedAnswer } from '../live/cached-reply.ts'
import { createRoomCache, readCompetitionSnapshot, type CachedAnswer } from '../live/snapshot.ts'
import { assertActsAsSelf } from '../plugins/app/auth.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'
import { newCompetition, nextStatusChange } from '../services/competitions.service.ts'
import { classSetOf, equipmentOfferOf, prizePoolOf, toCompetition } from '../services/mappers.ts'
import {
  challengeSummary,
  decodeLiftCursor,
  decodeOffsetCursor,
  encodeLiftCursor,
  encodeOffsetCursor,
} from '../services/aggregates.service.ts'
import { perUser, tooFast } from '../plugins/external/rate-limit.ts'
import { BODY_LIMITS } from '../body-limits.ts'

const NOT_JOINED_USER = 'This lifter has not joined this challenge.'

/**
 * The summary's cached answer, with the ranked list it was made from and, once asked for, the whole
 * list's answer and each lifter's name as searches compare it.
 */
type RankedAnswer = CachedAnswer & { ranked: Participant[]; scoring: ScoringSettings; wholeList?: CachedAnswer; searchKeys?: string[] }

function wholeListOf(summary: RankedAnswer): CachedAnswer {
  summary.wholeList ??= { seq: summary.seq, json: JSON.stringify({ participants: summary.ranked }) }
  return summary.wholeList
}

/** The ranked lifters whose name holds `needle` (a nameSearchKey), in ranked order: the cached list, keys made once per change. */
function searchRanked(summary: RankedAnswer, needle: string): Participant[] {
  const keys = (summary.searchKeys ??= summary.ranked.map((p) => nameSearchKey(p.name)))
  return summary.ranked.filter((_, i) => keys[i]!.includes(needle))
}

const competitionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { competitions, participants, attempts, liveEvents } = app.repos
  const { entries } = app.services
  const apiBase = app.deps.config.apiBase
  // Creating a challenge and joining one announce to the global room, so its seq versions the list.
  const competitionsCache = createRoomCache<'all'>((room) => liveEvents.roomSeq(room), {
    room: () => GLOBAL_ROOM,
    async read() {
      const { seq, rows } = await competitions.listWithSeq()
      const now = new Date()
      return { seq, json: JSON.stringify({ competitions: rows.map((r) => toCompetition(r, now)) }), expiresAt: nextStatusChange(rows, now) }
    },
  })
  // A challenge's summary, and the ranked list it was made from (for pages, the full list and one
  // lifter's entry): one read of the room per change serves all four routes.
  const summaryCache = createRoomCache<number, RankedAnswer>((room) => liveEvents.roomSeq(room), {
    room: competitionRoom,
    async read(id) {
      const [row, snapshot] = await Promise.all([competitions.find(id), readCompetitionSnapshot(participants, apiBase, id)])
      if (!row || !snapshot) return null
      const now = new Date()
      return {
        seq: snapshot.seq,
        ranked: snapshot.participants,
        scoring: scoringSettings(row),
        expiresAt: nextStatusChange([row], now),
        json: JSON.stringify(challengeSummary(toCompetition(row, now), snapshot.participants)),
      }
    },
    // Comments and reactions leave the summary as it was: the same bytes, answered at the newer seq.
    advance: (answer, seq) => {
      const next: RankedAnswer = { ...answer, seq, wholeList: answer.wholeList && { ...answer.wholeList, seq } }
      reuseEncoding(answer, next)
      if (answer.wholeList && next.wholeList) reuseEncoding(answer.wholeList, next.wholeList)
      return next
    },
  })
  app.live.onEvent((event) => {
    competitionsCache.noteEvent(event)
    summaryCache.noteEvent(event)
  })
  async function summaryOf(id: number) {
    const answer = await summaryCache.get(id)
    if (!answer) throw notFound(`Challenge ${id} does not exist.`)
    return answer
  }

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

  async function findCompetition(id: number) {
    const row = await competitions.find(id)
    if (!row) throw notFound(`Challenge ${id} does not exist.`)
    return row
  }

  app.get(
    '/competitions',
    {
      schema: { tags: ['competitions'], response: { 200: CompetitionListResponse } },
    },
    async (request, reply) => {
      return sendCachedAnswer(request, reply, (await competitionsCache.get('all'))!)
    },
  )

  app.get(
    '/competitions/:id',
    {
      schema: { tags: ['competitions'], params: IdParams, response: { 200: CompetitionResponse, 404: ErrorResponse } },
    },
    async (request) => ({ competition: toCompetition(await findCompetition(request.params.id)) }),
  )

  app.get(
    '/competitions/:id/participants',
    {
      schema: {
        tags: ['competitions'],
        params: IdParams,
        querystring: ParticipantPageQuery,
        description: `Participants ranked by total, each with attempts and best squat/bench/deadlift; ${PAGE.default} per page unless \`limit\` says otherwise, \`next_cursor\` when there are more. With \`q\`, only the lifters whose name holds it (case and accents ignored), still ranked, with their places on the board. With \`sex\`, \`weight_class\`, \`division\` or \`equipment\`, only that group, placed within it (docs/categories.md). The \`x-live-seq\` header is the live-event number this answer reflects.`,
        response: { 200: ParticipantPageResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const id = request.params.id
      const { limit = PAGE.default, cursor, q, sex, weight_class, division, equipment } = request.query
      const offset = decodeOffsetCursor(cursor)
      const summary = await summaryOf(id)
      const needle = q ? nameSearchKey(q) : ''
      const filters = { sex, weight_class, division, equipment }
      if (Object.values(filters).some((f) => f !== undefined)) {
        // One group (docs/categories.md): its lifters placed among themselves, then searched and paged.
        const group = rankParticipants(
          summary.ranked.filter((p) => inCategory(p, filters)),
          summary.scoring,
        )
        const listed = needle ? group.filter((p) => nameSearchKey(p.name).includes(needle)) : group
        reply.header('x-live-seq', String(summary.seq))
        return {
          participants: listed.slice(offset, offset + limit),
          ...(offset + limit < listed.length ? { next_cursor: encodeOffsetCursor(offset + limit) } : {}),
        }
      }
      if (!needle && offset === 0 && summary.ranked.length <= limit) {
        // Events after this seq apply on top of this answer (the live layer replays them).
        // Its bytes are serialized once per change, on the first request for the whole list.
        const answer = wholeListOf(summary)
        return sendCachedAnswer(request, reply.header('x-live-seq', String(answer.seq)), answer)
      }
      const listed = needle ? searchRanked(summary, needle) : summary.ranked
      const page = listed.slice(offset, offset + limit)
      const more = offset + limit < listed.length
      reply.header('x-live-seq', String(summary.seq))
      return { participants: page, ...(more ? { next_cursor: encodeOffsetCursor(offset + limit) } : {}) }
    },
  )

  app.get(
    '/competitions/:id/summary',
    {
      schema: {
        tags: ['competitions'],
        params: IdParams,
        description:
          'What the challenge page shows: the challenge, its participant count (per class too), the top 5 of each class (or overall, for a formula ranking) and the newest attempts. The `x-live-seq` header is the live-event number this answer reflects.',
        response: { 200: CompetitionSummaryResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const answer = await summaryOf(request.params.id)
      return sendCachedAnswer(request, reply.header('x-live-seq', String(answer.seq)), answer)
    },
  )

  app.get(
    '/competitions/:id/participants/:userId',
    {
      schema: {
        tags: ['competitions'],
        params: ParticipantParams,
        querystring: ParticipantEntryQuery,
        description:
          "One lifter's entry in the challenge, ranked and placed; 404 when they have not joined (200 with `participant: null` when asked with `?missing=null`). The `x-live-seq` header is the live-event number this answer reflects.",
        response: { 200: ParticipantEntryResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params
      const answer = await summaryOf(id)
      const participant = answer.ranked.find((p) => p.user_id === userId) ?? null
      if (!participant && request.query.missing !== 'null') throw notFound(NOT_JOINED_USER)
      reply.header('x-live-seq', String(answer.seq))
      return { participant }
    },
  )

  app.get(
    '/competitions/:id/lifts',
    {
      schema: {
        tags: ['competitions'],
        params: IdParams,
        querystring: PageQuery,
        description: `Attempts of the challenge, newest first; ${PAGE.default} per page unless \`limit\` says otherwise, \`next_cursor\` when there are more.`,
        response: { 200: LiftPageResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const id = request.params.id
      const { limit = PAGE.default, cursor } = request.query
      const { lifts, more } = await attempts.listForCompetition(id, { limit, after: decodeLiftCursor(cursor) })
      if (lifts.length === 0) await findCompetition(id)
      return { lifts, ...(more ? { next_cursor: encodeLiftCursor(lifts.at(-1)!) } : {}) }
    },
  )

  app.get(
    '/competitions/:id/participants/:participantId/attempts/:videoId',
    {
      schema: { tags: ['videos'], params: AttemptParams, response: { 200: AttemptDetail, 404: ErrorResponse } },
    },
    async (request) => {
      // The wire calls it a video id: it is the attempt's.
      const { id, participantId, videoId: attemptId } = request.params
      const attempt = await attempts.findDetail(attemptId)
      if (!attempt || attempt.participant.userId !== participantId || attempt.participant.competitionId !== id) {
        throw notFound('Video data not found')
      }
      const renditions = Object.fromEntries(
        Object.entries((attempt.renditions ?? {}) as Record<string, string>).map(([height, key]) => [height, mediaUrl(apiBase, key)]),
      )
      return {
        ...toLift(apiBase, attempt, attempt.participant),
        success: String(attempt.status === 'completed'),
        competition_name: attempt.participant.competition.name,
        renditions,
      }
    },
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
        body: CreateCompetitionBody,
        response: { 201: CreateCompetitionResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const userId = assertActsAsSelf(request, request.body.user_id)
      const row = await competitions.create(newCompetition(request.body, userId), (created) => toCompetition(created))
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
        body: JoinCompetitionBody,
        response: {
          201: JoinCompetitionResponse,
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
        competition_id: joined.competitionId,
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
          200: LeaveCompetitionResponse,
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
      const competitionId = request.params.id
      const { count } = await entries.leave(userId, competitionId)
      return { message: 'You left the challenge.', competition_id: competitionId, user_id: userId, participants: count }
    },
  )
}

export default competitionRoutes
