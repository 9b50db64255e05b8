// docs/product/states.md, validation.md login: username and password required; success says 'Login successful!'
// and closes after 1 s; failure shows the server's text and clears the password.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Dialog } from '../../../components/Dialog.tsx'
import { UI } from '../../../config.ts'
import { useSession } from '../../../stores/session.ts'

const LOGIN_SUCCESS = 'Login successful!'

export function LoginDialog({
  onClose,
  onSwitchToRegister,
  onForgotPassword,
}: {
  onClose: () => void
  onSwitchToRegister: () => void
  onForgotPassword?: () => void
}) {
  const login = useSession((s) => s.login)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState(false)
  const [busy, setBusy] = useState(false)
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(closeTimer.current), [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || success) return
    setError(null)
    setBusy(true)
    try {
      await login({ username: username.trim(), password })
      setSuccess(true)
      closeTimer.current = setTimeout(onClose, UI.loginCloseMs)
    } catch (e) {
      setError((e as Error).message)
      setPassword('')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog title="Login" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="login-username">Username or email</label>
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        {success && (
          <p className="alert alert--success" role="status">
            {LOGIN_SUCCESS}
          </p>
        )}
        <button className="button" type="submit" disabled={busy || success}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
        {onForgotPassword && (
          <p className="muted">
            <button type="button" className="link-button" onClick={onForgotPassword}>
              Forgot your password?
            </button>
          </p>
        )}
        <p className="muted">
          New here?{' '}
          <button type="button" className="link-button" onClick={onSwitchToRegister}>
            Create a profile
          </button>
        </p>
      </form>
    </Dialog>
  )
}
