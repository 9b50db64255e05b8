// The plain WebSocket feed (`/api/live/:competitionId`) for scoreboards, OBS overlays
// and tools that don't speak socket.io: one JSON snapshot, then the room's events,
// strictly in seq order with no gaps and no repeats, so a client needs no logic.
//
// The ordering work is done once per room on this node, not per client: a room keeps
// one sequencer; an event that arrives early waits until the one before it arrives
// or, after `gapWaitMs` (LIVE_GAP_WAIT_MS), is fetched from the outbox (it is there: seq N+1 is only
// written after N committed). Each event is serialized once per room. Idle clients
// cost no timers and no queries: one heartbeat interval serves every feed client.
//
// The snapshot a client starts from is serialized once per room and seq (the same
// per-change cache as the REST participants answer, server/live/snapshot.ts): a burst of
// clients of an unchanged room costs one database read and gets the same bytes; an event
// of the room makes the next client's snapshot read once more.
import WebSocket from 'ws'
import { challengeRoom, type LiveEvent, type LiveFeedMessage, type Room } from '../../contract/index.ts'
import { RoomSequencer } from '../../contract/live-sequencer.ts'
import type { LiveEventsRepository } from '../../infra/repositories/live-events.repository.ts'
import type { ParticipantsRepository } from '../../infra/repositories/participants.repository.ts'
import { createSnapshotCache } from './snapshot.ts'

const HEARTBEAT_MS = 30_000
/** A client this far behind on its socket is dropped (it reconnects and gets a fresh snapshot). */
const MAX_BUFFERED_BYTES = 1 << 20

interface FeedClient {
  ws: WebSocket
  /** The last seq this client has (its snapshot's or its last event's). */
  after: number
  /** Events held while the client catches up from its snapshot; null once live. */
  queue: LiveEvent[] | null
  alive: boolean
}

interface FeedRoom {
  name: Room
  clients: Set<FeedClient>
  sequencer: RoomSequencer<LiveEvent>
  gapTimer: NodeJS.Timeout | null
  filling: boolean
}

export interface LiveFeedDeps {
  /** Where the snapshots come from. */
  participants: ParticipantsRepository
  /** The outbox, which fills the gaps. */
  liveEvents: LiveEventsRepository
  apiBase: string
  /** How long events ahead of a gap wait for the missing one (with several nodes, most gaps fill by themselves). */
  gapWaitMs: number
  log?: { warn(obj: object, msg: string): void }
  /** Called when a room starts on this node: its stream begins after `seq`. */
  onBaseline?: (room: Room, seq: number) => void
}

export class LiveFeed {
  readonly #rooms = new Map<Room, FeedRoom>()
  #heartbeat: NodeJS.Timeout | null = null
  #clients = 0
  readonly #snapshots: ReturnType<typeof createSnapshotCache>

  constructor(private readonly deps: LiveFeedDeps) {
    this.#snapshots = createSnapshotCache(deps, deps.apiBase, (snapshot) => JSON.stringify(snapshot satisfies LiveFeedMessage))
  }

  get clientCount(): number {
    return this.#clients
  }

  /** Rooms with feed clients on this node. */
  rooms(): Iterable<Room> {
    return this.#rooms.keys()
  }

  /** Every committed event this node learns of (its own publishes and other processes'). */
  deliver(event: LiveEvent): void {
    this.#snapshots.noteEvent(event)
    const room = this.#rooms.get(event.room)
    if (!room) return
    this.#dispatch(room, room.sequencer.push(event))
    this.#watchGap(room)
  }

