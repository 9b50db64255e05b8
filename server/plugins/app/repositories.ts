// The repositories (infra/repositories: all database I/O, one per aggregate) on the app, so
// routes reach them as `app.repos.*`. Writes that announce publish through the app's live
// layer, read at publish time: it is registered after this plugin. The retention sweep
// (infra/retention.ts) deletes the old live events, views and refresh tokens nothing reads: at start, then hourly.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createRepositories, type Repositories } from '../../../infra/repositories/index.ts'
import { startRetention, type Retention } from '../../../infra/retention.ts'

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories
  }
}

export default fp(async function repositories(app: FastifyInstance) {
  const { config, db } = app.deps
  app.decorate('repos', createRepositories(db.prisma, () => app.publisher, config.apiBase, { appealWindowMs: config.appealWindowMs }))

  let retention: Retention | undefined
  app.addHook('onReady', async () => {
    retention = startRetention(app.repos, {
      accessTokenTtlSeconds: config.accessTokenTtlSeconds, refreshReuseGraceSeconds: config.refreshReuseGraceSeconds, log: app.log,
    })
  })
  app.addHook('preClose', async () => {
    await retention?.stop()
  })
})
