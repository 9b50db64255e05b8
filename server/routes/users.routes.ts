import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AthleteList,
  AthleteQuery,
  IdParams,
  LIFT_TYPES,
  LIMITS,
  ProfileResponse,
  UserSummary,
  bestLifts,
  challengeStatus,
  type BestLift,
  type Bests,
} from '../../contract/index.ts'
import { notFound } from '../errors.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'
import { mediaUrl } from '../../infra/attempt-view.ts'
import { scored, scoringSettings, standingOfRow } from '../../infra/scoring-view.ts'
import { toUserResponse } from '../services/mappers.ts'

const bestLiftList = (best: Bests): BestLift[] => LIFT_TYPES.filter((t) => best[t] > 0).map((type) => ({ type, best_weight: best[type] }))

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users } = app.repos
  const apiBase = app.deps.config.apiBase
  const noSuchAthlete = errorStatus('No athlete has this id.')

  async function loadUser(id: number) {
    const user = await users.findWithHistory(id)
    if (!user) throw notFound(`Athlete ${id} does not exist.`)
    return user
  }

  app.get(
    '/users/:id',
    {
      schema: { tags: ['users'], params: IdParams, response: { 200: UserSummary, 404: noSuchAthlete } },
    },
    async (request) => {
      const user = await loadUser(request.params.id)
      const best = bestLifts(user.participants.flatMap((p) => p.attempts.map(scored)))
      return {
        id: user.id,
        name: user.name,
        username: user.username,
        country: user.country,
        weight_class: user.weightClass,
        best_lifts: bestLiftList(best),
      }
    },
  )

  app.get(
    '/users/:id/profile',
    {
      onRequest: app.identify,
      schema: {
        tags: ['users'],
        params: IdParams,
        description: 'Public profile of an athlete. The email is included only when the bearer token belongs to that athlete.',
        response: { 200: ProfileResponse, 404: noSuchAthlete },
      },
    },
    async (request) => {
      const user = await loadUser(request.params.id)
      const attempts = user.participants.flatMap((p) => p.attempts)
      const best = bestLifts(attempts.map(scored))
      const videos = user.participants
        .flatMap((p) => p.attempts.filter((a) => a.originalKey).map((a) => ({ a, p })))
        .sort((x, y) => y.a.createdAt.getTime() - x.a.createdAt.getTime())
      return {
        user: toUserResponse(user, request.userId === user.id),
        achievements: {
          total_competitions: user.participants.length,
          total_successful_lifts: attempts.filter((a) => a.status === 'completed').length,
          heaviest_lift: Math.max(0, ...Object.values(best)),
          best_snatch: best.snatch,
          best_clean_and_jerk: best.clean_and_jerk,
        },
        best_lifts: bestLiftList(best),
        competitions: user.participants.map((p) => ({
          id: p.challenge.id,
          name: p.challenge.name,
          start_date: p.challenge.startDate.toISOString(),
          weight_class: p.weightClass,
          status: challengeStatus(p.challenge.startDate, p.challenge.endDate),
          total_weight: standingOfRow(p, scoringSettings(p.challenge)).total_weight,
        })),
        uploaded_videos: videos.slice(0, LIMITS.profileVideos * 10).map(({ a, p }) => ({
          attempt_id: a.id,
          competition_id: p.challengeId,
          competition_name: p.challenge.name,
          participant_id: p.userId,
          lift_type: a.liftType,
          weight: a.weight,
          status: a.status,
          created_at: a.createdAt.toISOString(),
          user_id: user.id,
          video_url: a.originalKey ? mediaUrl(apiBase, a.originalKey) : null,
          poster_url: a.posterKey ? mediaUrl(apiBase, a.posterKey) : null,
          processing: a.processingState,
        })),
      }
    },
  )

  app.get(
    '/athletes',
    {
      schema: {
        tags: ['users'],
        querystring: AthleteQuery,
        description: "Athletes from the database (replaces the spec's built-in samples), filtered by name, country or weight class.",
        response: { 200: AthleteList },
      },
    },
    async (request) => {
      const found = await users.search(request.query.q?.trim(), 500)
      return found.map((u) => ({
        id: u.id,
        name: u.name,
        country: u.country,
        weight_class: u.weightClass,
        competitions: u.participants.length,
        best_total: Math.max(0, ...u.participants.map((p) => standingOfRow(p, scoringSettings(p.challenge)).total_weight)),
      }))
    },
  )
}

export default userRoutes
