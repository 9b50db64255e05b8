// PostgreSQL unreachable → requests answer 503 {error} promptly, write nothing, and recover
// when it returns. Two kinds of outage, through a TCP proxy in front of the shared server
// (which is never stopped): refused (the server is down or restarting: connections are reset
// and refused) and a partition (packets vanish: open connections go silent, new ones hang).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom } from '../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../helpers/app.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { connectClient, subscribe, type ClientSocket } from '../helpers/live.ts'
import { CACHE_MAX_AGE_MS } from '../../server/live/snapshot.ts'
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts'
import type { AddressInfo } from 'node:net'

const UNAVAILABLE = { error: 'The service is temporarily unavailable. Please try again in a moment.' }
/** "Promptly": a generous bound, not a timing assertion. */
const PROMPT_MS = 10_000

let database: TestDatabase
let proxy: TcpProxy
let t: TestApp
let url: string
let owner: Awaited<ReturnType<typeof registerUser>>
let socket: ClientSocket | undefined
beforeAll(async () => {
  database = await createTestDatabase()
  proxy = await startTcpProxy(5432)
  const dbUrl = new URL(database.url)
  dbUrl.port = String(proxy.port)
  t = await startTestApp({ env: { DATABASE_URL: dbUrl.toString() } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  owner = await registerUser(t.app, 'Outage Owner')
})
afterAll(async () => {
  socket?.close()
  await t?.close()
  await proxy?.close()
  await database?.drop()
})

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now()
  const value = await fn()
  return [value, performance.now() - started]
}

/** Polls until GET /api/competitions answers 200; returns how long that took. */
async function recovery(): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < 60; i++) {
    if ((await t.app.inject({ url: '/api/competitions' })).statusCode === 200) return performance.now() - started
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('the API did not recover within 15 s')
}

describe.each([
  { outage: 'refused', begin: () => proxy.cut() },
  { outage: 'partition', begin: async () => proxy.blackhole() },
])('database outage ($outage)', ({ outage, begin }) => {
  it('reads, logins and writes answer 503 {error} within seconds, write nothing, and work again once it returns', async () => {
    const challengeId = await createChallenge(t.app, owner.access_token, { name: `Outage ${outage}` })
    const lifter = await registerUser(t.app, `Outage Lifter ${outage}`)
    expect((await t.app.inject({ url: '/api/competitions' })).statusCode).toBe(200)
    const participantsBefore = await t.db.prisma.participant.count()
    const usersBefore = await t.db.prisma.user.count()

    await begin()
    // A list served in the last CACHE_MAX_AGE_MS may still come from memory; past that bound every read asks the database.
    await new Promise((resolve) => setTimeout(resolve, CACHE_MAX_AGE_MS + 50))
    const figures: string[] = []
    const requests = {
      'GET /api/competitions': () => t.app.inject({ url: '/api/competitions' }),
      'GET /api/athletes': () => t.app.inject({ url: '/api/athletes' }),
      'POST /api/auth/login': () =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: lifter.email, password: lifter.password } }),
      'POST /api/auth/register': () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'Never Stored', email: `never-${outage}@example.com`, password: 'pw-123456' },
        }),
      'POST /api/join_competition': () =>
        t.app.inject({
          method: 'POST',
          url: '/api/join_competition',
          headers: lifter.auth,
          payload: { competition_id: challengeId, weight_class: '83kg' },
        }),
    }
    for (const [name, send] of Object.entries(requests)) {
      const [res, ms] = await timed(send)
      expect(res.statusCode, `${name}: ${res.body}`).toBe(503)
      expect(res.json(), name).toEqual(UNAVAILABLE)
      expect(ms, `${name} answered in ${ms.toFixed(0)} ms`).toBeLessThan(PROMPT_MS)
      figures.push(`${name} ${ms.toFixed(0)} ms`)
    }
    // A live subscribe reads the outbox: it answers an error the client can retry, promptly.
    socket ??= await connectClient(url)
    const [subscribed, subscribeMs] = await timed(() =>
      subscribe(socket!, challengeRoom(challengeId), 0).then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    )
    expect(subscribed).toBe('Live events are unavailable right now; please try again.')
    figures.push(`socket.io subscribe ${subscribeMs.toFixed(0)} ms`)

    await proxy.restore()
    const recoveredMs = await recovery()
    console.log(`PostgreSQL ${outage}: time to 503 — ${figures.join(', ')}; back to 200 ${recoveredMs.toFixed(0)} ms after it returned`)

    // Nothing was half-written while it was away.
    expect(await t.db.prisma.participant.count()).toBe(participantsBefore)
    expect(await t.db.prisma.user.count()).toBe(usersBefore)
    // And everything works again, the write included.
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/join_competition',
      headers: lifter.auth,
      payload: { competition_id: challengeId, weight_class: '83kg' },
    })
    expect(joined.statusCode, joined.body).toBe(201)
    expect((await subscribe(socket, challengeRoom(challengeId), 0)).seq).toBe(1)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: lifter.email, password: lifter.password } }))
        .statusCode,
    ).toBe(200)
  })
})
