// Log out means out (issue 27, item 8): POST /auth/logout ends the access token presented and
// that login's live connections at once, on every node. Before: logging out one login (the web
// client sends its refresh token) left its access token answering 200 until it expired (up to
// 15 minutes) and its socket connected; "log out of all sessions" reached another node only
// once that node's cached token version expired (up to 1 s).
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../helpers/app.ts'
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts'
import { REDIS_URL, connectClient, dropRedisPrefix, sleep, uniqueRedisPrefix, type ClientSocket } from '../../helpers/live.ts'

interface Node {
  t: TestApp
  url: string
}
const JWT_SECRET = 'logout-test-secret-0123456789-abcdefghijkl'
const sockets: ClientSocket[] = []

async function startNode(env: Record<string, string>): Promise<Node> {
  const t = await startTestApp({ env: { JWT_SECRET, ...env } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return { t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` }
}

async function api(node: Node, path: string, init: { token?: string; json?: unknown } = {}) {
  const res = await fetch(`${node.url}/api${path}`, {
    method: init.json !== undefined ? 'POST' : 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function loginTwice(node: Node, name: string) {
  const email = `${name.toLowerCase().replace(/\W/g, '')}.${Date.now()}@example.com`
  const password = 'correct horse battery'
  const first = await api(node, '/auth/register', { json: { name, email, password } })
  const second = await api(node, '/auth/login', { json: { username: email, password } })
  return [first.body, second.body] as Array<{ access_token: string; refresh_token: string; user_id: number }>
}

const closedWithin = (socket: ClientSocket, ms: number) =>
  Promise.race([
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason))),
    sleep(ms).then(() => 'still connected'),
  ])

async function connect(node: Node, token: string) {
  const socket = await connectClient(node.url, token)
  sockets.push(socket)
  return socket
}

afterAll(() => {
  for (const s of sockets) s.close()
})

describe.each([
  ['one node without Redis', false],
  ['two nodes sharing Redis', true],
])('logout, %s', (_what, twoNodes) => {
  let database: TestDatabase
  let a: Node
  let b: Node
  const prefix = uniqueRedisPrefix()
  beforeAll(async () => {
    database = await createTestDatabase()
    const env = { DATABASE_URL: database.url, RATE_LIMIT_AUTH_PER_MINUTE: '1000', ...(twoNodes ? { REDIS_URL, REDIS_PREFIX: prefix } : {}) }
    a = await startNode(env)
    b = twoNodes ? await startNode(env) : a
  })
  afterAll(async () => {
    await a?.t.close()
    if (b !== a) await b?.t.close()
    await database?.drop()
    await dropRedisPrefix(prefix)
  })

  it("logging out one login (the web client's call) ends its access token and its sockets at once, on every node; the other login goes on", async () => {
    const [mine, other] = await loginTwice(a, 'Logout One')
    // Node B has just checked both tokens (what it remembers of them must not outlive the logout).
    expect((await api(b, '/auth/user', { token: mine!.access_token })).status).toBe(200)
    expect((await api(b, '/auth/user', { token: other!.access_token })).status).toBe(200)
    const socket = await connect(b, mine!.access_token)
    const otherSocket = await connect(b, other!.access_token)
    const closed = closedWithin(socket, 5000) // generous for a loaded CI machine: the logout itself may wait up to 1 s for the other node

    const started = performance.now()
    expect((await api(a, '/auth/logout', { token: mine!.access_token, json: { refresh_token: mine!.refresh_token } })).status).toBe(200)
    console.log(`logout answered in ${(performance.now() - started).toFixed(0)} ms`)
    for (const node of [a, b]) {
      const me = await api(node, '/auth/user', { token: mine!.access_token })
      expect(me.status).toBe(401)
      expect(me.body.error).toMatch(/logged out.*log in again/i)
    }
    expect(await closed).toBe('io server disconnect')
    expect((await api(a, '/auth/refresh', { json: { refresh_token: mine!.refresh_token } })).status).toBe(401)
    await expect(connectClient(b.url, mine!.access_token)).rejects.toThrow(/logged out.*log in again/i)

    expect((await api(b, '/auth/user', { token: other!.access_token })).status).toBe(200)
    expect(otherSocket.connected).toBe(true)
  })

  it("the spec's call (the access token, no body) ends every session of the user at once, on every node", async () => {
    const [mine, other] = await loginTwice(a, 'Logout All')
    expect((await api(b, '/auth/user', { token: other!.access_token })).status).toBe(200)
    const socket = await connect(b, other!.access_token)
    const closed = closedWithin(socket, 5000) // generous for a loaded CI machine: the logout itself may wait up to 1 s for the other node
    const res = await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${mine!.access_token}` } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Logged out.' })
    for (const token of [mine!.access_token, other!.access_token]) expect((await api(b, '/auth/user', { token })).status).toBe(401)
    expect(await closed).toBe('io server disconnect')
  })
})
