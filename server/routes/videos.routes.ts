import { randomInt } from 'node:crypto'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LIFT_TYPES, LiftTypeQuery, RandomVideoResponse, normalizeLiftType } from '../../contract/index.ts'
import { badRequest, notFound } from '../errors.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'
import { mediaUrl, originalVideoFields } from '../../infra/attempt-view.ts'

const videoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { attempts } = app.repos
  const apiBase = app.deps.config.apiBase

  /** The playable videos, in a stable order, optionally of one lift type. */
  async function playable(liftTypeRaw: string | undefined) {
    const liftType = normalizeLiftType(liftTypeRaw)
    if (liftTypeRaw && !liftType) throw badRequest(`lift_type "${liftTypeRaw}" is not a known lift. Use one of ${LIFT_TYPES.join(', ')}.`)
    return attempts.playableIds(liftType)
  }

  async function answer(ids: { id: number }[], index: number) {
    const attempt = await attempts.find(ids[index]!.id)
    if (!attempt?.originalKey) throw notFound('No videos available') // removed since the list was read
    return {
      attempt_id: attempt.id,
      competition_id: attempt.participant.challengeId,
      participant_id: attempt.participant.userId,
      video_url: mediaUrl(apiBase, attempt.originalKey),
      poster_url: attempt.posterKey ? mediaUrl(apiBase, attempt.posterKey) : null,
      participant_name: attempt.participant.user.name,
      lift_type: attempt.liftType,
      weight: attempt.weight,
      current_index: index,
      total_videos: ids.length,
      processing: attempt.processingState,
      ...originalVideoFields(attempt),
    }
  }

  const schema = {
    tags: ['videos'],
    querystring: LiftTypeQuery,
    response: {
      200: RandomVideoResponse,
      400: errorStatus('`lift_type` is not a known lift, or a query field is invalid (`error` names it).'),
      404: errorStatus('No playable video (of this lift type) exists yet.'),
    },
  }

  app.get('/random-video', { schema }, async (request) => {
    const ids = await playable(request.query.lift_type)
    if (ids.length === 0) throw notFound('No videos available')
    return answer(ids, randomInt(ids.length))
  })

  app.get(
    '/next-video',
    {
      schema: {
        ...schema,
        description: 'The video after `after` (an attempt id) in a stable order, wrapping around; the first one without it.',
      },
    },
    async (request) => {
      const ids = await playable(request.query.lift_type)
      if (ids.length === 0) throw notFound('No videos available')
      const after = request.query.after
      const next = after === undefined ? 0 : ids.findIndex((v) => v.id > after)
      return answer(ids, next === -1 ? 0 : next)
    },
  )
}

export default videoRoutes
