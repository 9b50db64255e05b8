// docs/accounts.md: ask for a link to choose a new password. The answer is the same whatever the
// address, so the dialog shows the server's sentence as it came.
import { useState, type FormEvent } from 'react'
import { Dialog } from '../../../components/Dialog.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { requestPasswordReset } from '../api/password-reset.ts'

export function ForgotPasswordDialog({ onClose, onSwitchToLogin }: { onClose: () => void; onSwitchToLogin: () => void }) {
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setError(null)
    setBusy(true)
    try {
      setSent(await requestPasswordReset(email.trim()))
    } catch (e) {
      setError(errorText(e, 'The request could not be sent. Please check your connection and try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog title="Forgot your password?" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <p className="muted">Enter your account&apos;s email address: we will send it a link to choose a new password.</p>
        <div className="field">
          <label htmlFor="forgot-email">Email</label>
          <input
            id="forgot-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        {sent && (
          <p className="alert alert--success" role="status">
            {sent}
          </p>
        )}
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Sending…' : sent ? 'Send again' : 'Send the link'}
        </button>
        <p className="muted">
          Remembered it?{' '}
          <button type="button" className="link-button" onClick={onSwitchToLogin}>
            Back to login
          </button>
        </p>
      </form>
    </Dialog>
  )
}
