// /reset-password#token=…: the page a password reset mail links to (docs/accounts.md). The token
// rides in the fragment, which the browser never sends to a server; the page takes it and removes
// it from the address bar and the history entry.
import { useEffect, useState, type FormEvent } from 'react'
import { errorText } from '../../../lib/api-client.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { PASSWORD_MIN_LENGTH } from '../../../lib/contract.ts'
import { resetPassword } from '../api/password-reset.ts'

function tokenFromAddress(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token')
  return token && token.length > 0 ? token : null
}

export function ResetPasswordPage() {
  const [token] = useState(tokenFromAddress)
  const [password, setPassword] = useState('')
  const [again, setAgain] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const showDialog = useAuthDialogs((s) => s.show)

  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
  }, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || !token) return
    if (password.length < PASSWORD_MIN_LENGTH) return setError(`Your new password needs at least ${PASSWORD_MIN_LENGTH} characters.`)
    if (password !== again) return setError('The two passwords are not the same. Type the new password twice.')
    setError(null)
    setBusy(true)
    try {
      setDone(await resetPassword(token, password))
      setPassword('')
      setAgain('')
    } catch (e) {
      setError(errorText(e, 'The new password could not be saved. Please check your connection and try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="section panel reset-password">
      <h1>Choose a new password</h1>
      {!token ? (
        <p className="alert alert--error" role="alert">
          This page opens from the link in a password reset mail. Ask for a new mail from the login dialog&apos;s &ldquo;Forgot your
          password?&rdquo;.
        </p>
      ) : done ? (
        <>
          <p className="alert alert--success" role="status">
            {done}
          </p>
          <button type="button" className="button" onClick={() => showDialog('login')}>
            Log in
          </button>
        </>
      ) : (
        <form className="form" onSubmit={submit}>
          <div className="field">
            <label htmlFor="reset-password">New password</label>
            <input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="reset-password-again">New password, again</label>
            <input
              id="reset-password-again"
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
          <button className="button" type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save the new password'}
          </button>
        </form>
      )}
    </div>
  )
}
