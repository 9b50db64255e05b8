// Runs LiftArena's API server. With no configuration it is self-contained:
// embedded PostgreSQL under ./data, demo data on first start, transcoding in-process.
import closeWithGrace from 'close-with-grace'
import { ConfigError, loadConfig } from '../infra/config.ts'
import { openDatabase } from '../infra/db.ts'
import type { TranscodeQueue } from '../infra/queue.ts'
import { seedDemoData } from '../prisma/seed.ts'
import { buildApp } from './app.ts'

async function main() {
  const config = loadConfig()
  const logger = process.stdout.isTTY
    ? { level: config.logLevel, transport: undefined }
    : { level: config.logLevel }
  const db = await openDatabase(config, { migrate: true })
  if (config.seedDemoData && (await seedDemoData(db.prisma))) console.log('Seeded demo data (6 challenges, 36 athletes).')

  // Placeholder until the video pipeline lands: jobs are accepted and dropped.
  const queue: TranscodeQueue = { enqueue: async () => {}, close: async () => {} }
  const app = await buildApp({ config, db, queue }, { logger })

  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    await app.close()
    await queue.close()
    await db.close()
  })

  await app.listen({ port: config.port, host: config.host })
  console.log(`LiftArena is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${db.kind} database)`)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else console.error(error)
  process.exit(1)
})
