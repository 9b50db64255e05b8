// Runs LiftArena's API server. With no configuration it is self-contained:
// embedded PostgreSQL under ./data, demo data on first start, transcoding in-process.
import { networkInterfaces } from 'node:os'
import closeWithGrace from 'close-with-grace'
import { ConfigError, loadConfig } from '../infra/config.ts'
import { openDatabase } from '../infra/db.ts'
import { createTranscoding } from '../infra/transcoding/index.ts'
import { resolveFfmpegBinaries } from '../infra/ffmpeg.ts'
import { forwardingPublisher } from '../infra/live-publisher.ts'
import { openStorage } from '../infra/storage.ts'
import { seedDemoData, seedDemoVideos } from '../infra/demo-data.ts'
import { createLeaderboardRepository } from '../infra/repositories/leaderboard.repository.ts'
import { buildApp } from './app.ts'
import { formatListenAddresses, listenAddresses } from './listen-addresses.ts'
import { loggerOptions } from './logger.ts'

async function main() {
  const config = loadConfig()
  resolveFfmpegBinaries(config) // ffmpeg is required: without it, stop here and say how to install it
  const logger = loggerOptions(config)
  const db = await openDatabase(config, { migrate: true })
  const storage = await openStorage(config)
  if (config.seedDemoData && (await seedDemoData(db.prisma))) {
    console.log('Seeded demo data (6 challenges, 36 athletes); making demo videos…')
    // Left pending: the transcode queue below picks them up when it starts.
    await seedDemoVideos(db.prisma, storage, resolveFfmpegBinaries(config).ffmpeg).then(
      (count) => console.log(`Made ${count} demo videos; they are transcoded in the background.`),
      (error: unknown) => console.warn(`No demo videos: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`),
    )
  }

  // Demo data is written directly, and a database may predate the leaderboard's table: fill it once.
  const leaderboard = createLeaderboardRepository(db.prisma)
  if (await leaderboard.needsRebuild()) console.log(`Built the leaderboard: ${await leaderboard.rebuildAll()} rows.`)

  // REDIS_URL → a BullMQ producer only (`npm run worker` processes transcode); else the
  // in-process queue transcodes here. Its processor publishes through the app's publisher,
  // so it starts once the app exists (the forwarder reads app.publisher at each call).
  const transcoding = createTranscoding({ config, db, storage })
  const queue = transcoding.queue
  const app = await buildApp({ config, db, queue, storage }, { logger })
  await transcoding.start(forwardingPublisher(() => app.publisher))

  // SIGTERM/SIGINT: stop listening; uploads still arriving get UPLOAD_SHUTDOWN_GRACE_MS, then
  // are refused with 503 (nothing half-stored); received ones finish. Meanwhile the transcode
  // queue stops (in-process: a running transcode gets its grace, else stays pending in the
  // database and resumes at the next start). The delay is only a backstop above those bounds.
  closeWithGrace({ delay: 15_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    else app.log.info({ signal }, 'shutting down')
    await Promise.all([app.close(), queue.close()])
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
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else console.error(error)
  process.exit(1)
})
