// Sessions and limits at the socket.io boundary, with real clients on a real listening server:
// a logout ends the user's open connections and their private progress, a recovered
// connection is checked again, malformed tokens are refused at the handshake, and one
// client address or socket cannot take unbounded connections or rooms.
import { createSigner } from 'fast-jwt'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom, GLOBAL_ROOM, type TranscodeProgress } from '../../../contract/index.ts'
import {
  connectClient,
  createLifters,
  createOngoingChallenge,
  sleep,
  startLiveServer,
  subscribe,
  waitUntil,
  type ClientSocket,
  type Lifter,
  type LiveTestServer,
} from '../../helpers/live.ts'
import { registerUser } from '../../helpers/app.ts'

let t: LiveTestServer
let limited: LiveTestServer
const sockets: ClientSocket[] = []
const client = async (url: string, token?: string) => {
  const socket = await connectClient(url, token)
  sockets.push(socket)
  return socket
}
const logout = (url: string, lifter: Lifter, body?: object) =>
  fetch(`${url}/api/auth/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${lifter.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
/** The arguments of the socket's next `event`. */
const once = (socket: ClientSocket, event: 'connect' | 'disconnect' | 'connect_error') =>
  new Promise<unknown[]>((resolve) => socket.once(event, (...args: unknown[]) => resolve(args)))
const progressOf = (socket: ClientSocket) => {
  const list: TranscodeProgress[] = []
  socket.on('transcode:progress', (p) => list.push(p))
  return list
}

beforeAll(async () => {
  ;[t, limited] = await Promise.all([
    startLiveServer(),
    startLiveServer({ env: { LIVE_MAX_CONNECTIONS_PER_ADDRESS: '3', LIVE_MAX_ROOMS_PER_SOCKET: '2' } }),
  ])
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await Promise.all([t?.close(), limited?.close()])
})

describe('log out of all sessions', () => {
  it("disconnects the user's open sockets within a second, and private progress stops reaching them", async () => {
    const [lifter, other] = await createLifters(t.db.prisma, t.config.jwtSecret, 2)
    const tabs = [await client(t.url, lifter!.token), await client(t.url, lifter!.token)]
    const bystander = await client(t.url, other!.token)
    const progress = tabs.map(progressOf)
    t.app.publisher.progress(lifter!.userId, { attempt_id: 1, percent: 10, state: 'processing' })
    for (const list of progress) await waitUntil(() => list.length === 1, 'progress before the logout')

    const disconnected = tabs.map((s) => once(s, 'disconnect').then(([reason]) => ({ reason, at: Date.now() })))
    const started = Date.now()
    expect((await logout(t.url, lifter!)).status).toBe(200)
    // Before: both tabs stayed connected and kept getting progress (57 s after the logout in the review).
    const ends = await Promise.race([Promise.all(disconnected), sleep(1000).then(() => null)])
    expect(ends, 'both tabs disconnected within 1 s').not.toBeNull()
    for (const end of ends!) {
      expect(end.reason).toBe('io server disconnect')
      expect(end.at - started).toBeLessThan(1000)
    }
    t.app.publisher.progress(lifter!.userId, { attempt_id: 1, percent: 100, state: 'ready' })
    await sleep(200)
    for (const list of progress) expect(list.map((p) => p.percent)).toEqual([10])
    expect(bystander.connected).toBe(true)
    // The old token cannot open a new connection either.
    await expect(connectClient(t.url, lifter!.token)).rejects.toThrow(/logged out.*log in again/i)
  })

  it("logging out one login (its refresh token in the body) closes that login's live connections only", async () => {
    const u = await registerUser(t.app, 'One Login')
    const other = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: u.email, password: u.password }),
    })
    const otherToken = ((await other.json()) as { access_token: string }).access_token
    const lifter = { userId: u.user_id, token: u.access_token }
    const socket = await client(t.url, lifter.token)
    const otherSocket = await client(t.url, otherToken)
    const closed = once(socket, 'disconnect')
    expect((await logout(t.url, lifter, { refresh_token: u.refresh_token })).status).toBe(200)
    // Before: that login's socket stayed connected (and its access token answered 200) until the token expired.
    expect((await Promise.race([closed, sleep(1000).then(() => null)]))?.[0]).toBe('io server disconnect')
    await sleep(200)
    expect(otherSocket.connected).toBe(true)
    await expect(connectClient(t.url, lifter.token)).rejects.toThrow(/logged out.*log in again/i)
  })

  it('a connection that socket.io would recover is checked again: after a logout it is refused, with no progress', async () => {
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    const raw: ClientSocket = connect(t.url, {
      transports: ['websocket'],
      forceNew: true,
      auth: { token: lifter!.token },
      reconnection: false,
    })
    sockets.push(raw)
    await once(raw, 'connect')
    const progress = progressOf(raw)
    // A broadcast received gives the client an offset to recover from.
    t.app.publisher.progress(lifter!.userId, { attempt_id: 2, percent: 10, state: 'processing' })
    await waitUntil(() => progress.length === 1, 'the first progress')

    // Control: a dropped transport comes back recovered (its session and rooms kept).
    let gone = once(raw, 'disconnect')
    raw.io.engine.close()
    await gone
    let back = once(raw, 'connect')
    raw.connect()
    await back
    expect(raw.recovered).toBe(true)

    // Dropped again; while it is away the user logs out of all sessions.
    gone = once(raw, 'disconnect')
    raw.io.engine.close()
    await gone
    expect((await logout(t.url, lifter!)).status).toBe(200)
    t.app.publisher.progress(lifter!.userId, { attempt_id: 2, percent: 50, state: 'processing' })
    back = once(raw, 'connect_error')
    raw.connect()
    // Before: the recovered session skipped the handshake check and got the missed progress.
    const [error] = (await back) as [Error]
    expect(error.message).toMatch(/logged out.*log in again/i)
    await sleep(200)
    expect(raw.connected).toBe(false)
    expect(progress.map((p) => p.percent)).toEqual([10])
  })
})

describe('the handshake', () => {
  it('refuses tokens whose subject is not a user id the database can hold, or that have no expiry (before: they connected)', async () => {
    const secret = t.config.jwtSecret
    const sign = (payload: object, expiresIn = 60_000) =>
      createSigner({ key: secret, algorithm: 'HS256', ...(expiresIn > 0 ? { expiresIn } : {}) })(payload)
    const bad = {
      'sub 2^31': sign({ sub: '2147483648', ver: 0, typ: 'access' }),
      'sub 2^53 + 2': sign({ sub: '9007199254740994', ver: 0, typ: 'access' }),
      'sub 0': sign({ sub: '0', ver: 0, typ: 'access' }),
      'sub -5': sign({ sub: '-5', ver: 0, typ: 'access' }),
      'sub 1.0': sign({ sub: '1.0', ver: 0, typ: 'access' }),
      'no exp': sign({ sub: '1', ver: 0, typ: 'access' }, 0),
      'the old development secret': createSigner({
        key: 'liftarena-development-secret-change-me-in-production',
        algorithm: 'HS256',
        expiresIn: 60_000,
      })({ sub: '1', ver: 0, typ: 'access' }),
    }
    for (const [what, token] of Object.entries(bad)) {
      await expect(connectClient(t.url, token), what).rejects.toThrow(/Invalid access token|no longer exists/)
    }
    const [lifter] = await createLifters(t.db.prisma, secret, 1)
    expect((await client(t.url, lifter!.token)).connected).toBe(true)
  })
})

describe('subscriptions and connections are bounded', () => {
  it('subscribes only to challenges that exist', async () => {
    const s = await client(t.url)
    const id = await createOngoingChallenge(t.db.prisma)
    for (const missing of [999_999, 2_147_483_647]) {
      expect(await s.timeout(5000).emitWithAck('subscribe', { room: challengeRoom(missing) })).toEqual({
        error: 'There is no such challenge.',
      })
    }
    expect(await subscribe(s, challengeRoom(id), 0)).toEqual({ room: challengeRoom(id), seq: 0, missed: [], resync: false })
  })

  it('refuses a handshake beyond LIVE_MAX_CONNECTIONS_PER_ADDRESS from one address, with a clear message, and admits again once one closes', async () => {
    const held = [await client(limited.url), await client(limited.url), await client(limited.url)]
    await expect(connectClient(limited.url)).rejects.toThrow(/Too many live connections from your address \(at most 3\)/)
    // A refused handshake does not hold a place.
    await expect(connectClient(limited.url)).rejects.toThrow(/Too many live connections/)
    held[0]!.close()
    let admitted: ClientSocket | undefined
    for (let i = 0; i < 50 && !admitted; i++) {
      admitted = await connectClient(limited.url).catch(() => undefined)
      if (!admitted) await sleep(20)
    }
    expect(admitted?.connected).toBe(true)
    sockets.push(admitted!)
    for (const s of held) s.close()
  })

  it('refuses a subscribe beyond LIVE_MAX_ROOMS_PER_SOCKET', async () => {
    const [a, b] = [await createOngoingChallenge(limited.db.prisma, 'A'), await createOngoingChallenge(limited.db.prisma, 'B')]
    let s: ClientSocket | undefined
    for (let i = 0; i < 50 && !s; i++) {
      s = await connectClient(limited.url).catch(() => undefined)
      if (!s) await sleep(20)
    }
    sockets.push(s!)
    await subscribe(s!, challengeRoom(a))
    await subscribe(s!, GLOBAL_ROOM)
    await expect(subscribe(s!, challengeRoom(b))).rejects.toThrow('At most 2 rooms per connection')
  })
})
