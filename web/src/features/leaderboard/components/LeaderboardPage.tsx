// SPEC §2 /leaderboard: sort by total, a lift (squat, bench, deadlift, snatch, clean & jerk) or a
// formula's points (DOTS, IPF GL, Wilks, Wilks 2020, Sinclair); filter by weight class, gender, the
// lifter's country, sport and the challenge's location. One row per athlete per sport (powerlifting,
// weightlifting). Live: a join, an attempt or a judges' decision anywhere refetches that challenge's
// participants. Only good lifts count; attempts awaiting judges are marked beside the name.
import { useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useAllParticipants } from '../../../api/all-participants.ts'
import { Avatar } from '../../../components/Avatar.tsx'
import { LoadError } from '../../../components/LoadError.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { FORMULA_NAMES, SPORT_NAMES, WEIGHT_CLASSES, type Formula } from '../../../lib/contract.ts'
import { formatKg, formatNumber, formatPoints } from '../../../lib/format.ts'
import {
  SPORT_FAMILIES, buildLeaderboard, isFormula, liftColumnsFor, pointsColumnsFor, rankLeaderboard, sortKeysFor,
  type LeaderboardRow, type RankedLift, type SortKey, type SportFamily,
} from '../api/leaderboard.ts'
import './LeaderboardPage.css'

const LIFT_LABELS: Record<RankedLift, string> = { squat: 'Squat', bench: 'Bench', deadlift: 'Deadlift', snatch: 'Snatch', clean_and_jerk: 'C&J' }
const sortLabel = (key: SortKey) => (key === 'total' ? 'Total' : isFormula(key) ? FORMULA_NAMES[key] : LIFT_LABELS[key])
/** The select spells the clean & jerk out; the column header abbreviates it. */
const sortOptionLabel = (key: SortKey) => (key === 'clean_and_jerk' ? 'Clean & Jerk' : sortLabel(key))
const GENDER_LABELS: Record<string, string> = { M: 'Men', F: 'Women' }

