// A lifter's card on a meet's scoreboard: per lift its three attempt cells and the best, then the
// total (or "Bombed out"), points and place (docs/meet-rules.md 'The cards').
import type { MeetCard } from '../../../../lib/contract.ts'
import { formatKg, formatNumber, formatPoints } from '../../../../lib/format.ts'
import { LIFT_ROW_NAMES } from '../api/meet-words.ts'
import { MeetCellView } from './MeetCell.tsx'

interface Props {
  card: MeetCard
  /** The signed-in lifter's own card. */
  own?: boolean
}

export function MeetCardView({ card, own = false }: Props) {
  const facts = [
    card.weight_class,
    card.bodyweight !== null ? `${formatNumber(card.bodyweight)} kg bw` : null,
    card.lot !== null ? `lot ${card.lot}` : null,
    card.country,
  ]
  return (
    <article className={`meet-card${own ? ' meet-card--own' : ''}`} aria-label={card.name} data-user-id={card.user_id}>
      <header className="meet-card__head">
        <span className="meet-card__place" aria-label={card.place !== null ? `Place ${card.place}` : 'No place'}>
          {card.place ?? '–'}
        </span>
        <span className="meet-card__name">{card.name}</span>
        <span className="meet-card__facts">{facts.filter(Boolean).join(' · ')}</span>
      </header>
      <div className="meet-card__lifts" role="list">
        {card.lifts.map((lift) => (
          <div
            className="meet-card__lift"
            role="listitem"
            key={lift.lift_type}
            data-lift={lift.lift_type}
            // A 4th cell (a record-only attempt, docs/meet-rules.md) takes a fourth column.
            style={
              lift.cells.length > 3 ? { gridTemplateColumns: `3.9rem repeat(${lift.cells.length}, minmax(0, 1fr)) 3.4rem` } : undefined
            }
          >
            <span className="meet-card__lift-name">{LIFT_ROW_NAMES[lift.lift_type]}</span>
            {lift.cells.map((cell) => (
              <MeetCellView key={cell.attempt_number} lift={lift.lift_type} cell={cell} />
            ))}
            <span className="meet-card__best" aria-label={`Best ${lift.best !== null ? formatKg(lift.best) : 'none'}`}>
              {lift.best !== null ? formatNumber(lift.best) : '–'}
            </span>
          </div>
        ))}
      </div>
      <footer className="meet-card__foot">
        {card.bombed_out ? (
          <span className="meet-card__total meet-card__total--bombed" data-testid="meet-total">
            Bombed out
          </span>
        ) : (
          <span className="meet-card__total" data-testid="meet-total">
            Total {card.total !== null ? formatKg(card.total) : '–'}
          </span>
        )}
        <span className="meet-card__points">Points {formatPoints(card.points)}</span>
      </footer>
    </article>
  )
}
