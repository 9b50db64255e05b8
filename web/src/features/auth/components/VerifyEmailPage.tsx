// /verify-email#token=…: the page a verification mail links to (docs/accounts.md). The token rides
// in the fragment, which the browser never sends to a server; the page takes it, removes it from
// the address bar, and verifies on a click (a mail scanner that opens links verifies nothing).
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { errorText } from '../../../lib/api-client.ts'
import { confirmEmail } from '../api/email-verification.ts'

function tokenFromAddress(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token')
  return token && token.length > 0 ? token : null
}

export function VerifyEmailPage() {
  const [token] = useState(tokenFromAddress)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
  }, [])

  async function verify() {
    if (busy || !token) return
    setError(null)
    setBusy(true)
    try {
      setDone(await confirmEmail(token))
    } catch (e) {
      setError(errorText(e, 'Your address could not be verified. Please check your connection and try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="section panel verify-email">
      <h1>Verify your email address</h1>
      {!token ? (
        <p className="alert alert--error" role="alert">
          This page opens from the link in a verification mail. Send a new mail from your profile.
        </p>
      ) : done ? (
        <>
          <p className="alert alert--success" role="status">
            {done}
          </p>
          <Link className="button" to="/profile">
            Go to your profile
          </Link>
        </>
      ) : (
        <>
          <p>Confirm that this address is yours: some organisers accept only lifters with a verified address.</p>
          {error && (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="button" disabled={busy} onClick={() => void verify()}>
            {busy ? 'Verifying…' : 'Verify my address'}
          </button>
        </>
      )}
    </div>
  )
}
