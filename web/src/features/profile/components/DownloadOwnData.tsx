// The own profile's "Download my data" (docs/accounts.md): everything stored about the account, as
// one JSON file the browser saves.
import { useState } from 'react'
import { apiGet, errorText } from '../../../lib/api-client.ts'
import type { AccountDataExport } from '../../../lib/contract.ts'

export function DownloadOwnData() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function download() {
    setBusy(true)
    setError(null)
    try {
      const data = await apiGet<AccountDataExport>('/auth/user/data', { auth: 'required' })
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
      const link = document.createElement('a')
      link.href = url
      link.download = `liftarena-${data.account.username}.json`
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch (e) {
      setError(errorText(e, 'Your data could not be downloaded. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="own-data">
      <button type="button" className="button button--ghost button--small" disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing…' : 'Download my data'}
      </button>
      <p className="muted">Your account, entries, attempts, challenges, votes, comments and reactions, as a JSON file.</p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
