// The platform records set in this challenge (docs/records.md): each with its category, the record it
// broke and its attempt's video. Shown once there is one; a record set live appears at once.
import { Link } from 'react-router'
import type { RecordRow } from '../../../lib/contract.ts'
import { formatKg, liftLabel } from '../../../lib/format.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { challengeRecordsQuery } from '../api/challenge-records.ts'

const category = (r: RecordRow) =>
  `${r.sex === 'F' ? 'Women' : 'Men'} ${r.weight_class}, ${r.division.replace(/_/g, ' ')}${r.equipment === 'none' ? '' : `, ${r.equipment}`}`

/**
 * Asked for once the challenge has ended (a running challenge's page asks for its summary only: pages
 * cost what they show); while it runs, the records its room announces are listed as they come.
 */
export function ChallengeRecords({ challengeId, ended }: { challengeId: number; ended: boolean }) {
  const { data } = useServerQuery({ ...challengeRecordsQuery(challengeId), enabled: ended })
  if (!data || data.length === 0) return null
  return (
    <section className="panel challenge-records" aria-labelledby="records-heading">
      <h3 id="records-heading">Records set here</h3>
      <ul>
        {data.map((r) => (
          <li key={`${r.attempt_id}-${r.lift}-${r.division}-${r.weight_class}`} data-attempt-id={r.attempt_id}>
            <span className="badge badge--record">Record</span> <strong>{formatKg(r.weight)}</strong>{' '}
            {r.lift === 'total' ? 'total' : liftLabel(r.lift).toLowerCase()} — {r.name} ({category(r)})
            {r.previous !== null ? `, was ${formatKg(r.previous)}` : ', first record'}
            {' · '}
            <Link to={`/challenges/${challengeId}/participants/${r.user_id}/video/${r.attempt_id}`}>Video</Link>
          </li>
        ))}
      </ul>
      <p className="muted">
        <Link to="/records">All records</Link>
      </p>
    </section>
  )
}
