// /challenges/:id/hall/warmup?platform=1: the warm-up room's board (docs/hall-mode.md): the next ten attempts of
// the platform's flight in the lifting order, each with its weight and how many attempts come before it, so a
// lifter knows when to take their last warm-up. Live: every declaration, call and decision re-orders it.
import { useParams, useSearchParams } from 'react-router'
import { LIFT_NAMES, ordinal } from '../../../lib/contract.ts'
import type { HallPlatformView, HallUp } from '../../../lib/contract.ts'
import { useHall } from '../api/hall.ts'
import './hall.css'

const WARMUP_ROWS = 10

/** The attempts to come, the one on the platform first while its referees have not decided it. */
export function warmupRows(platform: HallPlatformView): HallUp[] {
  const { current } = platform
  const onPlatform = current && platform.decision === null ? [current] : []
  return [...onPlatform, ...[platform.on_deck, platform.in_the_hole].filter((u): u is HallUp => u !== null), ...platform.order].slice(
    0,
    WARMUP_ROWS,
  )
}

export function WarmupBoardPage() {
  const id = Number(useParams().id)
  const [params] = useSearchParams()
  const number = Number(params.get('platform') ?? 1)
  const { hall, error } = useHall(Number.isInteger(id) && id > 0 ? id : null)
  if (error)
    return (
      <div className="attempt-board attempt-board--message" role="alert">
        {error}
      </div>
    )
  if (!hall)
    return (
      <div className="attempt-board attempt-board--message" role="status">
        Loading the hall…
      </div>
    )
  const platform = hall.platforms.find((p) => p.platform === number)
  if (!platform) return <div className="attempt-board attempt-board--message">This meet has no platform {number}.</div>
  const rows = warmupRows(platform)
  return (
    <div className="warmup-board" data-testid="warmup-board">
      <h1>
        Warm-up · platform {number}
        {platform.lift_type ? ` · ${LIFT_NAMES[platform.lift_type]}` : ''}
      </h1>
      <table>
        <thead>
          <tr>
            <th>Up in</th>
            <th>Lifter</th>
            <th>Attempt</th>
            <th className="num">Weight</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={`${row.user_id}-${row.attempt_number}`} className={i === 0 ? 'is-up' : undefined} data-testid="warmup-row">
              <td>
                {i === 0
                  ? platform.decision === null && platform.current
                    ? 'Lifting'
                    : 'Next'
                  : `${i} ${i === 1 ? 'attempt' : 'attempts'}`}
              </td>
              <td>{row.name}</td>
              <td>{ordinal(row.attempt_number)}</td>
              <td className="num">
                {Number(row.weight.toFixed(2))} kg{row.automatic ? ' *' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="warmup-board__note">* not declared yet: the default after the last decision.</p>
    </div>
  )
}
