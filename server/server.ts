// Runs LiftArena's API server, and is its composition root: the configuration, the database,
// the Redis clients, the live bus, the repositories, storage and the transcode queue are built
// here once and handed down. With no configuration it is self-contained: embedded PostgreSQL
// under ./data, demo data on first start, transcoding in-process.
import { networkInterfaces } from 'node:os'
import closeWithGrace from 'close-with-grace'
import { ConfigError, loadConfig } from '../infra/config.ts'
import { closeDataFolders, createPrivateFiles } from '../infra/private-files.ts'
import { openDatabase } from '../infra/db.ts'
import { createTranscoding } from '../infra/transcoding/index.ts'
import { consoleLog } from '../infra/transcoding/jobs.ts'
import { enqueueVerdictClipsOnDecision } from '../infra/transcoding/verdict-trigger.ts'
import { resolveFfmpegBinaries } from '../infra/ffmpeg.ts'
import { createLiveBus } from '../infra/live-bus.ts'
import { openRedisClients } from '../infra/redis-clients.ts'
import { openStorage } from '../infra/storage.ts'
import { seedDemoData, seedDemoVideos } from '../infra/demo-data.ts'
import { createRepositories } from '../infra/repositories/index.ts'
import { createMailer } from '../infra/mailer.ts'
import { buildApp } from './app.ts'
import { formatListenAddresses, listenAddresses } from './listen-addresses.ts'
import { loggerOptions, requestsAtDebug, startSummary } from './logger.ts'

async function main() {
  createPrivateFiles() // before loadConfig, which may create DATA_DIR and its jwt-secret
  const config = loadConfig()
  closeDataFolders(config)
  resolveFfmpegBinaries(config) // ffmpeg is required: without it, stop here and say how to install it
  const logger = loggerOptions(config)
  const db = await openDatabase(config, { migrate: config.migrateOnStart, requireMigrated: true })
  const storage = await openStorage(config)
  const firstStart = config.seedDemoData && (await seedDemoData(db.prisma))
  if (firstStart) {
    console.log('Seeded the demo data (challenges, meets, lifters and judges: README "Demo logins"); making demo videos…')
    // Left pending: the transcode queue below picks them up when it starts.
    await seedDemoVideos(db.prisma, storage, resolveFfmpegBinaries(config).ffmpeg).then(
      (count) => console.log(`Made ${count} demo videos; they are transcoded in the background.`),
      (error: unknown) => console.warn(`No demo videos: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`),
    )
  }

  // One of each: the named Redis clients (with REDIS_URL), the live bus the repositories'
  // writes publish to after commit, and the repositories themselves.
  const redis = config.redisUrl ? openRedisClients(config.redisUrl) : undefined
  const bus = createLiveBus()
  const repos = createRepositories(db.prisma, bus, config.apiBase)

  // Demo data is written directly, and a database may predate the leaderboard's table: fill it once.
  if (await repos.leaderboard.needsRebuild()) console.log(`Built the leaderboard: ${await repos.leaderboard.rebuildAll()} rows.`)

  // REDIS_URL → a BullMQ producer only (`npm run worker` processes transcode); else the
  // in-process queue transcodes here, announcing through the same bus. It starts once the app
  // (whose live layer subscribes to the bus) is built.
  const transcoding = createTranscoding({
    config,
    storage,
    attempts: repos.attempts,
    publisher: bus,
    redis,
    verdictClips: repos.verdictClips,
  })
  const queue = transcoding.queue
  // Every decision committed here gets its verdict clip rendered (docs/video-checks.md), in the same queue.
  enqueueVerdictClipsOnDecision(bus, queue, consoleLog)
  // At a terminal a person reads the summary below and the warnings: a line per request is at debug
  // (LOG_LEVEL=debug shows it). Elsewhere (a service, a container) request lines stay at info, as JSON.
  const quietRequests = requestsAtDebug(process.stdout)
  const mailer = createMailer(config, (line) => console.log(line))
  const app = await buildApp({ config, db, repos, bus, queue, storage, redis, mailer }, { logger, disableRequestLogging: quietRequests })
  if (quietRequests) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug({ req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed')
    })
  }
  // The demo videos just made are new work, not unfinished work resumed.
  await transcoding.start({ firstStart })

  // SIGTERM/SIGINT: stop listening; uploads still arriving get UPLOAD_SHUTDOWN_GRACE_MS, then
  // are refused with 503 (nothing half-stored); received ones finish. Meanwhile the transcode
  // queue stops (in-process: a running transcode gets its grace, else stays pending in the
  // database and resumes at the next start). The delay is only a backstop above those bounds.
  closeWithGrace({ delay: 15_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    else app.log.info({ signal }, 'shutting down')
    await Promise.all([app.close(), queue.close()])
    mailer.close()
    await redis?.close()
    await db.close()
  })

  await app.listen({ port: config.port, host: config.host })
  // The bound port (PORT=0 picks a free one). Tests and the bench wait for "LiftArena is running at".
  const bound = app.server.address()
  const port = bound !== null && typeof bound === 'object' ? bound.port : config.port
  const addresses = listenAddresses(config.host, port, networkInterfaces())
  const primary = (addresses.local[0] ?? addresses.network[0] ?? `http://${config.host}:${port}/`).replace(/\/$/, '')
  console.log(`LiftArena is running at ${primary} (${db.kind} database)`)
  for (const line of formatListenAddresses(addresses)) console.log(line)
  for (const line of startSummary(config, db.kind, quietRequests)) console.log(line)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else console.error(error)
  process.exit(1)
})
