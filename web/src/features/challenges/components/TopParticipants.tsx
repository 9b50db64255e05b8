// docs/product/screens.md, limits.md: the top 5 with their attempts and total, then 'And N more participants...'. The top
// follows the challenge's ranking: by total within class, the top 5 of one weight class at a time
// (buttons for each class with lifters; the signed-in lifter's class first shown); by a formula, the
// top 5 overall by points. It comes from the challenge's summary, ranked and placed (server, then
// live events by the same rules) with the first 5 of every class, so a class button needs no request;
// the rest are counted from the summary's counts: 'And N more participants...' opens the whole list
// (/challenges/{id}/participants, searchable, with the signed-in lifter's place).
import { useState } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../../components/Avatar.tsx'
import { AttemptChip } from '../../../components/AttemptChip.tsx'
import { UI } from '../../../config.ts'
import type { Challenge, ChallengeSummaryResponse, LiftType, Participant } from '../../../lib/contract.ts'
import { FORMULA_NAMES, LIFT_TYPES, bestOf, classOrder } from '../../../lib/contract.ts'
import { formatKg, formatNumber, formatPoints, liftLabel } from '../../../lib/format.ts'
import { participantFigures, useChangeHighlight, withHighlight } from '../../../lib/use-change-highlight.ts'
import { categoryText } from '../../../lib/categories.ts'
import { PlaceBadge } from './PlaceBadge.tsx'
import './TopParticipants.css'

/** What the top list reads of its challenge. */
type TopScoring = Pick<Challenge, 'id' | 'total_lifts' | 'ranking' | 'points_formula'> & Partial<Pick<Challenge, 'equipment'>>

/** What the top list reads of the summary: the top of each group and how many there are in all and per class. */
type TopSummary = Pick<ChallengeSummaryResponse, 'top' | 'count' | 'class_counts'>

/** Short names for a line of bests ('Sn 120 · C&J 150'). */
const LIFT_SHORT: Record<LiftType, string> = {
  squat: 'Sq',
  bench: 'Bn',
  deadlift: 'Dl',
  snatch: 'Sn',
  clean_and_jerk: 'C&J',
  power_clean: 'PC',
  push_press: 'PP',
  overhead_press: 'OHP',
}

/** The total's lifts in the challenge's order, then any other lift; each lift's attempts in the order lifted. */
function byLift(attempts: Participant['attempts'], totalLifts: readonly LiftType[]) {
  const order = (type: string) => {
    const i = totalLifts.indexOf(type as LiftType)
    return i >= 0 ? i : totalLifts.length + Math.max(0, (LIFT_TYPES as readonly string[]).indexOf(type))
  }
  return [...attempts].sort((a, b) => order(a.lift_type) - order(b.lift_type) || a.created_at.localeCompare(b.created_at) || a.id - b.id)
}

interface Props {
  summary: TopSummary
  challenge: TopScoring
  highlightUserId: number | null
  /** The signed-in lifter's weight class, shown first (they need not be in its top). */
  ownClass?: string
}

export function TopParticipants({ summary, challenge, highlightUserId, ownClass }: Props) {
  const [picked, setPicked] = useState<string | null>(null)
  const { top: participants, count, class_counts: classCounts } = summary
  // A new lifter in the top, or a changed place, attempt or total, is marked for a moment.
  const changed = useChangeHighlight(participants, (p) => p.id, participantFigures)
  if (participants.length === 0) return <p className="empty">No participants yet. Be the first to join!</p>

  const byClass = challenge.ranking === 'class'
  // The classes with lifters, lightest first (each has its top in the summary).
  const classes = byClass
    ? [...new Set([...Object.keys(classCounts).filter((c) => classCounts[c]! > 0), ...participants.map((p) => p.weight_class)])].sort(
        classOrder,
      )
    : []
  const shownClass = byClass
    ? picked && classes.includes(picked)
      ? picked
      : ownClass && classes.includes(ownClass)
        ? ownClass
        : classes[0]!
    : null
  const view = shownClass === null ? participants : participants.filter((p) => p.weight_class === shownClass)
  const top = view.slice(0, UI.topParticipants)
  const more = Math.max(0, (shownClass === null ? count : (classCounts[shownClass] ?? view.length)) - top.length)
  const formula = challenge.points_formula

  return (
    <>
      {classes.length > 1 && (
        <div className="segmented top-classes" role="group" aria-label="Weight class">
          {classes.map((cls) => (
            <button key={cls} type="button" aria-pressed={cls === shownClass} onClick={() => setPicked(cls)}>
              {cls}
            </button>
          ))}
        </div>
      )}
      <ol className="top-list" aria-label="Top participants">
        {top.map((p) => (
          <li
            key={p.id}
            className={withHighlight(`top-list__item${p.user_id === highlightUserId ? ' top-list__item--me' : ''}`, changed.has(p.id))}
          >
            <PlaceBadge place={p.place} className="top-list__rank" />
            <Avatar id={p.user_id} name={p.name} size={40} />
            <div className="top-list__who">
              <Link to={`/profile/${p.user_id}`}>{p.name}</Link>
              <span className="muted">
                {[p.weight_class, p.country, categoryText(challenge.total_lifts, p, challenge.equipment === 'both')]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <ul className="attempt-chips" aria-label={`Attempts of ${p.name}`}>
                {p.attempts.length === 0 ? (
                  <li className="muted">No attempts yet</li>
                ) : (
                  byLift(p.attempts, challenge.total_lifts).map((a) => (
                    <li key={a.id}>
                      <AttemptChip attempt={a} />
                    </li>
                  ))
                )}
              </ul>
              <span className="top-list__bests" data-testid="participant-bests">
                {challenge.total_lifts.map((lift, i) => {
                  const best = bestOf(p, lift)
                  return (
                    <span key={lift}>
                      {i > 0 && ' · '}
                      <abbr title={liftLabel(lift)}>{LIFT_SHORT[lift]}</abbr> {best > 0 ? formatNumber(best) : '—'}
                    </span>
                  )
                })}
              </span>
            </div>
            <div className="top-list__total">
              <span className="muted">Total</span>
              <strong data-testid="participant-total">{p.total !== null ? formatKg(p.total) : '—'}</strong>
              {formula && (
                <span className="top-list__points" data-testid="participant-points">
                  {formatPoints(p.points)} {FORMULA_NAMES[formula]}
                </span>
              )}
            </div>
          </li>
        ))}
      </ol>
      {more > 0 ? (
        <Link className="top-list__more" to={`/challenges/${challenge.id}/participants`}>
          And {more} more participants...
        </Link>
      ) : (
        count > top.length && (
          // This class is all shown, others are not: the whole list is still a tap away.
          <Link className="top-list__more" to={`/challenges/${challenge.id}/participants`}>
            All {count} participants
          </Link>
        )
      )}
    </>
  )
}
