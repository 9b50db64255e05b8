// The organiser appoints the panel: 0–5 usernames (none: the organiser judges alone), whether
// lifters of the challenge may judge, whether judges' names show with their lights.
import { useState, type FormEvent } from 'react'
import { errorText } from '../../../lib/api-client.ts'
import { MAX_JUDGES, type PanelBody, type PanelResponse } from '../../../lib/contract.ts'
import { savePanel } from '../api/judging.ts'

export function PanelForm({ panel, onSaved }: { panel: PanelResponse; onSaved: (panel: PanelResponse) => void }) {
  const [usernames, setUsernames] = useState<string[]>(() => panel.judges.map((j) => j.username))
  const [allowLifters, setAllowLifters] = useState(panel.allow_lifters)
  const [publishNames, setPublishNames] = useState(panel.publish_names)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)

  const edit = (i: number, value: string) => {
    setSaved(false)
    setUsernames((list) => list.map((u, j) => (j === i ? value : u)))
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const body: PanelBody = {
      usernames: usernames.map((u) => u.trim().replace(/^@/, '')).filter(Boolean),
      allow_lifters: allowLifters,
      publish_names: publishNames,
    }
    setSaving(true)
    setError(null)
    setSaved(false)
    try {
      const next = await savePanel(panel.competition_id, body)
      setUsernames(next.judges.map((j) => j.username))
      setSaved(true)
      onSaved(next)
    } catch (err) {
      setError(errorText(err, 'The panel was not saved. Try again.'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className="panel stack" onSubmit={(e) => void submit(e)} aria-label="Panel">
      <h2>Panel</h2>
      <p className="muted">
        Up to {MAX_JUDGES} judges by username. With three or more, two of three votes decide; with none, you judge alone.
      </p>
      {usernames.map((username, i) => (
        <div className="judging-admin__judge" key={i}>
          <input
            type="text"
            aria-label={`Judge ${i + 1} username`}
            value={username}
            maxLength={50}
            autoComplete="off"
            onChange={(e) => edit(i, e.target.value)}
          />
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={`Remove judge ${i + 1}`}
            onClick={() => setUsernames((list) => list.filter((_, j) => j !== i))}
          >
            Remove
          </button>
        </div>
      ))}
      <div>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={usernames.length >= MAX_JUDGES}
          onClick={() => setUsernames((list) => [...list, ''])}
        >
          Add judge
        </button>
      </div>
      <label className="judge-switch">
        <input type="checkbox" role="switch" checked={allowLifters} onChange={(e) => setAllowLifters(e.target.checked)} />
        Lifters of this challenge may judge (never their own attempts)
      </label>
      <label className="judge-switch">
        <input type="checkbox" role="switch" checked={publishNames} onChange={(e) => setPublishNames(e.target.checked)} />
        Show judges' names with their lights
      </label>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {saved && (
        <p className="alert alert--success" role="status">
          Panel saved.
        </p>
      )}
      <div>
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save panel'}
        </button>
      </div>
    </form>
  )
}
