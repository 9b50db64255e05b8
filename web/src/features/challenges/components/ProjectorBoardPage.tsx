// /challenges/{id}/live: the board projected in a hall. Dark, type readable from the back (nothing
// under 16 px at 1280×720), every lifter in the order and place the challenge's ranking gives them
// (the server's, kept by live events), with the bests of its total's lifts (squat/bench/deadlift,
// snatch/clean & jerk, or its one lift), the total and its formula's points; grouped by weight class
// when it ranks by total within class and they lift in several, one overall list when it ranks by a
// formula; a best-lifter page by points when a class-ranked challenge shows points. Paging through
// pages that fit the screen (10 s each, round and round, never scrolling). A decision shows its lights large for 5 s, then the page with
// that lifter, highlighted with their rank (decisions arriving together take turns, at most 3). Attempts awaiting judges are marked and never ranked.
// A QR code opens the challenge on phones in the hall; when the server cannot be reached from other
// devices, only its organiser (signed in) is told how to change that, and the hall sees nothing. No controls (but Try Again when it never
// loaded). Reconnects and resyncs on its own; while it cannot, it keeps its last state and says so.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react'
import { useParams } from 'react-router'
import { errorText } from '../../../lib/api-client.ts'
import { CHALLENGE_FAILED } from '../../../api/competition.ts'
import { LiveIndicator } from '../../../components/LiveIndicator.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { AWAITING_JUDGES, votesText } from '../../../components/AttemptChip.tsx'
import type { Lift } from '../../../lib/contract.ts'
import { FORMULA_NAMES, bestOf, competitionRoom } from '../../../lib/contract.ts'
import { formatNumber, formatPoints, liftLabel } from '../../../lib/format.ts'
import { participantFigures, useChangeHighlight, useValueHighlight, withHighlight } from '../../../lib/use-change-highlight.ts'
import { usePanel } from '../../../api/panel.ts'
import { useSession } from '../../../stores/session.ts'
import { followUrl, useNetwork } from '../api/get-network.ts'
import { useChallengeSnapshot } from '../api/use-challenge-snapshot.ts'
import { BoardLights } from './BoardLights.tsx'
import {
  boardGroups,
  boardPages,
  findRow,
  latestDecided,
  pageOf,
  type BoardRow,
  type BoardScoring,
  type PageSegment,
} from './board-pages.ts'
import { QrCode } from './QrCode.tsx'
import { MeetProjectorBoard } from '../meets/components/MeetProjectorBoard.tsx'
import './ProjectorBoard.css'

/** How long a decision's lights fill the screen. */
export const LIGHTS_MS = 5000
/** Decisions that wait their turn when several arrive together (after a reconnect, the oldest drop). */
const MAX_QUEUED = 3
/** How long each page shows. */
export const PAGE_MS = 10_000
/** Until the screen is measured (and in jsdom): rows per page, and what a group's heading costs in rows. */
const DEFAULT_FIT = { capacity: 10, headerCost: 2 }
/** Instead of the QR code, to the organiser only, when the server can only be reached from its own machine. */
const FOLLOW_NOTE = 'To follow on phones, start the server with HOST=0.0.0.0 (see README).'
/** Until the challenge has loaded: a powerlifting total, no points. */
const LOADING_SCORING: BoardScoring = { total_lifts: ['squat', 'bench', 'deadlift'], ranking: 'class', points_formula: null }