  async connect(ws: WebSocket, challengeId: number): Promise<void> {
    const name = challengeRoom(challengeId)
    let room = this.#rooms.get(name)
    if (!room) {
      room = { name, clients: new Set(), sequencer: new RoomSequencer<LiveEvent>(null), gapTimer: null, filling: false }
      this.#rooms.set(name, room)
    }
    const joined = room
    const client: FeedClient = { ws, after: 0, queue: [], alive: true }
    joined.clients.add(client)
    this.#clients++
    this.#startHeartbeat()
    ws.on('pong', () => {
      client.alive = true
    })
    ws.on('close', () => this.#leave(joined, client))
    ws.on('message', () => {}) // nothing to say to us; the route's maxPayload bounds it

    try {
      const snapshot = await this.#snapshots.get(challengeId)
      if (!snapshot) {
        send(client, JSON.stringify({ type: 'error', message: `Challenge ${challengeId} does not exist.` } satisfies LiveFeedMessage))
        ws.close(4404, 'challenge not found')
        return
      }
      if (ws.readyState !== WebSocket.OPEN) return
      send(client, snapshot.json)
      client.after = snapshot.seq
      const roomSeq = joined.sequencer.seq
      if (roomSeq === null) {
        // The room's first snapshot sets where its stream starts.
        this.deps.onBaseline?.(joined.name, snapshot.seq)
        this.#dispatch(joined, joined.sequencer.reset(snapshot.seq))
      } else if (roomSeq > snapshot.seq) {
        // The room already passed this snapshot: the events in between come from the outbox.
        for (const event of await this.deps.liveEvents.between(joined.name, snapshot.seq, roomSeq))
          sendEvent(client, event, JSON.stringify(event))
      }
      const queued = client.queue ?? []
      client.queue = null
      for (const event of queued) sendEvent(client, event, JSON.stringify(event))
      this.#watchGap(joined)
    } catch (error) {
      this.deps.log?.warn({ err: error, room: name }, 'live feed snapshot failed')
      send(
        client,
        JSON.stringify({ type: 'error', message: 'The live feed is unavailable right now; please reconnect.' } satisfies LiveFeedMessage),
      )
      ws.close(1011, 'unavailable')
    }
  }

  close(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat)
    this.#heartbeat = null
    for (const room of this.#rooms.values()) {
      if (room.gapTimer) clearTimeout(room.gapTimer)
      for (const client of room.clients) client.ws.close(1001, 'server shutting down')
    }
    this.#rooms.clear()
  }

  #dispatch(room: FeedRoom, events: LiveEvent[]) {
    for (const event of events) {
      const json = JSON.stringify(event) // once per room, whatever the number of clients
      for (const client of room.clients) {
        if (client.queue) client.queue.push(event)
        else sendEvent(client, event, json)
      }
    }
  }

  /** Starts one timer per room while events wait on a missing one; the outbox fills the gap. */
  #watchGap(room: FeedRoom) {
    if (!room.sequencer.gap) {
      if (room.gapTimer) clearTimeout(room.gapTimer)
      room.gapTimer = null
      return
    }
    if (room.gapTimer || room.filling) return
    room.gapTimer = setTimeout(() => void this.#fillGap(room), this.deps.gapWaitMs)
  }

  async #fillGap(room: FeedRoom) {
    room.gapTimer = null
    const gap = room.sequencer.gap
    if (!gap || this.#rooms.get(room.name) !== room) return
    room.filling = true
    try {
      this.#dispatch(room, room.sequencer.pushAll(await this.deps.liveEvents.between(room.name, gap.after, gap.upTo)))
    } catch (error) {
      this.deps.log?.warn({ err: error, room: room.name }, 'live feed gap fill failed')
    } finally {
      room.filling = false
    }
    if (this.#rooms.get(room.name) === room) this.#watchGap(room)
  }

  #leave(room: FeedRoom, client: FeedClient) {
    if (!room.clients.delete(client)) return
    this.#clients--
    if (room.clients.size === 0 && this.#rooms.get(room.name) === room) {
      if (room.gapTimer) clearTimeout(room.gapTimer)
      this.#rooms.delete(room.name)
    }
    if (this.#clients === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat)
      this.#heartbeat = null
    }
  }

  #startHeartbeat() {
    if (this.#heartbeat) return
    // One interval for every feed client of this node: ping, and drop whoever missed the last one.
    this.#heartbeat = setInterval(() => {
      for (const room of this.#rooms.values()) {
        for (const client of room.clients) {
          if (!client.alive) {
            client.ws.terminate()
            continue
          }
          client.alive = false
          client.ws.ping()
        }
      }
    }, HEARTBEAT_MS)
    this.#heartbeat.unref()
  }
}

function sendEvent(client: FeedClient, event: LiveEvent, json: string) {
  if (event.seq <= client.after) return
  client.after = event.seq
  send(client, json)
}

function send(client: FeedClient, json: string) {
  const { ws } = client
  if (ws.readyState !== WebSocket.OPEN) return
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    ws.terminate()
    return
  }
  ws.send(json)
}
