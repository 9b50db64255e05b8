import { useMemo } from 'react'
import { Link } from 'react-router'
import { useAllParticipants } from '../../../api/all-participants.ts'
import { Avatar } from '../../../components/Avatar.tsx'
import { MAIN_LIFTS } from '../../../lib/contract.ts'
import { formatKg, liftLabel } from '../../../lib/format.ts'
import { topLiftsThisMonth } from '../api/top-lifts.ts'

/** The side panel; updates live through the global room, and keeps its last lists when a refetch fails. */
export function TopLifts() {
  const { data, error } = useAllParticipants()
  const top = useMemo(() => (data ? topLiftsThisMonth(data) : null), [data])
  return (
    <aside className="panel top-lifts" aria-labelledby="top-lifts-heading">
      <h2 id="top-lifts-heading">Top Lifts This Month</h2>
      {!top ? (error ? <p className="muted">Top lifts are unavailable right now.</p> : <div className="spinner" />) : MAIN_LIFTS.map((type) => (
        <section key={type} className="top-lifts__group">
          <h3>{liftLabel(type)}</h3>
          {top[type].length === 0 ? <p className="muted">No lifts yet</p> : (
            <ol>
              {top[type].map((lift, i) => (
                <li key={lift.userId}>
                  <span className={`top-lifts__place top-lifts__place--${i + 1}`}>{i + 1}</span>
                  <Avatar id={lift.userId} name={lift.name} size={28} />
                  <Link to={`/profile/${lift.userId}`}>{lift.name}</Link>
                  <strong>{formatKg(lift.weight)}</strong>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </aside>
  )
}
