// What the take checks found in this attempt's video (docs/video-checks.md), beside the player on the
// judge's desk: each flag with its moment. Pointers for the judge's eyes, never a verdict.
import type { TakeChecks } from '../../../lib/contract.ts'

export const NO_FLAGS = 'The take checks found nothing to look at.'
export const NOT_CHECKED = 'This take has not been checked yet.'

export function TakeFlags({ checks }: { checks: TakeChecks | null | undefined }) {
  if (!checks)
    return (
      <p className="take-flags take-flags--none" data-testid="take-flags">
        {NOT_CHECKED}
      </p>
    )
  return (
    <section className="take-flags" aria-label="Take checks" data-testid="take-flags">
      {checks.flags.length === 0 ? (
        <p className="take-flags__ok">{NO_FLAGS}</p>
      ) : (
        <ul className="alert alert--warning take-flags__list">
          {checks.flags.map((f, i) => (
            <li key={`${f.kind}-${i}`} data-kind={f.kind}>
              {f.text}
            </li>
          ))}
        </ul>
      )}
      {checks.notes.length > 0 && (
        <ul className="take-flags__notes">
          {checks.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <p className="take-flags__hint">Flags point at moments to look at; the panel decides.</p>
    </section>
  )
}
