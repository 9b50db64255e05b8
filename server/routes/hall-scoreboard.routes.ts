// The hybrid scoreboard (docs/hall-mode.md, "Hybrid"): a meet's in-person and online lifters on one board, one
// ranking, each attempt marked live or not. The rules are services/hall-scoreboard.service.ts's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse, HybridScoreboardResponse, IdParams } from '../../contract/index.ts'

const hallScoreboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/competitions/:id/hall/scoreboard',
    {
      schema: {
        tags: ['hall'],
        params: IdParams,
        description:
          "A meet run in person or hybrid: every lifter, in the hall or online, ranked together by the meet's ranking, each with their source (flight or online) and attempts, each attempt marked `live` when the hall's referees judged it. 409 for an online meet.",
        response: { 200: HybridScoreboardResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return app.services.hallScoreboard.scoreboard(request.params.id)
    },
  )
}

export default hallScoreboardRoutes
