// Challenges: the list, one challenge, its participants, lifts and attempt videos;
// creating and joining one. Reads of the list and of participants are served from
// per-change caches (server/live/snapshot.ts); writes go through the repositories,
// which announce them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AttemptDetail, AttemptParams, BodyweightBody, CompetitionListResponse, CompetitionResponse, CreateCompetitionBody, CreateCompetitionResponse, ErrorResponse,
  GLOBAL_ROOM, IdParams, JoinCompetitionBody, JoinCompetitionResponse, LiftListResponse, ParticipantListResponse, ParticipantResponse, PRIZE_POOL,
} from '../../contract/index.ts'
import { mediaUrl, toLift } from '../../infra/attempt-view.ts'
import { conflict, notFound } from '../errors.ts'
import { sendCachedAnswer } from '../live/cached-reply.ts'
import { createParticipantsCache, createRoomCache } from '../live/snapshot.ts'
import { assertActsAsSelf } from '../plugins/app/auth.ts'
import { assertBodyweight, assertCanJoin, newCompetition, nextStatusChange, normalizeGender } from '../services/competitions.service.ts'
import { scoringSettings } from '../../infra/scoring-view.ts'
import { toCompetition, toParticipant } from '../services/mappers.ts'

const NOT_JOINED = 'You have not joined this challenge.'
const JUDGE_CANNOT_LIFT = 'You judge this challenge, so you cannot lift in it unless the organiser allows judges to lift.'

const competitionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { competitions, participants, attempts, liveEvents } = app.repos
  const apiBase = app.deps.config.apiBase
  const participantsCache = createParticipantsCache(app.repos, apiBase)
  // Creating a challenge and joining one announce to the global room, so its seq versions the list.
  const competitionsCache = createRoomCache<'all'>((room) => liveEvents.roomSeq(room), {
    room: () => GLOBAL_ROOM,
    async read() {
      const { seq, rows } = await competitions.listWithSeq()
      const now = new Date()
      return { seq, json: JSON.stringify({ competitions: rows.map((r) => toCompetition(r, now)) }), expiresAt: nextStatusChange(rows, now) }
    },
  })
  app.live.onEvent((event) => {
    participantsCache.noteEvent(event.room, event.seq)
    competitionsCache.noteEvent(event.room, event.seq)
  })

  async function findCompetition(id: number) {
    const row = await competitions.find(id)
    if (!row) throw notFound(`Challenge ${id} does not exist.`)
    return row
  }

  app.get('/competitions', {
    schema: { tags: ['competitions'], response: { 200: CompetitionListResponse } },
  }, async (request, reply) => {
    return sendCachedAnswer(request, reply, (await competitionsCache.get('all'))!)
  })

  app.get('/competitions/:id', {
    schema: { tags: ['competitions'], params: IdParams, response: { 200: CompetitionResponse, 404: ErrorResponse } },
  }, async (request) => ({ competition: toCompetition(await findCompetition(request.params.id)) }))

  app.get('/competitions/:id/participants', {
    schema: {
      tags: ['competitions'], params: IdParams,
      description: 'Participants ranked by total, each with attempts and best squat/bench/deadlift. The `x-live-seq` header is the live-event number this answer reflects.',
      response: { 200: ParticipantListResponse, 404: ErrorResponse },
    },
  }, async (request, reply) => {
    const id = request.params.id
    const answer = await participantsCache.get(id)
    if (!answer) throw notFound(`Challenge ${id} does not exist.`)
    // Events after this seq apply on top of this answer (the live layer replays them).
    // Its bytes were serialized once, from the same contract types, and are sent as they are.
    return sendCachedAnswer(request, reply.header('x-live-seq', String(answer.seq)), answer)
  })

  app.get('/competitions/:id/lifts', {
    schema: { tags: ['competitions'], params: IdParams, description: 'Every attempt of the challenge, newest first.', response: { 200: LiftListResponse, 404: ErrorResponse } },
  }, async (request) => {
    const id = request.params.id
    const lifts = await attempts.listForCompetition(id)
    if (lifts.length === 0) await findCompetition(id)
    return { lifts }
  })

  app.get('/competitions/:id/participants/:participantId/attempts/:videoId', {
    schema: { tags: ['videos'], params: AttemptParams, response: { 200: AttemptDetail, 404: ErrorResponse } },
  }, async (request) => {
    const { id, participantId, videoId } = request.params
    const attempt = await attempts.findDetail(videoId)
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
  })

  app.post('/create_competition', {
    onRequest: app.authenticate,
    // Per account (each new challenge is broadcast to everyone): counted once the token is checked, before the body is.
    config: { rateLimit: { max: app.deps.config.rateLimitCreatePerHour, timeWindow: '1 hour', hook: 'preValidation', keyGenerator: (request) => `create-user-${request.userId}` } },
    schema: {
      tags: ['competitions'], security: [{ bearer: [] }], body: CreateCompetitionBody,
      response: { 201: CreateCompetitionResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
    },
  }, async (request, reply) => {
    const userId = assertActsAsSelf(request, request.body.user_id)
    const row = await competitions.create(newCompetition(request.body, userId), (created) => toCompetition(created))
    reply.status(201)
    return {
      competition_id: row.id, name: row.name, start_date: row.startDate.toISOString(), end_date: row.endDate.toISOString(),
      location: row.location, description: row.description, lifttypes: row.liftTypes, prize_pool: { ...PRIZE_POOL },
    }
  })

  app.put('/competitions/:id/bodyweight', {
    onRequest: app.authenticate,
    schema: {
      tags: ['competitions'], security: [{ bearer: [] }], params: IdParams, body: BodyweightBody,
      description: 'The signed-in lifter\'s bodyweight in this challenge (kg, within their class), until their first lift is judged.',
      response: { 200: ParticipantResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
    },
  }, async (request) => {
    const userId = request.userId!
    const competition = await findCompetition(request.params.id)
    const lifter = await participants.findLifter(userId, competition.id)
    if (!lifter) throw notFound(NOT_JOINED)
    assertBodyweight(lifter.weightClass, request.body.bodyweight)
    const settings = scoringSettings(competition)
    const result = await participants.setBodyweight(userId, competition.id, request.body.bodyweight, (row) => toParticipant(apiBase, row, settings))
    if (result === 'not_joined') throw notFound(NOT_JOINED)
    if (result === 'judged') throw conflict('Your bodyweight is fixed once one of your lifts has been judged.')
    return { participant: result }
  })

  app.post('/join_competition', {
    onRequest: app.authenticate,
    schema: {
      tags: ['competitions'], security: [{ bearer: [] }], body: JoinCompetitionBody,
      response: { 201: JoinCompetitionResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
    },
  }, async (request, reply) => {
    const userId = assertActsAsSelf(request, request.body.user_id)
    const body = request.body
    const competitionId = Number(body.competition_id)
    const competition = await findCompetition(competitionId)
    assertCanJoin(competition, body.weight_class, body.bodyweight)
    // A judge of this challenge lifts in it only when the organiser allows it (and never judges their own attempts).
    if (!competition.judgesMayLift && await app.repos.judging.isJudge(competitionId, userId)) throw conflict(JUDGE_CANNOT_LIFT)
    const gender = normalizeGender(body.gender ?? competition.gender)
    let joined
    try {
      joined = await participants.join(
        { userId, competitionId, weightClass: body.weight_class, gender, bodyweight: body.bodyweight ?? null },
        (row) => toParticipant(apiBase, row, scoringSettings(competition)),
      )
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw conflict('You have already joined this challenge.')
      throw error
    }
    reply.status(201)
    return {
      message: 'Joined the challenge.', participant_id: joined.participant.id, competition_id: competitionId, user_id: userId,
      weight_class: joined.participant.weight_class, gender, participants: joined.count,
    }
  })
}

export default competitionRoutes
