// The socket.io side of the live layer, built from its dependencies (socket.io's CRUD example:
// createApplication(httpServer, deps)), in three parts with one job each:
// - admission (socket-admission.ts): connection caps per address and the token check;
// - subscriptions (socket-subscriptions.ts): private rooms, subscribe/unsubscribe and the replay;
// - the cluster tap (cluster-tap.ts): events other processes broadcast, for this node's other listeners.
// This file builds the server from them, is the live bus's subscriber for socket.io's rooms, and
// ends sessions on every node after a logout. Presence ("N watching now") is presence.ts.
// Broadcasts: `io.to(room).emit` encodes a packet once per room. With Redis, the streams adapter
// carries it to every node and keeps it for connection state recovery.
import type { IncomingMessage, Server as HttpServer } from 'node:http'
import { Server, type Socket } from 'socket.io'
import { createAdapter } from '@socket.io/redis-streams-adapter'
import type { Redis } from 'ioredis'
import { parseRoom, userRoom, type ClientEvents, type LiveEvent, type Room, type ServerEvents } from '../../contract/index.ts'
import type { LiveListener } from '../../infra/live-bus.ts'
import { liveStreamOptions } from '../../infra/live-redis.ts'
import type { LiveEventsRepository } from '../../infra/repositories/live-events.repository.ts'
import type { EndedSessions } from '../services/tokens.service.ts'
import { tapRemoteBroadcasts } from './cluster-tap.ts'
import { createPresence, type PresenceOptions } from './presence.ts'
import { CONNECT_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, createAdmission } from './socket-admission.ts'
import { DEFAULT_MAX_ROOMS_PER_SOCKET, handleSubscriptions, loginRoom } from './socket-subscriptions.ts'

export { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from './socket-admission.ts'
export { DEFAULT_MAX_ROOMS_PER_SOCKET, batchedRoomSeq } from './socket-subscriptions.ts'

export interface SocketData {
  userId: number | null
  /** The login (refresh-token family) of the socket's access token. */
  login: string | null
}

/** Between server nodes (socket.io's serverSideEmit over the adapter): sessions a logout ended. */
export interface InterServerEvents {
  'sessions:ended': (ended: EndedSessions, ack: (done: boolean) => void) => void
}

export type LiveIo = Server<ClientEvents, ServerEvents, InterServerEvents, SocketData>
export type LiveSocket = Socket<ClientEvents, ServerEvents, InterServerEvents, SocketData>

export interface LiveServerDeps {
  /** The outbox: what a subscriber missed, and the rooms' current numbers. */
  liveEvents: LiveEventsRepository
  /** The user and login of a valid access token of a live session; rejects with a sentence for the client otherwise. */
  verifySession(token: string): Promise<{ userId: number; login: string | null }>
  /** Called on this node when a logout on another node ended sessions (forget what is remembered of them). */
  onSessionsEnded?: (ended: EndedSessions) => void
  /** The longest a logout waits for the other nodes to confirm (beyond it, what they remember has expired anyway). */
  sessionsEndedWaitMs?: number
  /** Whether a challenge exists (a subscribe to any other `competition:<id>` is refused). */
  challengeExists(id: number): Promise<boolean>
  /** Defaults: DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, DEFAULT_MAX_ROOMS_PER_SOCKET. */
  limits?: { maxConnectionsPerAddress?: number; maxRoomsPerSocket?: number }
  corsOrigins: readonly string[]
  /** Multi-node: the streams adapter over this client, with keys under `redisPrefix`. */
  redis?: { client: Redis; prefix: string }
  /** Called with every event another process broadcast (this node's plain feed needs them too). */
  onRemoteEvent?: (event: LiveEvent) => void
  /** Called when a subscribe was answered: the subscriber's state now includes every event up to `seq`. */
  onSubscribed?: (room: Room, seq: number) => void
  log?: { warn(obj: object, msg: string): void }
  /** How long a dropped client's session (rooms, missed packets) is kept for recovery. */
  recoveryWindowMs?: number
  /** "N watching now" timing (server/live/presence.ts); defaults: PRESENCE_DEFAULTS. */
  presence?: PresenceOptions
}

export interface LiveServer {
  io: LiveIo
  /**
   * The live bus's subscriber for socket.io's rooms: committed events go to their rooms on every
   * node (with Redis), redelivered ones (a repair; see head-watch.ts) to this node's clients only,
   * and remote ones are left alone (the adapter delivered them already).
   */
  rooms: LiveListener
  /** Public rooms with at least one socket on this node. */
  localRooms(): Iterable<Room>
  /**
   * Disconnects the sockets of the ended sessions on every node (not kept for recovery) and, with
   * several nodes, has every other node run `onSessionsEnded`: resolves once they all did, or after
   * `sessionsEndedWaitMs`.
   */
  endSessions(ended: EndedSessions): Promise<void>
  /**
   * Takes one of the request's address's places (shared with socket.io) for a plain-feed connection:
   * the function that gives it back, or null when the address is at its cap (`connectionRefusal` says why).
   */
  holdConnection(request: IncomingMessage): (() => void) | null
  /** The sentence a connection refused for its address's cap carries. */
  connectionRefusal: string
  close(): Promise<void>
}

export function createLiveServer(httpServer: HttpServer, deps: LiveServerDeps): LiveServer {
  const admission = createAdmission({
    maxConnectionsPerAddress: deps.limits?.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
    verifySession: deps.verifySession,
  })
  const io: LiveIo = new Server(httpServer, {
    serveClient: false,
    allowRequest: admission.allowRequest,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // @fastify/websocket shares the port: leave upgrades that are not socket.io's to it.
    destroyUpgrade: false,
    // Clients only send subscribe/unsubscribe.
    maxHttpBufferSize: 16 * 1024,
    cors: deps.corsOrigins.length > 0 ? { origin: [...deps.corsOrigins] } : undefined,
    // skipMiddlewares: false — a recovered connection presents its token again and it is checked again.
    connectionStateRecovery: { maxDisconnectionDuration: deps.recoveryWindowMs ?? 2 * 60_000, skipMiddlewares: false },
    ...(deps.redis ? { adapter: createAdapter(deps.redis.client, liveStreamOptions(deps.redis.prefix)) } : {}),
  })
  if (deps.redis && deps.onRemoteEvent) tapRemoteBroadcasts(io, deps.onRemoteEvent)
  const presence = createPresence({ io, redis: deps.redis, log: deps.log, ...deps.presence })
  admission.attach(io)

  io.on('sessions:ended', (ended, ack) => {
    deps.onSessionsEnded?.(ended)
    ack(true)
  })

  handleSubscriptions(io, {
    liveEvents: deps.liveEvents,
    challengeExists: deps.challengeExists,
    maxRoomsPerSocket: deps.limits?.maxRoomsPerSocket ?? DEFAULT_MAX_ROOMS_PER_SOCKET,
    onSubscribed: deps.onSubscribed,
    afterSubscribe: (socket, room) => presence.sendTo(socket, room),
    log: deps.log,
  })

  const rooms: LiveListener = {
    events(events, origin) {
      if (origin === 'committed') for (const event of events) io.to(event.room).emit('event', event)
      else if (origin === 'redelivered') for (const event of events) io.local.to(event.room).emit('event', event)
    },
    progress(userId, progress) {
      io.to(userRoom(userId)).emit('transcode:progress', progress)
    },
    judgeQueue(userIds, change) {
      if (userIds.length > 0) io.to(userIds.map(userRoom)).emit('judge:queue', change)
    },
  }

  return {
    io,
    rooms,
    async endSessions(ended) {
      const rooms = ended.all ? [userRoom(ended.userId)] : ended.logins.map(loginRoom)
      if (rooms.length > 0) io.in(rooms).disconnectSockets(true)
      if (!deps.redis) return
      // The other nodes forget what they remember of these sessions, and confirm. Past the wait, a
      // node that did not confirm has let its memory of them expire anyway (VERSION_CACHE_MS).
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        io
          .serverSideEmitWithAck('sessions:ended', ended)
          .catch((error: unknown) => deps.log?.warn({ err: error }, 'live: a node did not confirm a logout')),
        new Promise((resolve) => {
          timer = setTimeout(resolve, deps.sessionsEndedWaitMs ?? 1000)
        }),
      ])
      clearTimeout(timer)
    },
    holdConnection: admission.holdConnection,
    connectionRefusal: admission.refusal,
    *localRooms() {
      for (const room of io.of('/').adapter.rooms.keys()) {
        const parsed = parseRoom(room)
        if (parsed) yield parsed
      }
    },
    async close() {
      await presence.close()
      // Closing the engine drops every client with a recoverable reason, so their sessions are
      // kept (in Redis with several nodes) and a reconnect to any node can resume where it left off.
      io.engine.close()
      await Promise.all([...io._nsps.values()].map((nsp) => nsp.adapter.close()))
    },
  }
}
