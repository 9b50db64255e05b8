// Who the server answers for (the viewer of lib/query-client.ts's viewer-dependent keys): the
// signed-in user, or 'anon'. While the session starts, requests already send the stored token, so
// the stored user is the viewer. A change of viewer clears the previous viewers' answers from the cache.
import { useSession } from '../stores/session.ts'
import { forgetOtherViewers, type Viewer } from './query-client.ts'
import { readSession } from './session-storage.ts'

type SessionView = { status: string; userId: number | null }

const viewerOf = ({ status, userId }: SessionView): Viewer => (status === 'starting' ? readSession().userId : userId) ?? 'anon'

export const currentViewer = (): Viewer => viewerOf(useSession.getState())

/** The viewer, for the key of a viewer-dependent query; a screen re-renders when it changes. */
export const useViewer = (): Viewer => useSession(viewerOf)

forgetOtherViewers(currentViewer())
useSession.subscribe((state, previous) => {
  const viewer = viewerOf(state)
  if (viewer !== viewerOf(previous)) forgetOtherViewers(viewer)
})
