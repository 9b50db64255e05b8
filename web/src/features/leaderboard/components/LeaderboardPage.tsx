// docs/product/screens.md /leaderboard: sort by total, a lift (squat, bench, deadlift, snatch, clean & jerk) or a
// formula's points (DOTS, IPF GL, Wilks, Wilks 2020, Sinclair); filter by weight class, gender, the
// lifter's country, sport and the challenge's location. One row per athlete per sport (powerlifting,
// weightlifting), ranked by the server and shown a page at a time; the filters live in the URL so a
// view can be shared. Live: a join, an attempt or a judges' decision anywhere refetches the rows on
// show. Only good lifts count; attempts awaiting judges are marked beside the name. Only verified
// results count (decided by a certified judging panel, lib/verified-results.ts); "Include unverified
// results" (?unverified=1) adds the others, each row made of them marked "Unverified".
// A table on wide screens; on a phone each row is a card (LeaderboardPage.css, as the profile's
// history does): place, name, class and the sorted figure first, the other bests small below, so no
// lifter's total hides three screens to the side. The "Sort by" select is the phone's sort control.
import { Link, useSearchParams } from 'react-router'
import { Avatar } from '../../../components/Avatar.tsx'
import { LiveIndicator } from '../../../components/LiveIndicator.tsx'
import { LoadError } from '../../../components/LoadError.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import {
  FORMULA_NAMES,
  GLOBAL_ROOM,
  SPORT_FAMILIES,
  SPORT_NAMES,
  WEIGHT_CLASSES,
  type Formula,
  type LeaderboardRow,
  type LeaderboardSort,
  type RankedLift,
  type SportFamily,
} from '../../../lib/contract.ts'
import { formatKg, formatNumber, formatPoints } from '../../../lib/format.ts'
import { ONLY_VERIFIED_COUNT, UNVERIFIED_MEANING, VERIFIED_RESULTS_HELP } from '../../../lib/verified-results.ts'
import { useChangeHighlight, withHighlight } from '../../../lib/use-change-highlight.ts'
import { isFormula, liftColumnsFor, pointsColumnsFor, sortKeysFor, useLeaderboard, useLeaderboardFilters } from '../api/leaderboard.ts'
import './LeaderboardPage.css'

const LIFT_LABELS: Record<RankedLift, string> = {
  squat: 'Squat',
  bench: 'Bench',
  deadlift: 'Deadlift',
  snatch: 'Snatch',
  clean_and_jerk: 'C&J',
}
const sortLabel = (key: LeaderboardSort) => (key === 'total' ? 'Total' : isFormula(key) ? FORMULA_NAMES[key] : LIFT_LABELS[key])
/** The select spells the clean & jerk out; the column header abbreviates it. */
const sortOptionLabel = (key: LeaderboardSort) => (key === 'clean_and_jerk' ? 'Clean & Jerk' : sortLabel(key))
const GENDER_LABELS: Record<string, string> = { M: 'Men', F: 'Women' }
const rowKey = (r: LeaderboardRow) => `${r.user_id}-${r.sport}`
/** What a live change can move in a row. */
const rowFigures = (r: LeaderboardRow) => [
  r.rank,
  r.total,
  r.points,
  r.squat,
  r.bench,
  r.deadlift,
  r.snatch,
  r.clean_and_jerk,
  r.pending,
  r.verified,
]
/** The URL parameter of the "Include unverified results" toggle, and its value when on. */
const UNVERIFIED_PARAM = 'unverified'
export const INCLUDES_UNVERIFIED = 'Unverified results are included and marked: they were not decided by a certified judging panel.'

