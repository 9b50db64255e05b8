// The admin page's account cards (docs/verified-results.md, docs/moderation.md): certify or withdraw a judge, set an
// account's category, ban or unban. Each change asks for a confirmation first and shows the server's sentence.
import { useEffect, useId, useRef, useState } from 'react'
import { Avatar } from '../../../components/Avatar.tsx'
import { LoadError } from '../../../components/LoadError.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { ADMIN_ACCOUNTS_LIMIT, type AdminAccount } from '../../../lib/contract.ts'
import { formatDate } from '../../../lib/format.ts'
import { certifyJudge, setAccountSex, withdrawJudge } from '../api/admin.ts'
import { BanControl } from './Moderation.tsx'

const ACCOUNTS_FAILED = 'Failed to load the accounts. Please try again.'
const ACTION_FAILED = 'The change could not be saved. Please try again.'

type Sex = 'M' | 'F'
const CATEGORY: Record<Sex, string> = { M: 'Men', F: 'Women' }

export function AccountList({
  query,
  label,
  empty,
  more,
  compact = false,
  onChanged,
}: {
  query: { data: AdminAccount[] | undefined; error: unknown; reload: () => Promise<unknown> }
  label: string
  empty: string
  more?: string
  /** Certification only (the category is set from the search's cards): a long list stays short. */
  compact?: boolean
  onChanged: (account: AdminAccount) => void
}) {
  if (!query.data) {
    if (query.error) return <LoadError message={errorText(query.error, ACCOUNTS_FAILED)} onRetry={() => void query.reload()} />
    return <div className="spinner" role="status" aria-label={`Loading ${label.toLowerCase()}`} />
  }
  if (query.data.length === 0) return <p className="empty">{empty}</p>
  return (
    <>
      <ul className="admin__accounts" aria-label={label}>
        {query.data.map((account) => (
          <AccountItem key={account.user_id} account={account} onChanged={onChanged} compact={compact} />
        ))}
      </ul>
      {more && query.data.length >= ADMIN_ACCOUNTS_LIMIT && <p className="muted">{more}</p>}
    </>
  )
}

function AccountItem({
  account,
  compact,
  onChanged,
}: {
  account: AdminAccount
  compact: boolean
  onChanged: (account: AdminAccount) => void
}) {
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [sex, setSex] = useState<Sex | ''>(account.sex ?? '')
  // The same account may show in both lists: a change made in the other follows here.
  const [shownSex, setShownSex] = useState(account.sex)
  if (account.sex !== shownSex) {
    setShownSex(account.sex)
    setSex(account.sex ?? '')
  }
  const sexId = useId()
  const certified = account.certified_at !== null

  /** Runs a confirmed change: the server's account on success, its sentence on a refusal. */
  const run = async (change: () => Promise<AdminAccount>, done: (a: AdminAccount) => string) => {
    setError(null)
    setNotice(null)
    try {
      const updated = await change()
      setNotice(done(updated))
      onChanged(updated)
    } catch (e) {
      setError(errorText(e, ACTION_FAILED))
    }
  }

  return (
    <li className="admin-account panel" aria-label={`${account.name} (@${account.username})`}>
      <div className="admin-account__who">
        <Avatar id={account.user_id} name={account.name} size={36} />
        <div>
          <strong>{account.name}</strong> <span className="muted">@{account.username}</span>
          <p className="row admin-account__facts">
            <span className="tag">{account.sex ? CATEGORY[account.sex] : 'Category not set'}</span>
            {certified ? (
              <span className="tag tag--certified">Certified judge since {formatDate(account.certified_at!)}</span>
            ) : (
              <span className="tag">Not a certified judge</span>
            )}
          </p>
        </div>
      </div>
      <div className="admin-account__actions">
        {certified ? (
          <ConfirmAction
            label="Withdraw certification"
            prompt={`Withdraw ${account.name}'s judge certification?`}
            confirm="Yes, withdraw"
            onConfirm={() =>
              run(
                () => withdrawJudge(account.username),
                (a) => `${a.name} is no longer a certified judge.`,
              )
            }
          />
        ) : (
          <ConfirmAction
            label="Certify as judge"
            prompt={`Certify ${account.name} as a judge?`}
            confirm="Yes, certify"
            onConfirm={() =>
              run(
                () => certifyJudge(account.username),
                (a) => `${a.name} is now a certified judge.`,
              )
            }
          />
        )}
        {!compact && (
          <div className="admin-account__sex">
            <label htmlFor={sexId}>Category</label>
            <select
              id={sexId}
              value={sex}
              onChange={(e) => {
                setSex(e.target.value as Sex | '')
                setError(null)
                setNotice(null)
              }}
            >
              {!account.sex && <option value="">Not set</option>}
              <option value="M">Men</option>
              <option value="F">Women</option>
            </select>
            <ConfirmAction
              label="Set category"
              disabled={!sex || sex === account.sex}
              prompt={sex ? `Set ${account.name}'s category to ${CATEGORY[sex].toLowerCase()}? Their entries move with it.` : ''}
              confirm="Yes, set"
              onConfirm={() =>
                run(
                  () => setAccountSex(account.username, sex as Sex),
                  (a) => `${a.name} now competes with the ${a.sex ? CATEGORY[a.sex].toLowerCase() : '—'}.`,
                )
              }
            />
          </div>
        )}
        {!compact && <BanControl account={account} onChanged={onChanged} />}
      </div>
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
    </li>
  )
}

/**
 * A button that asks before it acts: the first press shows the question with "Yes" and "Cancel"
 * (focus moves to "Yes", and back to the button on Cancel); "Yes" runs `onConfirm` once.
 */
function ConfirmAction({
  label,
  prompt,
  confirm,
  disabled = false,
  onConfirm,
}: {
  label: string
  prompt: string
  confirm: string
  disabled?: boolean
  onConfirm: () => Promise<void>
}) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const yes = useRef<HTMLButtonElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)
  useEffect(() => {
    if (asking) yes.current?.focus()
    else if (refocus.current) trigger.current?.focus()
    refocus.current = false
  }, [asking])

  if (!asking) {
    return (
      <button
        ref={trigger}
        type="button"
        className="button button--small button--secondary"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    )
  }
  const answer = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
      refocus.current = true
      setAsking(false)
    }
  }
  return (
    <span className="admin-confirm" role="group" aria-label={label}>
      <span className="admin-confirm__prompt">{prompt}</span>
      <button ref={yes} type="button" className="button button--small" disabled={busy} onClick={() => void answer()}>
        {busy ? 'Saving…' : confirm}
      </button>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={busy}
        onClick={() => {
          refocus.current = true
          setAsking(false)
        }}
      >
        Cancel
      </button>
    </span>
  )
}
