import { capitalize } from '../lib/format.ts'

/** Upcoming blue, ongoing green, any other status gray; first letter capitalised (docs/product/screens.md). */
export function StatusBadge({ status }: { status: string }) {
  const tone = status === 'upcoming' || status === 'ongoing' ? status : 'other'
  return <span className={`badge badge--${tone}`}>{capitalize(status)}</span>
}
