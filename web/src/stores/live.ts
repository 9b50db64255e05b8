// Live updates over socket.io. Screens watch a room with the snapshot they fetched over REST;
// the store subscribes since that snapshot's seq, and the shared RoomSequencer
// (contract/live-sequencer.ts) applies the room's events once each and in seq order. Events
// that arrive ahead of a gap wait for it; a gap still open after a short wait is asked of the
// server (a subscribe since the last applied seq replays it from the outbox); a resync order,
// a failed subscribe or too many waiting events refetch the snapshot. Without a socket the
// screens poll their snapshot instead, so they still work.
//
// Everything the connection needs lives in the store (one socket, its watches, the token
// refusals), so a store can be made per client: the app has one (`useLive`), and the live
// tests make theirs with `createLiveStore` against a real server.
import { useEffect, useRef } from 'react'
import { create } from 'zustand'
import type { Socket } from 'socket.io-client'
import { RoomSequencer } from '../../../contract/live-sequencer.ts'
import type { ClientEvents, LiveAuth, LiveEvent, Room, ServerEvents, TranscodeProgress } from '../lib/contract.ts'
import { refreshSession } from '../lib/api-client.ts'
import { readSession } from '../lib/session-storage.ts'
import { useSession } from './session.ts'

export type LiveSocket = Socket<ServerEvents, ClientEvents>
export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'offline'

export interface RoomWatcher {
  /** The seq of the snapshot the screen shows; null when it has none (the global room). */
  seq: number | null
  apply: (event: LiveEvent) => void
  /** Refetches the REST snapshot; resolves with the seq it reflects. */
  resync: () => Promise<number | null>
}

/** One screen's watch of a room (the store's bookkeeping; screens only see their watcher). */
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

/** How a store kept up: subscribe answers applied, snapshot refetches, sessions recovered by socket.io. */
export interface LiveStats {
  replays: number
  resyncs: number
  recoveries: number
}

export interface LiveState {
  status: LiveStatus
  /** Rooms whose subscribe the server answered on the current connection (their screens are live). */
  liveRooms: Partial<Record<Room, true>>
  /** How many screens watch each challenge room now (the server's `presence`), while connected. */
  watching: Partial<Record<Room, number>>
  /** Transcode progress of the user's own uploads, by attempt id. */
  transcodes: Record<number, TranscodeProgress>
  /** The store's one socket, once opened (socket.io reconnects it by itself). */
  socket: LiveSocket | null
  /** The socket being opened (socket.io-client loads with the first live screen). */
  opening: Promise<LiveSocket | null> | null
  /** The rooms the screens on show watch. */
  watches: readonly RoomWatch[]
  /** Refetches every watched snapshot while the socket is down. */
  pollTimer: ReturnType<typeof setInterval> | undefined
  /** The server refused our token once (a refresh follows); twice, and public rooms are joined without it (`anonymous`). */
  refusedOnce: boolean
  anonymous: boolean
  stats: LiveStats
  watch: (room: Room, watcher: RoomWatcher) => () => void
  /** Connects without watching a room (the upload page only needs its transcode progress). */
  connect: () => void
}

export interface LiveTiming {
  subscribeTimeoutMs: number
  /** How often snapshots are refetched while the socket is down. */
  offlinePollMs: number
  /** Resyncs closer together than this wait, so a server that keeps ordering them is not hammered. */
  resyncSpacingMs: number
  /**
   * How long events ahead of a gap wait for the missing one before the store asks the server for it.
   * With several nodes a room's events routinely arrive a little out of order: most gaps fill by themselves.
   */
  gapWaitMs: number
}

export const LIVE_TIMING: LiveTiming = { subscribeTimeoutMs: 5000, offlinePollMs: 15_000, resyncSpacingMs: 3000, gapWaitMs: 500 }

export interface LiveStoreDeps {
  /** Opens the store's socket with this handshake `auth` (socket.io-client's `io`). */
  openSocket: (auth: (cb: (data: LiveAuth) => void) => void) => LiveSocket | Promise<LiveSocket>
  /** The access token to present at each handshake (null: anonymous). */
  accessToken: () => string | null
  /** Refreshes the session after the server refused the token. */
  refreshSession: () => Promise<unknown>
  /** Calls `listener` when the signed-in user changes: the socket reconnects as them. */
  onUserChange?: (listener: () => void) => void
  /** Calls `listener` when the device's network comes back (the browser's `online` event). */
  onNetworkBack?: (listener: () => void) => void
  timing?: Partial<LiveTiming>
}

