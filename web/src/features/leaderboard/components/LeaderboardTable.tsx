// The leaderboard's table (docs/product/screens.md /leaderboard): a row per athlete per sport, the
// class cell naming the row's category (sex, bodyweight, age divisions, equipment: docs/categories.md).
// On a phone each row is a card (LeaderboardPage.css): every figure's cell carries its column's name
// (data-label), which the card shows above it.
import { Link } from 'react-router'
import { Avatar } from '../../../components/Avatar.tsx'
import {
  SPORT_NAMES,
  type Formula,
  type LeaderboardRow,
  type LeaderboardSort,
  type RankedLift,
  type SportFamily,
} from '../../../lib/contract.ts'
import { formatKg, formatNumber, formatPoints } from '../../../lib/format.ts'
import { categoryText } from '../../../lib/categories.ts'
import { UNVERIFIED_MEANING } from '../../../lib/verified-results.ts'
import { withHighlight } from '../../../lib/use-change-highlight.ts'
import { liftColumnsFor, pointsColumnsFor } from '../api/leaderboard.ts'
import { sortLabel } from './leaderboard-labels.ts'

const GENDER_LABELS: Record<string, string> = { M: 'Men', F: 'Women' }
export const rowKey = (r: LeaderboardRow) => `${r.user_id}-${r.sport}`
/** The lifts whose divisions a row's sport names ('Junior' by the IPF's or the IWF's names). */
const SPORT_TOTAL: Record<SportFamily, ['squat'] | ['snatch', 'clean_and_jerk']> = {
  powerlifting: ['squat'],
  weightlifting: ['snatch', 'clean_and_jerk'],
}

interface Props {
  rows: LeaderboardRow[]
  sport: SportFamily | ''
  sort: LeaderboardSort
  setSort: (key: LeaderboardSort) => void
  includeUnverified: boolean
  /** Rows a live refetch brought in or changed (marked for a moment). */
  changedRows: ReadonlySet<string>
  /** What the table lists, for screen readers. */
  caption: string
}

export function LeaderboardTable({ rows, sport, sort, setSort, includeUnverified, changedRows, caption }: Props) {
  const liftColumns = liftColumnsFor(sport)
  const pointsColumns = pointsColumnsFor(sport, sort)
  const sortHeader = (key: LeaderboardSort, extraClass = '') => (
    <th key={key} scope="col" className={`num${extraClass}`} aria-sort={sort === key ? 'descending' : undefined}>
      <button type="button" className={`sort-button${sort === key ? ' sort-button--active' : ''}`} onClick={() => setSort(key)}>
        {sortLabel(key)}
        {sort === key ? ' ▼' : ''}
      </button>
    </th>
  )
  const sorted = (key: LeaderboardSort) => (sort === key ? ' leaderboard__sorted' : '')
  const liftCell = (r: LeaderboardRow, lift: RankedLift) => (r[lift] > 0 ? formatNumber(r[lift]) : '—')
  const pointsCell = (r: LeaderboardRow, formula: Formula) => formatPoints(r.points[formula])
  const category = (r: LeaderboardRow) =>
    categoryText(SPORT_TOTAL[r.sport] ?? [], { divisions: r.divisions ?? [], equipment: r.sport === 'powerlifting' ? r.equipment : null })

  return (
    <div className="table-wrap leaderboard-wrap">
      <table className="leaderboard">
        <caption className="visually-hidden">
          {caption}
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
          {rows.map((r) => (
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
                {category(r) && (
                  <span className="muted leaderboard__sub leaderboard__category" data-testid="leaderboard-category">
                    {category(r)}
                  </span>
                )}
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
  )
}
