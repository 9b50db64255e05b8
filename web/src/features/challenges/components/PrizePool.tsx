import type { Challenge } from '../../../lib/challenge.ts'
import { formatDollars } from '../../../lib/format.ts'

export function PrizePool({ prizePool }: { prizePool: Challenge['prizePool'] }) {
  return (
    <dl className="prize-pool">
      <div className="prize-pool__place prize-pool__place--1"><dt>1st place</dt><dd>{formatDollars(prizePool.first)}</dd></div>
      <div className="prize-pool__place prize-pool__place--2"><dt>2nd place</dt><dd>{formatDollars(prizePool.second)}</dd></div>
      <div className="prize-pool__place prize-pool__place--3"><dt>3rd place</dt><dd>{formatDollars(prizePool.third)}</dd></div>
      <div className="prize-pool__total"><dt>Total</dt><dd>{formatDollars(prizePool.total)}</dd></div>
    </dl>
  )
}
