// The own profile's password change (docs/accounts.md): the current password, the new one twice.
// The server ends every session of the account; this tab continues in the new one it answers.
import { useState, type FormEvent } from 'react'
import { PASSWORD_MIN_LENGTH } from '../../../lib/contract.ts'
import { useSession } from '../../../stores/session.ts'

export const PASSWORD_CHANGED = 'Password changed. Your other sessions have ended; this one goes on.'

export function ChangePassword() {
  const changePassword = useSession((s) => s.changePassword)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setDone(false)
    if (next.length < PASSWORD_MIN_LENGTH) return setError(`Your new password needs at least ${PASSWORD_MIN_LENGTH} characters.`)
    if (next !== again) return setError('The two new passwords are not the same. Type the new password twice.')
    setBusy(true)
    setError(null)
    try {
      await changePassword({ current_password: current, new_password: next })
      setCurrent('')
      setNext('')
      setAgain('')
      setDone(true)
    } catch (e) {
      setError((e as Error).message)
      setCurrent('')
    } finally {
      setBusy(false)
    }
  }

  return (
    <details className="change-password">
      <summary>Change password</summary>
      <form className="form" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="password-current">Current password</label>
          <input
            id="password-current"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="password-new">New password</label>
          <input
            id="password-new"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="password-again">New password, again</label>
          <input
            id="password-again"
            type="password"
            autoComplete="new-password"
            required
            value={again}
            onChange={(e) => setAgain(e.target.value)}
          />
        </div>
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        {done && (
          <p className="alert alert--success" role="status">
            {PASSWORD_CHANGED}
          </p>
        )}
        <button className="button button--small" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </details>
  )
}
