// The socket.io side of the live layer, built from its dependencies
// (socket.io's CRUD example: createApplication(httpServer, deps)).
//
// - Rooms: `competition:<id>` and `global`, joined by `subscribe`; `user:<id>` joined
//   at connection for a socket that presented a valid access token (progress only).
// - Every payload a client sends is checked against its contract schema (compiled once)
//   before a handler sees it; a bad one is answered `{ error }` with a fixed sentence.
// - `subscribe({ room, since })` joins first, then replays the outbox after `since`,
//   so nothing committed in between is lost; duplicates are harmless (clients order
//   and de-duplicate by seq).
// - Broadcasts: `io.to(room).emit` encodes a packet once per room. With Redis, the
//   streams adapter carries it to every node and keeps it for connection state recovery.
import type { Server as HttpServer } from 'node:http'
import { Server, type Socket } from 'socket.io'
import { createAdapter } from '@socket.io/redis-streams-adapter'
import type { Redis } from 'ioredis'
import { Compile } from 'typebox/compile'
import {
  parseRoom, SubscribeRequest, UnsubscribeRequest, userRoom,
  type Ack, type ClientEvents, type LiveAuth, type LiveEvent, type Room, type ServerEvents, type SubscribeResult, type UnsubscribeResult,
} from '../../contract/index.ts'
import type { EventPublisher } from '../../infra/live-publisher.ts'
import { liveStreamOptions } from '../../infra/live-redis.ts'
import type { LiveEventsRepository } from '../../infra/repositories/live-events.repository.ts'

export interface SocketData {
  userId: number | null
}

export type LiveIo = Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>
type LiveSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>

export interface LiveServerDeps {
  /** The outbox: what a subscriber missed, and the rooms' current numbers. */
  liveEvents: LiveEventsRepository
  /** The user id of a valid access token; throws with a sentence for the client otherwise. */
  verifyAccess(token: string): number
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
}

export interface LiveServer {
  io: LiveIo
  /** Emits committed events to their rooms (every node's clients, with Redis). */
  publisher: EventPublisher
  /** Emits events to this node's clients only (a repair; see head-watch.ts). */
  deliverLocally(events: readonly LiveEvent[]): void
  /** Public rooms with at least one socket on this node. */
  localRooms(): Iterable<Room>
  close(): Promise<void>
}

/** Public rooms one socket may follow at once (a screen shows one challenge and the global board). */
export const MAX_ROOMS_PER_SOCKET = 20
/** Subscribes one socket may have waiting on the database at once. */
const MAX_SUBSCRIBES_IN_FLIGHT = 4

const isSubscribeRequest = Compile(SubscribeRequest)
const isUnsubscribeRequest = Compile(UnsubscribeRequest)

/** The only texts a client's acknowledgement can carry. */
const ERRORS = {
  badRequest: 'Send { room: "competition:<id>" | "global", since?: number | null }.',
  badUnsubscribe: 'Send { room: "competition:<id>" | "global" }.',
  tooMany: `At most ${MAX_ROOMS_PER_SOCKET} rooms per connection; unsubscribe from rooms you no longer show.`,
  busy: 'Too many subscribe requests at once; wait for the answers.',
  unavailable: 'Live events are unavailable right now; please try again.',
} as const

export function createLiveServer(httpServer: HttpServer, deps: LiveServerDeps): LiveServer {
  const io: LiveIo = new Server(httpServer, {
    serveClient: false,
    // @fastify/websocket shares the port: leave upgrades that are not socket.io's to it.
    destroyUpgrade: false,
    // Clients only send subscribe/unsubscribe.
    maxHttpBufferSize: 16 * 1024,
    cors: deps.corsOrigins.length > 0 ? { origin: [...deps.corsOrigins] } : undefined,
    connectionStateRecovery: { maxDisconnectionDuration: deps.recoveryWindowMs ?? 2 * 60_000, skipMiddlewares: true },
    ...(deps.redis ? { adapter: createAdapter(deps.redis.client, liveStreamOptions(deps.redis.prefix)) } : {}),
  })
  if (deps.redis && deps.onRemoteEvent) tapRemoteBroadcasts(io, deps.onRemoteEvent)

  io.use((socket, next) => {
    const { token } = (socket.handshake.auth ?? {}) as LiveAuth
    socket.data.userId = null
    if (token === undefined || token === null || token === '') return next()
    try {
      socket.data.userId = deps.verifyAccess(String(token))
      next()
    } catch (error) {
      // The token service's messages are written for users ("Your session has expired…").
      next(Object.assign(new Error((error as Error).message), { data: { status: 401 } }))
    }
  })

  const subscribesInFlight = new WeakMap<LiveSocket, number>()
  const seqAfterJoin = batchedRoomSeq(deps.liveEvents)

  io.on('connection', (socket: LiveSocket) => {
    // A recovered socket comes back with its rooms; a new one joins its private room.
    if (!socket.recovered && socket.data.userId !== null) void socket.join(userRoom(socket.data.userId))

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
    if (!wasIn && publicRoomCount(socket) >= MAX_ROOMS_PER_SOCKET) return ack({ error: ERRORS.tooMany })
    const inFlight = subscribesInFlight.get(socket) ?? 0
    if (inFlight >= MAX_SUBSCRIBES_IN_FLIGHT) return ack({ error: ERRORS.busy })
    subscribesInFlight.set(socket, inFlight + 1)
    try {
      // Join before reading: an event committed meanwhile is either in the answer or pushed live (or both).
      await socket.join(room)
      const result = await deps.liveEvents.replaySince(room, since, { readSeq: () => seqAfterJoin(room) })
      deps.onSubscribed?.(room, result.seq)
      ack({ data: result })
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
  }

  return {
    io,
    publisher,
    deliverLocally(events) {
      for (const event of events) io.local.to(event.room).emit('event', event)
    },
    *localRooms() {
      for (const room of io.of('/').adapter.rooms.keys()) {
        const parsed = parseRoom(room)
        if (parsed) yield parsed
      }
    },
    async close() {
      // Closing the engine drops every client with a recoverable reason, so their sessions are
      // kept (in Redis with several nodes) and a reconnect to any node can resume where it left off.
      io.engine.close()
      await Promise.all([...io._nsps.values()].map((nsp) => nsp.adapter.close()))
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
