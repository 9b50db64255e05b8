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
// Category filters (docs/categories.md): class set, division and equipment, as the server filters.
// The filters are LeaderboardFilters.tsx, the table LeaderboardTable.tsx.
import { Link, useSearchParams } from 'react-router'
import { LiveIndicator } from '../../../components/LiveIndicator.tsx'
import { LoadError } from '../../../components/LoadError.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import {
  GLOBAL_ROOM,
  SPORT_FAMILIES,
  SPORT_NAMES,
  type LeaderboardRow,
  type LeaderboardSort,
  type SportFamily,
} from '../../../lib/contract.ts'
import { ONLY_VERIFIED_COUNT, VERIFIED_RESULTS_HELP } from '../../../lib/verified-results.ts'
import { useChangeHighlight } from '../../../lib/use-change-highlight.ts'
import { sortKeysFor, useLeaderboard } from '../api/leaderboard.ts'
import { isClassSet } from '../api/category-filters.ts'
import { LeaderboardFilters } from './LeaderboardFilters.tsx'
import { LeaderboardTable, rowKey } from './LeaderboardTable.tsx'
import { sortOptionLabel } from './leaderboard-labels.ts'
import './LeaderboardPage.css'

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
  const setParam = params.get('set') ?? ''
  const values = {
    sort,
    sport,
    classSet: isClassSet(setParam) ? setParam : ('' as const),
    weightClass: params.get('class') ?? '',
    gender: params.get('gender') ?? '',
    division: params.get('division') ?? '',
    // Equipment is powerlifting's: a weightlifting view asks none.
    equipment: sport === 'weightlifting' ? '' : (params.get('equipment') ?? ''),
    country: params.get('country') ?? '',
    location: params.get('location') ?? '',
  }
  const includeUnverified = params.get(UNVERIFIED_PARAM) === '1'
  const { data, error, reload, loadMore, loadingMore, loadMoreFailed } = useLeaderboard({ ...values, includeUnverified })
  // Rows a live refetch brought in or changed; another filter is another list, and "Load more" adds no news.
  const changedRows = useChangeHighlight(data?.rows, rowKey, rowFigures, { scope: data?.query, appendedAreNew: false })

  const update = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true })
  }
  const setSort = (key: LeaderboardSort) => update('sort', key === 'total' ? '' : key)

  return (
    <>
      <header className="page-header">
        <h1>Leaderboard</h1>
        <LiveIndicator room={GLOBAL_ROOM} />
        <Link className="button button--ghost button--small" to="/records">
          Records
        </Link>
      </header>
      <LeaderboardFilters values={values} update={update} setSort={setSort} />
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
          <LeaderboardTable
            rows={data.rows}
            sport={sport}
            sort={sort}
            setSort={setSort}
            includeUnverified={includeUnverified}
            changedRows={changedRows}
            caption={`${sport ? SPORT_NAMES[sport] : 'Powerlifting and weightlifting'} athletes ranked by ${sortOptionLabel(sort)}`}
          />
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
