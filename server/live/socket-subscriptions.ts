// Socket subscriptions: the rooms a live connection follows.
// - `competition:<id>` (of a challenge that exists) and `global`, joined by `subscribe`, at most
//   `maxRoomsPerSocket` per socket; `user:<id>` joined at connection for a socket that presented a
//   valid access token (progress only), and `login:<family>` for its login.
// - Every payload a client sends is checked against its contract schema (compiled once) before a
//   handler sees it; a bad one is answered `{ error }` with a fixed sentence.
// - `subscribe({ room, since })` joins first, then replays the outbox after `since`, so nothing
//   committed in between is lost; duplicates are harmless (clients order and de-duplicate by seq).
import { Compile } from 'typebox/compile'
import {
  GLOBAL_ROOM,
  parseRoom,
  SubscribeRequest,
  UnsubscribeRequest,
  userRoom,
  type Ack,
  type Room,
  type SubscribeResult,
  type UnsubscribeResult,
} from '../../contract/index.ts'
import type { LiveEventsRepository } from '../../infra/repositories/live-events.repository.ts'
import type { LiveIo, LiveSocket } from './socket-server.ts'

/** The private room of one login's sockets. */
export const loginRoom = (login: string) => `login:${login}`
/** Rooms a socket joins for who it is (never joined by `subscribe`). */
const isPrivateRoom = (room: string) => room.startsWith('user:') || room.startsWith('login:')

/** Public rooms one socket may follow at once (a screen shows one challenge and the global board). */
export const DEFAULT_MAX_ROOMS_PER_SOCKET = 20
/** Subscribes one socket may have waiting on the database at once. */
const MAX_SUBSCRIBES_IN_FLIGHT = 4

const isSubscribeRequest = Compile(SubscribeRequest)
const isUnsubscribeRequest = Compile(UnsubscribeRequest)

export interface SubscriptionDeps {
  /** The outbox: what a subscriber missed, and the rooms' current numbers. */
  liveEvents: LiveEventsRepository
  /** Whether a challenge exists (a subscribe to any other `competition:<id>` is refused). */
  challengeExists(id: number): Promise<boolean>
  maxRoomsPerSocket: number
  /** Called when a subscribe was answered: the subscriber's state now includes every event up to `seq`. */
  onSubscribed?: (room: Room, seq: number) => void
  /** Called right after a subscribe was answered (presence tells the subscriber how many watch). */
  afterSubscribe?: (socket: LiveSocket, room: Room) => void
  log?: { warn(obj: object, msg: string): void }
}

/** Joins each connection to its private rooms and answers its subscribe and unsubscribe requests. */
export function handleSubscriptions(io: LiveIo, deps: SubscriptionDeps) {
  const maxRooms = deps.maxRoomsPerSocket
  /** The only texts a client's acknowledgement can carry. */
  const ERRORS = {
    badRequest: 'Send { room: "competition:<id>" | "global", since?: number | null }.',
    badUnsubscribe: 'Send { room: "competition:<id>" | "global" }.',
    tooMany: `At most ${maxRooms} rooms per connection; unsubscribe from rooms you no longer show.`,
    noSuchChallenge: 'There is no such challenge.',
    busy: 'Too many subscribe requests at once; wait for the answers.',
    unavailable: 'Live events are unavailable right now; please try again.',
  } as const

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
    // A recovered socket comes back with its rooms: it keeps a private room only if its token (checked again) is that user's and login's.
    const own = [
      ...(socket.data.userId === null ? [] : [userRoom(socket.data.userId)]),
      ...(socket.data.login === null ? [] : [loginRoom(socket.data.login)]),
    ]
    if (socket.recovered) for (const room of socket.rooms) if (isPrivateRoom(room) && !own.includes(room)) void socket.leave(room)
    if (own.length > 0) void socket.join(own)

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
      if (!wasIn && room !== GLOBAL_ROOM && !(await challengeExists(Number(room.slice('competition:'.length)))))
        return ack({ error: ERRORS.noSuchChallenge })
      // Join before reading: an event committed meanwhile is either in the answer or pushed live (or both).
      await socket.join(room)
      const result = await deps.liveEvents.replaySince(room, since, { readSeq: () => seqAfterJoin(room) })
      deps.onSubscribed?.(room, result.seq)
      ack({ data: result })
      deps.afterSubscribe?.(socket, room)
    } catch (error) {
      deps.log?.warn({ err: error, room }, 'live subscribe failed')
      if (!wasIn) void socket.leave(room) // a client already in the room keeps its live events
      ack({ error: ERRORS.unavailable })
    } finally {
      subscribesInFlight.set(socket, (subscribesInFlight.get(socket) ?? 1) - 1)
    }
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
