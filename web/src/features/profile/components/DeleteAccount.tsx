// The own profile's account deletion (docs/accounts.md): a clear warning of what goes and what stays, a typed
// confirmation and the password. The server ends every session; this tab then goes home, signed out.
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { useSession } from '../../../stores/session.ts'
import { toast } from '../../../stores/toasts.ts'

/** What the lifter types to show they mean it. */
export const DELETE_WORD = 'DELETE'

export function DeleteAccount() {
  const deleteAccount = useSession((s) => s.deleteAccount)
  const navigate = useNavigate()
  const [word, setWord] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || word !== DELETE_WORD) return
    setBusy(true)
    setError(null)
    try {
      const message = await deleteAccount(password)
      toast('success', message)
      void navigate('/')
    } catch (e) {
      setError((e as Error).message)
      setPassword('')
      setBusy(false)
    }
  }

  return (
    <details className="delete-account">
      <summary>Delete my account</summary>
      <div className="alert alert--error" role="note">
        <p>
          <strong>This cannot be undone.</strong> Your name, username, email address, password, country, bio, comments, reactions and videos
          are removed, and you are signed out everywhere.
        </p>
        <p>
          Judged results others’ places depend on (your recorded attempts, votes as a judge, challenges you organised) stay under an
          anonymous name, “Deleted lifter”, as federations keep results. Download your data first if you want a copy.
        </p>
      </div>
      <form className="form" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="delete-word">Type {DELETE_WORD} to confirm</label>
          <input id="delete-word" autoComplete="off" required value={word} onChange={(e) => setWord(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="delete-password">Your password</label>
          <input
            id="delete-password"
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
        <button className="button button--danger button--small" type="submit" disabled={busy || word !== DELETE_WORD || password === ''}>
          {busy ? 'Deleting…' : 'Delete my account for good'}
        </button>
      </form>
    </details>
  )
}