export function LeaderboardPage() {
  const [params, setParams] = useSearchParams()
  const sportParam = params.get('sport') ?? ''
  const sport: SportFamily | '' = (SPORT_FAMILIES as readonly string[]).includes(sportParam) ? (sportParam as SportFamily) : ''
  const sortKeys = sortKeysFor(sport)
  const sortParam = params.get('sort') as SortKey
  // A sort the sport does not have (Sinclair for powerlifting) falls back to the total.
  const sort: SortKey = sortKeys.includes(sortParam) ? sortParam : 'total'
  const weightClass = params.get('class') ?? ''
  const location = params.get('location') ?? ''
  const country = params.get('country') ?? ''
  const gender = params.get('gender') ?? ''
  const { data, error, reload } = useAllParticipants()
  const rows = useMemo(() => (data ? buildLeaderboard(data) : []), [data])
  const locations = useMemo(() => [...new Set(rows.map((r) => r.location))].sort(), [rows])
  const countries = useMemo(() => [...new Set(rows.flatMap((r) => (r.country ? [r.country] : [])))].sort(), [rows])
  const ranked = rankLeaderboard(rows, sort, { weightClass, location, country, gender, sport })
  const liftColumns = liftColumnsFor(sport)
  const pointsColumns = pointsColumnsFor(sport, sort)

  const update = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true })
  }
  const setSort = (key: SortKey) => update('sort', key === 'total' ? '' : key)

  const sortHeader = (key: SortKey, extraClass = '') => (
    <th key={key} scope="col" className={`num${extraClass}`} aria-sort={sort === key ? 'descending' : undefined}>
      <button type="button" className={`sort-button${sort === key ? ' sort-button--active' : ''}`} onClick={() => setSort(key)}>
        {sortLabel(key)}{sort === key ? ' ▼' : ''}
      </button>
    </th>
  )
  const sorted = (key: SortKey) => (sort === key ? ' leaderboard__sorted' : '')
  const liftCell = (r: LeaderboardRow, lift: RankedLift) => (r[lift] > 0 ? formatNumber(r[lift]) : '—')
  const pointsCell = (r: LeaderboardRow, formula: Formula) => formatPoints(r.points[formula])

  return (
    <>
      <header className="page-header"><h1>Leaderboard</h1></header>
      <div className="leaderboard__filters">
        <div className="field">
          <label htmlFor="lb-sort">Sort by</label>
          <select id="lb-sort" value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
            <optgroup label="Lifts">
              {sortKeys.filter((k) => !isFormula(k)).map((k) => <option key={k} value={k}>{sortOptionLabel(k)}</option>)}
            </optgroup>
            <optgroup label="Formula points">
              {sortKeys.filter(isFormula).map((k) => <option key={k} value={k}>{sortOptionLabel(k)}</option>)}
            </optgroup>
          </select>
        </div>
        <div className="field">
          <label htmlFor="lb-sport">Sport</label>
          <select id="lb-sport" value={sport} onChange={(e) => update('sport', e.target.value)}>
            <option value="">All sports</option>
            {SPORT_FAMILIES.map((s) => <option key={s} value={s}>{SPORT_NAMES[s]}</option>)}
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
          <label htmlFor="lb-gender">Gender</label>
          <select id="lb-gender" value={gender} onChange={(e) => update('gender', e.target.value)}>
            <option value="">Everyone</option>
            <option value="M">Men</option>
            <option value="F">Women</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="lb-country">Country</label>
          <select id="lb-country" value={country} onChange={(e) => update('country', e.target.value)}>
            <option value="">All countries</option>
            {country && !countries.includes(country) && <option value={country}>{country}</option>}
            {countries.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lb-location">Location</label>
          <select id="lb-location" value={location} onChange={(e) => update('location', e.target.value)}>
            <option value="">All locations</option>
            {location && !locations.includes(location) && <option value={location}>{location}</option>}
            {locations.map((l) => <option key={l} value={l}>{l}</option>)}
          </select>
        </div>
      </div>
      <p className="muted leaderboard__note">
        Country is the lifter&apos;s own; location is where the challenge was held. Points are computed from the row&apos;s total and the
        bodyweight it was lifted at (— without a bodyweight, or for a formula of the other sport).
      </p>
      <OfflineNotice />
      {!data && error ? <LoadError message="Failed to load the leaderboard. Please try again later." onRetry={() => void reload()} />
        : !data ? <div className="spinner" role="status" aria-label="Loading leaderboard" />
        : ranked.length === 0 ? <p className="empty">No lifters match these filters.</p>
        : (
          <div className="table-wrap">
            <table className="leaderboard">
              <caption className="visually-hidden">
                {sport ? SPORT_NAMES[sport] : 'Powerlifting and weightlifting'} athletes ranked by {sortOptionLabel(sort)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Athlete</th>
                  {!sport && <th scope="col">Sport</th>}
                  <th scope="col">Class</th>
                  <th scope="col">Location</th>
                  {liftColumns.map((k) => sortHeader(k))}
                  {sortHeader('total')}
                  {pointsColumns.map((f) => sortHeader(f))}
                </tr>
              </thead>
              <tbody>
                {ranked.map((r, i) => (
                  <tr key={r.key} data-sport={r.sport}>
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
                    {!sport && <td>{SPORT_NAMES[r.sport]}</td>}
                    <td>
                      {r.weightClass}
                      <span className="muted leaderboard__sub">
                        {GENDER_LABELS[r.gender] ?? r.gender}{r.bodyweight !== null ? ` · ${formatKg(r.bodyweight)}` : ''}
                      </span>
                    </td>
                    <td><Link to={`/challenges/${r.competitionId}`} title={r.competitionName}>{r.location}</Link></td>
                    {liftColumns.map((k) => <td key={k} className={`num${sorted(k)}`}>{liftCell(r, k)}</td>)}
                    <td className={`num${sorted('total')}`}><strong>{r.total !== null ? formatNumber(r.total) : '—'}</strong></td>
                    {pointsColumns.map((f) => <td key={f} className={`num leaderboard__points${sorted(f)}`}>{pointsCell(r, f)}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </>
  )
}
