// SPEC §2/§9: the top 5 with their attempts and total, then 'And N more participants...'.
import { Link } from 'react-router'
import { Avatar } from '../../../components/Avatar.tsx'
import { AttemptChip } from '../../../components/AttemptChip.tsx'
import { UI } from '../../../config.ts'
import type { Participant } from '../../../lib/contract.ts'
import { formatKg } from '../../../lib/format.ts'

const LIFT_ORDER: Record<string, number> = { squat: 0, bench: 1, deadlift: 2 }

/** Squats, then bench, then deadlifts, each in the order lifted. */
const byLift = (attempts: Participant['attempts']) =>
  [...attempts].sort((a, b) => (LIFT_ORDER[a.lift_type] ?? 3) - (LIFT_ORDER[b.lift_type] ?? 3) || a.created_at.localeCompare(b.created_at))

export function TopParticipants({ participants, highlightUserId }: { participants: Participant[]; highlightUserId: number | null }) {
  if (participants.length === 0) return <p className="empty">No participants yet. Be the first to join!</p>
  const top = participants.slice(0, UI.topParticipants)
  const more = participants.length - top.length
  return (
    <>
      <ol className="top-list" aria-label="Top participants">
        {top.map((p, i) => (
          <li key={p.id} className={`top-list__item${p.user_id === highlightUserId ? ' top-list__item--me' : ''}`}>
            <span className={`top-list__rank top-list__rank--${i + 1}`}>{i + 1}</span>
            <Avatar id={p.user_id} name={p.name} size={40} />
            <div className="top-list__who">
              <Link to={`/profile/${p.user_id}`}>{p.name}</Link>
              <span className="muted">{[p.weight_class, p.country].filter(Boolean).join(' · ')}</span>
              <ul className="attempt-chips" aria-label={`Attempts of ${p.name}`}>
                {p.attempts.length === 0 ? <li className="muted">No attempts yet</li> : byLift(p.attempts).map((a) => <li key={a.id}><AttemptChip attempt={a} /></li>)}
              </ul>
            </div>
            <div className="top-list__total">
              <span className="muted">Total</span>
              <strong data-testid="participant-total">{formatKg(p.total_weight)}</strong>
            </div>
          </li>
        ))}
      </ol>
      {more > 0 && <p className="muted">And {more} more participants...</p>}
    </>
  )
}
