// Site moderation on the admin page (docs/moderation.md): the reports queue of the whole site (remove a reported
// comment or dismiss its reports) and taking down any attempt's video. Every action names a reason, kept in the log.
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { errorText } from '../../../lib/api-client.ts'
import type { ReportedComment } from '../../../lib/contract.ts'
import { queryClient } from '../../../lib/query-client.ts'
import { formatDateTime } from '../../../lib/format.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { useViewer } from '../../../lib/viewer.ts'
import { dismissReports, removeComment, reportsQuery, takeDownVideo } from '../api/admin.ts'

const FAILED = 'The change could not be made. Please try again.'
/** The log and the queue change with every action. */
const refreshModeration = () => queryClient.invalidateQueries({ queryKey: ['admin'] })

export function ReportsQueueSection() {
  const reports = useServerQuery(reportsQuery(useViewer()))
  return (
    <section className="section" aria-labelledby="admin-reports-heading">
      <h2 id="admin-reports-heading">Reports{reports.data ? ` (${reports.data.length})` : ''}</h2>
      {!reports.data ? (
        reports.error ? (
          <p className="alert alert--error" role="alert">
            {errorText(reports.error, 'The reports could not be loaded.')}
          </p>
        ) : (
          <div className="spinner" role="status" aria-label="Loading the reports" />
        )
      ) : reports.data.length === 0 ? (
        <p className="empty">No reported comments.</p>
      ) : (
        <ul className="admin__reports" aria-label="Reported comments">
          {reports.data.map((report) => (
            <ReportItem key={report.comment_id} report={report} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ReportItem({ report }: { report: ReportedComment }) {
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const id = useId()

  async function act(action: (commentId: number, reason: string) => Promise<void>) {
    setBusy(true)
    setError(null)
    try {
      await action(report.comment_id, reason)
      await refreshModeration()
    } catch (e) {
      setError(errorText(e, FAILED))
      setBusy(false)
    }
  }

  return (
    <li className="admin-report">
      <blockquote className="admin-report__text">{report.text}</blockquote>
      <p className="muted">
        by @{report.author_username} ({report.author_name}) on{' '}
        <Link to={`/competitions/${report.competition_id}`}>{report.competition_name}</Link>, attempt {report.attempt_id} · {report.reports}{' '}
        {report.reports === 1 ? 'report' : 'reports'}, last {formatDateTime(report.last_reported_at)}
      </p>
      <label htmlFor={id}>Why</label>
      <input id={id} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      <button
        type="button"
        className="button button--small"
        disabled={busy || reason.trim() === ''}
        onClick={() => void act(removeComment)}
      >
        Remove comment
      </button>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={busy || reason.trim() === ''}
        onClick={() => void act(dismissReports)}
      >
        Dismiss reports
      </button>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}

export function VideoTakedownSection() {
  const [attempt, setAttempt] = useState('')
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const attemptId = Number(attempt)
  const valid = Number.isInteger(attemptId) && attemptId > 0 && reason.trim() !== ''

  async function submit() {
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      await takeDownVideo(attemptId, reason)
      setNotice(`The video of attempt ${attemptId} is taken down; its result stays.`)
      setAttempt('')
      setReason('')
      await refreshModeration()
    } catch (e) {
      setError(errorText(e, FAILED))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="section" aria-labelledby="admin-video-heading">
      <h2 id="admin-video-heading">Take down a video</h2>
      <p className="muted">The video&apos;s files are deleted; the attempt&apos;s weight, decision and place stay.</p>
      <form
        className="admin__search"
        onSubmit={(e) => {
          e.preventDefault()
          if (valid && !busy) void submit()
        }}
      >
        <div className="field">
          <label htmlFor="takedown-attempt">Attempt number (id)</label>
          <input id="takedown-attempt" inputMode="numeric" value={attempt} onChange={(e) => setAttempt(e.target.value.trim())} />
        </div>
        <div className="field">
          <label htmlFor="takedown-reason">Why</label>
          <input id="takedown-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </div>
        <button type="submit" className="button button--small" disabled={busy || !valid}>
          Take down
        </button>
      </form>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="alert alert--success" role="status">
          {notice}
        </p>
      )}
    </section>
  )
}
