// Security headers and CORS. CORS is closed unless CORS_ORIGINS lists origins.
//
// The app is often reached over plain HTTP on a local network (an organiser's laptop
// driving the projector board at an event, `docker compose up` without a TLS proxy).
// So the Content-Security-Policy has no `upgrade-insecure-requests` (it would send the
// page's own scripts to https://<lan-ip>:3000 and leave a blank page), and the headers
// that only mean something over HTTPS (HSTS; COOP, which browsers ignore with a console
// error on plain-HTTP origins) are sent only when the request came over HTTPS, directly
// or through the X-Forwarded-Proto of a proxy TRUST_PROXY trusts (infra/config.ts).
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import { RESUMABLE_UPLOAD_EXPOSED_HEADERS } from '../../../contract/index.ts'

export const HSTS = 'max-age=31536000; includeSubDomains'

export default fp(async function security(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Same origin only: a challenge image written before images had to be paths on this
        // site (or any URL that ever gets in) cannot make viewers' browsers call another host.
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        // 'self' covers ws:// and wss:// to this host and port (CSP Level 3): socket.io and
        // the plain feed, also over plain HTTP on a LAN address (web/e2e/security.e2e.test.ts).
        connectSrc: ["'self'"],
        // No 'unsafe-inline': the built app has no <style> elements or style attributes in its
        // HTML; React's style props are set through the CSSOM, which CSP does not restrict.
        styleSrc: ["'self'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
        // Swagger UI at /api/docs needs inline scripts of its own; the app itself does not.
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: false,
  })
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS)
      reply.header('cross-origin-opener-policy', 'same-origin')
    }
  })
  const origins = app.deps.config.corsOrigins
  // Resumable uploads: a browser client must read tus's headers (server/routes/tus.routes.ts).
  await app.register(cors, {
    origin: origins.length > 0 ? [...origins] : false,
    credentials: false,
    exposedHeaders: [...RESUMABLE_UPLOAD_EXPOSED_HEADERS],
  })
})
