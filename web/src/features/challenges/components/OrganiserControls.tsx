// The organiser's "Manage this challenge" (docs/challenge-control.md): before the start, the name,
// place, description, start and whether only verified lifters may join; until the end, the end and
// the registration deadline; and cancelling, before any lift is recorded. Only changed fields are
// sent; the server's sentences show as they come.
import { useState, type FormEvent } from 'react'
import { usePanel } from '../../../api/panel.ts'
import { errorText } from '../../../lib/api-client.ts'
import type { Challenge, UpdateChallengeBody } from '../../../lib/contract.ts'
import { useSession } from '../../../stores/session.ts'
import { cancelChallenge, editChallenge } from '../api/challenge-control.ts'

/** 'YYYY-MM-DDTHH:mm' in local time, as a datetime-local input shows it. */
const toLocalInput = (iso: string) => {
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}
const plainDescription = (description: string) => description.replace(/ - \{.*\}\s*$/s, '')

export function OrganiserControls({ challenge }: { challenge: Challenge }) {
  const userId = useSession((s) => s.userId)
  const status = useSession((s) => s.status)
  const panel = usePanel(status === 'authenticated' ? challenge.id : null)
  if (status !== 'authenticated' || !panel.data || panel.data.organiser_id !== userId || challenge.status === 'completed') return null
  return <ControlsForm key={`${challenge.id}:${challenge.status}`} challenge={challenge} />
}

function ControlsForm({ challenge }: { challenge: Challenge }) {
  const upcoming = challenge.status === 'upcoming'
  const initial = {
    name: challenge.name,
    location: challenge.location,
    description: plainDescription(challenge.description),
    start: toLocalInput(challenge.start_date),
    end: toLocalInput(challenge.end_date),
    deadline: challenge.registration_deadline === challenge.end_date ? '' : toLocalInput(challenge.registration_deadline),
    verified: challenge.require_verified_email ?? false,
  }
  const [form, setForm] = useState(initial)
  const [message, setMessage] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const set = <K extends keyof typeof initial>(key: K, value: (typeof initial)[K]) => setForm((f) => ({ ...f, [key]: value }))

  function changes(): UpdateChallengeBody {
    const body: UpdateChallengeBody = {}
    if (upcoming) {
      if (form.name !== initial.name) body.name = form.name
      if (form.location !== initial.location) body.location = form.location
      if (form.description !== initial.description) body.description = form.description
      if (form.start !== initial.start) body.start_date = new Date(form.start).toISOString()
      if (form.verified !== initial.verified) body.require_verified_email = form.verified
    }
    if (form.end !== initial.end) body.end_date = new Date(form.end).toISOString()
    if (form.deadline !== initial.deadline) body.registration_deadline = form.deadline ? new Date(form.deadline).toISOString() : null
    return body
  }

  async function run(work: () => Promise<string>) {
    setBusy(true)
    setError(null)
    setMessage(null)
    try {
      setMessage(await work())
    } catch (e) {
      setError(errorText(e, 'The change could not be saved. Please try again.'))
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }

  function save(event: FormEvent) {
    event.preventDefault()
    const body = changes()
    if (Object.keys(body).length === 0) return setMessage('Nothing to save: change a field first.')
    void run(async () => {
      await editChallenge(challenge.id, body)
      return 'Challenge saved. Everyone watching sees the change now.'
    })
  }

  return (
    <details className="panel organiser-controls">
      <summary>Manage this challenge</summary>
      <form className="form" onSubmit={save}>
        {upcoming ? (
          <>
            <div className="field">
              <label htmlFor="control-name">Name</label>
              <input id="control-name" required maxLength={120} value={form.name} onChange={(e) => set('name', e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="control-location">Location</label>
              <input
                id="control-location"
                required
                maxLength={120}
                value={form.location}
                onChange={(e) => set('location', e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="control-description">Description</label>
              <textarea
                id="control-description"
                maxLength={5000}
                value={form.description}
                onChange={(e) => set('description', e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="control-start">Start</label>
              <input id="control-start" type="datetime-local" required value={form.start} onChange={(e) => set('start', e.target.value)} />
            </div>
            <label className="switch-row">
              <input type="checkbox" role="switch" checked={form.verified} onChange={(e) => set('verified', e.target.checked)} />
              Only lifters with a verified email address may join
            </label>
          </>
        ) : (
          <p className="muted">
            The challenge has started: its end and registration deadline can still move; its other details stay as they are.
          </p>
        )}
        <div className="field">
          <label htmlFor="control-end">End</label>
          <input
            id="control-end"
            type="datetime-local"
            required
            min={form.start}
            value={form.end}
            onChange={(e) => set('end', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="control-deadline">Registration closes</label>
          <input
            id="control-deadline"
            type="datetime-local"
            max={form.end}
            value={form.deadline}
            aria-describedby="control-deadline-hint"
            onChange={(e) => set('deadline', e.target.value)}
          />
          <p id="control-deadline-hint" className="field__explain">
            Empty: at the end.
          </p>
        </div>
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        {message && (
          <p className="alert alert--success" role="status">
            {message}
          </p>
        )}
        <div className="row">
          <button className="button" type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save changes'}
          </button>
          {confirming ? (
            <>
              <button
                type="button"
                className="button organiser-controls__cancel"
                disabled={busy}
                onClick={() => void run(() => cancelChallenge(challenge.id))}
              >
                Yes, cancel it
              </button>
              <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => setConfirming(true)}>
              Cancel this challenge
            </button>
          )}
        </div>
        {confirming && (
          <p className="muted" role="note">
            Cancelling removes the challenge and every entry; its lifters are told at once. It is refused once a lift is recorded.
          </p>
        )}
      </form>
    </details>
  )
}
