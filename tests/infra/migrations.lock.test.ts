// One migration at a time: two server processes started at the same moment on a fresh
// PostgreSQL database migrate under one advisory lock, so exactly one of them applies the
// migrations (each once) and both then serve. A server told not to migrate
// (MIGRATE_ON_START=false) refuses a schema that is behind, with a sentence.
import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { spawnServer, type ServerProcess } from '../helpers/live.ts'

const MIGRATIONS = readdirSync(resolve(import.meta.dirname, '../../prisma/migrations'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort()

// Two servers transpiling and migrating at once on a shared two-core machine.
const SLOW = { startTimeoutMs: 150_000 }

let database: TestDatabase
const servers: ServerProcess[] = []

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database?.drop()
})

async function migrationRows(url: string): Promise<{ migration_name: string; finished: boolean }[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query(
      'SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name',
    )
    return rows as { migration_name: string; finished: boolean }[]
  } finally {
    await client.end()
  }
}

describe('migrations at start', () => {
  it('a server with MIGRATE_ON_START=false refuses a fresh (behind) database, naming what to run', async () => {
    const refused = spawnServer({ DATABASE_URL: database.url, MIGRATE_ON_START: 'false' }, SLOW)
    const error = await refused.then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error?.message).toMatch(/server exited/)
    expect(error?.message).toContain(`The database schema is behind this version: ${MIGRATIONS.length} migrations not applied`)
    expect(error?.message).toContain('npm run migrate:deploy')
  }, 200_000)

  it('two servers starting at once apply every migration exactly once, and both serve', async () => {
    servers.push(
      ...(await Promise.all([spawnServer({ DATABASE_URL: database.url }, SLOW), spawnServer({ DATABASE_URL: database.url }, SLOW)])),
    )
    const applied = servers.map((s) => /Applied (\d+) migrations?/.exec(s.output())?.[1])
    // One applied them all; the other waited on the lock and found nothing pending.
    expect(applied.sort()).toEqual([String(MIGRATIONS.length), undefined].sort())
    const rows = await migrationRows(database.url)
    expect(rows.map((r) => r.migration_name)).toEqual(MIGRATIONS)
    expect(rows.every((r) => r.finished)).toBe(true)
    for (const server of servers) {
      const ready = await fetch(`${server.url}/api/ready`)
      expect(ready.status, server.output()).toBe(200)
      expect((await fetch(`${server.url}/api/competitions`)).status).toBe(200)
    }
  }, 200_000)

  it('a server waits for the migration lock another process holds, then starts', async () => {
    // The lock a deploy in progress holds (prisma/migrate.ts deploy or another server).
    const holder = new pg.Client({ connectionString: database.url })
    await holder.connect()
    try {
      await holder.query("SELECT pg_advisory_lock(hashtext('liftarena:migrations'))")
      const starting = spawnServer({ DATABASE_URL: database.url }, SLOW)
      const waiting = async () =>
        Number((await holder.query("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")).rows[0].n)
      const deadline = Date.now() + 120_000
      while ((await waiting()) === 0) {
        if (Date.now() > deadline) throw new Error('the server never asked for the migration lock')
        await new Promise((r) => setTimeout(r, 200))
      }
      await new Promise((r) => setTimeout(r, 1_000))
      expect(await waiting(), 'still waiting while the lock is held').toBe(1)
      await holder.query("SELECT pg_advisory_unlock(hashtext('liftarena:migrations'))")
      const server = await starting
      servers.push(server)
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200)
    } finally {
      await holder.end()
    }
  }, 200_000)

  it('once migrated, a server with MIGRATE_ON_START=false starts', async () => {
    const server = await spawnServer({ DATABASE_URL: database.url, MIGRATE_ON_START: 'false' }, SLOW)
    servers.push(server)
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200)
    expect(server.output()).not.toMatch(/Applied \d+ migration/)
  }, 200_000)
})
