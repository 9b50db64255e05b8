import type { Judging, Lift } from '../lib/contract.ts'
import { formatNumber, liftLabel } from '../lib/format.ts'
import './AttemptChip.css'

/** docs/product/states.md: completed and failed have their colours; anything else (pending: awaiting judges) is grey. */
type AttemptTone = 'completed' | 'failed' | 'other'
const attemptTone = (status: string): AttemptTone => (status === 'completed' || status === 'failed' ? status : 'other')

export const AWAITING_JUDGES = 'Awaiting judges'

/** 'Good lift', 'No lift', or 'Awaiting judges' for an attempt not decided yet. */
function verdictText(status: string): string {
  return status === 'completed' ? 'Good lift' : status === 'failed' ? 'No lift' : AWAITING_JUDGES
}

type Votes = Pick<Judging, 'votes_cast' | 'votes_needed'>

/** '1 of 3 votes' while a panel of three is voting; null with a single judge (or no counts known). */
export function votesText(judging: Votes | null | undefined): string | null {
  if (!judging || judging.votes_needed <= 1) return null
  return `${Math.min(judging.votes_cast, judging.votes_needed)} of ${judging.votes_needed} votes`
}

/** 'Awaiting judges · 1 of 3 votes', 'Good lift' or 'No lift'. */
export function verdictLabel(attempt: { status: string; judging?: Votes | null }): string {
  const votes = attempt.status === 'pending' ? votesText(attempt.judging) : null
  return votes ? `${verdictText(attempt.status)} · ${votes}` : verdictText(attempt.status)
}

/**
 * The verdict as coloured words a person reads: green "Good lift", red "No lift", grey "Awaiting judges" — never
 * the raw status ('completed', 'failed') the spec's lists showed.
 */
export function AttemptVerdict({ attempt }: { attempt: { status: string; judging?: Votes | null } }) {
  const tone = attemptTone(attempt.status)
  const text = verdictLabel(attempt)
  return (
    <span className={`attempt-verdict status-${tone}`} data-verdict={tone}>
      {text}
    </span>
  )
}

/** One attempt: lift and weight, coloured by status (completed, failed, anything else grey and labelled awaiting judges). */
export function AttemptChip({ attempt }: { attempt: Pick<Lift, 'lift_type' | 'weight' | 'status'> & { judging?: Votes | null } }) {
  const tone = attemptTone(attempt.status)
  const verdict = verdictLabel(attempt)
  return (
    <span
      className={`attempt-chip attempt-chip--${tone}`}
      title={`${liftLabel(attempt.lift_type)} ${formatNumber(attempt.weight)} kg, ${verdict}`}
    >
      {liftLabel(attempt.lift_type).charAt(0)} {formatNumber(attempt.weight)}
      {tone === 'other' && <span className="attempt-chip__state"> · {verdict}</span>}
    </span>
  )
}
