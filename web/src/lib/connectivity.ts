// Whether this tab reaches the server, as the screens see it: the browser's online state, the
// live socket of the rooms on show, and the loads that failed for a reason that passes. The
// "Offline — reconnecting…" notice reads it, and failed loads wait here to try again.
import { useSyncExternalStore } from 'react'
import { useLive } from '../stores/live.ts'
import { ApiError } from './api-client.ts'

export const OFFLINE_TEXT = 'Offline — reconnecting…'

/** Answers a retry may cure: none at all (offline, server down), or a server restarting, overloaded or behind a proxy that lost it. */
const PASSING_STATUSES = new Set([408, 429, 502, 503, 504])

export function isPassingError(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || PASSING_STATUSES.has(error.status))
}

/** The wait before retry number `failures` (0 first): doubling from the first delay up to the cap, less up to half at random. */
export function retryDelay(failures: number, firstMs: number, maxMs: number, random = Math.random): number {
  const full = Math.min(maxMs, firstMs * 2 ** Math.min(failures, 30))
  return Math.round(full * (1 - random() / 2))
}

// Loads failing for a passing reason right now, each by its own token.
const failingLoads = new Set<object>()
const failingListeners = new Set<() => void>()

/** A load says whether it is failing for a passing reason; a screen with one shows the offline notice. */
export function setLoadFailing(load: object, failing: boolean) {
  if (failing === failingLoads.has(load)) return
  if (failing) failingLoads.add(load)
  else failingLoads.delete(load)
  failingListeners.forEach((listener) => listener())
}

function subscribeFailing(listener: () => void) {
  failingListeners.add(listener)
  return () => void failingListeners.delete(listener)
}

function subscribeBrowser(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** The browser's own online state, followed as it changes. */
export const useBrowserOnline = (): boolean =>
  useSyncExternalStore(
    subscribeBrowser,
    () => navigator.onLine,
    () => true,
  )

/** True while the screen cannot be sure it is current: the browser is offline, a live room's socket is down, or a load keeps failing. */
export function useOffline(): boolean {
  const browserOffline = !useBrowserOnline()
  const loadsFailing = useSyncExternalStore(
    subscribeFailing,
    () => failingLoads.size > 0,
    () => false,
  )
  // The socket matters only to screens watching a room (the store keeps it open after they leave).
  const liveDown = useLive((s) => s.status === 'offline' && s.watchCount > 0)
  return browserOffline || loadsFailing || liveDown
}

/**
 * Calls `listener` when the way to the server is back: the browser comes online, or the live
 * socket connects (after a server restart the browser never went offline).
 */
export function onConnectionBack(listener: () => void): () => void {
  window.addEventListener('online', listener)
  const stopLive = useLive.subscribe((state, previous) => {
    if (state.status === 'connected' && previous.status !== 'connected') listener()
  })
  return () => {
    window.removeEventListener('online', listener)
    stopLive()
  }
}