export function createLiveStore(deps: LiveStoreDeps) {
  const timing: LiveTiming = { ...LIVE_TIMING, ...deps.timing }

  return create<LiveState>()((set, get) => {
    const count = (stat: keyof LiveStats) => set({ stats: { ...get().stats, [stat]: get().stats[stat] + 1 } })

    /** Polls while offline with something to watch, and only then. */
    function schedulePoll() {
      const { status, watches, pollTimer } = get()
      const wanted = status === 'offline' && watches.length > 0
      if (wanted === (pollTimer !== undefined)) return
      clearInterval(pollTimer)
      set({ pollTimer: wanted ? setInterval(() => get().watches.forEach((w) => void resync(w)), timing.offlinePollMs) : undefined })
    }

    function setStatus(status: LiveStatus) {
      if (get().status === status) return
      clearInterval(get().pollTimer)
      set({ status, pollTimer: undefined })
      schedulePoll()
    }

    function connect(): Promise<LiveSocket | null> {
      const { opening } = get()
      if (opening) return opening
      setStatus('connecting')
      const auth = (cb: (data: LiveAuth) => void) => cb(get().anonymous ? {} : { token: deps.accessToken() ?? undefined })
      const next = Promise.resolve()
        .then(() => deps.openSocket(auth))
        .then((s) => {
          listen(s)
          set({ socket: s })
          if (s.connected) onConnect(s) // a socket handed over already connected
          return s
        })
        .catch(() => {
          setStatus('offline')
          return null
        })
      set({ opening: next })
      return next
    }

    function listen(s: LiveSocket) {
      s.on('connect', () => onConnect(s))
      s.on('disconnect', () => {
        setStatus('offline')
        set({ liveRooms: {}, watching: {} }) // both belong to the connection that ended
      })
      s.on('connect_error', () => {
        setStatus('offline')
        // Inactive means the server refused the handshake (an expired token), so socket.io won't retry:
        // refresh the session and try again, and after a second refusal connect without a token.
        if (s.active) return
        const retry = get().anonymous ? Promise.resolve(null) : deps.refreshSession().catch(() => null)
        set({ anonymous: get().anonymous || get().refusedOnce, refusedOnce: true })
        void retry.then(() => s.connect())
      })
      s.on('event', (event) => get().watches.forEach((w) => w.room === event.room && deliver(w, event)))
      s.on('transcode:progress', (progress) => set({ transcodes: { ...get().transcodes, [progress.attempt_id]: progress } }))
      s.on('presence', ({ room, watching }) => {
        if (get().watching[room] !== watching && get().watches.some((w) => w.room === room)) set({ watching: { ...get().watching, [room]: watching } })
      })
    }

    function onConnect(s: LiveSocket) {
      setStatus('connected')
      set({ refusedOnce: false })
      if (s.recovered) count('recoveries')
      for (const w of get().watches) {
        // Recovered or not, ask for what follows the last applied seq. A recovered session keeps its
        // rooms and gets its missed packets, but an event broadcast between socket.io's read of those
        // packets and its joining the rooms again reaches neither; the outbox has it (repeats are dropped by seq).
        w.subscribed = false
        w.awaiting = 0 // an answer from the old connection never comes
        subscribe(w)
      }
    }

    function subscribe(w: RoomWatch) {
      const { socket } = get()
      if (!socket?.connected || w.closed || w.subscribed || w.resyncing) return
      w.subscribed = true
      const request = ++w.requests
      w.awaiting = request
      socket.timeout(timing.subscribeTimeoutMs).emit('subscribe', { room: w.room, since: w.sequencer.seq }, (err, answer) => {
        if (w.closed || w.awaiting !== request) return
        w.awaiting = 0
        if (err && !socket.connected) {
          w.subscribed = false // dropped with the connection: the reconnect subscribes again
          return
        }
        if (!err && !('error' in answer)) markLive(w.room, true)
        if (err || 'error' in answer || answer.data.resync) {
          w.subscribed = !err && !('error' in answer)
          return void resync(w)
        }
        count('replays')
        const { seq, missed } = answer.data
        // A room without a snapshot (the global room) starts from the seq the subscribe returns.
        if (w.sequencer.seq === null) release(w, w.sequencer.reset(seq))
        release(w, w.sequencer.pushAll(missed))
        // The answer covers every event up to its seq: anything short of it is a server we cannot follow.
        if ((w.sequencer.seq ?? 0) < seq) return void resync(w)
        watchGap(w)
      })
    }

    /** The server has (or no longer has) this socket in the room. */
    function markLive(room: Room, live: boolean) {
      if (!!get().liveRooms[room] === live) return
      const liveRooms = { ...get().liveRooms }
      const watching = { ...get().watching }
      if (live) liveRooms[room] = true
      else {
        delete liveRooms[room]
        delete watching[room]
      }
      set({ liveRooms, watching })
    }

    function deliver(w: RoomWatch, event: LiveEvent) {
      if (w.closed || w.resyncing) return // the snapshot being fetched, or the subscribe after it, covers it
      release(w, w.sequencer.push(event))
      watchGap(w)
    }

    function release(w: RoomWatch, events: readonly LiveEvent[]) {
      for (const event of events) if (!w.closed) w.watcher.apply(event)
    }

    /** Events wait on a missing one for `gapWaitMs`; then the server is asked for what follows the last applied seq. */
    function watchGap(w: RoomWatch) {
      if (w.sequencer.overflowing) return void resync(w)
      if (!w.sequencer.gap) {
        clearTimeout(w.gapTimer)
        w.gapTimer = undefined
        return
      }
      if (w.gapTimer !== undefined || w.awaiting) return // an answer on its way re-checks the gap
      w.gapTimer = setTimeout(() => {
        w.gapTimer = undefined
        if (!w.sequencer.gap || w.closed || w.resyncing || w.awaiting) return
        w.subscribed = false
        subscribe(w)
      }, timing.gapWaitMs)
    }

    async function resync(w: RoomWatch) {
      if (w.resyncing || w.closed) return
      w.resyncing = true
      w.awaiting = 0 // the snapshot supersedes any answer on its way
      clearTimeout(w.gapTimer)
      w.gapTimer = undefined
      const wait = w.lastResyncAt + timing.resyncSpacingMs - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      w.lastResyncAt = Date.now()
      let released: LiveEvent[] = []
      try {
        if (!w.closed) {
          count('resyncs')
          const seq = await w.watcher.resync()
          if (seq === null) w.sequencer = new RoomSequencer<LiveEvent>(null)
          else released = w.sequencer.reset(seq)
        }
      } catch {
        // Keep the old snapshot; the next event, reconnect or poll tries again.
      } finally {
        w.resyncing = false
      }
      release(w, released)
      // Continue from the snapshot: the subscribe replays anything after its seq.
      w.subscribed = false
      subscribe(w)
    }

    // A login or logout changes who the socket speaks for (transcode progress goes to the uploader only).
    deps.onUserChange?.(() => {
      set({ anonymous: false, refusedOnce: false })
      get().socket?.disconnect().connect()
    })

    // A socket that still says connected when the network comes back may be dead without knowing it
    // (socket.io would notice at its ping timeout, up to 45 s later): drop its transport, so it
    // reconnects at once and subscribes since the last applied seq.
    deps.onNetworkBack?.(() => {
      const { socket } = get()
      if (socket?.connected) socket.io.engine.close()
    })

    return {
      status: 'idle',
      liveRooms: {},
      watching: {},
      transcodes: {},
      socket: null,
      opening: null,
      watches: [],
      pollTimer: undefined,
      refusedOnce: false,
      anonymous: false,
      stats: { replays: 0, resyncs: 0, recoveries: 0 },
      connect: () => void connect(),
      watch: (room, watcher) => {
        const w: RoomWatch = {
          room, watcher, sequencer: new RoomSequencer<LiveEvent>(watcher.seq), subscribed: false, awaiting: 0, requests: 0,
          resyncing: false, lastResyncAt: 0, gapTimer: undefined, closed: false,
        }
        set({ watches: [...get().watches, w] })
        schedulePoll()
        void connect().then(() => subscribe(w))
        return () => {
          w.closed = true
          clearTimeout(w.gapTimer)
          const watches = get().watches.filter((other) => other !== w)
          set({ watches })
          schedulePoll()
          const { socket } = get()
          const stillWatched = watches.some((other) => other.room === room)
          if (!stillWatched && w.subscribed && socket?.connected) socket.emit('unsubscribe', { room })
          if (!stillWatched) markLive(room, false)
        }
      },
    }
  })
}

