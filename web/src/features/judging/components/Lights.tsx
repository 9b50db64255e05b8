// A decided attempt's lights: white for a good lift, red for a no lift with its card and reason.
import type { Light } from '../../../lib/contract.ts'
import { formatSeconds } from './JudgePlayer.tsx'

export function Lights({ lights }: { lights: readonly Light[] }) {
  if (lights.length === 0) return null
  return (
    <ul className="lights" aria-label="Lights">
      {lights.map((light, i) => (
        <li key={`${light.judge}-${i}`} className="lights__item">
          <span className={`light light--${light.good ? 'good' : 'bad'}`} aria-hidden="true" />
          <span>
            <strong>{light.judge}</strong>: {light.good ? 'Good lift' : 'No lift'}
            {light.card && <span className={`card-dot card-dot--${light.card}`} title={`${light.card} card`} />}
            {light.reason_label && <> — {light.reason_label}</>}
            {light.at_seconds !== null && <span className="muted"> at {formatSeconds(light.at_seconds)}</span>}
            {light.note && <span className="muted"> “{light.note}”</span>}
          </span>
        </li>
      ))}
    </ul>
  )
}
