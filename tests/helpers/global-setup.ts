// Runs once before the server tests: the services must be up (see scripts/ensure-test-env.ts).
import pg from 'pg'
import { ADMIN_URL } from './database.ts'

export default async function setup() {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${ADMIN_URL}: ${(error as Error).message}. Start it (see README, Testing).`, {
      cause: error,
    })
  } finally {
    await client.end().catch(() => {})
  }
}
