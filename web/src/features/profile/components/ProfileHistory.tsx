// The profile's competition history: challenge, date, class, place, status and total. A table on
// wide screens; on a phone each row is a card (ProfileHistory.css), so the place, status and total
// show without scrolling sideways.
import { Link } from 'react-router'
import { StatusBadge } from '../../../components/StatusBadge.tsx'
import type { ProfileResponse } from '../../../lib/contract.ts'
import { formatDate, formatKg } from '../../../lib/format.ts'
import type { HistoryPlaces } from '../api/history-places.ts'
import './ProfileHistory.css'

interface Props {
  challenges: ProfileResponse['competitions']
  /** Undefined while they load. */
  places: HistoryPlaces | undefined
}

/**
 * No total until a good lift is judged: an upcoming challenge (or one with only misses so far) reads "—",
 * not "0 kg", like its place.
 */
const totalText = (total: number | null | undefined) => (total ? formatKg(total) : '—')

export function ProfileHistory({ challenges, places }: Props) {
  if (challenges.length === 0) return <p className="empty">No competitions yet</p>
  return (
    <div className="table-wrap profile-history">
      <table>
        <thead>
          <tr>
            <th scope="col">Challenge</th>
            <th scope="col">Date</th>
            <th scope="col">Class</th>
            <th scope="col" className="num">
              Place
            </th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {challenges.map((c) => {
            const place = places?.[c.id]
            return (
              <tr key={c.id} data-testid="history-row">
                <td className="profile-history__name">
                  <Link to={`/challenges/${c.id}`}>{c.name}</Link>
                </td>
                <td data-label="Date">{formatDate(c.start_date)}</td>
                <td data-label="Class">{c.weight_class}</td>
                <td data-label="Place" className="num" data-testid="history-place">
                  {place === undefined ? '…' : place === null ? '—' : `#${place}`}
                </td>
                <td data-label="Status" data-testid="history-status">
                  <StatusBadge status={c.status} />
                </td>
                <td data-label="Total" className="num" data-testid="history-total">
                  {totalText(c.total_weight)}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
