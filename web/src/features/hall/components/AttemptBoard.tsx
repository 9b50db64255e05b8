// The attempt board (docs/hall-mode.md): the called lifter, their attempt and weight, the plates per side in
// colour, the clock (the server's, through this screen's offset), the three lights once all are in, and who is
// on deck and in the hole. Sized in viewport units: legible from the back at 1280×720 and 1920×1080.
import { LIFT_NAMES, ordinal, plateLoading, remainingAt, FINAL_CALL_MS } from '../../../lib/contract.ts'
import type { HallPlatformView } from '../../../lib/contract.ts'
import { clockText } from '../api/hall.ts'
import './hall.css'

const kg = (w: number) => `${Number(w.toFixed(2))} kg`

export function AttemptBoard({ platform, serverNow }: { platform: HallPlatformView; serverNow: number }) {
  const { current, clock, lights, lift_type: lift } = platform
  const remaining = remainingAt(
    { allowanceMs: clock.allowance_ms, remainingMs: clock.remaining_ms, runningSince: clock.running_since },
    serverNow,
  )
  const loading = current && lift ? plateLoading(lift, current.weight, current.bar) : null
  return (
    <div className="attempt-board" data-testid="attempt-board">
      <header className="attempt-board__lifter">
        <div className="attempt-board__name" data-testid="board-name">
          {current?.name ?? 'Waiting for the first call'}
        </div>
        {current && lift && (
          <div className="attempt-board__attempt">
            {LIFT_NAMES[lift]} · {ordinal(current.attempt_number)} attempt{current.lot !== null ? ` · lot ${current.lot}` : ''}
          </div>
        )}
      </header>
      <div className="attempt-board__weight" data-testid="board-weight">
        {current ? kg(current.weight) : ''}
      </div>
      <div className="attempt-board__bar" aria-label="Plates per side">
        {loading && (
          <>
            <span className="plate-sleeve" />
            {loading.collars > 0 && <span className="plate plate--collar" title="Collar 2.5 kg" />}
            {loading.perSide.map((plate, i) => (
              <span
                key={i}
                className={`plate plate--${plate.colour}`}
                style={{ height: `${Math.max(22, Math.min(100, plate.kg * 4))}%` }}
                data-kg={plate.kg}
              >
                <span className="plate__label">{plate.kg}</span>
              </span>
            ))}
          </>
        )}
      </div>
      <div
        className={`attempt-board__clock${clock.running_since !== null ? ' is-running' : ''}${remaining <= FINAL_CALL_MS ? ' is-final' : ''}`}
        data-testid="board-clock"
      >
        {clockText(remaining)}
      </div>
      <div className="attempt-board__lights" data-testid="board-lights" data-presses={platform.presses}>
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
      </div>
      <footer className="attempt-board__next">
        <span>
          On deck: <strong>{platform.on_deck ? `${platform.on_deck.name} ${kg(platform.on_deck.weight)}` : '—'}</strong>
        </span>
        <span>
          In the hole: <strong>{platform.in_the_hole ? `${platform.in_the_hole.name} ${kg(platform.in_the_hole.weight)}` : '—'}</strong>
        </span>
      </footer>
    </div>
  )
}
