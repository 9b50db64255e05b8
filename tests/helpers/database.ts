// A fresh PostgreSQL database per test file, on the real PostgreSQL service,
// so runs and files never see each other's rows. Dropped at the end.
// Empty by default (tests of migrating, of a server refusing a schema that is behind); with
// `migrated`, a copy of a template database on which this version's migrations were applied once
// (CREATE DATABASE … TEMPLATE copies files: about 0.1 s, where applying the migrations through
// the WASM schema engine takes about 1 s per database, and a test run creates about a hundred).
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { deployMigrationsLocked } from '../../infra/migrations.ts'

export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'

export interface TestDatabase {
  url: string
  drop(): Promise<void>
}

export interface TestDatabaseOptions {
  /** Start with every migration of this version applied (as `npm run migrate:deploy` leaves it). */
  migrated?: boolean
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations/', import.meta.url))

/** Named after a hash of every migration's SQL: a changed or added migration gets a template of its own, never a stale one. */
function templateName(): string {
  const hash = createHash('sha256')
  const dirs = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  for (const dir of dirs) hash.update(`${dir}\0${readFileSync(`${MIGRATIONS_DIR}${dir}/migration.sql`, 'utf8')}\0`)
  return `liftarena_template_${hash.digest('hex').slice(0, 16)}`
}

/** Renames a database once the connections that built it are gone (a closed connection's backend may take a moment to exit). */
async function renameWhenFree(c: pg.Client, from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [from])
    try {
      await c.query(`ALTER DATABASE ${from} RENAME TO ${to}`)
      return
    } catch (error) {
      // 55006 object_in_use: "database … is being accessed by other users".
      if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

let template: Promise<string> | undefined

/**
 * The migrated template, built once per PostgreSQL service and migration set. Test files start in
 * parallel processes: the first builds it under a different name while holding an advisory lock,
 * then renames it, so a template of that name is always complete and nobody is connected to it.
 */
function migratedTemplate(): Promise<string> {
  template ??= admin(async (c) => {
    const name = templateName()
    await c.query('SELECT pg_advisory_lock(hashtext($1))', ['liftarena:test-template'])
    try {
      const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
      if (exists.rowCount === 0) {
        const building = `${name}_${randomBytes(4).toString('hex')}`
        await c.query(`CREATE DATABASE ${building}`)
        try {
          await deployMigrationsLocked(databaseUrl(building))
          await renameWhenFree(c, building, name)
        } catch (error) {
          await c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`).catch(() => {})
          throw error
        }
      }
      return name
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', ['liftarena:test-template']).catch(() => {})
    }
  })
  template.catch(() => (template = undefined))
  return template
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const name = `liftarena_test_${randomBytes(6).toString('hex')}`
  const source = options.migrated ? ` TEMPLATE ${await migratedTemplate()}` : ''
  await admin((c) => c.query(`CREATE DATABASE ${name}${source}`))
  return {
    url: databaseUrl(name),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  }
}
