// Live events: decorates `app.publisher`, which routes call after their write commits.
// (The socket.io layer replaces the discarding publisher; see the Live issue.)
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { discardingPublisher, type EventPublisher } from '../../../infra/live-outbox.ts'

declare module 'fastify' {
  interface FastifyInstance {
    publisher: EventPublisher
  }
}

export default fp(async function live(app: FastifyInstance) {
  app.decorate('publisher', discardingPublisher)
})
