// Reading challenges: the list, one challenge, its participants, lifts and attempt videos. Reads of
// the list and of participants are served from per-change caches (server/live/snapshot.ts); which
// lifters a page holds is services/participant-listing.service.ts. Creating, joining and leaving:
// entries.routes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AttemptDetail,
  AttemptParams,
  ChallengeListResponse,
  ChallengeResponse,
  ErrorResponse,
  ChallengeSummaryResponse,
  GLOBAL_ROOM,
  challengeRoom,
  IdParams,
  LiftPageResponse,
  PAGE,
  PageQuery,
  ParticipantPageResponse,
  ParticipantParams,
  ParticipantEntryQuery,
  ParticipantEntryResponse,
  type Participant,
} from '../../contract/index.ts'
import { ParticipantPageQuery, nameSearchKey, type ScoringSettings } from '../../contract/index.ts'
import { scoringSettings } from '../../infra/scoring-view.ts'
import { mediaUrl, toLift } from '../../infra/attempt-view.ts'
import { notFound } from '../errors.ts'
import { reuseEncoding, sendCachedAnswer } from '../live/cached-reply.ts'
import { createRoomCache, readChallengeSnapshot, type CachedAnswer } from '../live/snapshot.ts'
import { nextStatusChange } from '../services/challenges.service.ts'
import { listParticipants } from '../services/participant-listing.service.ts'
import { toChallenge } from '../services/mappers.ts'
import {
  challengeSummary,
  decodeLiftCursor,
  decodeOffsetCursor,
  encodeLiftCursor,
  encodeOffsetCursor,
} from '../services/aggregates.service.ts'

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

/** Each ranked lifter's name as searches compare it, made once per change. */
const searchKeysOf = (summary: RankedAnswer) => (summary.searchKeys ??= summary.ranked.map((p) => nameSearchKey(p.name)))

const challengeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { challenges, participants, attempts, liveEvents } = app.repos
  const apiBase = app.deps.config.apiBase
  // Creating a challenge and joining one announce to the global room, so its seq versions the list.
  const challengesCache = createRoomCache<'all'>((room) => liveEvents.roomSeq(room), {
    room: () => GLOBAL_ROOM,
    async read() {
      const { seq, rows } = await challenges.listWithSeq()
      const now = new Date()
      return { seq, json: JSON.stringify({ competitions: rows.map((r) => toChallenge(r, now)) }), expiresAt: nextStatusChange(rows, now) }
    },
  })
  // A challenge's summary, and the ranked list it was made from (for pages, the full list and one
  // lifter's entry): one read of the room per change serves all four routes.
  const summaryCache = createRoomCache<number, RankedAnswer>((room) => liveEvents.roomSeq(room), {
    room: challengeRoom,
    async read(id) {
      const [row, snapshot] = await Promise.all([challenges.find(id), readChallengeSnapshot(participants, apiBase, id)])
      if (!row || !snapshot) return null
      const now = new Date()
      return {
        seq: snapshot.seq,
        ranked: snapshot.participants,
        scoring: scoringSettings(row),
        expiresAt: nextStatusChange([row], now),
        json: JSON.stringify(challengeSummary(toChallenge(row, now), snapshot.participants)),
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
    challengesCache.noteEvent(event)
    summaryCache.noteEvent(event)
  })
  async function summaryOf(id: number) {
    const answer = await summaryCache.get(id)
    if (!answer) throw notFound(`Challenge ${id} does not exist.`)
    return answer
  }

  async function findChallenge(id: number) {
    const row = await challenges.find(id)
    if (!row) throw notFound(`Challenge ${id} does not exist.`)
    return row
  }

  app.get(
    '/competitions',
    {
      schema: { tags: ['competitions'], response: { 200: ChallengeListResponse } },
    },
    async (request, reply) => {
      return sendCachedAnswer(request, reply, (await challengesCache.get('all'))!)
    },
  )

  app.get(
    '/competitions/:id',
    {
      schema: { tags: ['competitions'], params: IdParams, response: { 200: ChallengeResponse, 404: ErrorResponse } },
    },
    async (request) => ({ competition: toChallenge(await findChallenge(request.params.id)) }),
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
      const { limit = PAGE.default, cursor, ...filters } = request.query
      const summary = await summaryOf(request.params.id)
      const listing = listParticipants(summary.ranked, summary.scoring, { limit, offset: decodeOffsetCursor(cursor), ...filters }, () =>
        searchKeysOf(summary),
      )
      if (listing.whole) {
        // Events after this seq apply on top of this answer (the live layer replays them).
        // Its bytes are serialized once per change, on the first request for the whole list.
        const answer = wholeListOf(summary)
        return sendCachedAnswer(request, reply.header('x-live-seq', String(answer.seq)), answer)
      }
      reply.header('x-live-seq', String(summary.seq))
      const { participants, nextOffset } = listing
      return { participants, ...(nextOffset !== undefined ? { next_cursor: encodeOffsetCursor(nextOffset) } : {}) }
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
        response: { 200: ChallengeSummaryResponse, 404: ErrorResponse },
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
      const { lifts, more } = await attempts.listForChallenge(id, { limit, after: decodeLiftCursor(cursor) })
      if (lifts.length === 0) await findChallenge(id)
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
      if (!attempt || attempt.participant.userId !== participantId || attempt.participant.challengeId !== id) {
        throw notFound('Video data not found')
      }
      const renditions = Object.fromEntries(
        Object.entries((attempt.renditions ?? {}) as Record<string, string>).map(([height, key]) => [height, mediaUrl(apiBase, key)]),
      )
      return {
        ...toLift(apiBase, attempt, attempt.participant),
        success: String(attempt.status === 'completed'),
        competition_name: attempt.participant.challenge.name,
        renditions,
      }
    },
  )
}

export default challengeRoutes
