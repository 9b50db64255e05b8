// Many spectators on one node: a broadcast is encoded once per room whatever the
// number of clients, and plain-feed clients cost no timers of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom } from '../../../contract/index.ts'
import {
  connectClient,
  createLifters,
  createOngoingChallenge,
  join,
  openFeed,
  startLiveServer,
  subscribe,
  waitUntil,
  type ClientSocket,
  type FeedClient,
  type LiveTestServer,
} from '../../helpers/live.ts'

const SOCKETS = 300
const FEEDS = 100

let t: LiveTestServer
const sockets: ClientSocket[] = []
const feeds: FeedClient[] = []
beforeAll(async () => {
  t = await startLiveServer()
})
afterAll(async () => {
  for (const s of sockets) s.close()
  for (const f of feeds) await f.close()
  await t?.close()
})

const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length

describe('many spectators on one node', () => {
  it(`one join reaches ${SOCKETS} socket.io and ${FEEDS} plain-feed clients, encoded once per room`, async () => {
    const id = await createOngoingChallenge(t.db.prisma)
    const room = challengeRoom(id)
    let received = 0
    for (let i = 0; i < SOCKETS; i += 50) {
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, async () => {
            const s = await connectClient(t.url)
            s.on('event', () => {
              received++
            })
            await subscribe(s, room, 0)
            return s
          }),
        )),
      )
    }
    const timersBefore = timeouts()
    for (let i = 0; i < FEEDS; i += 50) feeds.push(...(await Promise.all(Array.from({ length: 50 }, () => openFeed(t.url, id)))))
    await waitUntil(() => feeds.every((f) => f.messages.length === 1), 'every feed snapshot')
    // No timer per feed client (a few come and go anyway: database pool idle timers, socket.io pings).
    console.log(`timers added by ${FEEDS} feed clients: ${timeouts() - timersBefore}`)
    expect(timeouts() - timersBefore).toBeLessThan(FEEDS / 5)

    // Count socket.io packet encodings and JSON serializations of the event during the broadcast.
    const encoder = (t.app.live.io.of('/').adapter as unknown as { encoder: unknown }).encoder as {
      encode(packet: { data?: unknown[] }): unknown[]
    }
    const encode = encoder.encode.bind(encoder)
    let encodings = 0
    encoder.encode = (packet) => {
      if (packet.data?.[0] === 'event' && (packet.data[1] as { room?: string }).room === room) encodings++
      return encode(packet)
    }
    const stringify = JSON.stringify
    let serializations = 0
    JSON.stringify = ((value: unknown, ...rest: unknown[]) => {
      if ((value as { room?: string; type?: string } | null)?.room === room && (value as { type?: string }).type === 'participant.joined')
        serializations++
      return (stringify as (...args: unknown[]) => string)(value, ...rest)
    }) as typeof JSON.stringify
    try {
      const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
      const sent = performance.now()
      expect((await join(t.url, lifter!, id)).status).toBe(201)
      await waitUntil(() => received === SOCKETS && feeds.every((f) => f.messages.length === 2), 'every client', 20_000)
      console.log(
        `fan-out of one join to ${SOCKETS} socket.io + ${FEEDS} feed clients (all in this process): ${(performance.now() - sent).toFixed(0)} ms from the request`,
      )
    } finally {
      encoder.encode = encode
      JSON.stringify = stringify
    }
    expect(encodings).toBe(1)
    expect(serializations).toBe(1) // the plain feed's, once for all its clients
  })
})
