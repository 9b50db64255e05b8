// One group of the projector board (ProjectorBoardPage): its heading, its columns (the challenge's
// total's lifts, the total, its formula's points) and a row per lifter with their category
// (docs/categories.md: divisions, equipment) beside the name.
import type { CSSProperties } from 'react'
import { AWAITING_JUDGES, votesText } from '../../../components/AttemptChip.tsx'
import type { Lift } from '../../../lib/contract.ts'
import { FORMULA_NAMES, bestOf } from '../../../lib/contract.ts'
import { categoryText } from '../../../lib/categories.ts'
import { formatNumber, formatPoints, liftLabel } from '../../../lib/format.ts'
import { withHighlight } from '../../../lib/use-change-highlight.ts'
import type { BoardRow, BoardScoring, PageSegment } from './board-pages.ts'

/** Column headers on a phone, where the full names would push the points off the screen. */
const SHORT_LIFT: Partial<Record<string, string>> = { squat: 'SQ', bench: 'BP', deadlift: 'DL', snatch: 'SN', clean_and_jerk: 'C&J' }

/** A kg figure, '—' before a good lift. */
const kg = (n: number | null) => (n ? formatNumber(n) : '—')

export function Segment({
  segment,
  scoring,
  latest,
  decided,
  changed,
}: {
  segment: PageSegment
  scoring: BoardScoring
  latest: Lift | undefined
  decided: Lift | undefined
  changed: ReadonlySet<number>
}) {
  const heading = segment.bestLifter ? `Best lifter · ${FORMULA_NAMES[segment.bestLifter]}` : segment.weightClass
  const formula = scoring.points_formula
  return (
    <section className={`board__segment${segment.bestLifter ? ' board__segment--best' : ''}`} aria-label={heading ?? 'Ranking'}>
      {/* On a phone the heading stands above its table; on a screen it takes the Lifter header's place (one row less per group). */}
      {heading && (
        <h2 className="board__class board__class--phone">
          {heading}
          {segment.continued ? ' (continued)' : ''}
        </h2>
      )}
      <table className="board__table" style={{ '--figures': scoring.total_lifts.length + 1 + (formula ? 1 : 0) } as CSSProperties}>
        {/* Column widths in the cells' own font (ProjectorBoard.css): figures always fit; the name gives way. */}
        <colgroup>
          <col className="board__col--rank" />
          <col />
          <col className="board__col--judging" />
          {!segment.classInHeading && <col className="board__col--class" />}
          {scoring.total_lifts.map((lift) => (
            <col key={lift} className={`board__col--lift board__col--${lift}`} />
          ))}
          <col className="board__col--total" />
          {formula && <col className={`board__col--points board__col--${formula}`} />}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="board__rank-col">
              #
            </th>
            <th scope="col" className="board__lifter-col">
              {heading ? (
                <>
                  <span className="board__class board__class--screen" aria-hidden="true">
                    {heading}
                    {segment.continued ? ' (continued)' : ''}
                  </span>
                  <span className="board__lifter-label">Lifter</span>
                </>
              ) : (
                'Lifter'
              )}
            </th>
            <th scope="col" className="board__judging-col">
              <span className="visually-hidden">Judging</span>
            </th>
            {!segment.classInHeading && (
              <th scope="col" className="board__class-col">
                Class
              </th>
            )}
            {scoring.total_lifts.map((lift) => (
              <th key={lift} scope="col" className="num board__num-col" data-short={SHORT_LIFT[lift] ?? liftLabel(lift)}>
                <span className="board__label-long">{liftLabel(lift)}</span>
              </th>
            ))}
            <th scope="col" className="num board__num-col">
              Total
            </th>
            {formula && (
              <th scope="col" className="num board__num-col board__points-col">
                {FORMULA_NAMES[formula]}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {segment.rows.map((row) => (
            <Row
              key={row.participant.id}
              row={row}
              scoring={scoring}
              showClass={!segment.classInHeading}
              latest={latest}
              decided={decided}
              changed={changed.has(row.participant.id)}
            />
          ))}
        </tbody>
      </table>
    </section>
  )
}

function Row({
  row,
  scoring,
  showClass,
  latest,
  decided,
  changed,
}: {
  row: BoardRow
  scoring: BoardScoring
  showClass: boolean
  latest: Lift | undefined
  decided: Lift | undefined
  changed: boolean
}) {
  const p = row.participant
  const isLatest = latest?.participant_id === p.id
  const isDecided = decided?.participant_id === p.id
  const className = withHighlight(
    [isLatest && 'board__row--latest', isDecided && 'board__row--decided'].filter(Boolean).join(' ') || undefined,
    changed,
  )
  const category = categoryText(scoring.total_lifts, p)
  const onePending = row.pending.length === 1 ? votesText(row.pending[0]!.judging) : null
  return (
    <tr className={className} data-latest={isLatest ? latest.id : undefined} data-decided={isDecided ? decided.id : undefined}>
      <td className={`board__rank${row.place !== null ? ` board__rank--${row.place}` : ''}`}>{row.place ?? '—'}</td>
      <td className="board__name">
        {/* One line: the country drops out of sight first; only then is the name shortened (the title has it whole). */}
        <span className="board__name-line">
          <span className="board__name-text" title={p.name}>
            {p.name}
          </span>
          {p.country && <span className="board__country">{p.country}</span>}
          {category && (
            <span className="board__country board__category" data-testid="board-category">
              {category}
            </span>
          )}
        </span>
        {row.pending.length > 0 && <span className="board__pending-phone">{AWAITING_JUDGES}</span>}
      </td>
      <td className="board__judging">
        {row.pending.length > 0 && (
          <span className="board__pending" title={onePending ? `${AWAITING_JUDGES} · ${onePending}` : AWAITING_JUDGES}>
            {AWAITING_JUDGES}
            {row.pending.length > 1 ? `\u00a0×${row.pending.length}` : ''}
          </span>
        )}
      </td>
      {showClass && <td className="board__class-col">{p.weight_class}</td>}
      {scoring.total_lifts.map((lift) => (
        <td key={lift} className="num">
          {kg(bestOf(p, lift))}
        </td>
      ))}
      <td className="num board__total">{kg(p.total)}</td>
      {scoring.points_formula && <td className="num board__points">{formatPoints(p.points)}</td>}
    </tr>
  )
}
