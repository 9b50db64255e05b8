// The socket.io side of the live layer, built from its dependencies
// (socket.io's CRUD example: createApplication(httpServer, deps)).
//
// - Rooms: `competition:<id>` (of a challenge that exists) and `global`, joined by
//   `subscribe`, at most `maxRoomsPerSocket` per socket; `user:<id>` joined at connection
//   for a socket that presented a valid access token (progress only). Logging out of all
//   sessions disconnects the user's sockets on every node (`disconnectUser`).
// - The handshake checks the token on every connection, recovered ones included (a
//   recovered session must not outlive a logout).
// - One count per client address on this node covers engine.io sessions (from the bare
//   handshake, before any namespace) and plain-feed connections (`holdConnection`):
//   past `maxConnectionsPerAddress` the next is refused before it is accepted.
// - Every payload a client sends is checked against its contract schema (compiled once)
//   before a handler sees it; a bad one is answered `{ error }` with a fixed sentence.
// - `subscribe({ room, since })` joins first, then replays the outbox after `since`,
//   so nothing committed in between is lost; duplicates are harmless (clients order
//   and de-duplicate by seq).
// - Presence: each challenge room hears how many sockets watch it, over every node
//   (`presence`, not numbered; see presence.ts), and a subscriber hears it at once.
// - Broadcasts: `io.to(room).emit` encodes a packet once per room. With Redis, the
//   streams adapter carries it to every node and keeps it for connection state recovery.
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'
import { Server, type Socket } from 'socket.io'
import { createAdapter } from '@socket.io/redis-streams-adapter'
import type { Redis } from 'ioredis'
import { Compile } from 'typebox/compile'
import {
  GLOBAL_ROOM, parseRoom, SubscribeRequest, UnsubscribeRequest, userRoom,
  type Ack, type ClientEvents, type LiveAuth, type LiveEvent, type Room, type ServerEvents, type SubscribeResult, type UnsubscribeResult,
} from '../../contract/index.ts'
import type { EventPublisher } from '../../infra/live-publisher.ts'
import { liveStreamOptions } from '../../infra/live-redis.ts'
import type { LiveEventsRepository } from '../../infra/repositories/live-events.repository.ts'
import { createPresence, type PresenceOptions } from './presence.ts'

export interface SocketData {
  userId: number | null
}

export type LiveIo = Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>
type LiveSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>

export interface LiveServerDeps {
  /** The outbox: what a subscriber missed, and the rooms' current numbers. */
  liveEvents: LiveEventsRepository
  /** The user id of a valid access token of a live session; rejects with a sentence for the client otherwise. */
  verifySession(token: string): Promise<number>
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
  /** Emits committed events to their rooms (every node's clients, with Redis). */
  publisher: EventPublisher
  /** Emits events to this node's clients only (a repair; see head-watch.ts). */
  deliverLocally(events: readonly LiveEvent[]): void
  /** Public rooms with at least one socket on this node. */
  localRooms(): Iterable<Room>
  /** Disconnects every socket of this user, on every node (their sessions are not kept for recovery). */
  disconnectUser(userId: number): void
  /**
   * Takes one of the request's address's places (shared with socket.io) for a plain-feed connection:
   * the function that gives it back, or null when the address is at its cap (`connectionRefusal` says why).
   */
  holdConnection(request: IncomingMessage): (() => void) | null
  /** The sentence a connection refused for its address's cap carries. */
  connectionRefusal: string
  close(): Promise<void>
}

/** Public rooms one socket may follow at once (a screen shows one challenge and the global board). */
export const DEFAULT_MAX_ROOMS_PER_SOCKET = 20
/** Sockets one client address may hold on one node (a venue's Wi-Fi puts a hall of phones behind one address). */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 2500
/** Subscribes one socket may have waiting on the database at once. */
const MAX_SUBSCRIBES_IN_FLIGHT = 4
/**
 * How long an engine.io session may stay without connecting to a namespace before socket.io
 * closes it (its `connectTimeout`; the default is 45 s). A real client connects to '/' one round
 * trip after its handshake; a bare handshake holds one of its address's places only this long.
 */
