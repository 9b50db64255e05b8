// The per-address cap on live connections (LIVE_MAX_CONNECTIONS_PER_ADDRESS) counts plain-feed
// connections and engine.io sessions together, from the bare handshake on, and refuses the next
// one before it is accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import {
  connectClient,
  createOngoingChallenge,
  sleep,
  startLiveServer,
  waitUntil,
  type ClientSocket,
  type FeedClient,
  type LiveTestServer,
} from '../../helpers/live.ts'

const CAP = 5
const REFUSAL = /Too many live connections from your address \(at most 5\)/
let t: LiveTestServer
let challengeId: number

beforeAll(async () => {
  t = await startLiveServer({ env: { LIVE_MAX_CONNECTIONS_PER_ADDRESS: String(CAP) } })
  challengeId = await createOngoingChallenge(t.db.prisma, 'Caps')
})
afterAll(async () => {
  await t?.close()
})

type FeedAttempt = { feed: FeedClient } | { status: number; body: string }

/** A plain feed connection: open, or the HTTP answer that refused its upgrade (or a close at once). */
async function tryFeed(): Promise<FeedAttempt> {
  const ws = new WebSocket(`${t.url.replace(/^http/, 'ws')}/api/live/${challengeId}`)
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({
        feed: {
          ws,
          messages: [],
          async close() {
            if (ws.readyState === WebSocket.CLOSED) return
            const closed = new Promise((r) => ws.once('close', r))
            ws.close()
            await closed
          },
        },
      }),
    )
    ws.once('unexpected-response', (req, res) => {
      let body = ''
      res.on('data', (chunk) => {
        body += String(chunk)
      })
      res.on('end', () => {
        req.destroy()
        resolve({ status: res.statusCode ?? 0, body })
      })
    })
    ws.once('error', reject)
  })
}

async function openFeeds(n: number): Promise<FeedClient[]> {
  const feeds: FeedClient[] = []
  for (let i = 0; i < n; i++) {
    const attempt = await tryFeed()
    if (!('feed' in attempt)) throw new Error(`feed ${i + 1} refused: ${attempt.status} ${attempt.body}`)
    feeds.push(attempt.feed)
  }
  return feeds
}

/** A bare engine.io handshake (no namespace): its status, and its session id when admitted. */
async function handshake(): Promise<{ status: number; sid?: string; body: string }> {
  const res = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`)
  const body = await res.text()
  const sid = res.ok ? (JSON.parse(body.slice(1)) as { sid: string }).sid : undefined
  return { status: res.status, sid, body }
}

/** Sends engine.io's close packet for a polling session. */
async function closeSession(sid: string) {
  const res = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, { method: 'POST', body: '1' })
  await res.text()
}

/** Waits until this node holds no live connection (the server sees a client's close a little after it). */
async function settled() {
  await waitUntil(() => t.app.live.io.engine.clientsCount === 0 && t.app.live.feed.clientCount === 0, 'every connection released')
  await sleep(50) // the feed's TCP connection closes just after its WebSocket
}

/** Retries until the address has a free place again. */
async function eventually<T>(attempt: () => Promise<T | undefined>): Promise<T | undefined> {
  for (let i = 0; i < 100; i++) {
    const got = await attempt().catch(() => undefined)
    if (got !== undefined) return got
    await sleep(20)
  }
  return undefined
}

describe('live connections per address', () => {
  it('opens 5 plain feed connections, refuses the 6th with 429 and the reason, and admits again once one closes', async () => {
    const feeds = await openFeeds(CAP)
    const refused = await tryFeed()
    // Before: every feed connection was accepted (3,000 stayed open from one address in the review).
    expect(refused).toMatchObject({ status: 429 })
    expect(JSON.parse((refused as { body: string }).body)).toEqual({ error: expect.stringMatching(REFUSAL) })
    expect(t.app.live.feed.clientCount).toBe(CAP)

    await feeds.shift()!.close()
    const again = await eventually(async () => {
      const attempt = await tryFeed()
      return 'feed' in attempt ? attempt.feed : undefined
    })
    expect(again).toBeDefined()
    feeds.push(again!)
    await Promise.all(feeds.map((f) => f.close()))
    await settled()
  })

  it('counts bare engine.io handshakes: the 6th is refused with 429 and the reason, and one is admitted again after sessions close', async () => {
    const sids: string[] = []
    for (let i = 0; i < CAP; i++) {
      const h = await handshake()
      expect(h.status).toBe(200)
      sids.push(h.sid!)
    }
    const refused = await handshake()
    // Before: every handshake was admitted (20,000 in 4.4 s in the review) and none was counted.
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.body)).toEqual({ error: expect.stringMatching(REFUSAL) })
    expect(t.app.live.io.engine.clientsCount).toBe(CAP)

    for (const sid of sids.splice(0, 2)) await closeSession(sid)
    const first = await eventually(async () => (await handshake()).sid)
    const second = await eventually(async () => (await handshake()).sid)
    expect(first).toBeDefined()
    expect(second).toBeDefined()
    sids.push(first!, second!)
    expect((await handshake()).status).toBe(429)

    for (const sid of sids) await closeSession(sid)
    await settled()
  })

  it('shares one count between socket.io clients, bare handshakes and plain feeds', async () => {
    const clients: ClientSocket[] = [await connectClient(t.url), await connectClient(t.url)]
    const feeds = await openFeeds(2)
    const bare = await handshake()
    expect(bare.status).toBe(200)

    // 5 held: each kind of connection is refused.
    expect(await tryFeed()).toMatchObject({ status: 429 })
    expect((await handshake()).status).toBe(429)
    await expect(connectClient(t.url)).rejects.toThrow(REFUSAL)

    // A socket.io client that leaves frees a place a feed can take, and the reverse.
    clients.shift()!.close()
    const feed = await eventually(async () => {
      const attempt = await tryFeed()
      return 'feed' in attempt ? attempt.feed : undefined
    })
    expect(feed).toBeDefined()
    feeds.push(feed!)
    await expect(connectClient(t.url)).rejects.toThrow(REFUSAL)
    await feeds.shift()!.close()
    const client = await eventually(() => connectClient(t.url))
    expect(client?.connected).toBe(true)
    clients.push(client!)

    for (const c of clients) c.close()
    await Promise.all(feeds.map((f) => f.close()))
    await closeSession(bare.sid!)
    await settled()
  })

  it('closes an engine.io session that never connects to a namespace after 10 s (socket.io connectTimeout)', () => {
    expect(t.app.live.io.connectTimeout()).toBe(10_000)
  })
})
