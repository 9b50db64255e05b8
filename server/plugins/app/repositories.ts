// The repositories (infra/repositories: all database I/O, one per aggregate) on the app, so
// routes reach them as `app.repos.*`. Writes that announce publish through the app's live
// layer, read at publish time: it is registered after this plugin.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createRepositories, type Repositories } from '../../../infra/repositories/index.ts'

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories
  }
}

export default fp(async function repositories(app: FastifyInstance) {
  const { config, db } = app.deps
  app.decorate('repos', createRepositories(db.prisma, () => app.publisher, config.apiBase, { appealWindowMs: config.appealWindowMs }))
})
