// Live updates over socket.io. Screens watch a room with the snapshot they fetched over REST;
// events are applied in seq order, and a gap, a resync order or a failed subscribe refetches
// the snapshot. Without a socket the screens poll their snapshot instead, so they still work.
import { useEffect, useRef } from 'react'
import { create } from 'zustand'
import type { Socket } from 'socket.io-client'
import type { ClientEvents, LiveEvent, Room, ServerEvents, TranscodeProgress } from '../lib/contract.ts'
import { refreshSession } from '../lib/api-client.ts'
import { readSession } from '../lib/session-storage.ts'
import { useSession } from './session.ts'

type LiveSocket = Socket<ServerEvents, ClientEvents>
export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'offline'

export interface RoomWatcher {
  /** The seq of the snapshot the screen shows; null when it has none (the global room). */
  seq: number | null
  apply: (event: LiveEvent) => void
  /** Refetches the REST snapshot; resolves with the seq it reflects. */
  resync: () => Promise<number | null>
}

interface Watch {
  room: Room
  watcher: RoomWatcher
  seq: number | null
  subscribed: boolean
  /** Events that arrive while a subscribe is answered wait here, then go through in order. */
  pending: LiveEvent[] | null
  resyncing: boolean
  lastResyncAt: number
  closed: boolean
}

interface LiveState {
  status: LiveStatus
  /** Transcode progress of the user's own uploads, by attempt id. */
  transcodes: Record<number, TranscodeProgress>
  watch: (room: Room, watcher: RoomWatcher) => () => void
  /** Connects without watching a room (the upload page only needs its transcode progress). */
  connect: () => void
}

const SUBSCRIBE_TIMEOUT_MS = 5000
const OFFLINE_POLL_MS = 15_000
/** Resyncs closer together than this wait, so a server that keeps ordering them is not hammered. */
const RESYNC_SPACING_MS = 3000

const watches = new Set<Watch>()
let socket: LiveSocket | null = null
let connecting: Promise<LiveSocket | null> | null = null
let pollTimer: ReturnType<typeof setInterval> | undefined
/** Set after the server refused our token twice: public rooms still work without it. */
let anonymous = false
let refusedOnce = false

export const useLive = create<LiveState>()((set, get) => {
  function setStatus(status: LiveStatus) {
    if (get().status === status) return
    set({ status })
    clearInterval(pollTimer)
    if (status === 'offline') pollTimer = setInterval(() => watches.forEach((w) => void resync(w)), OFFLINE_POLL_MS)
  }

  function connect(): Promise<LiveSocket | null> {
    if (connecting) return connecting
    setStatus('connecting')
    // socket.io-client loads with the first live screen, not with the shell.
    connecting = import('socket.io-client').then(({ io }) => {
      const s: LiveSocket = io({ path: '/socket.io/', auth: (cb) => cb(anonymous ? {} : { token: readSession().accessToken ?? undefined }) })
      s.on('connect', () => {
        setStatus('connected')
        refusedOnce = false
        for (const w of watches) {
          // A recovered connection kept its rooms and replays what it missed; anything else subscribes again.
          if (s.recovered && w.subscribed) continue
          w.subscribed = false
          subscribe(w)
        }
      })
      s.on('disconnect', () => setStatus('offline'))
      s.on('connect_error', () => {
        setStatus('offline')
        // Inactive means the server refused the handshake (an expired token), so socket.io won't retry:
        // refresh the session and try again, and after a second refusal connect without a token.
        if (s.active) return
        const retry = anonymous ? Promise.resolve(null) : refreshSession()
        if (refusedOnce) anonymous = true
        refusedOnce = true
        void retry.then(() => s.connect())
      })
      s.on('event', (event) => watches.forEach((w) => w.room === event.room && deliver(w, event)))
      s.on('transcode:progress', (progress) => set({ transcodes: { ...get().transcodes, [progress.attempt_id]: progress } }))
      socket = s
      return s
    }).catch(() => {
      setStatus('offline')
      return null
    })
    return connecting
  }

  function subscribe(w: Watch) {
    if (!socket?.connected || w.closed || w.subscribed || w.resyncing) return
    w.subscribed = true
    w.pending = []
    socket.timeout(SUBSCRIBE_TIMEOUT_MS).emit('subscribe', { room: w.room, since: w.seq }, (err, answer) => {
      if (w.closed) return
      const waiting = w.pending ?? []
      w.pending = null
      if (err || 'error' in answer || answer.data.resync) {
        w.subscribed = !err && !('error' in answer)
        return void resync(w)
      }
      const result = answer.data
      for (const event of result.missed) deliver(w, event)
      if (w.seq === null) w.seq = result.seq
      else if (w.seq !== result.seq) return void resync(w)
      for (const event of waiting.sort((a, b) => a.seq - b.seq)) deliver(w, event)
    })
  }

  function deliver(w: Watch, event: LiveEvent) {
    if (w.closed || w.resyncing) return // the snapshot being fetched covers it
    if (w.pending) return void w.pending.push(event)
    if (w.seq !== null && event.seq <= w.seq) return // already applied
    if (w.seq !== null && event.seq !== w.seq + 1) return void resync(w)
    w.seq = event.seq
    w.watcher.apply(event)
  }

  async function resync(w: Watch) {
    if (w.resyncing || w.closed) return
    w.resyncing = true
    w.pending = null
    const wait = w.lastResyncAt + RESYNC_SPACING_MS - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    w.lastResyncAt = Date.now()
    try {
      if (!w.closed) w.seq = await w.watcher.resync()
    } catch {
      // Keep the old snapshot; the next event, reconnect or poll tries again.
    } finally {
      w.resyncing = false
    }
    // Continue from the snapshot: the subscribe replays anything after its seq.
    if (!w.subscribed) subscribe(w)
    else if (socket?.connected) {
      w.subscribed = false
      subscribe(w)
    }
  }

  // A login or logout changes who the socket speaks for (transcode progress goes to the uploader only).
  useSession.subscribe((state, previous) => {
    if (state.userId === previous.userId) return
    anonymous = false
    refusedOnce = false
    socket?.disconnect().connect()
  })

  return {
    status: 'idle',
    transcodes: {},
    connect: () => void connect(),
    watch: (room, watcher) => {
      const w: Watch = { room, watcher, seq: watcher.seq, subscribed: false, pending: null, resyncing: false, lastResyncAt: 0, closed: false }
      watches.add(w)
      void connect().then(() => subscribe(w))
      return () => {
        w.closed = true
        watches.delete(w)
        const stillWatched = [...watches].some((other) => other.room === room)
        if (!stillWatched && w.subscribed && socket?.connected) socket.emit('unsubscribe', { room })
      }
    },
  }
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
