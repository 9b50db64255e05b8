// /challenges/{id}/live for a meet: the classic scoreboard projected in a hall. One row per lifter:
// place, name (class, lot, country under it), for each lift its three attempt cells (as on the
// challenge page: declared outlined, pending grey with its votes, good green, no lift red and
// struck through, not taken dimmed) and the best, then the total (or "Bombed out") and the points;
// grouped and ranked as the cards answer gives them. Every cell shows whole at 1280×720 and
// 1920×1080 (columns sized in their own font's digits; a name wraps rather than being cut); pages of
// what fits turn every 10 s, round and round. "Next up" runs along the foot. Live through useMeetCards.
// With teams, the last page of each round is the team standings (docs/teams.md). A record attempt is edged in gold; a record set live shows in a banner for a few seconds (RecordHighlight).
import { useQuery } from '@tanstack/react-query'
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { LiveIndicator } from '../../../../components/LiveIndicator.tsx'
import { OfflineNotice } from '../../../../components/OfflineNotice.tsx'
import { FORMULA_NAMES, challengeRoom } from '../../../../lib/contract.ts'
import type { Challenge, MeetCard } from '../../../../lib/contract.ts'
import { formatKg, formatNumber, formatPoints } from '../../../../lib/format.ts'
import { queryClient } from '../../../../lib/query-client.ts'
import { challengeTeamsQuery } from '../../api/challenge-teams.ts'
import { TeamStandingsTable } from '../../components/TeamStandings.tsx'
import { meetPages, type MeetPageSegment } from '../api/meet-board-pages.ts'
import { useMeetCards } from '../api/meet-cards.ts'
import { LIFT_ROW_NAMES, LIFT_WORDS, nth } from '../api/meet-words.ts'
import { MeetCellView } from './MeetCell.tsx'
import { RecordHighlight } from './RecordHighlight.tsx'
import { meetGroups } from './MeetScoreboard.tsx'
import './meets.css'
import './MeetProjectorBoard.css'

/** How long each page shows. */
export const MEET_PAGE_MS = 10_000
/** Until the screen is measured (and in jsdom): rows per page, and what a group's heading costs in rows. */
const DEFAULT_FIT = { capacity: 8, headerCost: 1 }
/** Entries of "Next up" along the foot. */
const NEXT_UP_SHOWN = 4

interface Props {
  challenge: Pick<Challenge, 'id' | 'name' | 'ranking' | 'points_formula'>
}

