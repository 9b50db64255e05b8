import { Link } from 'react-router'
import { Avatar } from '../../../components/Avatar.tsx'
import { TOP_LIFT_TYPES } from '../../../lib/contract.ts'
import { formatKg, liftLabel } from '../../../lib/format.ts'
import { VERIFIED_RESULTS_HELP } from '../../../lib/verified-results.ts'
import { useTopLifts } from '../api/top-lifts.ts'

/**
 * The side panel; updates live through the global room, and keeps its last lists when a refetch fails.
 * Verified lifts only (GET /top-lifts without include_unverified), as the note under the heading says.
 */
export function TopLifts() {
  const { data, error } = useTopLifts()
  return (
    <aside className="panel top-lifts" aria-labelledby="top-lifts-heading">
      <h2 id="top-lifts-heading">Top Lifts This Month</h2>
      <p className="muted top-lifts__note">
        <Link to={VERIFIED_RESULTS_HELP}>Verified lifts</Link> only: decided by a certified judging panel.
      </p>
      {!data ? (
        error ? (
          <p className="muted">Top lifts are unavailable right now.</p>
        ) : (
          <div className="spinner" />
        )
      ) : (
        TOP_LIFT_TYPES.map((type) => (
          <section key={type} className="top-lifts__group">
            <h3>{liftLabel(type)}</h3>
            {data.lifts[type].length === 0 ? (
              <p className="muted">No lifts yet</p>
            ) : (
              <ol>
                {data.lifts[type].map((lift, i) => (
                  <li key={lift.user_id}>
                    <span className={`top-lifts__place top-lifts__place--${i + 1}`}>{i + 1}</span>
                    <Avatar id={lift.user_id} name={lift.name} size={28} />
                    <Link to={`/profile/${lift.user_id}`}>{lift.name}</Link>
                    <strong>{formatKg(lift.weight)}</strong>
                  </li>
                ))}
              </ol>
            )}
          </section>
        ))
      )}
    </aside>
  )
}
