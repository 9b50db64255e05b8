import type { PrizePool as Pool } from '../../../lib/contract.ts'
import { formatPrize } from '../../../lib/format.ts'

const PLACES = [
  ['first', '1st place'],
  ['second', '2nd place'],
  ['third', '3rd place'],
] as const

/** The organiser's prize pool: each place that has a prize, then the total when more than one place has one. */
export function PrizePool({ prizePool }: { prizePool: Pool }) {
  const places = PLACES.filter(([key]) => prizePool[key] > 0)
  return (
    <dl className="prize-pool">
      {places.map(([key, label], i) => (
        <div key={key} className={`prize-pool__place prize-pool__place--${i + 1}`}>
          <dt>{label}</dt>
          <dd>{formatPrize(prizePool[key], prizePool.currency)}</dd>
        </div>
      ))}
      {places.length > 1 && (
        <div className="prize-pool__total">
          <dt>Total</dt>
          <dd>{formatPrize(prizePool.total, prizePool.currency)}</dd>
        </div>
      )}
    </dl>
  )
}
