// The live client's shapes: what a screen's watcher gives, the client's state, its timing and
// dependencies (live-client.ts implements them).
import type { RoomSequencer } from '../../../../contract/live-sequencer.ts'
import type { LiveAuth, LiveEvent, Room, TranscodeProgress } from '../contract.ts'
import type { LiveSocket } from './live-socket.ts'

export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'offline'

export interface RoomWatcher {
  /** The seq of the snapshot the screen shows; null when it has none (the global room). */
  seq: number | null
  apply: (event: LiveEvent) => void
  /** Refetches the REST snapshot; resolves with the seq it reflects. */
  resync: () => Promise<number | null>
}

/** One screen's watch of a room (the client's bookkeeping; screens only see their watcher). */
export interface RoomWatch {
  readonly room: Room
  readonly watcher: RoomWatcher
  /** Applies the room's events once each, in seq order; its seq is the state the screen shows. */
  sequencer: RoomSequencer<LiveEvent>
  /** The server has this socket in the room, or a subscribe is on its way. */
  subscribed: boolean
  /** The subscribe whose answer is awaited (0: none); an older answer is ignored. */
  awaiting: number
  requests: number
  resyncing: boolean
  lastResyncAt: number
  gapTimer: ReturnType<typeof setTimeout> | undefined
  closed: boolean
}

/** How a client kept up: subscribe answers applied, snapshot refetches, sessions recovered by socket.io. */
export interface LiveStats {
  replays: number
  resyncs: number
  recoveries: number
}

export interface LiveClientState {
  status: LiveStatus
  /** Rooms whose subscribe the server answered on the current connection (their screens are live). */
  liveRooms: Partial<Record<Room, true>>
  /** How many screens watch each challenge room now (the server's `presence`), while connected. */
  watching: Partial<Record<Room, number>>
  /** Transcode progress of the user's own uploads, by attempt id. */
  transcodes: Record<number, TranscodeProgress>
  /** The client's one socket, once opened (socket.io reconnects it by itself). */
  socket: LiveSocket | null
  /** How many watches are open (a screen on show follows a room). */
  watchCount: number
  /** The server refused our token once (a refresh follows); twice, and public rooms are joined without it (`anonymous`). */
  refusedOnce: boolean
  anonymous: boolean
  stats: LiveStats
}

export interface LiveTiming {
  subscribeTimeoutMs: number
  /** How often snapshots are refetched while the socket is down. */
  offlinePollMs: number
  /** Resyncs closer together than this wait, so a server that keeps ordering them is not hammered. */
  resyncSpacingMs: number
  /**
   * How long events ahead of a gap wait for the missing one before the client asks the server for it.
   * With several nodes a room's events routinely arrive a little out of order: most gaps fill by themselves.
   */
  gapWaitMs: number
}

export const LIVE_TIMING: LiveTiming = { subscribeTimeoutMs: 5000, offlinePollMs: 15_000, resyncSpacingMs: 3000, gapWaitMs: 500 }

export interface LiveClientDeps {
  /** Opens the client's socket with this handshake `auth` (socket.io-client's `io`). */
  openSocket: (auth: (cb: (data: LiveAuth) => void) => void) => LiveSocket | Promise<LiveSocket>
  /** The access token to present at each handshake (null: anonymous). */
  accessToken: () => string | null
  /** Refreshes the session after the server refused the token. */
  refreshSession: () => Promise<unknown>
  timing?: Partial<LiveTiming>
}

export interface LiveClient {
  getState: () => LiveClientState
  /** Calls `listener` after each change of the state, with the state before it. */
  subscribe: (listener: (state: LiveClientState, previous: LiveClientState) => void) => () => void
  /** Follows `room` for `watcher` until the returned function is called. */
  watch: (room: Room, watcher: RoomWatcher) => () => void
  /** Connects without watching a room (the upload page only needs its transcode progress). */
  connect: () => void
  /** The signed-in user changed: the socket reconnects as them (transcode progress goes to the uploader only). */
  userChanged: () => void
  /**
   * The device's network is back. A socket that still says connected may be dead without knowing it
   * (socket.io would notice at its ping timeout, up to 45 s later): drop its transport, so it
   * reconnects at once and subscribes since the last applied seq.
   */
  networkBack: () => void
}
