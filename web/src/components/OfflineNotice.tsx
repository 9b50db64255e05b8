// "Offline — reconnecting…" while the screen cannot reach the server (lib/connectivity.ts): the
// screen keeps its last data and catches up by itself, so this is all the reader needs to know.
// The status region is always there, so screen readers announce the text when it appears.
import { OFFLINE_TEXT, useOffline } from '../lib/connectivity.ts'
import './OfflineNotice.css'

/** `floating`: a pill over the page's bottom edge; `inline`: in the flow (the projector board's header). */
export function OfflineNotice({ variant = 'floating' }: { variant?: 'floating' | 'inline' }) {
  const offline = useOffline()
  return (
    <div className={`offline-notice offline-notice--${variant}`} role="status">
      {offline && <p className="offline-notice__text">{OFFLINE_TEXT}</p>}
    </div>
  )
}
