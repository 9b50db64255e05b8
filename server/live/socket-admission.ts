// Socket admission: who may open a live connection on this node. One count per client address
// covers engine.io sessions (from the bare handshake, before any namespace) and plain-feed
// connections (`holdConnection`): past `maxConnectionsPerAddress` the next is refused before it is
// accepted, with a sentence. The handshake checks the token on every connection, recovered ones
// included (a recovered session must not outlive a logout).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { LiveAuth } from '../../contract/index.ts'
import { clientNetwork } from '../client-network.ts'
import type { LiveIo } from './socket-server.ts'

/** Sockets one client address may hold on one node (a venue's Wi-Fi puts a hall of phones behind one address). */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 2500
/**
 * How long an engine.io session may stay without connecting to a namespace before socket.io
 * closes it (its `connectTimeout`; the default is 45 s). A real client connects to '/' one round
 * trip after its handshake; a bare handshake holds one of its address's places only this long.
 */
export const CONNECT_TIMEOUT_MS = 10_000
/**
 * A socket.io client refused over websocket sees only "websocket error": up to this many refused
 * websocket handshakes per address are let through uncounted, for at most REFUSAL_MS, so that the
 * namespace can answer them with the sentence; beyond that they are refused outright.
 */
const MAX_REFUSALS_PER_ADDRESS = 3
const REFUSAL_MS = 2000

export interface AdmissionDeps {
  maxConnectionsPerAddress: number
  /** The user and login of a valid access token of a live session; rejects with a sentence for the client otherwise. */
  verifySession(token: string): Promise<{ userId: number; login: string | null }>
}

export interface Admission {
  /** socket.io's `allowRequest`: every engine.io handshake passes here. */
  allowRequest(req: IncomingMessage, callback: (message: string | null | undefined, success: boolean) => void): void
  /** Holds admitted sessions' places until they close, and checks each connection's token. */
  attach(io: LiveIo): void
  /** Takes one of the request's address's places for a plain-feed connection: the function that gives it back, or null at the cap. */
  holdConnection(request: IncomingMessage): (() => void) | null
  /** The sentence a connection refused for its address's cap carries. */
  refusal: string
}

export function createAdmission(deps: AdmissionDeps): Admission {
  const maxConnections = deps.maxConnectionsPerAddress
  const ERRORS = {
    tooManyConnections: `Too many live connections from your address (at most ${maxConnections}); close other tabs or try again later.`,
  } as const
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

  function attach(io: LiveIo) {
    io.engine.on(
      'connection',
      (conn: { request: IncomingMessage; once(event: 'close', listener: () => void): unknown; close(): unknown }) => {
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
      },
    )

    io.use((socket, next) => {
      if (toRefuse.has(socket.conn)) return next(Object.assign(new Error(ERRORS.tooManyConnections), { data: { status: 429 } }))
      const { token } = (socket.handshake.auth ?? {}) as LiveAuth
      socket.data.userId = null
      socket.data.login = null
      if (token === undefined || token === null || token === '') return next()
      deps.verifySession(String(token)).then(
        ({ userId, login }) => {
          socket.data.userId = userId
          socket.data.login = login
          next()
        },
        (error: unknown) => {
          // The token service's messages are written for users ("Your session has expired…").
          next(Object.assign(new Error((error as Error).message), { data: { status: 401 } }))
        },
      )
    })
  }

  return {
    allowRequest,
    attach,
    holdConnection(request) {
      const address = addressOf(request)
      return connections.held(address) < maxConnections ? connections.take(address) : null
    },
    refusal: ERRORS.tooManyConnections,
  }
}

/**
 * The client address a connection counts against: the TCP peer, as socket.io's `handshake.address`
 * (engine.io's remoteAddress) has always been; TRUST_PROXY's forwarded address is not used here.
 */
function addressOf(request: IncomingMessage): string {
  return clientNetwork(request.socket.remoteAddress ?? '')
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
