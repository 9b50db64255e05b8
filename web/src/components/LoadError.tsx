// A screen with nothing to show yet: what failed, and a Try Again button. The load also tries
// again by itself (lib/server-query.ts), so the screen comes back without the button too.
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="stack">
      <p className="alert alert--error" role="alert">
        {message}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  )
}
