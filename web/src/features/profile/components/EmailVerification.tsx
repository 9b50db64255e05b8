// The own profile's verified mark (docs/accounts.md): "Email verified", or a way to have the link mailed again.
import { useState } from 'react'
import { errorText } from '../../../lib/api-client.ts'
import { requestVerification } from '../api/email-verification.ts'

export function EmailVerification({ verified }: { verified: boolean | undefined }) {
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (verified === undefined) return null
  if (verified)
    return (
      <p className="row">
        <span className="tag tag--verified">Email verified</span>
      </p>
    )

  async function send() {
    setBusy(true)
    setError(null)
    try {
      setSent(await requestVerification())
    } catch (e) {
      setError(errorText(e, 'The verification mail could not be sent. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="email-verification">
      <p className="muted">
        Your email address is not verified yet: open the link we mailed you. Some organisers accept only verified lifters.
      </p>
      <button type="button" className="button button--ghost button--small" disabled={busy} onClick={() => void send()}>
        {busy ? 'Sending…' : 'Send the verification link again'}
      </button>
      {sent && (
        <p className="alert alert--success" role="status">
          {sent}
        </p>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
