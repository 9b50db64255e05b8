// Site moderation on the admin page (docs/moderation.md): ban or unban an account with a reason,
// and the audit log of every moderation action (who, what, when, why), which nothing here can change.
import { useId, useState } from 'react'
import { errorText } from '../../../lib/api-client.ts'
import type { AdminAccount } from '../../../lib/contract.ts'
import { formatDateTime } from '../../../lib/format.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { useViewer } from '../../../lib/viewer.ts'
import { banAccount, moderationLogQuery, unbanAccount } from '../api/admin.ts'

const ACTION_NAMES = {
  ban: 'Banned',
  unban: 'Unbanned',
  remove_comment: 'Removed a comment',
  remove_video: 'Took down the video of',
  dismiss_reports: 'Dismissed the reports of a comment',
} as const

export function BanControl({ account, onChanged }: { account: AdminAccount; onChanged: (account: AdminAccount) => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const banned = !!account.banned_at

  async function act() {
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      const updated = banned ? await unbanAccount(account.username, reason) : await banAccount(account.username, reason)
      setNotice(banned ? `${updated.name} can log in again.` : `${updated.name} is banned: their sessions have ended everywhere.`)
      setReason('')
      onChanged(updated)
    } catch (e) {
      setError(errorText(e, 'The change could not be made. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="admin-account__ban">
      {banned && <span className="tag tag--banned">Banned since {formatDateTime(account.banned_at!)}</span>}
      <label htmlFor={id}>{banned ? 'Why lift the ban' : 'Why ban'}</label>
      <input id={id} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      <button type="button" className="button button--small" disabled={busy || reason.trim() === ''} onClick={() => void act()}>
        {banned ? 'Unban' : 'Ban account'}
      </button>
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
    </div>
  )
}

export function ModerationLogSection() {
  const log = useServerQuery(moderationLogQuery(useViewer()))
  return (
    <section className="section" aria-labelledby="admin-log-heading">
      <h2 id="admin-log-heading">Moderation log</h2>
      {!log.data ? (
        log.error ? (
          <p className="alert alert--error" role="alert">
            {errorText(log.error, 'The log could not be loaded.')}
          </p>
        ) : (
          <div className="spinner" role="status" aria-label="Loading the log" />
        )
      ) : log.data.length === 0 ? (
        <p className="empty">No moderation yet.</p>
      ) : (
        <table className="admin-log">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at)}</td>
                <td>@{entry.admin}</td>
                <td>
                  {ACTION_NAMES[entry.action]} {entry.target_type === 'user' ? `@${entry.target}` : entry.target}
                </td>
                <td>{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