export function ProjectorBoardPage() {
  const id = Number(useParams().id)
  const validId = Number.isInteger(id) && id > 0 ? id : null
  // Decisions waiting for their turn on screen, oldest first (a newer state of one replaces it).
  const [decisions, setDecisions] = useState<Lift[]>([])
  const onJudged = useCallback(
    (attempt: Lift) => setDecisions((q) => [...q.filter((a) => a.id !== attempt.id), attempt].slice(-MAX_QUEUED)),
    [],
  )
  const shown = decisions[0] ?? null
  const { competition, participants, lifts, error, resync } = useChallengeSnapshot(validId, { onJudged })
  // New lifters and changed figures are marked for a moment.
  const changedRows = useChangeHighlight(participants, (p) => p.id, participantFigures, { scope: validId })
  const countChanged = useValueHighlight(competition?.participants, validId)
  const network = useNetwork()
  const url = validId ? followUrl(validId, window.location.origin, network.data?.follow_urls) : ''
  // A server listening on loopback only lists loopback addresses: a phone in the hall cannot open those.
  const phonesCannotFollow = url !== '' && isLoopback(url)
  // The organiser is told how to open the board to phones; the hall is not (the public panel says who organises).
  const userId = useSession((s) => s.userId)
  const signedIn = useSession((s) => s.status === 'authenticated')
  const panel = usePanel(signedIn && phonesCannotFollow ? validId : null)
  const organiserViewing = signedIn && panel.data !== undefined && panel.data.organiser_id === userId
  const latest = lifts?.[0]
  const decided = useMemo(() => latestDecided(lifts), [lifts])

  const { total_lifts: totalLifts, ranking, points_formula: pointsFormula } = competition ?? LOADING_SCORING
  const scoring = useMemo<BoardScoring>(
    () => ({ total_lifts: totalLifts, ranking, points_formula: pointsFormula }),
    [totalLifts, ranking, pointsFormula],
  )
  const groups = useMemo(() => boardGroups(participants ?? [], scoring.ranking), [participants, scoring])
  const bodyRef = useRef<HTMLDivElement>(null)
  const [fit, setFit] = useState(DEFAULT_FIT)
  const pages = useMemo(() => boardPages(participants ?? [], scoring, fit.capacity, fit.headerCost), [participants, scoring, fit])
  const [page, setPage] = useState(0)
  const [turn, setTurn] = useState(0)
  const current = pages.length ? pages[Math.min(page, pages.length - 1)]! : []

  // Measure what fits: rows of the rendered page and the body's height (nothing to measure in jsdom).
  const hasRows = groups.length > 0
  useLayoutEffect(() => {
    const measure = () => {
      const body = bodyRef.current
      if (!body) return
      if (window.innerWidth <= 700) return setFit((f) => (f.capacity === Infinity ? f : { capacity: Infinity, headerCost: 0 }))
      const segment = body.querySelector<HTMLElement>('.board__segment')
      const rows = segment ? [...segment.querySelectorAll<HTMLElement>('tbody tr')] : []
      const rowHeight = Math.max(0, ...rows.map((r) => r.getBoundingClientRect().height))
      if (!segment || rowHeight <= 0 || body.clientHeight <= 0) return
      const headerHeight = segment.getBoundingClientRect().height - rows.reduce((sum, r) => sum + r.getBoundingClientRect().height, 0)
      // In rows, fractions kept: a header row shorter than a lifter's row costs less than one, so the page fills to its last whole row.
      const next = {
        capacity: Math.max(2, Math.floor(((body.clientHeight - 2) / rowHeight) * 100) / 100),
        headerCost: Math.max(0.5, Math.ceil((headerHeight / rowHeight) * 100) / 100),
      }
      setFit((f) => (f.capacity === next.capacity && f.headerCost === next.headerCost ? f : next))
    }
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [hasRows])

  // Page after page, round and round; paused while the lights show.
  useEffect(() => {
    if (pages.length <= 1 || shown) return
    const timer = setTimeout(() => setPage((p) => (p + 1) % pages.length), PAGE_MS)
    return () => clearTimeout(timer)
  }, [pages.length, page, turn, shown])

  // The lights, then the page with that lifter.
  const jumpTo = useRef<(participantId: number) => void>(() => undefined)
  jumpTo.current = (participantId) => {
    const index = pageOf(pages, participantId)
    if (index >= 0) setPage(index)
    setTurn((t) => t + 1)
  }
  useEffect(() => {
    if (!shown) return
    const timer = setTimeout(() => {
      setDecisions((q) => q.filter((a) => a !== shown))
      jumpTo.current(shown.participant_id)
    }, LIGHTS_MS)
    return () => clearTimeout(timer)
  }, [shown])

  const decidedRow = decided ? findRow(groups, decided.participant_id) : null
  const pageIndex = Math.min(page, Math.max(0, pages.length - 1))

  // A meet shows the classic scoreboard of attempt cells instead (its own cards, live).
  if (competition?.format === 'meet') return <MeetProjectorBoard competition={competition} />

  // Focusable: on a phone the board scrolls, and the keyboard must reach it too.
  return (
    <div className="board" tabIndex={0} role="region" aria-label="Live board">
      <header className="board__header">
        <div className="board__title">
          <p className="board__kicker">LiftArena live</p>
          <h1>{competition?.name ?? (error ? errorText(error, CHALLENGE_FAILED) : 'Loading…')}</h1>
          {!competition && !!error && (
            <button type="button" className="button board__retry" onClick={() => void resync().catch(() => undefined)}>
              Try Again
            </button>
          )}
        </div>
        <div className="board__meta">
          <OfflineNotice variant="inline" />
          <LiveIndicator room={validId ? competitionRoom(validId) : null} variant="board" />
          {competition && (
            <span>
              <strong data-testid="board-count" className={withHighlight(undefined, countChanged)}>
                {competition.participants}
              </strong>{' '}
              lifters
            </span>
          )}
          {pages.length > 1 && (
            <span className="board__page" data-testid="board-page">
              Page {pageIndex + 1} of {pages.length}
            </span>
          )}
        </div>
      </header>

      <div className="board__main">
        <div className="board__body" ref={bodyRef} data-page={pageIndex + 1}>
          {current.map((segment) => (
            <Segment
              key={`${segment.bestLifter ?? ''}:${segment.weightClass ?? ''}:${segment.rows[0]?.participant.id}`}
              segment={segment}
              scoring={scoring}
              latest={latest}
              decided={decided}
              changed={changedRows}
            />
          ))}
          {participants && participants.length === 0 && <p className="board__empty">Waiting for the first lifter…</p>}
        </div>

        <aside className="board__side">
          {decided && (
            <div
              key={`${decided.id}:${decided.judging.decided_at}`}
              className="board__card board__card--decided"
              data-testid="board-decided"
            >
              <span className="board__card-label">Last decision</span>
              <strong className="board__card-name">{decided.participant_name}</strong>
              <span>
                {liftLabel(decided.lift_type)} {formatNumber(decided.weight)} kg
              </span>
              <span className={`board__verdict board__verdict--${decided.status === 'completed' ? 'good' : 'bad'}`}>
                {decided.status === 'completed' ? 'Good lift' : 'No lift'}
              </span>
              {decidedRow && (
                <span className="board__card-rank" data-testid="board-decided-rank">
                  {standingText(decidedRow.row, decidedRow.weightClass, scoring)}
                </span>
              )}
            </div>
          )}
          {latest && (
            <div key={latest.id} className="board__card board__latest" role="status" aria-live="polite" data-testid="board-latest">
              <span className="board__card-label">Latest attempt</span>
              <strong className="board__card-name">{latest.participant_name}</strong>
              <span>
                {liftLabel(latest.lift_type)} {formatNumber(latest.weight)} kg
              </span>
              <span
                className={`board__verdict board__verdict--${latest.status === 'completed' ? 'good' : latest.status === 'failed' ? 'bad' : 'other'}`}
              >
                {latest.status === 'completed' ? 'Good lift' : latest.status === 'failed' ? 'No lift' : pendingText(latest)}
              </span>
            </div>
          )}
          {url && !phonesCannotFollow && (
            <figure className="board__follow">
              <QrCode className="board__qr" text={url} label={`QR code of ${url}`} />
              <figcaption>
                Follow on your phone: <strong data-testid="board-url">{url.replace(/^https?:\/\//, '')}</strong>
              </figcaption>
            </figure>
          )}
          {url && phonesCannotFollow && !network.loading && organiserViewing && (
            <p className="board__follow board__follow-note" data-testid="board-follow-note">
              {FOLLOW_NOTE}
            </p>
          )}
        </aside>
      </div>

      {shown && (
        <div className="board__overlay">
          <BoardLights attempt={shown} />
        </div>
      )}
    </div>
  )
}

/** '#2 in 83kg · 400 kg', by a formula '#1 · 400 kg · 285.12 DOTS'; 'Not placed yet · no total' before a score. */
function standingText(row: BoardRow, weightClass: string | null, scoring: BoardScoring): string {
  const p = row.participant
  const place = row.place !== null ? `#${row.place}${weightClass ? ` in ${weightClass}` : ''}` : 'Not placed yet'
  const total = p.total !== null ? `${formatNumber(p.total)} kg` : 'no total'
  const points = scoring.ranking !== 'class' ? ` · ${formatPoints(p.points)} ${FORMULA_NAMES[scoring.ranking]}` : ''
  return `${place} · ${total}${points}`
}

const pendingText = (attempt: Lift) => {
  const votes = votesText(attempt.judging)
  return votes ? `${AWAITING_JUDGES} · ${votes}` : AWAITING_JUDGES
}

/** localhost, 127.x.x.x or ::1: an address only the server's own machine can open. */
function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
    return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1'
  } catch {
    return false
  }
}

/** Column headers on a phone, where the full names would push the points off the screen. */
const SHORT_LIFT: Partial<Record<string, string>> = { squat: 'SQ', bench: 'BP', deadlift: 'DL', snatch: 'SN', clean_and_jerk: 'C&J' }

/** A kg figure, '—' before a good lift. */
const kg = (n: number | null) => (n ? formatNumber(n) : '—')

function Segment({
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
          {!segment.weightClass && <col className="board__col--class" />}
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
            {!segment.weightClass && (
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
              showClass={!segment.weightClass}
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
