// The own profile's "Edit profile" (docs/accounts.md): name, country and bio; only what changed is
// sent (PUT /auth/user/profile), and the page shows the account the server answers.
import { useState, type FormEvent } from 'react'
import { apiRequest, errorText } from '../../../lib/api-client.ts'
import type { UpdateProfileBody, UserResponse } from '../../../lib/contract.ts'

export function EditProfile({
  user,
  onSaved,
}: {
  user: Pick<UserResponse, 'name' | 'country' | 'bio'>
  onSaved: (user: UserResponse) => void
}) {
  const initial = { name: user.name, country: user.country ?? '', bio: user.bio ?? '' }
  const [form, setForm] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    const body: UpdateProfileBody = {}
    for (const key of ['name', 'country', 'bio'] as const) if (form[key] !== initial[key]) body[key] = form[key]
    if (Object.keys(body).length === 0) return setNotice('Nothing to save: change a field first.')
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      const saved = (await apiRequest<UserResponse>('/auth/user/profile', { method: 'PUT', auth: 'required', body })).data
      setNotice('Profile saved.')
      onSaved(saved)
    } catch (e) {
      setError(errorText(e, 'Your profile could not be saved. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <details className="edit-profile">
      <summary>Edit profile</summary>
      <form className="form" onSubmit={save}>
        <div className="field">
          <label htmlFor="profile-name">Name</label>
          <input
            id="profile-name"
            required
            maxLength={100}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="profile-country">Country</label>
          <input id="profile-country" maxLength={80} value={form.country} onChange={(e) => setForm({ ...form, country: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="profile-bio">Bio</label>
          <textarea id="profile-bio" maxLength={2000} value={form.bio} onChange={(e) => setForm({ ...form, bio: e.target.value })} />
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
        <button className="button button--small" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save profile'}
        </button>
      </form>
    </details>
  )
}
