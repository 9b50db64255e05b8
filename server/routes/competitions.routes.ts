import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AttemptDetail, AttemptParams, CompetitionListResponse, CompetitionResponse, CreateCompetitionBody, CreateCompetitionResponse, ErrorResponse,
  GLOBAL_ROOM, IdParams, JoinCompetitionBody, JoinCompetitionResponse, LiftListResponse, ParticipantListResponse, PRIZE_POOL,
  competitionRoom, type LiveEvent,
} from '../../contract/index.ts'
import { WRITE_TRANSACTION } from '../../infra/db.ts'
import { appendEvent, reserveSeq } from '../../infra/live-outbox.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import { assertActsAsSelf } from '../plugins/app/auth.ts'
import { invalidDate, parseChallengeDate } from '../services/challenge-dates.ts'
import { challengeStatus, formatDescription, nextStatusChange, normalizeGender, parseDescription } from '../services/competition-meta.ts'
import { createParticipantsCache, createRoomCache, participantInclude } from '../live/snapshot.ts'
import { mediaUrl, toLift } from '../../infra/attempt-view.ts'
import { toCompetition, toParticipant } from '../services/mappers.ts'

const DEFAULT_LIFT_TYPES = ['Squat', 'Bench Press', 'Deadlift']

const competitionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { prisma } = app.deps.db
  const apiBase = app.deps.config.apiBase
  const participantsCache = createParticipantsCache(prisma, apiBase)
  const withCount = { _count: { select: { participants: true } } } as const
  // Creating a challenge and joining one append to the global room, so its seq versions the list.
  const competitionsCache = createRoomCache<'all'>(prisma, {
    room: () => GLOBAL_ROOM,
    async read() {
      const [head, rows] = await prisma.$transaction([
        prisma.liveRoom.findUnique({ where: { room: GLOBAL_ROOM }, select: { seq: true } }),
        prisma.competition.findMany({ include: withCount, orderBy: [{ startDate: 'desc' }, { id: 'desc' }] }),
      ], { isolationLevel: 'RepeatableRead' })
      const now = new Date()
      return { seq: head?.seq ?? 0, json: JSON.stringify({ competitions: rows.map((r) => toCompetition(r, now)) }), expiresAt: nextStatusChange(rows, now) }
    },
  })
  app.live.onEvent((event) => {
    participantsCache.noteEvent(event.room, event.seq)
    competitionsCache.noteEvent(event.room, event.seq)
  })

  async function findCompetition(id: number) {
    const row = await prisma.competition.findUnique({ where: { id }, include: withCount })
    if (!row) throw notFound(`Challenge ${id} does not exist.`)
    return row
  }

  app.get('/competitions', {
    schema: { tags: ['competitions'], response: { 200: CompetitionListResponse } },
  }, async (_request, reply) => {
    const answer = (await competitionsCache.get('all'))!
    return reply.type('application/json; charset=utf-8').send(answer.json as never)
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
    // A string with a JSON type is sent as it is: these bytes were serialized once, from the same contract types.
    return reply.header('x-live-seq', String(answer.seq)).type('application/json; charset=utf-8').send(answer.json as never)
  })

  app.get('/competitions/:id/lifts', {
    schema: { tags: ['competitions'], params: IdParams, description: 'Every attempt of the challenge, newest first.', response: { 200: LiftListResponse, 404: ErrorResponse } },
  }, async (request) => {
    const id = request.params.id
    const rows = await prisma.attempt.findMany({
      where: { participant: { competitionId: id } },
      include: { participant: { include: { user: { select: { name: true } } } } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    })
    if (rows.length === 0) await findCompetition(id)
    return { lifts: rows.map((a) => toLift(apiBase, a, a.participant)) }
  })

  app.get('/competitions/:id/participants/:participantId/attempts/:videoId', {
    schema: { tags: ['videos'], params: AttemptParams, response: { 200: AttemptDetail, 404: ErrorResponse } },
  }, async (request) => {
    const { id, participantId, videoId } = request.params
    const attempt = await prisma.attempt.findUnique({
      where: { id: videoId },
      include: { participant: { include: { user: { select: { name: true } }, competition: { select: { name: true } } } } },
    })
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
    schema: {
      tags: ['competitions'], security: [{ bearer: [] }], body: CreateCompetitionBody,
      response: { 201: CreateCompetitionResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
    },
  }, async (request, reply) => {
    const userId = assertActsAsSelf(request, request.body.user_id)
    const body = request.body
    const start = parseChallengeDate(body.start_date, 'start')
    const end = parseChallengeDate(body.end_date, 'end')
    if (!start) throw badRequest(invalidDate('start_date'))
    if (!end) throw badRequest(invalidDate('end_date'))
    if (end < start) throw badRequest('end_date must not be before start_date.')
    const lifttypes = body.lifttypes ?? DEFAULT_LIFT_TYPES
    const weightclasses = body.weightclasses ?? []
    const gender = body.gender ?? 'M'
    const text = body.description?.trim() || `${body.name.trim()} at ${body.location.trim()}`
    const { row, event } = await prisma.$transaction(async (tx) => {
      const row = await tx.competition.create({
        data: {
          name: body.name.trim(), location: body.location.trim(), startDate: start, endDate: end, image: body.image ?? null,
          liftTypes: lifttypes, weightClasses: weightclasses, gender, createdById: userId,
          description: formatDescription(parseDescription(text).text, { lifttypes, weightclasses, gender }),
        },
      })
      const event = await appendEvent(tx, GLOBAL_ROOM, 'competition.created', { competition: toCompetition({ ...row, _count: { participants: 0 } }) })
      return { row, event }
    }, WRITE_TRANSACTION)
    app.publisher.publish([event])
    reply.status(201)
    return {
      competition_id: row.id, name: row.name, start_date: row.startDate.toISOString(), end_date: row.endDate.toISOString(),
      location: row.location, description: row.description, lifttypes: row.liftTypes, prize_pool: { ...PRIZE_POOL },
    }
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
    const status = challengeStatus(competition.startDate, competition.endDate)
    if (status === 'completed') throw conflict('This challenge has ended')
    if (competition.weightClasses.length > 0 && !competition.weightClasses.includes(body.weight_class)) {
      throw badRequest(`weight_class must be one of this challenge's classes: ${competition.weightClasses.join(', ')}.`)
    }
    const gender = body.gender ? normalizeGender(body.gender) : normalizeGender(competition.gender)

    let events: LiveEvent[]
    let result
    try {
      ;({ events, result } = await prisma.$transaction(async (tx) => {
        // Lock the room first so the count below includes every earlier join (see reserveSeq).
        const room = competitionRoom(competitionId)
        const seq = await reserveSeq(tx, room)
        const created = await tx.participant.create({
          data: { userId, competitionId, weightClass: body.weight_class, gender, bodyweight: body.bodyweight ?? null },
          include: participantInclude,
        })
        const count = await tx.participant.count({ where: { competitionId } })
        const participant = toParticipant(apiBase, created)
        const joined = await appendEvent(tx, room, 'participant.joined', { competition_id: competitionId, participant, participants: count }, seq)
        const board = await appendEvent(tx, GLOBAL_ROOM, 'leaderboard.changed', { competition_id: competitionId })
        return { events: [joined, board], result: { participant, count } }
      }, WRITE_TRANSACTION))
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw conflict('You have already joined this challenge.')
      throw error
    }
    app.publisher.publish(events)
    reply.status(201)
    return {
      message: 'Joined the challenge.', participant_id: result.participant.id, competition_id: competitionId, user_id: userId,
      weight_class: result.participant.weight_class, gender, participants: result.count,
    }
  })

}

export default competitionRoutes
