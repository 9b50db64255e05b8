// The database both roles use: real PostgreSQL when DATABASE_URL is set,
// otherwise an embedded PostgreSQL (PGlite) kept under the data directory.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient, type Prisma } from '../prisma/generated/client.ts'
import type { Config } from './config.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { ConfigError } from './config.ts'
import { deployMigrations, deployMigrationsLocked, pendingMigrations, schemaBehindMessage } from './migrations.ts'

export { Prisma } from '../prisma/generated/client.ts'
export type { PrismaClient }
/** A client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient

/** Options for a write transaction: it may wait a little for a pooled connection behind other writers in a burst (Prisma's default is 2 s). */
export const WRITE_TRANSACTION = { maxWait: 5_000 } as const

export interface Database {
  readonly prisma: PrismaClient
  readonly kind: 'postgres' | 'embedded'
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  /** Apply pending migrations first (the server does unless MIGRATE_ON_START=false; workers rely on it having done so). */
  migrate?: boolean
  /** Without `migrate`: stop with a sentence when migrations of this version are not applied (a server must not serve an older schema). */
  requireMigrated?: boolean
  /** Embedded only: keep the database in memory (tests). */
  inMemory?: boolean
}

/**
 * The longest a query may wait for its answer. Every query here is small; Prisma's interactive
 * transactions already end after 5 s, so a query still waiting then is waiting on a dead link.
 */
export const QUERY_TIMEOUT_MS = 5_000

/**
 * The longest a request waits for a pooled connection, or for a new one to open (pg bounds both
 * with one setting). At 3 s, 2 of 1,000 joins in the chaos run answered 503 while two cores also
 * transcoded; under the 5 s a live subscribe waits for its answer, so during an outage the
 * subscriber still hears "unavailable, try again" rather than a timeout.
 */
const POOL_WAIT_MS = 4_000

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: OpenDatabaseOptions = {}): Promise<Database> {
  if (config.databaseUrl) {
    // Fail fast when PostgreSQL is unreachable so requests answer 503 promptly instead of hanging:
    // a slow connect gives up after POOL_WAIT_MS, and a query on a connection that went silent
    // (a network partition: no reset ever arrives) after QUERY_TIMEOUT_MS rather than when TCP gives up.
    const adapter = new PrismaPg({
      connectionString: config.databaseUrl,
      connectionTimeoutMillis: POOL_WAIT_MS,
      max: 10,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    if (options.migrate) {
      // Under an advisory lock: replicas starting together migrate one at a time.
      const applied = await deployMigrationsLocked(config.databaseUrl)
      if (applied.length > 0) console.log(`Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}`)
    } else if (options.requireMigrated) {
      const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: POOL_WAIT_MS })
      await client.connect()
      const pending = await pendingMigrations((sql) => client.query(sql)).finally(() => client.end())
      if (pending.length > 0) throw new ConfigError(schemaBehindMessage(pending))
    }
    const prisma = new PrismaClient({ adapter })
    return { prisma, kind: 'postgres', close: () => prisma.$disconnect() }
  }

  const { PGlite } = await import('@electric-sql/pglite')
  const { PrismaPGlite } = await import('pglite-prisma-adapter')
  let dataPath: string | undefined
  let lock: { release(): void } | undefined
  if (!options.inMemory) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
    // One process per embedded database: a second one on this DATA_DIR stops here, naming the first.
    lock = lockDataDir(config.dataDir)
    dataPath = join(config.dataDir, 'pglite')
  }
  try {
    const pglite = new PGlite(dataPath)
    await pglite.waitReady
    if (options.migrate) await deployMigrations(new PrismaPGlite(pglite))
    else if (options.requireMigrated) {
      const pending = await pendingMigrations((sql) => pglite.query(sql))
      if (pending.length > 0) throw new ConfigError(schemaBehindMessage(pending))
    }
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) })
    return {
      prisma,
      kind: 'embedded',
      close: async () => {
        await prisma.$disconnect()
        await pglite.close()
        lock?.release()
      },
    }
  } catch (error) {
    lock?.release()
    throw error
  }
}
