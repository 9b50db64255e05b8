// A fresh PostgreSQL database per test file, on the real PostgreSQL service,
// so runs and files never see each other's rows. Dropped at the end.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'

export interface TestDatabase {
  url: string
  drop(): Promise<void>
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

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `liftarena_test_${randomBytes(6).toString('hex')}`
  await admin((c) => c.query(`CREATE DATABASE ${name}`))
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  }
}
