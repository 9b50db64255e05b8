// After an upload the lifter lands on their own attempt on the challenge page. The upload page
// names it in the navigation's state (the URL stays the spec's /challenges/{id}); a link can name
// it as #attempt-{id}. Both features read it from here (features do not import each other).

/** The navigation state the upload page leaves for the challenge page. */
interface LandingState {
  landingAttempt: number
}

export const landingState = (attemptId: number): LandingState => ({ landingAttempt: attemptId })

/** The element id of an attempt's tile, and the hash that links to it. */
export const attemptAnchor = (id: number) => `attempt-${id}`

/** The attempt a location was opened to show: from the navigation's state, else #attempt-{id}; null for none. */
export function landingAttemptOf(location: { state: unknown; hash: string }): number | null {
  const fromState = (location.state as Partial<LandingState> | null)?.landingAttempt
  if (typeof fromState === 'number' && Number.isInteger(fromState) && fromState > 0) return fromState
  const fromHash = /^#attempt-(\d+)$/.exec(location.hash)?.[1]
  return fromHash ? Number(fromHash) : null
}
