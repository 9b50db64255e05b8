// Live events: socket.io and the plain WebSocket feed on the API's port, subscribed to the
// process's live bus (infra/live-bus.ts), to which the repositories' writes publish after they
// commit. The live layer reads the outbox and snapshots through `app.repos`.
// With REDIS_URL, socket.io's Redis Streams adapter (over the process's `live` Redis client)
// links every server process (and the worker's publisher, infra/live-redis.ts); without, one process.
import { EventEmitter } from 'node:events'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import fp from 'fastify-plugin'
import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import type { LiveEvent } from '../../../contract/index.ts'
import type { LiveBus } from '../../../infra/live-bus.ts'
import { LiveFeed } from '../../live/feed.ts'
import { HeadWatch } from '../../live/head-watch.ts'
import { createLiveServer, type LiveServer } from '../../live/socket-server.ts'
import { VERSION_CACHE_MS, type EndedSessions } from '../../services/tokens.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's live bus (tests publish through it as the repositories do). */
    publisher: LiveBus
    live: {
      io: LiveServer['io']
      feed: LiveFeed
      /** Calls `listener` with every event this node learns of: its own, other nodes' and the worker's, and redeliveries. */
      onEvent(listener: (event: LiveEvent) => void): void
      /** Compares this node's delivered seqs with the outbox now (it also runs on a timer). */
      sweep(): Promise<void>
      /** After a logout: disconnects the ended sessions' sockets and has every node forget them; resolves once they did (bounded). */
      endSessions(ended: EndedSessions): Promise<void>
    }
  }
}

export default fp(async function live(app: FastifyInstance) {
  const { config, bus } = app.deps
  const { liveEvents, participants, challenges } = app.repos
  const redis = app.deps.redis?.get('live')
  redis?.on('error', (err) => app.log.warn({ err }, 'live: Redis connection error'))
  const feed: LiveFeed = new LiveFeed({
    participants,
    liveEvents,
    apiBase: config.apiBase,
    gapWaitMs: config.liveGapWaitMs,
    log: app.log,
    onBaseline: (room, seq) => heads.baseline(room, seq),
  })
  const server = createLiveServer(app.server, {
    liveEvents,
    verifySession: (token) => app.tokens.session(token),
    onSessionsEnded: (ended) => app.tokens.forget(ended),
    sessionsEndedWaitMs: VERSION_CACHE_MS,
    challengeExists: async (id) => (await challenges.findUploadRules(id)) !== null,
    limits: { maxConnectionsPerAddress: config.liveMaxConnectionsPerAddress, maxRoomsPerSocket: config.liveMaxRoomsPerSocket },
    corsOrigins: config.corsOrigins,
    redis: redis ? { client: redis, prefix: config.redisPrefix } : undefined,
    onRemoteEvent: (event) => bus.deliver([event], 'remote'),
    onSubscribed: (room, seq) => heads.baseline(room, seq),
    log: app.log,
  })
  const heads: HeadWatch = new HeadWatch({
    liveEvents,
    publish: (events) => bus.publish(events),
    rooms: () => new Set([...server.localRooms(), ...feed.rooms()]),
    redeliver: (events) => bus.deliver(events, 'redelivered'),
    log: app.log,
  })
  heads.start()

  // The bus's subscribers, in this order: socket.io's rooms (committed events to every node's
  // sockets, redelivered ones to this node's), then the plain feed and the head watch (every event
  // this node learns of); the cached REST answers subscribe through `onEvent` as their routes register.
  const unsubscribe = [
    bus.subscribe(server.rooms),
    bus.subscribe({
      events(events) {
        for (const event of events) feed.deliver(event)
      },
    }),
    bus.subscribe({
      events(events, origin) {
        // A redelivery is noted by the head watch itself.
        if (origin !== 'redelivered') for (const event of events) heads.delivered(event)
      },
    }),
  ]

  app.decorate('live', {
    io: server.io,
    feed,
    onEvent(listener) {
      unsubscribe.push(
        bus.subscribe({
          events: (events) => {
            for (const event of events) listener(event)
          },
        }),
      )
    },
    sweep: () => heads.sweep(),
    endSessions: (ended) => server.endSessions(ended),
  })
  app.decorate('publisher', bus)

  // socket.io and @fastify/websocket on one port (see shared/PLATFORM.md): the plugin gets
  // its own upgrade emitter, fed only the upgrades that are not socket.io's.
  const wsUpgrades = new EventEmitter()
  await app.register(websocket, { options: { server: wsUpgrades as never, maxPayload: 4096 } })
  const forwardUpgrade = (...args: unknown[]) => {
    const [request, socket] = args as [IncomingMessage, Duplex]
    if (request.url?.startsWith('/socket.io/')) return
    // The plain feed shares socket.io's count per address: its connection holds a place from the
    // upgrade until the TCP connection closes, and one past the cap is refused before it is accepted.
    const release = server.holdConnection(request)
    if (!release) return refuseUpgrade(socket, 429, 'Too Many Requests', { error: server.connectionRefusal })
    socket.once('close', release)
    wsUpgrades.emit('upgrade', ...args)
  }
  app.server.on('upgrade', forwardUpgrade)

  app.get<{ Params: { competitionId: number } }>(
    `${config.apiBase}/live/:competitionId`,
    {
      websocket: true,
      schema: {
        params: {
          type: 'object',
          properties: { competitionId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
          required: ['competitionId'],
        },
      },
    },
    (socket, request) => feed.connect(socket, request.params.competitionId),
  )

  app.addHook('preClose', async () => {
    app.server.off('upgrade', forwardUpgrade)
    for (const end of unsubscribe) end()
    heads.stop()
    feed.close()
    await server.close()
  })
})

/** Answers an upgrade request with a plain HTTP error (as ws does for a handshake it refuses) and closes it once written. */
function refuseUpgrade(socket: Duplex, status: number, statusText: string, body: { error: string }) {
  const json = JSON.stringify(body)
  socket.on('error', () => {}) // the client may be gone already
  socket.once('finish', () => socket.destroy())
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Retry-After: 10\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
  )
}
