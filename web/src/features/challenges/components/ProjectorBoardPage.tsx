// /challenges/{id}/live: the board projected in a hall. Dark, large type, ranked by total with
// best squat/bench/deadlift, the newest attempt highlighted as it arrives, the challenge's URL
// in a corner, no controls (but Try Again when it never loaded). Reconnects and resyncs on its own
// (the live store polls when offline); while it cannot, it keeps its last state and says so.
import { useMemo } from 'react'
import { useParams } from 'react-router'
import { errorText } from '../../../lib/api-client.ts'
import { CHALLENGE_FAILED } from '../../../api/competition.ts'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { useOffline } from '../../../lib/connectivity.ts'
import { formatNumber, liftLabel } from '../../../lib/format.ts'
import { useLive } from '../../../stores/live.ts'
import { useChallengeSnapshot } from '../api/use-challenge-snapshot.ts'
import './ProjectorBoard.css'

/** Rows a hall can read from the back; the rest are counted below the board. */
const BOARD_ROWS = 10

export function ProjectorBoardPage() {
  const id = Number(useParams().id)
  const validId = Number.isInteger(id) && id > 0 ? id : null
  const { competition, participants, lifts, error, resync } = useChallengeSnapshot(validId)
  const status = useLive((s) => s.status)
  const offline = useOffline()
  const latest = lifts?.[0]
  const url = `${window.location.host}/challenges/${validId ?? ''}`
  const rows = useMemo(() => (participants ?? []).slice(0, BOARD_ROWS), [participants])
  const hidden = (participants?.length ?? 0) - rows.length

  return (
    <div className="board">
      <header className="board__header">
        <div>
          <p className="board__kicker">LiftArena live</p>
          <h1>{competition?.name ?? (error ? errorText(error, CHALLENGE_FAILED) : 'Loading…')}</h1>
          {!competition && !!error && (
            <button type="button" className="button board__retry" onClick={() => void resync().catch(() => undefined)}>Try Again</button>
          )}
        </div>
        <div className="board__meta">
          <OfflineNotice variant="inline" />
          {!offline && <span className={`board__live board__live--${status === 'connected' ? 'on' : 'off'}`}>{status === 'connected' ? 'Live' : 'Connecting…'}</span>}
          {competition && <span><strong data-testid="board-count">{competition.participants}</strong> lifters</span>}
        </div>
      </header>

      {latest && (
        <div key={latest.id} className="board__latest" role="status" aria-live="polite" data-testid="board-latest">
          <span className="board__latest-label">Latest</span>
          <strong>{latest.participant_name}</strong>
          <span>{liftLabel(latest.lift_type)} {formatNumber(latest.weight)} kg</span>
          <span className={`board__verdict board__verdict--${latest.status === 'completed' ? 'good' : latest.status === 'failed' ? 'bad' : 'other'}`}>
            {latest.status === 'completed' ? 'Good lift' : latest.status === 'failed' ? 'No lift' : latest.status}
          </span>
        </div>
      )}

      <table className="board__table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Lifter</th>
            <th scope="col">Class</th>
            <th scope="col" className="num">Squat</th>
            <th scope="col" className="num">Bench</th>
            <th scope="col" className="num">Deadlift</th>
            <th scope="col" className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p, i) => (
            <tr key={p.id} className={latest?.participant_id === p.id ? 'board__row--latest' : undefined} data-latest={latest?.participant_id === p.id ? latest.id : undefined}>
              <td className={`board__rank board__rank--${i + 1}`}>{i + 1}</td>
              <td className="board__name">{p.name}{p.country && <span>{p.country}</span>}</td>
              <td>{p.weight_class}</td>
              <td className="num">{formatNumber(p.best_squat)}</td>
              <td className="num">{formatNumber(p.best_bench)}</td>
              <td className="num">{formatNumber(p.best_deadlift)}</td>
              <td className="num board__total">{formatNumber(p.total_weight)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {participants && participants.length === 0 && <p className="board__empty">Waiting for the first lifter…</p>}
      {hidden > 0 && <p className="board__more">and {hidden} more lifters</p>}

      <footer className="board__url">Follow on your phone: <strong>{url}</strong></footer>
    </div>
  )
}
