// /challenges/:id/results: the protocol an organiser files with a federation, made to print (A4,
// portrait or landscape, a page per group, no navigation: ProtocolPage.css). Every lifter with their
// attempts, best lifts, total, points and place by group; the records set; the teams; the panel; the
// date and place. Shown once the challenge has ended (before, the server's sentence says when).
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { usePanel } from '../../../api/panel.ts'
import { LoadError } from '../../../components/LoadError.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { formatDate, formatKg, formatNumber, formatPoints, liftLabel } from '../../../lib/format.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { challengeRecordsQuery } from '../api/challenge-records.ts'
import { challengeTeamsQuery } from '../api/challenge-teams.ts'
import { attemptCells, protocolGroups, protocolQuery } from '../api/protocol.ts'
import { TeamStandingsTable } from './TeamStandings.tsx'
import './ProtocolPage.css'

const LIFT_ORDER = ['squat', 'bench', 'deadlift', 'snatch', 'clean_and_jerk', 'power_clean', 'push_press', 'overhead_press']
const RESULT_CLASS: Record<string, string> = { good: 'protocol__good', no_lift: 'protocol__no-lift', pending: 'protocol__pending' }

export function ProtocolPage() {
  const id = Number(useParams().id)
  const results = useServerQuery({ ...protocolQuery(id), retry: false })
  const records = useServerQuery(challengeRecordsQuery(id)).data ?? []
  const teams = useServerQuery(challengeTeamsQuery(id)).data ?? []
  const panel = usePanel(id).data
  const [landscape, setLandscape] = useState(false)

  const doc = results.data
  if (!doc) {
    if (!results.error) return <div className="spinner" role="status" aria-label="Loading results" />
    return <LoadError message={errorText(results.error, 'The results could not be loaded.')} onRetry={() => void results.reload()} />
  }
  const lifts = [...doc.competition.lifts].sort((a, b) => LIFT_ORDER.indexOf(a) - LIFT_ORDER.indexOf(b))
  const counts = Object.fromEntries(
    lifts.map((lift) => [lift, Math.max(3, ...doc.lifters.map((l) => l.attempts.filter((a) => a.lift === lift).length))]),
  )
  const groups = protocolGroups(doc)

  return (
    // The paper's orientation: a named page of ProtocolPage.css (A4 portrait unless landscape is chosen).
    <article className={landscape ? 'protocol protocol--landscape' : 'protocol'}>
      <div className="protocol__controls no-print">
        <Link to={`/challenges/${id}`}>← Back to the challenge</Link>
        <label>
          <input type="checkbox" checked={landscape} onChange={(e) => setLandscape(e.target.checked)} /> Landscape
        </label>
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <header className="protocol__header">
        <h1>{doc.competition.name}</h1>
        <p>
          {doc.competition.location} · {formatDate(doc.competition.start_date)} – {formatDate(doc.competition.end_date)}
        </p>
        <p className="protocol__meta">
          Results protocol · {doc.lifters.length} lifters · {lifts.map(liftLabel).join(', ')}
        </p>
      </header>

      {groups.map((group) => (
        <section key={group.key} className="protocol__group" aria-label={group.title}>
          <h2>{group.title}</h2>
          <table className="protocol__table">
            <thead>
              <tr>
                <th scope="col" rowSpan={2} className="num">
                  Pl.
                </th>
                <th scope="col" rowSpan={2}>
                  Name
                </th>
                <th scope="col" rowSpan={2}>
                  Team / country
                </th>
                <th scope="col" rowSpan={2} className="num">
                  BW
                </th>
                {lifts.map((lift) => (
                  <th key={lift} scope="colgroup" colSpan={counts[lift]! + 1}>
                    {liftLabel(lift)}
                  </th>
                ))}
                <th scope="col" rowSpan={2} className="num">
                  Total
                </th>
                <th scope="col" rowSpan={2} className="num">
                  Points
                </th>
              </tr>
              <tr>
                {lifts.flatMap((lift) => [
                  ...Array.from({ length: counts[lift]! }, (_, i) => (
                    <th key={`${lift}${i}`} scope="col" className="num">
                      {i + 1}
                    </th>
                  )),
                  <th key={`${lift}-best`} scope="col" className="num">
                    Best
                  </th>,
                ])}
              </tr>
            </thead>
            <tbody>
              {group.lifters.map((l) => (
                <tr key={l.user_id}>
                  <td className="num">{l.place ?? '—'}</td>
                  <td>{l.name}</td>
                  <td>{[l.team, l.country].filter(Boolean).join(' / ') || '—'}</td>
                  <td className="num">{l.bodyweight === null ? '—' : formatNumber(l.bodyweight)}</td>
                  {lifts.flatMap((lift) => [
                    ...attemptCells(l, lift, counts[lift]).map((cell, i) => (
                      <td key={`${lift}${i}`} className={`num ${cell.result ? (RESULT_CLASS[cell.result] ?? '') : ''}`}>
                        {cell.weight === null ? (
                          '—'
                        ) : cell.result === 'no_lift' ? (
                          <s aria-label={`${formatNumber(cell.weight)}, no lift`}>{formatNumber(cell.weight)}</s>
                        ) : (
                          formatNumber(cell.weight)
                        )}
                      </td>
                    )),
                    <td key={`${lift}-best`} className="num protocol__best">
                      {l.best[lift] ? formatNumber(l.best[lift]) : '—'}
                    </td>,
                  ])}
                  <td className="num">
                    <strong>{l.total === null ? '—' : formatNumber(l.total)}</strong>
                  </td>
                  <td className="num">{formatPoints(l.points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}

      <section className="protocol__group protocol__closing" aria-label="Records, teams and officials">
        <h2>Records set</h2>
        {records.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {records.map((r) => (
              <li key={`${r.attempt_id}-${r.lift}-${r.division}-${r.weight_class}`}>
                {formatKg(r.weight)} {r.lift === 'total' ? 'total' : liftLabel(r.lift).toLowerCase()}, {r.name} (
                {r.sex === 'F' ? 'women' : 'men'} {r.weight_class}, {r.division.replace(/_/g, ' ')}
                {r.equipment === 'none' ? '' : `, ${r.equipment}`}){r.previous !== null ? `, previous ${formatKg(r.previous)}` : ''}
              </li>
            ))}
          </ul>
        )}
        {teams.length > 0 && <TeamStandingsTable teams={teams} caption="Team standings" />}
        <h2>Panel</h2>
        <p>{panel ? (panel.judges.length > 0 ? panel.judges.map((j) => j.name).join(', ') : 'The organiser judged alone.') : '—'}</p>
        <p className="protocol__meta">
          Attempts struck through are no lifts; a dash is an attempt not taken. Points by the challenge's formula.
        </p>
      </section>
    </article>
  )
}
