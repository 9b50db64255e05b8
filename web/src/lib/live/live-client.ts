// The live connection, without React or zustand: one socket.io socket, the rooms the screens on
// show watch, and how each room is kept in order. Screens watch a room with the snapshot they
// fetched over REST; the client subscribes since that snapshot's seq, and the shared RoomSequencer
// (contract/live-sequencer.ts) applies the room's events once each and in seq order. Events that
// arrive ahead of a gap wait for it; a gap still open after a short wait is asked of the server (a
// subscribe since the last applied seq replays it from the outbox); a resync order, a failed
// subscribe or too many waiting events refetch the snapshot. Without a socket the screens poll
// their snapshot instead, so they still work.
//
// Its state (status, rooms live, watchers, transcode progress) is read with getState and followed
// with subscribe: the zustand store (stores/live.ts) mirrors it for the screens, tests read it directly.
import { RoomSequencer } from '../../../../contract/live-sequencer.ts'
import type { LiveAuth, LiveEvent, Room } from '../contract.ts'
import type { LiveSocket } from './live-socket.ts'
import {
  LIVE_TIMING,
  type LiveClient,
  type LiveClientDeps,
  type LiveClientState,
  type LiveStats,
  type LiveStatus,
  type LiveTiming,
  type RoomWatch,
  type RoomWatcher,
} from './live-types.ts'

export {
  LIVE_TIMING,
  type LiveClient,
  type LiveClientDeps,
  type LiveClientState,
  type LiveStatus,
  type LiveTiming,
  type RoomWatcher,
} from './live-types.ts'

export function createLiveClient(deps: LiveClientDeps): LiveClient {
  const timing: LiveTiming = { ...LIVE_TIMING, ...deps.timing }
  let state: LiveClientState = {
    status: 'idle',
    liveRooms: {},
    watching: {},
    transcodes: {},
    socket: null,
    watchCount: 0,
    refusedOnce: false,
    anonymous: false,
    stats: { replays: 0, resyncs: 0, recoveries: 0 },
  }
  const listeners = new Set<(state: LiveClientState, previous: LiveClientState) => void>()
  /** The socket being opened (socket.io-client loads with the first live screen). */
  let opening: Promise<LiveSocket | null> | null = null
  let watches: readonly RoomWatch[] = []
  /** Refetches every watched snapshot while the socket is down. */
  let pollTimer: ReturnType<typeof setInterval> | undefined

  function set(change: Partial<LiveClientState>) {
    const previous = state
    state = { ...state, ...change }
    listeners.forEach((listener) => listener(state, previous))
  }
  const count = (stat: keyof LiveStats) => set({ stats: { ...state.stats, [stat]: state.stats[stat] + 1 } })

  function setWatches(next: readonly RoomWatch[]) {
    watches = next
    if (state.watchCount !== next.length) set({ watchCount: next.length })
    schedulePoll()
  }

  /** Polls while offline with something to watch, and only then. */
  function schedulePoll() {
    const wanted = state.status === 'offline' && watches.length > 0
    if (wanted === (pollTimer !== undefined)) return
    clearInterval(pollTimer)
    pollTimer = wanted ? setInterval(() => watches.forEach((w) => void resync(w)), timing.offlinePollMs) : undefined
  }

  function setStatus(status: LiveStatus) {
    if (state.status === status) return
    clearInterval(pollTimer)
    pollTimer = undefined
    set({ status })
    schedulePoll()
  }

  function connect(): Promise<LiveSocket | null> {
    if (opening) return opening
    setStatus('connecting')
    const auth = (cb: (data: LiveAuth) => void) => cb(state.anonymous ? {} : { token: deps.accessToken() ?? undefined })
    opening = Promise.resolve()
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
    return opening
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
      const retry = state.anonymous ? Promise.resolve(null) : deps.refreshSession().catch(() => null)
      set({ anonymous: state.anonymous || state.refusedOnce, refusedOnce: true })
      void retry.then(() => s.connect())
    })
    s.on('event', (event) => watches.forEach((w) => w.room === event.room && deliver(w, event)))
    s.on('transcode:progress', (progress) => set({ transcodes: { ...state.transcodes, [progress.attempt_id]: progress } }))
    s.on('presence', ({ room, watching }) => {
      if (state.watching[room] !== watching && watches.some((w) => w.room === room))
        set({ watching: { ...state.watching, [room]: watching } })
    })
  }

  function onConnect(s: LiveSocket) {
    setStatus('connected')
    set({ refusedOnce: false })
    if (s.recovered) count('recoveries')
    for (const w of watches) {
      // Recovered or not, ask for what follows the last applied seq. A recovered session keeps its
      // rooms and gets its missed packets, but an event broadcast between socket.io's read of those
      // packets and its joining the rooms again reaches neither; the outbox has it (repeats are dropped by seq).
      w.subscribed = false
      w.awaiting = 0 // an answer from the old connection never comes
      subscribe(w)
    }
  }

  function subscribe(w: RoomWatch) {
    const { socket } = state
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
    if (!!state.liveRooms[room] === live) return
    const liveRooms = { ...state.liveRooms }
    const watching = { ...state.watching }
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

  function watch(room: Room, watcher: RoomWatcher): () => void {
    const w: RoomWatch = {
      room,
      watcher,
      sequencer: new RoomSequencer<LiveEvent>(watcher.seq),
      subscribed: false,
      awaiting: 0,
      requests: 0,
      resyncing: false,
      lastResyncAt: 0,
      gapTimer: undefined,
      closed: false,
    }
    setWatches([...watches, w])
    void connect().then(() => subscribe(w))
    return () => {
      w.closed = true
      clearTimeout(w.gapTimer)
      setWatches(watches.filter((other) => other !== w))
      const { socket } = state
      const stillWatched = watches.some((other) => other.room === room)
      if (!stillWatched && w.subscribed && socket?.connected) socket.emit('unsubscribe', { room })
      if (!stillWatched) markLive(room, false)
    }
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    watch,
    connect: () => void connect(),
    userChanged: () => {
      set({ anonymous: false, refusedOnce: false })
      state.socket?.disconnect().connect()
    },
    networkBack: () => {
      const { socket } = state
      if (socket?.connected) socket.io.engine.close()
    },
  }
}