export type LiveStore = ReturnType<typeof createLiveStore>

/** The app's store: the page's origin, the stored session. */
export const useLive = createLiveStore({
  // socket.io-client loads with the first live screen, not with the shell.
  openSocket: (auth) => import('socket.io-client').then(({ io }): LiveSocket => io({ path: '/socket.io/', auth })),
  accessToken: () => readSession().accessToken,
  refreshSession,
  onUserChange: (listener) => void useSession.subscribe((state, previous) => {
    if (state.userId !== previous.userId) listener()
  }),
  // The module also loads in Node (the live tests make their own stores from it): no window there.
  onNetworkBack: (listener) => { if (typeof window !== 'undefined') window.addEventListener('online', listener) },
})

export interface LiveRoomOptions {
  /** False until the screen has its first snapshot. */
  ready: boolean
  seq: number | null
  apply: (event: LiveEvent) => void
  resync: () => Promise<number | null>
}

/** Watches a room while the screen is mounted and its snapshot loaded. */
export function useLiveRoom(room: Room | null, options: LiveRoomOptions) {
  const latest = useRef(options)
  latest.current = options
  const { ready } = options
  useEffect(() => {
    if (!room || !ready) return
    return useLive.getState().watch(room, {
      seq: latest.current.seq,
      apply: (event) => latest.current.apply(event),
      resync: () => latest.current.resync(),
    })
  }, [room, ready])
}
