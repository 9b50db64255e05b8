// The demo data on PostgreSQL, served with the built web app by server/server.ts (as `npm start`
// runs it, through web/e2e/global-setup.ts's startAppServer): a fresh database, infra/demo-data.ts's
// seedDemoData, the leaderboard rebuilt as the scale section does for its seeded data.
//
// The smoke run (BENCH_SIZE=tiny) starts it once for the two sections that load demo pages in
// Chromium (web, and scale's demo data set): a server start and its seed cost more than the pages
// do at the tiny size. The embedded start the web section makes in a full run (PGlite, demo data
// seeded by the server itself) is what every e2e run starts (web/e2e/global-setup.ts), so the smoke
// run loses nothing it alone guarded. stopSharedDemoServer ends it (the smoke test's afterAll, bench/run.ts).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../infra/db.ts'
import { seedDemoData } from '../infra/demo-data.ts'
import { createLeaderboardRepository } from '../infra/repositories/leaderboard.repository.ts'
import { createTestDatabase } from '../tests/helpers/database.ts'
import { startAppServer } from '../web/e2e/global-setup.ts'

export interface DemoServer {
  baseUrl: string
  databaseUrl: string
  /** Challenges in the demo data. */
  challenges: number
  /** What the leaderboard rebuild did, for a report. */
  rebuild: string
  stop(): Promise<void>
}

export async function startDemoServer(): Promise<DemoServer> {
  const dir = await mkdtemp(join(tmpdir(), 'liftarena-bench-demo-'))
  const database = await createTestDatabase()
  try {
    const db = await openDatabase({ databaseUrl: database.url, dataDir: join(dir, 'seed') }, { migrate: true })
    let challenges = 0
    let rebuild = ''
    try {
      await seedDemoData(db.prisma)
      const t0 = performance.now()
      const rows = await createLeaderboardRepository(db.prisma).rebuildAll()
      rebuild = `createLeaderboardRepository(prisma).rebuildAll(): ${rows} leaderboard rows in ${Math.round((performance.now() - t0) / 100) / 10} s`
      challenges = await db.prisma.challenge.count()
    } finally {
      await db.close()
    }
    const app = await startAppServer(join(dir, 'data'), undefined, database.url)
    return {
      baseUrl: app.baseUrl,
      databaseUrl: database.url,
      challenges,
      rebuild,
      async stop() {
        await app.stop()
        await database.drop()
        await rm(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await database.drop().catch(() => {})
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}

let shared: Promise<DemoServer> | undefined

/** The smoke run's one demo server, started by the first section that asks. */
export function sharedDemoServer(): Promise<DemoServer> {
  shared ??= startDemoServer()
  return shared
}

export async function stopSharedDemoServer(): Promise<void> {
  const server = shared
  shared = undefined
  if (server) await (await server.catch(() => null))?.stop()
}