const CONNECT_TIMEOUT_MS = 10_000
/**
 * A socket.io client refused over websocket sees only "websocket error": up to this many refused
 * websocket handshakes per address are let through uncounted, for at most REFUSAL_MS, so that the
 * namespace can answer them with the sentence; beyond that they are refused outright.
 */
const MAX_REFUSALS_PER_ADDRESS = 3
const REFUSAL_MS = 2000

const isSubscribeRequest = Compile(SubscribeRequest)
const isUnsubscribeRequest = Compile(UnsubscribeRequest)

/** The only texts a client's acknowledgement (or a refused handshake) can carry. */
const errors = (maxRooms: number, maxConnections: number) => ({
  badRequest: 'Send { room: "competition:<id>" | "global", since?: number | null }.',
  badUnsubscribe: 'Send { room: "competition:<id>" | "global" }.',
  tooMany: `At most ${maxRooms} rooms per connection; unsubscribe from rooms you no longer show.`,
  noSuchChallenge: 'There is no such challenge.',
  busy: 'Too many subscribe requests at once; wait for the answers.',
  unavailable: 'Live events are unavailable right now; please try again.',
  tooManyConnections: `Too many live connections from your address (at most ${maxConnections}); close other tabs or try again later.`,
}) as const

export function createLiveServer(httpServer: HttpServer, deps: LiveServerDeps): LiveServer {
  const maxRooms = deps.limits?.maxRoomsPerSocket ?? DEFAULT_MAX_ROOMS_PER_SOCKET
  const maxConnections = deps.limits?.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS
  const ERRORS = errors(maxRooms, maxConnections)
  // Places per client address: engine.io sessions and plain-feed connections alike.
  const connections = addressCounter()
  const refusals = addressCounter()
  // Handshakes admitted by allowRequest, until engine.io emits their session: a place taken, or a refusal to tell.
  const admitted = new WeakMap<IncomingMessage, () => void>()
  const refusing = new WeakMap<IncomingMessage, () => void>()
  const toRefuse = new WeakSet<object>()

  // Every engine.io handshake (polling or websocket, before any namespace; not the upgrade of an
  // existing session) passes here: a session holds its place from now until it closes.
  function allowRequest(req: IncomingMessage, callback: (message: string | null | undefined, success: boolean) => void) {
    const address = addressOf(req)
    if (connections.held(address) < maxConnections) {
      keepUntilConnection(admitted, req, connections.take(address))
      return callback(null, true)
    }
    const transport = (req as { _query?: { transport?: string } })._query?.transport
    if (transport === 'websocket' && refusals.held(address) < MAX_REFUSALS_PER_ADDRESS) {
      keepUntilConnection(refusing, req, refusals.take(address))
      return callback(null, true)
    }
    // engine.io answers a refused poll 403 (an upgrade 400) with its own body: a poll gets 429 and our sentence instead.
    const res = (req as { res?: ServerResponse }).res
    if (res && !res.headersSent) {
      res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '10' })
      res.end(JSON.stringify({ error: ERRORS.tooManyConnections }))
    }
    callback(ERRORS.tooManyConnections, false)
  }
  // engine.io goes from allowRequest to its 'connection' without waiting on I/O (generateId and ws's
  // upgrade are synchronous), so a reservation still pending on the next turn is of a handshake that
  // failed after it (an EIO=3 handshake, a bad websocket key): its place is given back.
  function keepUntilConnection(pending: WeakMap<IncomingMessage, () => void>, req: IncomingMessage, release: () => void) {
    pending.set(req, release)
    setImmediate(() => {
      if (pending.get(req) !== release) return
      pending.delete(req)
      release()
    })
  }

  const io: LiveIo = new Server(httpServer, {
    serveClient: false,
    allowRequest,
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

  io.engine.on('connection', (conn: { request: IncomingMessage; once(event: 'close', listener: () => void): unknown; close(): unknown }) => {
    const place = admitted.get(conn.request)
    if (place) {
      admitted.delete(conn.request)
      conn.once('close', place)
      return
    }
    const refusal = refusing.get(conn.request)
    if (!refusal) return
    refusing.delete(conn.request)
    // Over the cap: its namespace connect is answered with the sentence, and the session is closed soon whatever it does.
    toRefuse.add(conn)
    const timer = setTimeout(() => conn.close(), REFUSAL_MS)
    conn.once('close', () => {
      clearTimeout(timer)
      refusal()
    })
  })

  io.use((socket, next) => {
    if (toRefuse.has(socket.conn)) return next(Object.assign(new Error(ERRORS.tooManyConnections), { data: { status: 429 } }))
    const { token } = (socket.handshake.auth ?? {}) as LiveAuth
    socket.data.userId = null
    if (token === undefined || token === null || token === '') return next()
    deps.verifySession(String(token)).then(
      (userId) => {
        socket.data.userId = userId
        next()
      },
      (error: unknown) => {
        // The token service's messages are written for users ("Your session has expired…").
        next(Object.assign(new Error((error as Error).message), { data: { status: 401 } }))
      },
    )
  })

  const subscribesInFlight = new WeakMap<LiveSocket, number>()
  // Challenges are never deleted: one found stays found (bounded, in case of a scan of ids).
  const known = new Set<number>()
  async function challengeExists(id: number): Promise<boolean> {
    if (known.has(id)) return true
    const exists = await deps.challengeExists(id)
    if (exists) {
      if (known.size >= 100_000) known.clear()
      known.add(id)
    }
    return exists
  }
  const seqAfterJoin = batchedRoomSeq(deps.liveEvents)

  io.on('connection', (socket: LiveSocket) => {
    // A recovered socket comes back with its rooms: it keeps a private room only if its token (checked again) is that user's.
    const own = socket.data.userId === null ? null : userRoom(socket.data.userId)
    if (socket.recovered) for (const room of socket.rooms) if (room.startsWith('user:') && room !== own) void socket.leave(room)
    if (own) void socket.join(own)

    // Arguments arrive as whatever the client sent: each payload is checked before its handler runs.
    socket.on('subscribe', (...args: unknown[]) => {
      const { payload, ack } = payloadAndAck<SubscribeResult>(args)
      if (!ack) return // no one to answer: a subscribe is only useful with its answer
      if (!isSubscribeRequest.Check(payload)) return ack({ error: ERRORS.badRequest })
      void subscribe(socket, payload, ack)
    })
    socket.on('unsubscribe', (...args: unknown[]) => {
      const { payload, ack = () => {} } = payloadAndAck<UnsubscribeResult>(args)
      if (!isUnsubscribeRequest.Check(payload)) return ack({ error: ERRORS.badUnsubscribe })
      void socket.leave(payload.room)
      ack({ data: { room: payload.room } })
    })
  })

  async function subscribe(socket: LiveSocket, { room, since = null }: SubscribeRequest, ack: Ack<SubscribeResult>) {
    const wasIn = socket.rooms.has(room)
    if (!wasIn && publicRoomCount(socket) >= maxRooms) return ack({ error: ERRORS.tooMany })
    const inFlight = subscribesInFlight.get(socket) ?? 0
    if (inFlight >= MAX_SUBSCRIBES_IN_FLIGHT) return ack({ error: ERRORS.busy })
    subscribesInFlight.set(socket, inFlight + 1)
    try {
      if (!wasIn && room !== GLOBAL_ROOM && !(await challengeExists(Number(room.slice('competition:'.length))))) return ack({ error: ERRORS.noSuchChallenge })
      // Join before reading: an event committed meanwhile is either in the answer or pushed live (or both).
      await socket.join(room)
      const result = await deps.liveEvents.replaySince(room, since, { readSeq: () => seqAfterJoin(room) })
      deps.onSubscribed?.(room, result.seq)
      ack({ data: result })
      presence.sendTo(socket, room)
    } catch (error) {
      deps.log?.warn({ err: error, room }, 'live subscribe failed')
      if (!wasIn) void socket.leave(room) // a client already in the room keeps its live events
      ack({ error: ERRORS.unavailable })
    } finally {
      subscribesInFlight.set(socket, (subscribesInFlight.get(socket) ?? 1) - 1)
    }
  }

  const publisher: EventPublisher = {
    publish(events) {
      for (const event of events) io.to(event.room).emit('event', event)
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
    publisher,
    deliverLocally(events) {
      for (const event of events) io.local.to(event.room).emit('event', event)
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true)
    },
    holdConnection(request) {
      const address = addressOf(request)
      return connections.held(address) < maxConnections ? connections.take(address) : null
    },
    connectionRefusal: ERRORS.tooManyConnections,
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

/**
 * The client address a connection counts against: the TCP peer, as socket.io's `handshake.address`
 * (engine.io's remoteAddress) has always been; TRUST_PROXY's forwarded address is not used here.
 */
function addressOf(request: IncomingMessage): string {
  return request.socket.remoteAddress ?? ''
}

/** Counts per address; `take` returns the function that gives the place back (once). */
function addressCounter() {
  const counts = new Map<string, number>()
  return {
    held: (address: string) => counts.get(address) ?? 0,
    take(address: string): () => void {
      counts.set(address, (counts.get(address) ?? 0) + 1)
      let released = false
      return () => {
        if (released) return
        released = true
        const left = (counts.get(address) ?? 1) - 1
        if (left > 0) counts.set(address, left)
        else counts.delete(address)
      }
    },
  }
}

/**
 * Reads a room's seq once for everyone who asks while a read is pending, starting the
 * read on the next turn of the event loop. A caller that has joined the room before
 * asking gets a seq read after its join, so an event committed in between is either
 * counted in the seq or pushed to it live: a burst of subscribers (a hall of phones
 * reconnecting) costs one query per room, not one per client.
 */
export function batchedRoomSeq(liveEvents: Pick<LiveEventsRepository, 'roomSeq'>): (room: Room) => Promise<number> {
  const next = new Map<Room, Promise<number>>()
  return (room) => {
    let read = next.get(room)
    if (!read) {
      read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        next.delete(room) // later callers joined after this read began: they need a read of their own
        return liveEvents.roomSeq(room)
      })
      next.set(room, read)
    }
    return read
  }
}

/**
 * A client event's one payload, and the acknowledgement socket.io appends last when the client
 * asked for one. Any other number of arguments gives no payload (the schema check refuses it).
 */
function payloadAndAck<T>(args: unknown[]): { payload: unknown; ack?: Ack<T> } {
  const last = args.at(-1)
  const ack = typeof last === 'function' ? (last as Ack<T>) : undefined
  const payloads = ack ? args.slice(0, -1) : args
  return { payload: payloads.length === 1 ? payloads[0] : undefined, ack }
}

function publicRoomCount(socket: LiveSocket): number {
  let count = 0
  for (const room of socket.rooms) if (parseRoom(room)) count++
  return count
}

interface ClusterMessage {
  uid?: string
  nsp?: string
  type?: number
  data?: { requestId?: string; packet?: { data?: unknown[] } }
}

/**
 * Calls `onEvent` for every `event` broadcast that reaches this node from another process
 * (another node's `io.to(room).emit`, or the worker's stream entries), after its sockets got it.
 */
function tapRemoteBroadcasts(io: LiveIo, onEvent: (event: LiveEvent) => void) {
  const adapter = io.of('/').adapter as unknown as { uid: string; onMessage(message: ClusterMessage, offset?: string): unknown }
  const deliver = adapter.onMessage.bind(adapter)
  adapter.onMessage = (message, offset) => {
    const result = deliver(message, offset)
    if (message.type === 3 && message.uid !== adapter.uid && message.nsp === '/' && message.data?.requestId === undefined) {
      const [name, payload] = message.data?.packet?.data ?? []
      if (name === 'event' && isLiveEvent(payload)) onEvent(payload)
    }
    return result
  }
}

/** The shape of a broadcast from our own processes (not client input: the full schema's cost is not paid per event). */
function isLiveEvent(value: unknown): value is LiveEvent {
  const event = value as Partial<LiveEvent> | null
  return typeof event === 'object' && event !== null && typeof event.room === 'string' && Number.isSafeInteger(event.seq) && typeof event.type === 'string'
}
