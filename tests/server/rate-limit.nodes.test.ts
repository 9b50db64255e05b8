// Rate limits hold across server nodes: two real app instances listening on their own ports,
// sharing one PostgreSQL database and, with REDIS_URL, one Redis prefix. Requests alternate
// between the nodes; with Redis the limit holds in total (the N+1-th across both is refused),
// and so does the per-account login backoff. Without Redis each node counts alone and lets N
// through itself (2N in total): the same test would fail if the counts were not shared.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser, startTestApp, type TestApp } from '../helpers/app.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { REDIS_URL, dropRedisPrefix, uniqueRedisPrefix } from '../helpers/live.ts'

const AUTH_LIMIT = 4
const LOGIN_MAX_FAILURES = 3

interface Node {
  t: TestApp
  url: string
}

/** Two nodes on one database; `shared` env (REDIS_URL and prefix, or nothing) on both. */
async function startNodes(database: TestDatabase, shared: Record<string, string>): Promise<[Node, Node]> {
  const start = async (): Promise<Node> => {
    const t = await startTestApp({
      env: {
        DATABASE_URL: database.url,
        RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT),
        LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
        // The test's requests name their client (a proxy on 127.0.0.1 would), so each case has its own address.
        TRUST_PROXY: '127.0.0.1',
        ...shared,
      },
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    return { t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` }
  }
  return [await start(), await start()]
}

/** POST /api/auth/refresh with an unknown token (401 while under the limit), from `client`, to each node in turn. */
async function alternateRefreshes(nodes: readonly Node[], client: string, count: number): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${nodes[i % nodes.length]!.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ refresh_token: 'not-a-refresh-token' }),
    })
    const body = (await res.json()) as { error?: string }
    expect(body.error, `request ${i + 1}`).toEqual(expect.any(String)) // {error} either way, never a 500
    statuses.push(res.status)
  }
  return statuses
}

const repeat = (status: number, n: number) => Array.from({ length: n }, () => status)

describe('two server nodes sharing Redis', () => {
  let database: TestDatabase
  let nodes: [Node, Node]
  const prefix = uniqueRedisPrefix()
  beforeAll(async () => {
    database = await createTestDatabase()
    nodes = await startNodes(database, { REDIS_URL, REDIS_PREFIX: prefix })
  })
  afterAll(async () => {
    for (const node of nodes ?? []) await node.t.close()
    await database?.drop()
    await dropRedisPrefix(prefix)
  })

  it(`refuse the ${AUTH_LIMIT + 1}th auth request of a minute from one client, whichever node gets it`, async () => {
    const statuses = await alternateRefreshes(nodes, '198.51.100.10', AUTH_LIMIT + 3)
    expect(statuses).toEqual([...repeat(401, AUTH_LIMIT), ...repeat(429, 3)])
    // Another client still has its own allowance.
    expect(await alternateRefreshes(nodes, '198.51.100.11', 2)).toEqual([401, 401])
  })

  it(`hold an account to ${LOGIN_MAX_FAILURES} failed logins from one address across nodes`, async () => {
    const lifter = await registerUser(nodes[0].t.app)
    const statuses: number[] = []
    let refusal = ''
    // One over the failures, under the address's AUTH_LIMIT a minute: the refusal is the account's.
    for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++) {
      const res = await fetch(`${nodes[i % 2]!.url}/api/auth/login`, {
        // Every try from one address, to either node: only a count the nodes share can stop them
        // (tests/server/routes/login-lockout.test.ts: the per-address and account-wide rules).
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.100' },
        body: JSON.stringify({ username: lifter.email, password: 'not the password' }),
      })
      statuses.push(res.status)
      refusal = ((await res.json()) as { error: string }).error
    }
    expect(statuses).toEqual([...repeat(401, LOGIN_MAX_FAILURES), 429])
    expect(refusal).toMatch(/failed logins for this account/)
  })
})

describe('two server nodes without Redis (each counts alone)', () => {
  let database: TestDatabase
  let nodes: [Node, Node]
  beforeAll(async () => {
    database = await createTestDatabase()
    nodes = await startNodes(database, {})
  })
  afterAll(async () => {
    for (const node of nodes ?? []) await node.t.close()
    await database?.drop()
  })

  it(`let ${AUTH_LIMIT} through on each node: ${2 * AUTH_LIMIT} in total, twice the limit`, async () => {
    const statuses = await alternateRefreshes(nodes, '198.51.100.10', 2 * AUTH_LIMIT + 2)
    expect(statuses).toEqual([...repeat(401, 2 * AUTH_LIMIT), 429, 429])
  })
})
