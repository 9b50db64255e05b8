// The own profile's category (men or women: the account's sex), which every join must match. The
// lifter sets it here while the account has no results; afterwards the server answers 409 with a
// sentence (only a site administrator can change it then), shown as it comes.
import { useState, type FormEvent } from 'react'
import type { UserResponse } from '../../../lib/contract.ts'
import { useSession } from '../../../stores/session.ts'

type Sex = 'M' | 'F'

export const CATEGORY_SAVED = 'Category saved.'
const CATEGORY_NOTE = 'Challenges are for men or for women; you join those of your category. You can change it until you have results.'

export function AccountCategory({ sex, onSaved }: { sex: Sex | null; onSaved: (user: UserResponse) => void }) {
  const updateAccount = useSession((s) => s.updateAccount)
  const [choice, setChoice] = useState<Sex | ''>(sex ?? '')
  const [saved, setSaved] = useState<Sex | null>(sex)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  // The profile reloaded with another category (a first join sets it): follow it.
  const [shown, setShown] = useState(sex)
  if (sex !== shown) {
    setShown(sex)
    setSaved(sex)
    setChoice(sex ?? '')
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!choice || busy) return
    setBusy(true)
    setError(null)
    setDone(false)
    try {
      const user = await updateAccount({ sex: choice })
      setSaved(user.sex)
      setChoice(user.sex ?? '')
      setDone(true)
      onSaved(user)
    } catch (e) {
      setError((e as Error).message)
      setChoice(saved ?? '')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="account-category" onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label htmlFor="profile-sex">Category</label>
        <div className="account-category__controls">
          <select
            id="profile-sex"
            value={choice}
            aria-describedby="profile-sex-note"
            onChange={(e) => {
              setChoice(e.target.value as Sex | '')
              setError(null)
              setDone(false)
            }}
          >
            {saved === null && <option value="">Not chosen yet</option>}
            <option value="M">Men</option>
            <option value="F">Women</option>
          </select>
          <button type="submit" className="button button--small" disabled={busy || !choice || choice === saved}>
            {busy ? 'Saving…' : 'Save category'}
          </button>
        </div>
        <p id="profile-sex-note" className="field__note">
          {CATEGORY_NOTE}
        </p>
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="alert alert--success" role="status">
          {CATEGORY_SAVED}
        </p>
      )}
    </form>
  )
}
