// Whether a live screen is live, in words: "Live" while the socket is connected and the server
// answered the room's subscribe; "Connecting…" before the first time; "Reconnecting…" after; "Offline"
// while the browser has no network. One polite status region whose text changes only with the
// state (and a short blip back to live is not announced), so screen readers hear each change once.
// `WatchingNow` shows the room's "N watching now" (the server's presence count) while live.
import { useEffect, useRef, useState } from 'react'
import { useBrowserOnline } from '../lib/connectivity.ts'
import type { Room } from '../lib/contract.ts'
import { useLive } from '../stores/live.ts'
import './LiveIndicator.css'

type LiveIndicatorState = 'live' | 'connecting' | 'reconnecting' | 'offline'

const LIVE_INDICATOR_TEXT: Record<LiveIndicatorState, string> = {
  live: 'Live',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
}

/** How long the indicator keeps saying Live through a drop (a resubscribe, a quick reconnect) before it says Reconnecting…. */
export const RECONNECT_GRACE_MS = 1500

/** The state from the browser's network, the room's subscription, and whether the room was ever live on this screen. */
export function liveIndicatorState(online: boolean, roomLive: boolean, wasLive: boolean): LiveIndicatorState {
  if (!online) return 'offline'
  if (roomLive) return 'live'
  return wasLive ? 'reconnecting' : 'connecting'
}

/** The indicator's state for one room, with the reconnect grace applied. */
function useLiveIndicator(room: Room | null): LiveIndicatorState {
  const online = useBrowserOnline()
  const roomLive = useLive((s) => s.status === 'connected' && !!room && !!s.liveRooms[room])
  const wasLive = useRef(false)
  if (roomLive) wasLive.current = true
  const state = liveIndicatorState(online, roomLive, wasLive.current)
  const [shown, setShown] = useState(state)
  useEffect(() => {
    if (state === shown) return
    if (!(shown === 'live' && state === 'reconnecting')) return setShown(state)
    const timer = setTimeout(() => setShown(state), RECONNECT_GRACE_MS)
    return () => clearTimeout(timer)
  }, [state, shown])
  return shown
}

export function LiveIndicator({ room, variant = 'page' }: { room: Room | null; variant?: 'page' | 'board' }) {
  const state = useLiveIndicator(room)
  return (
    <span
      className={`live-indicator live-indicator--${variant} live-indicator--${state}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="live-indicator"
      data-state={state}
    >
      <span className="live-indicator__dot" aria-hidden="true" />
      <span className="live-indicator__text">{LIVE_INDICATOR_TEXT[state]}</span>
    </span>
  )
}

/** "N watching now" for a challenge's room, while the server says (nothing otherwise). Not a live region: it changes often. */
export function WatchingNow({ room }: { room: Room | null }) {
  const watching = useLive((s) => (room ? s.watching[room] : undefined))
  if (watching === undefined) return null
  return (
    <span className="watching-now" data-testid="watching-now">
      {watching} watching now
    </span>
  )
}
