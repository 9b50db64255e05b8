// /records (docs/records.md): the platform's current records — per sport, sex, class set and class,
// age division and equipment, each lift and the total — with filters kept in the URL, and each
// record's history (who, when, where, the video) a click away. Only verified results set records.
// Live: a record set anywhere refetches the list on show.
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { LiveIndicator } from '../../../components/LiveIndicator.tsx'
import { LoadError } from '../../../components/LoadError.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { DIVISIONS, DIVISION_NAMES, GLOBAL_ROOM, RECORD_SPORT_LIFTS, type RecordRow } from '../../../lib/contract.ts'
import { formatDate, formatKg } from '../../../lib/format.ts'
import {
  historyQueryString,
  recordCategory,
  recordLiftName,
  recordVideoPath,
  useRecordHistory,
  useRecords,
  type RecordsFilter,
} from '../api/records.ts'
import './RecordsPage.css'

const SPORTS = { powerlifting: 'Powerlifting', weightlifting: 'Weightlifting' } as const

function History({ record }: { record: RecordRow }) {
  const { data, error } = useRecordHistory(record)
  if (!data)
    return error ? (
      <p className="muted">{errorText(error, 'The history could not be loaded.')}</p>
    ) : (
      <div className="spinner" role="status" aria-label="Loading history" />
    )
  return (
    <ol
      className="records__history"
      aria-label={`History of the ${recordLiftName(record.lift).toLowerCase()} record, ${recordCategory(record)}`}
    >
      {data.records.map((r) => (
        <li key={`${r.attempt_id}-${r.set_at}`}>
          <strong>{formatKg(r.weight)}</strong> {r.name}
          {r.country ? ` (${r.country})` : ''}, {formatDate(r.set_at)},{' '}
          <Link to={`/challenges/${r.competition_id}`}>{r.competition_name}</Link>, {r.location} ·{' '}
          <Link to={recordVideoPath(r)}>Video</Link>
        </li>
      ))}
    </ol>
  )
}

export function RecordsPage() {
  const [params, setParams] = useSearchParams()
  const sportParam = params.get('sport') ?? ''
  const sport: RecordsFilter['sport'] = sportParam === 'powerlifting' || sportParam === 'weightlifting' ? sportParam : ''
  const sexParam = params.get('sex') ?? ''
  const filter: RecordsFilter = {
    sport,
    sex: sexParam === 'M' || sexParam === 'F' ? sexParam : '',
    // Division, equipment and lift belong to a sport: without one they are not asked.
    division: sport && (DIVISIONS[sport] as readonly string[]).includes(params.get('division') ?? '') ? params.get('division')! : '',
    equipment: sport === 'powerlifting' ? (params.get('equipment') ?? '') : '',
    lift: sport && ([...RECORD_SPORT_LIFTS[sport], 'total'] as string[]).includes(params.get('lift') ?? '') ? params.get('lift')! : '',
  }
  const { data, error, reload } = useRecords(filter)
  const [open, setOpen] = useState<string | null>(null)

  const update = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    if (key === 'sport') for (const k of ['division', 'equipment', 'lift']) next.delete(k)
    setParams(next, { replace: true })
  }
  const divisionNames: Partial<Record<string, string>> = sport ? DIVISION_NAMES[sport] : {}

  return (
    <>
      <header className="page-header">
        <h1>Records</h1>
        <LiveIndicator room={GLOBAL_ROOM} />
      </header>
      <p className="muted">
        Platform records, set only by verified results: a panel of three judges, two of them certified, none of them the organiser or the
        lifter.
      </p>
      <OfflineNotice />
      <div className="records__filters">
        <div className="field">
          <label htmlFor="rec-sport">Sport</label>
          <select id="rec-sport" value={sport} onChange={(e) => update('sport', e.target.value)}>
            <option value="">All sports</option>
            {Object.entries(SPORTS).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="rec-sex">Sex</label>
          <select id="rec-sex" value={filter.sex} onChange={(e) => update('sex', e.target.value)}>
            <option value="">Men and women</option>
            <option value="M">Men</option>
            <option value="F">Women</option>
          </select>
        </div>
        {sport && (
          <div className="field">
            <label htmlFor="rec-division">Division</label>
            <select id="rec-division" value={filter.division} onChange={(e) => update('division', e.target.value)}>
              <option value="">All divisions</option>
              {DIVISIONS[sport].map((d) => (
                <option key={d} value={d}>
                  {divisionNames[d] ?? d}
                </option>
              ))}
            </select>
          </div>
        )}
        {sport === 'powerlifting' && (
          <div className="field">
            <label htmlFor="rec-equipment">Equipment</label>
            <select id="rec-equipment" value={filter.equipment} onChange={(e) => update('equipment', e.target.value)}>
              <option value="">Classic and equipped</option>
              <option value="classic">Classic</option>
              <option value="equipped">Equipped</option>
            </select>
          </div>
        )}
        {sport && (
          <div className="field">
            <label htmlFor="rec-lift">Lift</label>
            <select id="rec-lift" value={filter.lift} onChange={(e) => update('lift', e.target.value)}>
              <option value="">All lifts</option>
              {[...RECORD_SPORT_LIFTS[sport], 'total'].map((l) => (
                <option key={l} value={l}>
                  {recordLiftName(l)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {!data ? (
        error ? (
          <LoadError message={errorText(error, 'The records could not be loaded.')} onRetry={() => void reload()} />
        ) : (
          <div className="spinner" role="status" aria-label="Loading records" />
        )
      ) : data.records.length === 0 ? (
        <p className="empty">No records yet{sport || filter.sex ? ' for these filters' : ''}.</p>
      ) : (
        <div className="table-wrap">
          <table className="records__table">
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Lift</th>
                <th scope="col" className="num">
                  Record
                </th>
                <th scope="col">Lifter</th>
                <th scope="col">Set</th>
                <th scope="col">Where</th>
                <th scope="col">
                  <span className="visually-hidden">History</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((r) => {
                const key = historyQueryString(r)
                return [
                  <tr key={key}>
                    <td>{recordCategory(r)}</td>
                    <td>{recordLiftName(r.lift)}</td>
                    <td className="num">
                      <strong>{formatKg(r.weight)}</strong>
                      {r.previous !== null && <span className="muted records__previous"> was {formatKg(r.previous)}</span>}
                    </td>
                    <td>
                      {r.name}
                      {r.country ? <span className="muted"> {r.country}</span> : null}
                    </td>
                    <td>{formatDate(r.set_at)}</td>
                    <td>
                      <Link to={`/challenges/${r.competition_id}`}>{r.competition_name}</Link> · <Link to={recordVideoPath(r)}>Video</Link>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-expanded={open === key}
                        onClick={() => setOpen(open === key ? null : key)}
                      >
                        History
                      </button>
                    </td>
                  </tr>,
                  open === key && (
                    <tr key={`${key}-history`} className="records__history-row">
                      <td colSpan={7}>
                        <History record={r} />
                      </td>
                    </tr>
                  ),
                ]
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
