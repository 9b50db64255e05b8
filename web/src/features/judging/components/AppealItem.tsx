// One appeal for the jury: the video of the attempt under appeal, the lifter's note, the decision's
// lights, and Confirm / Reverse with a required reason (final).
import { useMemo, useState } from 'react'
import { deviceKind, isMobile, playbackUrl } from '../../../lib/device.ts'
import { JudgePlayer } from './JudgePlayer.tsx'
import { errorText } from '../../../lib/api-client.ts'
import type { Lift } from '../../../lib/contract.ts'
import { formatKg, liftLabel } from '../../../lib/format.ts'
import { decideAppeal } from '../api/judging.ts'
import { Lights } from './Lights.tsx'

export const APPEAL_REASON_REQUIRED = 'Give the reason for your decision.'

export function AppealItem({ attempt, onDecided }: { attempt: Lift; onDecided: () => void }) {
  const [reason, setReason] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function decide(reverse: boolean) {
    if (!reason.trim()) return setError(APPEAL_REASON_REQUIRED)
    setSending(true)
    setError(null)
    try {
      await decideAppeal(attempt.id, { reverse, reason: reason.trim() })
      onDecided()
    } catch (e) {
      setError(errorText(e, 'The decision was not sent. Try again.'))
      setSending(false)
    }
  }

  const src = useMemo(
    () => (attempt.video_url ? playbackUrl(attempt.video_url, { mobile: isMobile(), device: deviceKind() }) : null),
    [attempt.video_url],
  )
  const decision = attempt.status === 'completed' ? 'Good lift' : 'No lift'
  const label = `${attempt.participant_name}, ${liftLabel(attempt.lift_type)} ${formatKg(attempt.weight)}`
  return (
    <li className="judging-admin__item" aria-label={`Appeal: ${label}`}>
      <strong>
        {label}: {decision}
      </strong>
      {src ? (
        <JudgePlayer
          src={src}
          poster={attempt.poster_url}
          label={`${attempt.participant_name}'s ${liftLabel(attempt.lift_type)} under appeal`}
        />
      ) : (
        <p className="muted">This attempt has no video.</p>
      )}
      <Lights lights={attempt.judging.lights} />
      <p className="muted">Lifter's note: “{attempt.judging.appeal?.note}”</p>
      <label className="stack">
        <span>Reason for the decision</span>
        <textarea value={reason} maxLength={500} rows={2} onChange={(e) => setReason(e.target.value)} />
      </label>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="judging-admin__actions">
        <button type="button" className="button button--secondary" disabled={sending} onClick={() => void decide(false)}>
          Confirm {decision.toLowerCase()}
        </button>
        <button type="button" className="button" disabled={sending} onClick={() => void decide(true)}>
          Reverse to {decision === 'Good lift' ? 'no lift' : 'good lift'}
        </button>
      </div>
    </li>
  )
}
