// The video page's decision: awaiting judges (with the count so far), or one light per judge
// (white good lift, red no lift with its card colour and reason, the moment of the clip it points
// at, the note), who decided, the appeal; the lifter's Appeal button while the window is open.
// A decided attempt says whether its decision is verified (counts on the global boards).
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { AWAITING_JUDGES, votesText } from '../../../components/AttemptChip.tsx'
import type { Lift } from '../../../lib/contract.ts'
import { formatDateTime } from '../../../lib/format.ts'
import { UNVERIFIED_MEANING, VERIFIED_RESULTS_HELP } from '../../../lib/verified-results.ts'
import { appealAttempt, canAppeal } from '../api/appeal.ts'
import { formatClock } from '../api/playback.ts'

interface Props {
  attempt: Pick<Lift, 'id' | 'user_id' | 'status' | 'judging'>
  userId: number | null
  onSeek: (seconds: number) => void
  onAppealed: (attempt: Lift) => void
}

export const VERIFIED_DECISION = 'Verified: counts on the global boards'
export const UNVERIFIED_DECISION = 'Not verified for global boards'

const APPEAL_STATES = {
  open: 'Appeal pending: the jury will decide',
  confirmed: 'Appeal decided: the decision stands',
  reversed: 'Appeal decided: the decision was reversed',
} as const

export function JudgingPanel({ attempt, userId, onSeek, onAppealed }: Props) {
  const { judging } = attempt
  if (attempt.status === 'pending') {
    const votes = votesText(judging)
    return (
      <section className="panel judging" aria-labelledby="judging-heading">
        <h2 id="judging-heading">Judging</h2>
        <p className="judging__pending status-other" data-testid="judging-state">
          {AWAITING_JUDGES}
          {votes ? ` · ${votes}` : ''}
        </p>
        <p className="muted">Votes stay hidden until the decision.</p>
      </section>
    )
  }
  const appeal = judging.appeal
  return (
    <section className="panel judging" aria-labelledby="judging-heading">
      <h2 id="judging-heading">Judging</h2>
      {judging.decided_by === 'jury' && (
        <p className="judging__jury" data-testid="judging-jury">
          Decided by the jury
        </p>
      )}
      {judging.lights.length > 0 && (
        <ol className="judging__lights" aria-label="Lights">
          {judging.lights.map((light, i) => (
            <li key={i} className="judging__light">
              <span className={`judging__lamp judging__lamp--${light.good ? 'white' : 'red'}`} aria-hidden="true" />
              <div className="judging__detail">
                <strong>{light.judge}</strong>
                <span className={light.good ? 'status-completed' : 'status-failed'}>{light.good ? 'Good lift' : 'No lift'}</span>
                {!light.good && (light.card || light.reason_label) && (
                  <span className="judging__reason">
                    {light.card && (
                      <span
                        className={`judging__card judging__card--${light.card}`}
                        aria-label={`${light.card} card`}
                        title={`${light.card} card`}
                      />
                    )}
                    {light.reason_label ?? light.reason}
                  </span>
                )}
                {light.at_seconds !== null && (
                  <button type="button" className="link-button judging__moment" onClick={() => onSeek(light.at_seconds!)}>
                    at {formatClock(light.at_seconds)}
                  </button>
                )}
                {light.note && <q className="judging__note">{light.note}</q>}
              </div>
            </li>
          ))}
        </ol>
      )}
      {judging.decided_at && <p className="muted judging__when">Decided {formatDateTime(judging.decided_at)}</p>}
      <p className={`judging__verified judging__verified--${judging.verified ? 'yes' : 'no'}`}>
        <span data-testid="judging-verified" title={judging.verified ? 'Decided by a certified judging panel' : UNVERIFIED_MEANING}>
          {judging.verified ? VERIFIED_DECISION : UNVERIFIED_DECISION}
        </span>{' '}
        <Link to={VERIFIED_RESULTS_HELP}>How results are verified</Link>
      </p>
      {appeal && (
        <div className="judging__appeal" data-testid="judging-appeal">
          <strong>{APPEAL_STATES[appeal.state]}</strong>
          <q className="judging__note">{appeal.note}</q>
          {appeal.reason && <span>Jury: {appeal.reason}</span>}
        </div>
      )}
      {canAppeal(attempt, userId) && <AppealForm attemptId={attempt.id} until={judging.appeal_until!} onAppealed={onAppealed} />}
    </section>
  )
}

function AppealForm({ attemptId, until, onAppealed }: { attemptId: number; until: string; onAppealed: (attempt: Lift) => void }) {
  const [open, setOpen] = useState(false)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  if (!open) {
    return (
      <p className="judging__appeal-offer">
        <button type="button" className="button button--small" onClick={() => setOpen(true)}>
          Appeal
        </button>
        <span className="muted"> until {formatDateTime(until)}</span>
      </p>
    )
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSending(true)
    setError(null)
    try {
      onAppealed(await appealAttempt(attemptId, note.trim()))
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setSending(false)
    }
  }
  return (
    <form className="judging__appeal-form" onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label htmlFor="appeal-note">Why should the jury look again?</label>
        <textarea id="appeal-note" value={note} maxLength={500} rows={3} onChange={(e) => setNote(e.target.value)} />
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button type="submit" className="button button--small" disabled={sending || !note.trim()}>
          {sending ? 'Sending…' : 'Send appeal'}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  )
}
