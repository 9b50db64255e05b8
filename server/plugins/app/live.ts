// Live events: socket.io and the plain WebSocket feed on the API's port, and
// `app.publisher`, through which the repositories' writes announce after they commit.
// The live layer reads the outbox and snapshots through `app.repos` (registered before it).
// With REDIS_URL, socket.io's Redis Streams adapter links every server process
// (and the worker's publisher, infra/live-redis.ts); without, one process.
import { EventEmitter } from 'node:events'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import fp from 'fastify-plugin'
import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import type { LiveEvent } from '../../../contract/index.ts'
import type { EventPublisher } from '../../../infra/live-publisher.ts'
import { openLiveRedis } from '../../../infra/live-redis.ts'
import { LiveFeed } from '../../live/feed.ts'
import { HeadWatch } from '../../live/head-watch.ts'
import { createLiveServer, type LiveServer } from '../../live/socket-server.ts'

declare module 'fastify' {
  interface FastifyInstance {
    publisher: EventPublisher
    live: {
      io: LiveServer['io']
      feed: LiveFeed
      /** Calls `listener` with every event this node learns of: its own, other nodes' and the worker's, and redeliveries. */
      onEvent(listener: (event: LiveEvent) => void): void
      /** Compares this node's delivered seqs with the outbox now (it also runs on a timer). */
      sweep(): Promise<void>
      /** Disconnects every socket.io connection of this user, on every node (after "log out of all sessions"). */
      disconnectUser(userId: number): void
    }
  }
}

export default fp(async function live(app: FastifyInstance) {
  const { config } = app.deps
  const { liveEvents, participants, competitions } = app.repos
  const redis = config.redisUrl ? openLiveRedis(config.redisUrl, (err) => app.log.warn({ err }, 'live: Redis connection error')) : undefined
  const listeners: ((event: LiveEvent) => void)[] = []
  // Every event this node learns of reaches its plain-feed clients, is noted by the head watch and reaches the listeners.
  const deliveredHere = (event: LiveEvent) => {
    feed.deliver(event)
    heads.delivered(event)
    for (const listener of listeners) listener(event)
  }
  const feed: LiveFeed = new LiveFeed({ participants, liveEvents, apiBase: config.apiBase, gapWaitMs: config.liveGapWaitMs, log: app.log, onBaseline: (room, seq) => heads.baseline(room, seq) })
  const server = createLiveServer(app.server, {
    liveEvents,
    verifySession: (token) => app.tokens.verifySession(token),
    challengeExists: async (id) => (await competitions.findUploadRules(id)) !== null,
    limits: { maxConnectionsPerAddress: config.liveMaxConnectionsPerAddress, maxRoomsPerSocket: config.liveMaxRoomsPerSocket },
    corsOrigins: config.corsOrigins,
    redis: redis ? { client: redis.client, prefix: config.redisPrefix } : undefined,
    onRemoteEvent: deliveredHere,
    onSubscribed: (room, seq) => heads.baseline(room, seq),
    log: app.log,
  })
  const heads: HeadWatch = new HeadWatch({
    liveEvents,
    publish: (events) => app.publisher.publish(events),
    rooms: () => new Set([...server.localRooms(), ...feed.rooms()]),
    redeliver(events) {
      server.deliverLocally(events)
      for (const event of events) {
        feed.deliver(event)
        for (const listener of listeners) listener(event)
      }
    },
    log: app.log,
  })
  heads.start()

  app.decorate('live', {
    io: server.io, feed,
    onEvent: (listener) => void listeners.push(listener),
    sweep: () => heads.sweep(),
    disconnectUser: (userId) => server.disconnectUser(userId),
  })
  app.decorate('publisher', {
    publish(events) {
      server.publisher.publish(events)
      for (const event of events) deliveredHere(event)
    },
    progress: server.publisher.progress,
    judgeQueue: server.publisher.judgeQueue,
  } satisfies EventPublisher)

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

  app.get<{ Params: { competitionId: number } }>(`${config.apiBase}/live/:competitionId`, {
    websocket: true,
    schema: {
      params: {
        type: 'object',
        properties: { competitionId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
        required: ['competitionId'],
      },
    },
  }, (socket, request) => feed.connect(socket, request.params.competitionId))

  app.addHook('preClose', async () => {
    app.server.off('upgrade', forwardUpgrade)
    heads.stop()
    feed.close()
    await server.close()
  })
  app.addHook('onClose', async () => {
    await redis?.close()
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
