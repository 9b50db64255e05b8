// Security headers and CORS. CORS is closed unless CORS_ORIGINS lists origins.
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'

export default fp(async function security(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // Swagger UI at /api/docs needs inline scripts of its own; the app itself does not.
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  })
  const origins = app.deps.config.corsOrigins
  await app.register(cors, { origin: origins.length > 0 ? [...origins] : false, credentials: false })
})
