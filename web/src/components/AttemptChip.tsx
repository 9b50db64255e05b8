import type { Lift } from '../lib/contract.ts'
import { formatNumber, liftLabel } from '../lib/format.ts'
import './AttemptChip.css'

/** One attempt: lift and weight, coloured by status (completed, failed, anything else grey). */
export function AttemptChip({ attempt }: { attempt: Pick<Lift, 'lift_type' | 'weight' | 'status'> }) {
  const tone = attempt.status === 'completed' || attempt.status === 'failed' ? attempt.status : 'other'
  return (
    <span className={`attempt-chip attempt-chip--${tone}`} title={`${liftLabel(attempt.lift_type)} ${attempt.weight} kg, ${attempt.status}`}>
      {liftLabel(attempt.lift_type).charAt(0)} {formatNumber(attempt.weight)}
    </span>
  )
}
