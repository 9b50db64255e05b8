// The own profile's date of birth (docs/categories.md): private, it places the lifter in their age
// divisions (Sub-Junior, Junior, Masters…) at each challenge; others see only those and the birth
// year. Set here while the account has no results; the server's refusal (a date that cannot be, a
// lifter under 14, an account with results) is shown as it comes.
import { useState, type FormEvent } from 'react'
import { useSession } from '../../../stores/session.ts'

export const BIRTH_DATE_SAVED = 'Date of birth saved: your divisions follow it in every challenge you entered.'
const BIRTH_DATE_NOTE = 'Private: others see your divisions and birth year only. You can change it until you have results.'

export function AccountBirthDate() {
  const stored = useSession((s) => s.user?.birth_date ?? null)
  const updateAccount = useSession((s) => s.updateAccount)
  const [typed, setTyped] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const value = typed ?? stored ?? ''

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!value || busy) return
    setBusy(true)
    setError(null)
    setDone(false)
    try {
      await updateAccount({ birth_date: value })
      setTyped(null)
      setDone(true)
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="account-category" onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label htmlFor="profile-birth-date">Date of birth</label>
        <div className="account-category__controls">
          <input
            id="profile-birth-date"
            type="date"
            autoComplete="bday"
            value={value}
            aria-describedby="profile-birth-date-note"
            onChange={(e) => {
              setTyped(e.target.value)
              setError(null)
              setDone(false)
            }}
          />
          <button type="submit" className="button button--small" disabled={busy || !value || value === stored}>
            {busy ? 'Saving…' : 'Save date of birth'}
          </button>
        </div>
        <p id="profile-birth-date-note" className="field__note">
          {BIRTH_DATE_NOTE}
        </p>
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="alert alert--success" role="status">
          {BIRTH_DATE_SAVED}
        </p>
      )}
    </form>
  )
}
