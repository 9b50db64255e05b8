// The joined lifter's one call to action in a meet, from their card's NextStep (docs/meet-rules.md
// 'The cards'): declare (a small form: lift and weight, from the rules' minimum in the lift's
// loading step; a refusal's sentence shown as the server wrote it), film the declared attempt (a
// link to the upload page with lift and weight filled in), wait for the judges, or nothing more.
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { LIFT_NAMES, loadingStep } from '../../../../lib/contract.ts'
import type { LiftType, MeetCard, MeetCardsResponse } from '../../../../lib/contract.ts'
import { queryClient } from '../../../../lib/query-client.ts'
import { declareAttempt, meetCardsQuery, useMeetCards } from '../api/meet-cards.ts'
import { nextStepText } from '../api/meet-words.ts'
import { myDeclarationsKey, useMyDeclarations } from '../api/my-declarations.ts'
import './meets.css'

/** The upload page for the attempt, its lift and weight filled in. */
export const uploadLink = (challengeId: number, lift: LiftType, weight: number) =>
  `/challenges/${challengeId}/upload?${new URLSearchParams({ lift, weight: String(weight) })}`

/**
 * The lifts the form offers: the next step's, then the openers of later lifts not started yet (a lifter
 * may declare every opener at once, docs/meet-rules.md 'Declaring').
 */
export function declarableLifts(card: MeetCard): LiftType[] {
  const current = card.next.lift_type
  const at = card.lifts.findIndex((l) => l.lift_type === current)
  const later = card.lifts
    .slice(at + 1)
    .filter((l) => l.cells.every((c) => c.state === 'empty' || c.state === 'declared'))
    .map((l) => l.lift_type)
  return current ? [current, ...later] : later
}

interface Props {
  challengeId: number
  userId: number
}

export function MeetNextStep({ challengeId, userId }: Props) {
  const { cards } = useMeetCards(challengeId)
  const card = cards?.cards.find((c) => c.user_id === userId)
  if (!cards || !card) return null
  const { next } = card
  const text = nextStepText(next, cards.lifts[0])
  return (
    <div className="meet-next-step" data-testid="meet-next-step" data-action={next.action}>
      {next.action === 'take' && next.lift_type && next.weight !== null ? (
        <>
          <AttemptCode challengeId={challengeId} lift={next.lift_type} attempt={next.attempt_number} />
          <Link className="button" to={uploadLink(challengeId, next.lift_type, next.weight)}>
            {text}
          </Link>
        </>
      ) : (
        <p className="meet-next-step__text" role="status">
          {text}
        </p>
      )}
      {next.action === 'declare' && (
        <DeclareForm key={`${next.lift_type}:${next.attempt_number}`} challengeId={challengeId} card={card} cards={cards} />
      )}
    </div>
  )
}

/** The code to show to the camera at the start of the take of the declared attempt (none for rows from before codes). */
function AttemptCode({ challengeId, lift, attempt }: { challengeId: number; lift: LiftType; attempt: number | null }) {
  const mine = useMyDeclarations(challengeId, true)
  const code = mine.data?.find((d) => d.lift_type === lift && d.attempt_number === attempt)?.code
  if (!code) return null
  return (
    <p className="meet-attempt-code" data-testid="attempt-code">
      Show this code to the camera at the start of your take (on paper or a phone):{' '}
      <strong className="meet-attempt-code__code">{code}</strong>
    </p>
  )
}

function DeclareForm({ challengeId, card, cards }: { challengeId: number; card: MeetCard; cards: MeetCardsResponse }) {
  const { next } = card
  const lifts = declarableLifts(card).filter((l) => cards.lifts.includes(l))
  const [lift, setLift] = useState<LiftType>(next.lift_type ?? lifts[0]!)
  const minimum = lift === next.lift_type ? next.minimum : null
  const [weight, setWeight] = useState(minimum !== null ? String(minimum) : '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setBusy(true)
    try {
      await declareAttempt(challengeId, { lift_type: lift, weight: Number(weight) })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meetCardsQuery(challengeId).queryKey }),
        queryClient.invalidateQueries({ queryKey: myDeclarationsKey(challengeId) }),
      ])
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="meet-declare" onSubmit={submit} aria-label="Declare an attempt">
      <div className="field">
        <label htmlFor="meet-declare-lift">Lift</label>
        <select id="meet-declare-lift" value={lift} onChange={(e) => setLift(e.target.value as LiftType)}>
          {lifts.map((l) => (
            <option key={l} value={l}>
              {LIFT_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="meet-declare-weight">Weight (kg)</label>
        <input
          id="meet-declare-weight"
          type="number"
          inputMode="decimal"
          required
          min={minimum ?? undefined}
          step={loadingStep(lift)}
          value={weight}
          onChange={(e) => setWeight(e.target.value)}
        />
      </div>
      <button className="button" type="submit" disabled={busy}>
        {busy ? 'Declaring…' : 'Declare'}
      </button>
      {error && (
        <p role="alert" className="alert alert--error meet-declare__error">
          {error}
        </p>
      )}
    </form>
  )
}
