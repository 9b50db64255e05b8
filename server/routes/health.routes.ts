// What a load balancer and an orchestrator ask a server node:
// - GET /api/health: the process is alive and answering (touches nothing: a liveness probe must
//   not fail because the database is down, or every node restarts at once);
// - GET /api/ready: this node can serve (database, Redis when used, storage answer within 2 s
//   each); 503 names what is unreachable, so the balancer stops sending it traffic meanwhile.
// Neither is rate-limited (limits are opt-in per route) nor cached (no-store); requests for /ready
// that arrive while a check runs share it, so a flood asks the dependencies once at a time.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { createReadinessProbes } from '../../infra/readiness.ts'
import { checkReadiness, notReadyMessage } from '../services/health.service.ts'

const CheckState = Type.Union([Type.Literal('ok'), Type.Literal('unreachable'), Type.Literal('not used')])
const Checks = Type.Object({ database: CheckState, redis: CheckState, storage: CheckState }, { additionalProperties: false })
const HealthResponse = Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false, description: 'The process is alive.' })
const ReadyResponse = Type.Object(
  { status: Type.Literal('ready'), checks: Checks },
  {
    additionalProperties: false,
    description: 'Every dependency answered: `redis` is `not used` without REDIS_URL.',
  },
)
const NotReadyResponse = Type.Object(
  { error: Type.String(), checks: Checks },
  {
    additionalProperties: false,
    description: 'A dependency did not answer within 2 s: `error` names it (`Not ready: storage unreachable.`), `checks` says which.',
  },
)

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, storage } = app.deps
  const probes = createReadinessProbes({ db, storage, redis: app.deps.redis?.get('readiness') })
  let running: ReturnType<typeof checkReadiness> | undefined
  const check = () =>
    (running ??= checkReadiness(probes).finally(() => {
      running = undefined
    }))

  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        description: 'Liveness: the process answers. Checks nothing else.',
        response: { 200: HealthResponse },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' as const }),
  )

  app.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        description:
          'Readiness: the database (SELECT 1), Redis (PING, when REDIS_URL is set) and the media storage answer, each within 2 s.',
        response: { 200: ReadyResponse, 503: NotReadyResponse },
      },
    },
    async (_request, reply) => {
      const { ready, checks, failed } = await check()
      reply.header('cache-control', 'no-store')
      return ready ? reply.send({ status: 'ready' as const, checks }) : reply.code(503).send({ error: notReadyMessage(failed), checks })
    },
  )
}

export default healthRoutes
