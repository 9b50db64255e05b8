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
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { errorText } from '../../../lib/api-client.ts'
import { CHALLENGE_FAILED } from '../../../api/challenge.ts'
import { LiveIndicator } from '../../../components/LiveIndicator.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { AWAITING_JUDGES, votesText } from '../../../components/AttemptChip.tsx'
import type { Division, Lift } from '../../../lib/contract.ts'
import { ALL_DIVISIONS, FORMULA_NAMES, challengeRoom, divisionName, divisionSportOf } from '../../../lib/contract.ts'
import { formatNumber, formatPoints, liftLabel } from '../../../lib/format.ts'
import { participantFigures, useChangeHighlight, useValueHighlight, withHighlight } from '../../../lib/use-change-highlight.ts'
import { usePanel } from '../../../api/panel.ts'
import { useSession } from '../../../stores/session.ts'
import { followUrl, useNetwork } from '../api/get-network.ts'
import { useChallengeSnapshot } from '../api/use-challenge-snapshot.ts'
import { BoardLights } from './BoardLights.tsx'
import { boardGroups, boardPages, boardRanking, findRow, latestDecided, pageOf, type BoardRow, type BoardScoring } from './board-pages.ts'
import { Segment } from './BoardSegment.tsx'
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
  const { challenge, participants, lifts, error, resync } = useChallengeSnapshot(validId, { onJudged })
  // New lifters and changed figures are marked for a moment.
  const changedRows = useChangeHighlight(participants, (p) => p.id, participantFigures, { scope: validId })
  const countChanged = useValueHighlight(challenge?.participants, validId)
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

  const { total_lifts: totalLifts, ranking, points_formula: pointsFormula } = challenge ?? LOADING_SCORING
  const scoring = useMemo<BoardScoring>(
    () => ({ total_lifts: totalLifts, ranking, points_formula: pointsFormula }),
    [totalLifts, ranking, pointsFormula],
  )
  // ?division=junior: that division's lifters only, ranked among themselves (docs/categories.md).
  const divisionParam = useSearchParams()[0].get('division')
  const division = (ALL_DIVISIONS as readonly string[]).includes(divisionParam ?? '') ? (divisionParam as Division) : null
  const ranked = useMemo(() => boardRanking(participants ?? [], scoring, division), [participants, scoring, division])
  const groups = useMemo(() => boardGroups(ranked, scoring.ranking), [ranked, scoring])
  const bodyRef = useRef<HTMLDivElement>(null)
  const [fit, setFit] = useState(DEFAULT_FIT)
  const pages = useMemo(() => boardPages(ranked, scoring, fit.capacity, fit.headerCost), [ranked, scoring, fit])
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
  if (challenge?.format === 'meet') return <MeetProjectorBoard challenge={challenge} />

  // Focusable: on a phone the board scrolls, and the keyboard must reach it too.
  return (
    <div className="board" tabIndex={0} role="region" aria-label="Live board">
      <header className="board__header">
        <div className="board__title">
          <p className="board__kicker">
            LiftArena live
            {division && <span data-testid="board-division"> · {divisionName(divisionSportOf(scoring.total_lifts), division)}</span>}
          </p>
          <h1>{challenge?.name ?? (error ? errorText(error, CHALLENGE_FAILED) : 'Loading…')}</h1>
          {!challenge && !!error && (
            <button type="button" className="button board__retry" onClick={() => void resync().catch(() => undefined)}>
              Try Again
            </button>
          )}
        </div>
        <div className="board__meta">
          <OfflineNotice variant="inline" />
          <LiveIndicator room={validId ? challengeRoom(validId) : null} variant="board" />
          {challenge && (
            <span>
              <strong data-testid="board-count" className={withHighlight(undefined, countChanged)}>
                {challenge.participants}
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
          {participants && ranked.length === 0 && (
            <p className="board__empty">
              {participants.length === 0 || !division ? 'Waiting for the first lifter…' : 'No lifter in this division yet…'}
            </p>
          )}
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
