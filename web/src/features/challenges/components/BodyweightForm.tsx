// The signed-in lifter's bodyweight in a challenge they joined: shown, and settable until one of
// their lifts is judged (then the server keeps it, and so does this form). The page's live room
// brings the new standing (participant.updated); the answer is shown at once meanwhile.
import { useState, type FormEvent } from 'react'
import type { Participant } from '../../../lib/contract.ts'
import { formatKg } from '../../../lib/format.ts'
import { BODYWEIGHT_FIXED, BODYWEIGHT_HINT, BODYWEIGHT_INPUT, bodyweightFixed, readBodyweight, setBodyweight } from '../api/bodyweight.ts'

const BODYWEIGHT_REQUIRED = 'Enter your bodyweight in kg.'

interface Props {
  challengeId: number
  /** The signed-in lifter's participant entry, as the page's snapshot keeps it current. */
  participant: Participant
}

const asText = (kg: number | null) => (kg === null ? '' : String(kg))

export function BodyweightForm({ challengeId, participant }: Props) {
  const [answer, setAnswer] = useState<number | null>(null)
  const [seen, setSeen] = useState(participant.bodyweight)
  const [text, setText] = useState(() => asText(participant.bodyweight))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // A newer bodyweight from the live room (another tab, or this save's own event) replaces the answer shown.
  if (seen !== participant.bodyweight) {
    setSeen(participant.bodyweight)
    setAnswer(null)
    if (!busy) setText(asText(participant.bodyweight))
  }
  const current = answer ?? participant.bodyweight
  const fixed = bodyweightFixed(participant)

  async function save(event: FormEvent) {
    event.preventDefault()
    setError(null)
    const weighed = readBodyweight(text, participant.weight_class)
    if (weighed.problem || weighed.kg === null) {
      setError(weighed.problem ?? BODYWEIGHT_REQUIRED)
      return
    }
    setBusy(true)
    try {
      const saved = await setBodyweight(challengeId, weighed.kg)
      setAnswer(saved.bodyweight)
      setText(asText(saved.bodyweight))
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="bodyweight" aria-labelledby="bodyweight-heading">
      <h3 id="bodyweight-heading" className="bodyweight__title">
        Your bodyweight
      </h3>
      <p className="bodyweight__current">
        <strong data-testid="own-bodyweight">{current === null ? 'Not given' : formatKg(current)}</strong>
        <span className="muted"> · {participant.weight_class}</span>
      </p>
      {fixed ? (
        <p className="field__explain" role="note">
          {BODYWEIGHT_FIXED}
        </p>
      ) : (
        <form className="bodyweight__form" onSubmit={(e) => void save(e)} noValidate>
          <div className="field">
            <label htmlFor="own-bodyweight-input">{current === null ? 'Bodyweight (kg)' : 'New bodyweight (kg)'}</label>
            <input
              id="own-bodyweight-input"
              {...BODYWEIGHT_INPUT}
              required
              aria-describedby="own-bodyweight-hint"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <button className="button button--secondary" type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save bodyweight'}
          </button>
          <p id="own-bodyweight-hint" className="field__explain bodyweight__hint">
            {current === null ? BODYWEIGHT_HINT : 'Points are scored at this bodyweight.'} It is fixed once one of your lifts is judged.
          </p>
        </form>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
