// /challenges/:id/hall/scoreboard: a hybrid meet's one scoreboard (docs/hall-mode.md, "Hybrid"): the lifters in the
// hall and online ranked together, each attempt with its result, the ones judged live in the hall marked "live".
// It reads again whenever the hall changes (the live room), so a live decision shows at once.
import { queryOptions } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useParams } from 'react-router'
import { queryKeys } from '../../../api/query-keys.ts'
import { apiRequest, errorText } from '../../../lib/api-client.ts'
import { LIFT_NAMES, normalizeLiftType } from '../../../lib/contract.ts'
import type { HybridAttempt, HybridScoreboardResponse } from '../../../lib/contract.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { useHall } from '../api/hall.ts'
import './hall.css'
import './hall-screens.css'

const scoreboardQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(id), 'hall', 'scoreboard'] as const,
    queryFn: async ({ signal }) => (await apiRequest<HybridScoreboardResponse>(`/competitions/${id}/hall/scoreboard`, { signal })).data,
  })

const cell = (a: HybridAttempt) => {
  const lift = normalizeLiftType(a.lift_type)
  const mark = a.status === 'completed' ? '✓' : a.status === 'failed' ? '✗' : '…'
  return `${lift ? LIFT_NAMES[lift] : a.lift_type} ${a.attempt_number}: ${Number(a.weight.toFixed(2))} ${mark}`
}

export function HybridBoardPage() {
  const id = Number(useParams().id)
  const { hall } = useHall(id)
  const query = useServerQuery(scoreboardQuery(id))
  const { reload } = query
  // Each change of the hall (a call, a press, a decision) may move the ranking: read it again.
  useEffect(() => {
    if (hall) void reload()
  }, [hall, reload])
  if (query.error) return <p role="alert">{errorText(query.error, 'The scoreboard could not be loaded.')}</p>
  if (!query.data) return <p role="status">Loading the scoreboard…</p>
  return (
    <section className="hybrid-board">
      <h1>Scoreboard</h1>
      <table data-testid="hybrid-board">
        <thead>
          <tr>
            <th>Place</th>
            <th>Lifter</th>
            <th>Where</th>
            <th>Attempts</th>
            <th>Total</th>
          </tr>
        </thead>
        <tbody>
          {query.data.rows.map((r) => (
            <tr key={r.user_id}>
              <td>{r.place ?? '—'}</td>
              <td>{r.name}</td>
              <td>{r.source === 'in_person' ? `Hall · flight ${r.flight}` : 'Online'}</td>
              <td>
                {r.attempts.map((a) => (
                  <span key={`${a.lift_type}-${a.attempt_number}`} className={`hybrid-board__attempt${a.live ? ' is-live' : ''}`}>
                    {cell(a)}
                    {a.live && <small className="hybrid-board__live"> live</small>}
                  </span>
                ))}
              </td>
              <td>{r.total ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
