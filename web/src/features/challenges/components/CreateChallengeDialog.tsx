// The Create Challenge dialog (docs/product/validation.md): its parts are in ./create/, one job each
// (schedule, format and ranking, categories, prize pool); this file holds the form and sends it.
import { useState, type FormEvent } from 'react'
import { Dialog } from '../../../components/Dialog.tsx'
import { useSession } from '../../../stores/session.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { challengeFormHints, createChallenge, defaultChallengeForm, type ChallengeForm } from '../api/create-challenge.ts'
import { CategoryFields } from './create/CategoryFields.tsx'
import { FormatFields } from './create/FormatFields.tsx'
import { PrizeFields } from './create/PrizeFields.tsx'
import { ScheduleFields } from './create/ScheduleFields.tsx'
import './ChallengeDetail.css'

interface Props {
  onClose: () => void
  onCreated: (challengeId: number) => void
}

export function CreateChallengeDialog({ onClose, onCreated }: Props) {
  const [form, setForm] = useState<ChallengeForm>(() => defaultChallengeForm())
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const loggedIn = useSession((s) => s.status === 'authenticated')
  const showLogin = useAuthDialogs((s) => s.show)
  const hints = challengeFormHints(form)

  const set = <K extends keyof ChallengeForm>(key: K, value: ChallengeForm[K]) => setForm((f) => ({ ...f, [key]: value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setBusy(true)
    try {
      const created = await createChallenge(form)
      onCreated(created.competition_id)
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog title="Create Challenge" onClose={onClose} size="wide">
      <form className="form" onSubmit={submit}>
        {!loggedIn && (
          <p className="alert alert--info">
            Challenges are created under your profile.{' '}
            <button type="button" className="link-button" onClick={() => showLogin('login')}>
              Log in
            </button>{' '}
            first.
          </p>
        )}
        <ScheduleFields form={form} set={set} />
        <FormatFields form={form} set={set} />
        <CategoryFields form={form} set={set} />
        <PrizeFields form={form} set={set} />
        {hints.map((hint) => (
          <p key={hint} className="field__hint" role="note">
            {hint}
          </p>
        ))}
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        <div className="row">
          <button className="button" type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create Challenge'}
          </button>
          <button className="button button--ghost" type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  )
}
