// Compression and revalidation of API answers: to be written (issue 17).
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

export default fp(async function httpCaching(_app: FastifyInstance) {})