export function LeaderboardPage() {
  const [params, setParams] = useSearchParams()
  const sportParam = params.get('sport') ?? ''
  const sport: SportFamily | '' = (SPORT_FAMILIES as readonly string[]).includes(sportParam) ? (sportParam as SportFamily) : ''
  const sortKeys = sortKeysFor(sport)
  const sortParam = params.get('sort') as LeaderboardSort
  // A sort the sport does not have (Sinclair for powerlifting) falls back to the total.
  const sort: LeaderboardSort = sortKeys.includes(sortParam) ? sortParam : 'total'
  const weightClass = params.get('class') ?? ''
  const location = params.get('location') ?? ''
  const country = params.get('country') ?? ''
  const gender = params.get('gender') ?? ''
  const includeUnverified = params.get(UNVERIFIED_PARAM) === '1'
  const { data, error, reload, loadMore, loadingMore, loadMoreFailed } = useLeaderboard({
    sort,
    sport,
    weightClass,
    gender,
    country,
    location,
    includeUnverified,
  })
  // Rows a live refetch brought in or changed; another filter is another list, and "Load more" adds no news.
  const changedRows = useChangeHighlight(data?.rows, rowKey, rowFigures, { scope: data?.query, appendedAreNew: false })
  const filters = useLeaderboardFilters().data
  const countries = filters?.countries ?? []
  const locations = filters?.locations ?? []
  const liftColumns = liftColumnsFor(sport)
  const pointsColumns = pointsColumnsFor(sport, sort)

  const update = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true })
  }
  const setSort = (key: LeaderboardSort) => update('sort', key === 'total' ? '' : key)

  const sortHeader = (key: LeaderboardSort, extraClass = '') => (
    <th key={key} scope="col" className={`num${extraClass}`} aria-sort={sort === key ? 'descending' : undefined}>
      <button type="button" className={`sort-button${sort === key ? ' sort-button--active' : ''}`} onClick={() => setSort(key)}>
        {sortLabel(key)}
        {sort === key ? ' ▼' : ''}
      </button>
    </th>
  )
  // A figure's cell carries its column's name (data-label), which the phone's card shows above it.
  const sorted = (key: LeaderboardSort) => (sort === key ? ' leaderboard__sorted' : '')
  const liftCell = (r: LeaderboardRow, lift: RankedLift) => (r[lift] > 0 ? formatNumber(r[lift]) : '—')
  const pointsCell = (r: LeaderboardRow, formula: Formula) => formatPoints(r.points[formula])

  return (
    <>
      <header className="page-header">
        <h1>Leaderboard</h1>
        <LiveIndicator room={GLOBAL_ROOM} />
        <Link className="button button--ghost button--small" to="/records">
          Records
        </Link>
      </header>
      <div className="leaderboard__filters">
        <div className="field">
          <label htmlFor="lb-sort">Sort by</label>
          <select id="lb-sort" value={sort} onChange={(e) => setSort(e.target.value as LeaderboardSort)}>
            <optgroup label="Lifts">
              {sortKeys
                .filter((k) => !isFormula(k))
                .map((k) => (
                  <option key={k} value={k}>
                    {sortOptionLabel(k)}
                  </option>
                ))}
            </optgroup>
            <optgroup label="Formula points">
              {sortKeys.filter(isFormula).map((k) => (
                <option key={k} value={k}>
                  {sortOptionLabel(k)}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className="field">
          <label htmlFor="lb-sport">Sport</label>
          <select id="lb-sport" value={sport} onChange={(e) => update('sport', e.target.value)}>
            <option value="">All sports</option>
            {SPORT_FAMILIES.map((s) => (
              <option key={s} value={s}>
                {SPORT_NAMES[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lb-class">Weight class</label>
          <select id="lb-class" value={weightClass} onChange={(e) => update('class', e.target.value)}>
            <option value="">All classes</option>
            {WEIGHT_CLASSES.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
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
            {countries.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lb-location">Location</label>
          <select id="lb-location" value={location} onChange={(e) => update('location', e.target.value)}>
            <option value="">All locations</option>
            {location && !locations.includes(location) && <option value={location}>{location}</option>}
            {locations.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="leaderboard__scope">
        <label className="leaderboard__toggle">
          <input type="checkbox" checked={includeUnverified} onChange={(e) => update(UNVERIFIED_PARAM, e.target.checked ? '1' : '')} />
          Include unverified results
        </label>
        <p className="leaderboard__verified-note" data-testid="verified-note">
          {includeUnverified ? INCLUDES_UNVERIFIED : ONLY_VERIFIED_COUNT} <Link to={VERIFIED_RESULTS_HELP}>How results are verified</Link>
        </p>
      </div>
      <p className="muted leaderboard__note">
        Country is the lifter&apos;s own; location is where the challenge was held. Points are computed from the row&apos;s total and the
        bodyweight it was lifted at (— without a bodyweight, or for a formula of the other sport).
      </p>
      <OfflineNotice />
      {!data && error ? (
        <LoadError message="Failed to load the leaderboard. Please try again later." onRetry={() => void reload()} />
      ) : !data ? (
        <div className="spinner" role="status" aria-label="Loading leaderboard" />
      ) : data.rows.length === 0 ? (
        <p className="empty">No lifters match these filters.</p>
      ) : (
        <>
          <div className="table-wrap leaderboard-wrap">
            <table className="leaderboard">
              <caption className="visually-hidden">
                {sport ? SPORT_NAMES[sport] : 'Powerlifting and weightlifting'} athletes ranked by {sortOptionLabel(sort)}
                {includeUnverified ? ', unverified results included and marked' : ', verified results only'}
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
                {data.rows.map((r) => (
                  <tr key={rowKey(r)} data-sport={r.sport} className={withHighlight(undefined, changedRows.has(rowKey(r)))}>
                    <td className={`leaderboard__rank leaderboard__rank--${r.rank}`}>{r.rank}</td>
                    <td className="leaderboard__name">
                      <span className="leaderboard__athlete">
                        <Avatar id={r.user_id} name={r.name} size={28} />
                        <span>
                          <Link to={`/profile/${r.user_id}`}>{r.name}</Link>
                          {r.country && <span className="muted leaderboard__country">{r.country}</span>}
                          {r.pending > 0 && (
                            <span className="leaderboard__pending" title="Not counted until the judges decide">
                              {r.pending} awaiting judges
                            </span>
                          )}
                          {!r.verified && (
                            <span className="leaderboard__unverified" title={UNVERIFIED_MEANING}>
                              Unverified
                            </span>
                          )}
                        </span>
                      </span>
                    </td>
                    {!sport && (
                      <td data-label="Sport" className="leaderboard__meta leaderboard__meta--sport">
                        {SPORT_NAMES[r.sport]}
                      </td>
                    )}
                    <td data-label="Class" className="leaderboard__meta leaderboard__meta--class">
                      {r.weight_class}
                      <span className="muted leaderboard__sub">
                        {GENDER_LABELS[r.gender] ?? r.gender}
                        {r.bodyweight !== null ? ` · ${formatKg(r.bodyweight)}` : ''}
                      </span>
                    </td>
                    <td data-label="Location" className="leaderboard__meta">
                      <Link to={`/challenges/${r.competition_id}`} title={r.competition_name}>
                        {r.location}
                      </Link>
                    </td>
                    {liftColumns.map((k) => (
                      <td key={k} data-label={sortLabel(k)} className={`num${sorted(k)}`}>
                        {liftCell(r, k)}
                      </td>
                    ))}
                    <td data-label={sortLabel('total')} className={`num${sorted('total')}`}>
                      <strong>{r.total !== null ? formatNumber(r.total) : '—'}</strong>
                    </td>
                    {pointsColumns.map((f) => (
                      <td key={f} data-label={sortLabel(f)} className={`num leaderboard__points${sorted(f)}`}>
                        {pointsCell(r, f)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.nextCursor && (
            <div className="leaderboard__more">
              {loadMoreFailed && <p className="muted">Could not load more lifters. Please try again.</p>}
              <button type="button" className="button button--secondary" disabled={loadingMore} onClick={() => void loadMore()}>
                {loadingMore ? 'Loading…' : 'Load more'}
              </button>
            </div>
          )}
        </>
      )}
    </>
  )
}
