// /hall/:id/overlay?platform=1: a stream overlay for OBS's browser source (docs/hall-mode.md, "The screens"): the
// page is transparent, with one strip at the bottom — the called lifter, the lift and attempt, the weight, the clock
// (the server's, through this screen's offset) and the three lights once all referees pressed. Live from the room.
import { useEffect } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { FINAL_CALL_MS, LIFT_NAMES, ordinal, remainingAt } from '../../../lib/contract.ts'
import { clockText, useHall, useServerOffset, useTick } from '../api/hall.ts'
import './hall.css'
import './hall-screens.css'

const kg = (w: number) => `${Number(w.toFixed(2))} kg`

/** The document is transparent while the overlay shows (the app's dark background and colour scheme put back after). */
function useTransparentPage() {
  useEffect(() => {
    const targets = [document.documentElement, document.body]
    const before = targets.map((el) => [el.style.background, el.style.colorScheme] as const)
    for (const el of targets) {
      el.style.background = 'transparent'
      el.style.colorScheme = 'normal'
    }
    return () =>
      targets.forEach((el, i) => {
        el.style.background = before[i]![0]
        el.style.colorScheme = before[i]![1]
      })
  }, [])
}

export function OverlayPage() {
  useTransparentPage()
  const id = Number(useParams().id)
  const [params] = useSearchParams()
  const number = Number(params.get('platform') ?? 1)
  const { hall } = useHall(Number.isInteger(id) && id > 0 ? id : null)
  const offset = useServerOffset()
  const now = useTick(100)
  const platform = hall?.platforms.find((p) => p.platform === number)
  const current = platform?.current ?? null
  if (!platform || !current) return <div className="hall-overlay" data-testid="hall-overlay" />
  const { clock, lights, lift_type: lift } = platform
  const remaining = remainingAt(
    { allowanceMs: clock.allowance_ms, remainingMs: clock.remaining_ms, runningSince: clock.running_since },
    now + offset,
  )
  return (
    <div className="hall-overlay" data-testid="hall-overlay">
      <div className="hall-overlay__strip">
        <span className="hall-overlay__name" data-testid="overlay-name">
          {current.name}
        </span>
        <span className="hall-overlay__attempt">
          {lift ? LIFT_NAMES[lift] : ''} · {ordinal(current.attempt_number)}
        </span>
        <span className="hall-overlay__weight" data-testid="overlay-weight">
          {kg(current.weight)}
        </span>
        <span className={`hall-overlay__clock${remaining <= FINAL_CALL_MS ? ' is-final' : ''}`} data-testid="overlay-clock">
          {clockText(remaining)}
        </span>
        <span className="hall-overlay__lights" data-testid="overlay-lights">
          {[1, 2, 3].map((seat) => {
            const light = lights?.find((l) => l.seat === seat)
            return (
              <span
                key={seat}
                className={`light${light ? (light.good ? ' light--white' : ' light--red') : ''}`}
                aria-label={light ? (light.good ? 'white' : 'red') : 'waiting'}
              />
            )
          })}
        </span>
      </div>
    </div>
  )
}
