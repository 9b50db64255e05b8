// The organiser decides a pending attempt directly, as jury: Good lift, or No lift with a reason.
import { useMemo, useState } from 'react'
import { errorText } from '../../../lib/api-client.ts'
import type { Lift } from '../../../lib/contract.ts'
import { formatKg, liftLabel } from '../../../lib/format.ts'
import { juryDecide } from '../api/judging.ts'
import { ReasonCards, reasonsFor } from './ReasonCards.tsx'

export function JuryItem({ attempt, onDecided }: { attempt: Lift; onDecided: () => void }) {
  const reasons = useMemo(() => reasonsFor(attempt.lift_type), [attempt.lift_type])
  const [noLift, setNoLift] = useState(false)
  const [reason, setReason] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function decide(good: boolean) {
    setSending(true)
    setError(null)
    try {
      await juryDecide(attempt.id, good ? { good } : { good, reason: reason! })
      onDecided()
    } catch (e) {
      setError(errorText(e, 'The decision was not sent. Try again.'))
      setSending(false)
    }
  }

  const label = `${attempt.participant_name}, ${liftLabel(attempt.lift_type)} ${formatKg(attempt.weight)}`
  return (
    <li className="judging-admin__item" aria-label={`Pending: ${label}`}>
      <strong>{label}</strong>
      <span className="muted">
        {attempt.judging.votes_cast} of {attempt.judging.votes_needed} votes
      </span>
      <div className="judging-admin__actions">
        <button type="button" className="button button--secondary" disabled={sending} onClick={() => void decide(true)}>
          Good lift
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={sending}
          aria-expanded={noLift}
          onClick={() => setNoLift(true)}
        >
          No lift…
        </button>
      </div>
      {noLift && (
        <div className="stack">
          <ReasonCards name={`jury-${attempt.id}`} reasons={reasons} value={reason} onChange={setReason} />
          <div>
            <button type="button" className="button" disabled={sending || !reason} onClick={() => void decide(false)}>
              Decide no lift
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}
