// The own profile's avatar upload (docs/accounts.md): a JPEG, PNG or WebP picture up to 5 MB, sent as it is; the
// server checks it and keeps a 256 x 256 copy. The page then shows the account the server answers.
import { useId, useState } from 'react'
import { apiRequest, errorText } from '../../../lib/api-client.ts'

export const AVATAR_TYPES = 'image/jpeg,image/png,image/webp'
const MAX_BYTES = 5 * 1024 * 1024

export function AvatarUpload({ onSaved }: { onSaved: (avatar: string) => void }) {
  const id = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function upload(file: File | undefined) {
    if (!file) return
    setError(null)
    if (file.size > MAX_BYTES) return setError('This picture is over 5 MB: choose a smaller one.')
    setBusy(true)
    try {
      const { data } = await apiRequest<{ avatar: string }>('/auth/user/avatar', { method: 'PUT', body: file, auth: 'required' })
      onSaved(data.avatar)
    } catch (e) {
      setError(errorText(e, 'The picture could not be uploaded. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="avatar-upload">
      <label htmlFor={id} className="button button--ghost button--small">
        {busy ? 'Uploading…' : 'Change picture'}
      </label>
      <input
        id={id}
        type="file"
        accept={AVATAR_TYPES}
        className="visually-hidden"
        disabled={busy}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
