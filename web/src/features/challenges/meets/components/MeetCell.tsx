// One attempt's cell, as meet boards draw it: declared outlined, pending grey with its votes, a good lift
// green (white weight), a no lift red and struck through (so it reads without colour), not taken dimmed.
// A declared or pending attempt that would break a record is edged in gold and marked "REC" (its label, read out
// and shown on hover, says "record attempt" and which record: the full words do not fit a projector's cell).
import type { LiftType, MeetCell } from '../../../../lib/contract.ts'
import { formatNumber } from '../../../../lib/format.ts'
import { cellLabel, clockTime } from '../api/meet-words.ts'

export function MeetCellView({ lift, cell }: { lift: LiftType; cell: MeetCell }) {
  const label = cellLabel(lift, cell)
  const record = cell.record_attempt ? ' meet-cell--record' : ''
  return (
    <span
      className={`meet-cell meet-cell--${cell.state}${record}`}
      data-state={cell.state}
      data-record-attempt={cell.record_attempt ? 'true' : undefined}
      role="img"
      aria-label={label}
      title={label}
    >
      {cell.weight !== null && cell.state !== 'not_taken' ? (
        <span className="meet-cell__weight">{formatNumber(cell.weight)}</span>
      ) : (
        <span className="meet-cell__weight meet-cell__weight--by" aria-hidden="true">
          {cell.state === 'empty' && cell.declare_by ? `by ${clockTime(cell.declare_by)}` : '–'}
        </span>
      )}
      {cell.state === 'pending' && (
        <span className="meet-cell__votes">
          {cell.votes_cast}/{cell.votes_needed}
        </span>
      )}
      {cell.state === 'declared' && cell.automatic && <span className="meet-cell__votes">auto</span>}
      {cell.record_attempt && (
        <span className="meet-cell__record" aria-hidden="true">
          REC
        </span>
      )}
    </span>
  )
}
