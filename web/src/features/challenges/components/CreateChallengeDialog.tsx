import { useState, type FormEvent } from 'react'
import { Dialog } from '../../../components/Dialog.tsx'
import { CHALLENGE_LIFT_TYPES, DECLARATION_WINDOW_MINUTES, RANKING_NAMES, WEIGHT_CLASSES } from '../../../lib/contract.ts'
import type { ChallengeLiftType, Ranking } from '../../../lib/contract.ts'
import { useSession } from '../../../stores/session.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import {
  FORMAT_HINTS,
  RANKING_HINTS,
  challengeFormHints,
  createChallenge,
  defaultChallengeForm,
  prizeHint,
  rankingFallback,
  rankingOptions,
  type ChallengeForm,
} from '../api/create-challenge.ts'
import './ChallengeDetail.css'

interface Props {
  onClose: () => void
  onCreated: (competitionId: number) => void
}

/** The list with `value` removed when it holds it, added when it does not (a checkbox group). */
const toggled = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value])

export function CreateChallengeDialog({ onClose, onCreated }: Props) {
  const [form, setForm] = useState<ChallengeForm>(() => defaultChallengeForm())
  const [error, setError] = useState<string | null>(null)
  /** Set when a lift type change dropped the chosen formula: the lifter is told the ranking went back to class. */
  const [rankingNote, setRankingNote] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const loggedIn = useSession((s) => s.status === 'authenticated')
  const showLogin = useAuthDialogs((s) => s.show)
  const hints = challengeFormHints(form)
  const rankings = rankingOptions(form.lifttypes)

  const set = <K extends keyof ChallengeForm>(key: K, value: ChallengeForm[K]) => setForm((f) => ({ ...f, [key]: value }))

  /** Toggles a lift type; a formula ranking that no longer scores the lifts falls back to class, and says so. */
  function toggleLift(type: ChallengeLiftType) {
    const lifttypes = toggled(form.lifttypes, type)
    const dropped = form.ranking !== 'class' && !rankingOptions(lifttypes).includes(form.ranking) ? form.ranking : null
    setForm((f) => ({ ...f, lifttypes, ...(dropped ? { ranking: 'class' as const } : {}) }))
    if (dropped) setRankingNote(rankingFallback(dropped))
  }

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
        <div className="field-row">
          <div className="field">
            <label htmlFor="challenge-name">Name *</label>
            <input id="challenge-name" required maxLength={120} value={form.name} onChange={(e) => set('name', e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="challenge-location">Location *</label>
            <input
              id="challenge-location"
              required
              maxLength={120}
              value={form.location}
              onChange={(e) => set('location', e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="challenge-description">Description</label>
          <textarea
            id="challenge-description"
            rows={2}
            maxLength={5000}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="challenge-start">Start *</label>
            <input
              id="challenge-start"
              type="datetime-local"
              required
              value={form.start_date}
              onChange={(e) => set('start_date', e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="challenge-end">End *</label>
            <input
              id="challenge-end"
              type="datetime-local"
              required
              min={form.start_date}
              value={form.end_date}
              onChange={(e) => set('end_date', e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="challenge-deadline">Registration closes</label>
            <input
              id="challenge-deadline"
              type="datetime-local"
              max={form.end_date}
              value={form.registration_deadline}
              aria-describedby="challenge-deadline-hint"
              onChange={(e) => set('registration_deadline', e.target.value)}
            />
            <p id="challenge-deadline-hint" className="field__explain">
              Optional; at the end when left empty.
            </p>
          </div>
        </div>
        <label className="switch-row">
          <input
            type="checkbox"
            role="switch"
            checked={form.requireVerifiedEmail}
            aria-describedby="challenge-verified-hint"
            onChange={(e) => set('requireVerifiedEmail', e.target.checked)}
          />
          Only lifters with a verified email address may join
        </label>
        <p id="challenge-verified-hint" className="field__explain">
          Lifters verify their address by the link mailed when they register, or from their profile.
        </p>
        <fieldset className="format-choice">
          <legend>Format</legend>
          {(['meet', 'open'] as const).map((format) => (
            <label key={format} className="format-choice__option">
              <input
                type="radio"
                name="challenge-format"
                value={format}
                checked={form.format === format}
                onChange={() => set('format', format)}
                aria-describedby={`challenge-format-${format}`}
              />
              <span>
                <strong>{format === 'meet' ? 'Meet' : 'Open'}</strong>
                <span id={`challenge-format-${format}`} className="field__explain">
                  {FORMAT_HINTS[format]}.
                </span>
              </span>
            </label>
          ))}
          {form.format === 'meet' && (
            <div className="field">
              <label htmlFor="challenge-window">Declaration window (minutes)</label>
              <input
                id="challenge-window"
                type="number"
                required
                inputMode="numeric"
                step={1}
                min={DECLARATION_WINDOW_MINUTES.min}
                max={DECLARATION_WINDOW_MINUTES.max}
                value={Number.isNaN(form.declaration_window_minutes) ? '' : form.declaration_window_minutes}
                aria-describedby="challenge-window-hint"
                onChange={(e) => set('declaration_window_minutes', e.target.valueAsNumber)}
              />
              <p id="challenge-window-hint" className="field__explain">
                After each decision, the lifter's time to declare the next attempt; then the rulebook's next weight is declared for them.
              </p>
            </div>
          )}
        </fieldset>
        <fieldset className="checks">
          <legend>Lift types</legend>
          {CHALLENGE_LIFT_TYPES.map((type) => (
            <label key={type}>
              <input type="checkbox" checked={form.lifttypes.includes(type)} onChange={() => toggleLift(type)} />
              {type}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="challenge-ranking">Ranking</label>
          <select
            id="challenge-ranking"
            value={form.ranking}
            aria-describedby="challenge-ranking-hint"
            onChange={(e) => {
              set('ranking', e.target.value as Ranking)
              setRankingNote(null)
            }}
          >
            {rankings.map((r) => (
              <option key={r} value={r}>
                {RANKING_NAMES[r]}
              </option>
            ))}
          </select>
          <p id="challenge-ranking-hint" className="field__explain">
            {RANKING_HINTS[form.ranking]}.{form.ranking !== 'class' && ' Lifters without a bodyweight get no place.'}
          </p>
          {rankingNote && (
            <p className="field__hint" role="status">
              {rankingNote}
            </p>
          )}
        </div>
        <fieldset className="checks">
          <legend>Weight classes</legend>
          {WEIGHT_CLASSES.map((w) => (
            <label key={w}>
              <input
                type="checkbox"
                checked={form.weightclasses.includes(w)}
                onChange={() => setForm((f) => ({ ...f, weightclasses: toggled(f.weightclasses, w) }))}
              />
              {w}
            </label>
          ))}
        </fieldset>
        <fieldset className="checks">
          <legend>Gender</legend>
          <label>
            <input type="radio" name="challenge-gender" checked={form.gender === 'M'} onChange={() => set('gender', 'M')} />
            Men
          </label>
          <label>
            <input type="radio" name="challenge-gender" checked={form.gender === 'F'} onChange={() => set('gender', 'F')} />
            Women
          </label>
        </fieldset>
        <fieldset className="prize-fields">
          <legend>Prize pool (optional)</legend>
          <p className="field__explain">
            Leave empty when the challenge offers no prize. You pay the prizes yourself: this site holds no money.
          </p>
          <div className="field-row">
            <div className="field">
              <label htmlFor="prize-currency">Currency</label>
              <input
                id="prize-currency"
                maxLength={24}
                placeholder="EUR"
                value={form.prizeCurrency}
                onChange={(e) => set('prizeCurrency', e.target.value)}
                required={form.prizeFirst.trim() !== ''}
              />
            </div>
            <div className="field">
              <label htmlFor="prize-first">1st place</label>
              <input
                id="prize-first"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={form.prizeFirst}
                onChange={(e) => set('prizeFirst', e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="prize-second">2nd place</label>
              <input
                id="prize-second"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={form.prizeSecond}
                onChange={(e) => set('prizeSecond', e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="prize-third">3rd place</label>
              <input
                id="prize-third"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={form.prizeThird}
                onChange={(e) => set('prizeThird', e.target.value)}
              />
            </div>
          </div>
          {prizeHint(form) && (
            <p className="field__hint" role="note">
              {prizeHint(form)}
            </p>
          )}
        </fieldset>
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
