// OpenAPI documentation generated from the same TypeBox schemas that validate requests.
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'

export default fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'LiftArena API', version: '1.0.0', description: 'Online powerlifting and weightlifting challenges.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  })
  await app.register(swaggerUi, { routePrefix: `${app.deps.config.apiBase}/docs` })
})