export function MeetProjectorBoard({ challenge }: Props) {
  const { cards } = useMeetCards(challenge.id)
  const groups = useMemo(() => meetGroups(cards?.cards ?? [], challenge.ranking), [cards, challenge.ranking])
  const bodyRef = useRef<HTMLDivElement>(null)
  const [fit, setFit] = useState(DEFAULT_FIT)
  const pages = useMemo(() => meetPages(groups, fit.capacity, fit.headerCost), [groups, fit])
  // A meet with teams ends each round of pages with the team standings (docs/teams.md).
  const { data: teams } = useQuery(challengeTeamsQuery(challenge.id), queryClient)
  const teamsPage = (teams?.length ?? 0) > 0
  const pageCount = pages.length + (teamsPage ? 1 : 0)
  const [page, setPage] = useState(0)
  const pageIndex = Math.min(page, Math.max(0, pageCount - 1))
  const showTeams = teamsPage && pageIndex === pages.length
  const current = showTeams ? [] : (pages[pageIndex] ?? [])
  const lifts = cards?.lifts ?? []

  // Measure what fits: the tallest row of the page shown and the body's height (nothing to measure in jsdom).
  const hasRows = groups.some((g) => g.cards.length > 0)
  useLayoutEffect(() => {
    const measure = () => {
      const body = bodyRef.current
      if (!body) return
      // A segment's cost beyond its rows: its class heading and its table's header.
      const segment = body.querySelector<HTMLElement>('.meet-board-table__segment')
      const rows = segment ? [...segment.querySelectorAll<HTMLElement>('tbody tr')] : []
      const rowHeight = Math.max(0, ...rows.map((r) => r.getBoundingClientRect().height))
      if (!segment || rowHeight <= 0 || body.clientHeight <= 0) return
      const headHeight = segment.getBoundingClientRect().height - rows.reduce((sum, r) => sum + r.getBoundingClientRect().height, 0)
      const gap = parseFloat(getComputedStyle(body).rowGap) || 0
      const next = {
        capacity: Math.max(2, Math.floor((body.clientHeight - 2) / rowHeight)),
        headerCost: Math.max(1, Math.ceil((headHeight + gap) / rowHeight - 0.05)),
      }
      setFit((f) => (f.capacity === next.capacity && f.headerCost === next.headerCost ? f : next))
    }
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [hasRows])

  // A page whose rows came out taller than measured (a name on two lines) gives up a row: nothing is cut at the foot.
  useLayoutEffect(() => {
    const body = bodyRef.current
    if (body && body.clientHeight > 0 && body.scrollHeight > body.clientHeight + 1)
      setFit((f) => (f.capacity > 2 ? { ...f, capacity: f.capacity - 1 } : f))
  }, [pageIndex, pages])

  // Page after page, round and round.
  useEffect(() => {
    if (pageCount <= 1) return
    const timer = setTimeout(() => setPage((p) => (p + 1) % pageCount), MEET_PAGE_MS)
    return () => clearTimeout(timer)
  }, [pageCount, page])

  return (
    <div className="board meet-projector" tabIndex={0} role="region" aria-label="Live board">
      <header className="board__header">
        <div className="board__title">
          <p className="board__kicker">LiftArena live · meet</p>
          <h1>{challenge.name}</h1>
        </div>
        <div className="board__meta">
          <OfflineNotice variant="inline" />
          <LiveIndicator room={challengeRoom(challenge.id)} variant="board" />
          {cards && (
            <span>
              <strong>{cards.cards.length}</strong> lifters
            </span>
          )}
          {pageCount > 1 && (
            <span className="board__page" data-testid="board-page">
              Page {pageIndex + 1} of {pageCount}
            </span>
          )}
        </div>
      </header>
      <RecordHighlight challengeId={challenge.id} />
      <div className="meet-projector__body" ref={bodyRef} data-page={pageIndex + 1}>
        {current.map((segment) => (
          <BoardSegment
            key={`${segment.weightClass ?? ''}:${segment.cards[0]?.user_id}`}
            segment={segment}
            lifts={lifts}
            formula={challenge.points_formula}
          />
        ))}
        {showTeams && teams && (
          <section className="meet-projector__teams" aria-label="Team standings">
            <h2 className="board__class meet-board-table__class">Team standings</h2>
            <TeamStandingsTable teams={teams} caption="Teams" />
          </section>
        )}
        {cards && cards.cards.length === 0 && <p className="board__empty">Waiting for the first lifter…</p>}
      </div>
      <footer className="meet-projector__next" aria-label="Next up">
        <span className="board__card-label">Next up</span>
        {cards && cards.next_up.length === 0 && <span className="meet-projector__next-item">Nobody waiting</span>}
        {cards?.next_up.slice(0, NEXT_UP_SHOWN).map((n) => (
          <span
            key={`${n.user_id}:${n.lift_type}:${n.attempt_number}`}
            className={`meet-projector__next-item meet-projector__next-item--${n.state}`}
            data-state={n.state}
          >
            <strong>{n.name}</strong> {nth(n.attempt_number)} {LIFT_WORDS[n.lift_type]} {formatKg(n.weight)}
            {n.state === 'pending' ? ' · judging' : ''}
            {n.record_attempt && <span className="meet-cell__record"> · Record attempt</span>}
          </span>
        ))}
      </footer>
    </div>
  )
}

function BoardSegment({
  segment,
  lifts,
  formula,
}: {
  segment: MeetPageSegment
  lifts: MeetCard['lifts'][number]['lift_type'][]
  formula: Challenge['points_formula']
}) {
  return (
    <section className="meet-board-table__segment" aria-label={segment.weightClass ?? 'Ranking'}>
      {segment.weightClass && (
        <h2 className="board__class meet-board-table__class">
          {segment.weightClass}
          {segment.continued ? ' (continued)' : ''}
        </h2>
      )}
      <table className="meet-board-table">
        <colgroup>
          <col className="meet-board-table__col--place" />
          <col />
          {lifts.map((lift) =>
            [1, 2, 3, 4].map((i) => (
              <col key={`${lift}${i}`} className={i === 4 ? 'meet-board-table__col--best' : 'meet-board-table__col--cell'} />
            )),
          )}
          <col className="meet-board-table__col--total" />
          {formula && <col className={`meet-board-table__col--points meet-board-table__col--${formula}`} />}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              #
            </th>
            <th scope="col" rowSpan={2} className="meet-board-table__lifter">
              Lifter
            </th>
            {lifts.map((lift) => (
              <th key={lift} scope="colgroup" colSpan={4} className="meet-board-table__lift">
                {LIFT_ROW_NAMES[lift]}
              </th>
            ))}
            <th scope="col" rowSpan={2} className="num">
              Total
            </th>
            {formula && (
              <th scope="col" rowSpan={2} className="num">
                {FORMULA_NAMES[formula]}
              </th>
            )}
          </tr>
          <tr>
            {lifts.map((lift) =>
              [1, 2, 3]
                .map((n) => (
                  <th key={`${lift}${n}`} scope="col" className="meet-board-table__n">
                    {n}
                  </th>
                ))
                .concat(
                  <th key={`${lift}best`} scope="col" className="num meet-board-table__n">
                    Best
                  </th>,
                ),
            )}
          </tr>
        </thead>
        <tbody>
          {segment.cards.map((card) => (
            <tr key={card.user_id} data-user-id={card.user_id}>
              <td className={`board__rank${card.place !== null ? ` board__rank--${card.place}` : ''}`}>{card.place ?? '—'}</td>
              <td className="meet-board-table__name">
                <span className="meet-board-table__name-text">{card.name}</span>
                <span className="meet-board-table__facts">
                  {[segment.weightClass ? null : card.weight_class, card.lot !== null ? `lot ${card.lot}` : null, card.country]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </td>
              {card.lifts.map((lift) => [
                // The board's three columns: a 4th attempt (record only) shows in "Next up" and on the cards, not here.
                ...lift.cells.slice(0, 3).map((cell) => (
                  <td key={`${lift.lift_type}${cell.attempt_number}`} className="meet-board-table__cell">
                    <MeetCellView lift={lift.lift_type} cell={cell} />
                  </td>
                )),
                <td key={`${lift.lift_type}best`} className="num meet-board-table__best">
                  {lift.best !== null ? formatNumber(lift.best) : '—'}
                </td>,
              ])}
              <td className={`num meet-board-table__total${card.bombed_out ? ' meet-board-table__total--bombed' : ''}`}>
                {card.bombed_out ? 'Bombed out' : card.total !== null ? formatNumber(card.total) : '—'}
              </td>
              {formula && <td className="num board__points">{formatPoints(card.points)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
