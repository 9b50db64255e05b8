// A lifter's place as the board gives it (server/services/ranking): the number, or "—" without
// one, a medal colour for 1–3 (`<className>--1` … `--3`) and words for a screen reader.
export function PlaceBadge({ place, className }: { place: number | null; className: string }) {
  const medal = place !== null && place <= 3 ? ` ${className}--${place}` : ''
  return (
    <span className={className + medal} data-testid="participant-place" aria-label={place !== null ? `Place ${place}` : 'No place yet'}>
      {place ?? '—'}
    </span>
  )
}
