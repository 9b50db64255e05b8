// SPEC §2 /leaderboard: sort by total, squat, bench or deadlift; filter by weight class and
// location. Live: a join, an attempt or a judges' decision anywhere refetches that challenge's
// participants. Only good lifts count; attempts awaiting judges are marked beside the name.
import { useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useAllParticipants } from '../../../api/all-participants.ts'
import { Avatar } from '../../../components/Avatar.tsx'
import { LoadError } from '../../../components/LoadError.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { WEIGHT_CLASSES } from '../../../lib/contract.ts'
import { formatNumber } from '../../../lib/format.ts'
import { SORT_KEYS, buildLeaderboard, rankLeaderboard, type SortKey } from '../api/leaderboard.ts'
import './LeaderboardPage.css'

const SORT_LABELS: Record<SortKey, string> = { total: 'Total', squat: 'Squat', bench: 'Bench', deadlift: 'Deadlift' }

export function LeaderboardPage() {
  const [params, setParams] = useSearchParams()
  const sort: SortKey = SORT_KEYS.includes(params.get('sort') as SortKey) ? (params.get('sort') as SortKey) : 'total'
  const weightClass = params.get('class') ?? ''
  const location = params.get('location') ?? ''
  const { data, error, reload } = useAllParticipants()
  const rows = useMemo(() => (data ? buildLeaderboard(data) : []), [data])
  const locations = useMemo(() => [...new Set(rows.map((r) => r.location))].sort(), [rows])
  const ranked = rankLeaderboard(rows, sort, { weightClass, location })

  const update = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true })
  }

  return (
    <>
      <header className="page-header"><h1>Leaderboard</h1></header>
      <div className="leaderboard__filters">
        <div className="field">
          <label htmlFor="lb-sort">Sort by</label>
          <select id="lb-sort" value={sort} onChange={(e) => update('sort', e.target.value === 'total' ? '' : e.target.value)}>
            {SORT_KEYS.map((k) => <option key={k} value={k}>{SORT_LABELS[k]}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lb-class">Weight class</label>
          <select id="lb-class" value={weightClass} onChange={(e) => update('class', e.target.value)}>
            <option value="">All classes</option>
            {WEIGHT_CLASSES.map((w) => <option key={w} value={w}>{w}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lb-location">Location</label>
          <select id="lb-location" value={location} onChange={(e) => update('location', e.target.value)}>
            <option value="">All locations</option>
            {locations.map((l) => <option key={l} value={l}>{l}</option>)}
          </select>
        </div>
      </div>
      <OfflineNotice />
      {!data && error ? <LoadError message="Failed to load the leaderboard. Please try again later." onRetry={() => void reload()} />
        : !data ? <div className="spinner" role="status" aria-label="Loading leaderboard" />
        : ranked.length === 0 ? <p className="empty">No lifters match these filters.</p>
        : (
          <div className="table-wrap">
            <table className="leaderboard">
              <caption className="visually-hidden">Athletes ranked by {SORT_LABELS[sort]}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Athlete</th>
                  <th scope="col">Class</th>
                  <th scope="col">Location</th>
                  {SORT_KEYS.slice(1).concat('total').map((k) => (
                    <th key={k} scope="col" className="num" aria-sort={sort === k ? 'descending' : undefined}>
                      <button type="button" className={`sort-button${sort === k ? ' sort-button--active' : ''}`} onClick={() => update('sort', k === 'total' ? '' : k)}>
                        {SORT_LABELS[k]}{sort === k ? ' ▼' : ''}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ranked.map((r, i) => (
                  <tr key={r.userId}>
                    <td className={`leaderboard__rank leaderboard__rank--${i + 1}`}>{i + 1}</td>
                    <td>
                      <span className="leaderboard__athlete">
                        <Avatar id={r.userId} name={r.name} size={28} />
                        <span>
                          <Link to={`/profile/${r.userId}`}>{r.name}</Link>
                          {r.country && <span className="muted leaderboard__country">{r.country}</span>}
                          {r.pending > 0 && <span className="leaderboard__pending" title="Not counted until the judges decide">{r.pending} awaiting judges</span>}
                        </span>
                      </span>
                    </td>
                    <td>{r.weightClass}</td>
                    <td><Link to={`/challenges/${r.competitionId}`} title={r.competitionName}>{r.location}</Link></td>
                    <td className={`num${sort === 'squat' ? ' leaderboard__sorted' : ''}`}>{formatNumber(r.squat)}</td>
                    <td className={`num${sort === 'bench' ? ' leaderboard__sorted' : ''}`}>{formatNumber(r.bench)}</td>
                    <td className={`num${sort === 'deadlift' ? ' leaderboard__sorted' : ''}`}>{formatNumber(r.deadlift)}</td>
                    <td className={`num${sort === 'total' ? ' leaderboard__sorted' : ''}`}><strong>{formatNumber(r.total)}</strong></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </>
  )
}
