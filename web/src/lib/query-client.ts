// The page's one cache of server data (TanStack Query). Screens read it through each endpoint's
// query options (the feature's api/), and the live tables (lib/live/live-table.ts) write events into
// it, outside React. Hooks name this client (useServerQuery), so a component renders without a
// provider; App still provides it for anything that asks the context.
import { QueryClient, notifyManager, type Query, type QueryKey } from '@tanstack/react-query'

// Screens hear of a cache change at once (not on the next timer tick, the library's default): a
// live event shows in the render its socket message causes, and React batches the updates anyway.
notifyManager.setScheduler((callback) => callback())

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Kept five minutes after its last screen leaves: going back shows it at once and refreshes it.
      gcTime: 5 * 60_000,
      staleTime: 0,
      // The live rooms keep screens current, and failed loads retry by themselves with backoff
      // (lib/server-query.ts); a focus or a reconnect adds nothing but requests.
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
      // Loads are tried whatever navigator.onLine says: a failure shows the offline notice and retries.
      networkMode: 'always',
    },
  },
})

// Answers that differ by who asks (an own profile with its email, the organiser's judging view, a
// panel's seats while unpublished, the admin's lists) are cached under keys that end with the
// viewer they were made for (lib/viewer.ts): the next person on the same tab asks under their own
// key, and never sees them. Another viewer's queries also leave the cache: at once those no screen
// shows, and the others when their last screen leaves them (a screen moves to the new viewer's key
// at its next render, so it is never left observing a query taken out from under it).

/** Whom an answer was made for: the signed-in user's id, or 'anon'. */
export type Viewer = number | 'anon'

/** The last segment of a viewer-dependent query's key. */
export const viewerSegment = (viewer: Viewer) => ({ viewer }) as const

/** The viewer a key names, or undefined for a query every viewer shares. */
export function viewerOfKey(key: QueryKey): Viewer | undefined {
  const last: unknown = key.at(-1)
  return typeof last === 'object' && last !== null && 'viewer' in last ? (last as { viewer: Viewer }).viewer : undefined
}

let viewerNow: Viewer | undefined

const ofAnotherViewer = (query: Query) => {
  const viewer = viewerOfKey(query.queryKey)
  return viewerNow !== undefined && viewer !== undefined && viewer !== viewerNow
}

/** The viewer changed (sign-in, sign-out, another account): the previous viewers' answers go. */
export function forgetOtherViewers(viewer: Viewer): void {
  viewerNow = viewer
  queryClient.removeQueries({ predicate: (query) => ofAnotherViewer(query) && query.getObserversCount() === 0 })
}

queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'observerRemoved' || event.query.getObserversCount() > 0 || !ofAnotherViewer(event.query)) return
  const { query } = event
  // After the observer's own switch has finished: a screen re-rendered with the new key observes that one.
  queueMicrotask(() => {
    if (query.getObserversCount() === 0 && ofAnotherViewer(query)) queryClient.getQueryCache().remove(query)
  })
})
