// The live connection as the screens see it: a zustand store mirroring the framework-free live
// client (lib/live/live-client.ts) — connection status, rooms live, watchers, transcode progress —
// with the client's watch and connect as its actions. A store can be made per client: the app has
// one (`useLive`, on the page's origin and the stored session), and the live tests make theirs with
// `createLiveStore` against a real server.
import { useEffect, useRef } from 'react'
import { create } from 'zustand'
import type { LiveEvent, Room } from '../lib/contract.ts'
import { refreshSession } from '../lib/api-client.ts'
import { createLiveClient, type LiveClient, type LiveClientDeps, type LiveClientState, type RoomWatcher } from '../lib/live/live-client.ts'
import type { LiveSocket } from '../lib/live/live-socket.ts'
import { readSession } from '../lib/session-storage.ts'
import { useSession } from './session.ts'

export type { LiveSocket } from '../lib/live/live-socket.ts'
export type { RoomWatcher } from '../lib/live/live-client.ts'

interface LiveState extends LiveClientState {
  watch: LiveClient['watch']
  connect: LiveClient['connect']
}

interface LiveStoreDeps extends LiveClientDeps {
  /** Calls `listener` when the signed-in user changes: the socket reconnects as them. */
  onUserChange?: (listener: () => void) => void
  /** Calls `listener` when the device's network comes back (the browser's `online` event). */
  onNetworkBack?: (listener: () => void) => void
}

export function createLiveStore(deps: LiveStoreDeps) {
  const client = createLiveClient(deps)
  const store = create<LiveState>()(() => ({ ...client.getState(), watch: client.watch, connect: client.connect }))
  client.subscribe((state) => store.setState(state))
  deps.onUserChange?.(client.userChanged)
  deps.onNetworkBack?.(client.networkBack)
  return store
}

export type LiveStore = ReturnType<typeof createLiveStore>

/** The app's store: the page's origin, the stored session. */
export const useLive = createLiveStore({
  // socket.io-client loads with the first live screen, not with the shell.
  openSocket: (auth) => import('socket.io-client').then(({ io }): LiveSocket => io({ path: '/socket.io/', auth })),
  accessToken: () => readSession().accessToken,
  refreshSession,
  onUserChange: (listener) =>
    void useSession.subscribe((state, previous) => {
      if (state.userId !== previous.userId) listener()
    }),
  // The module also loads in Node (the live tests make their own stores from it): no window there.
  onNetworkBack: (listener) => {
    if (typeof window !== 'undefined') window.addEventListener('online', listener)
  },
})

interface LiveRoomOptions {
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
    const watcher: RoomWatcher = {
      seq: latest.current.seq,
      apply: (event) => latest.current.apply(event),
      resync: () => latest.current.resync(),
    }
    return useLive.getState().watch(room, watcher)
  }, [room, ready])
}
