// SPEC §4/§5 join: offered for upcoming and ongoing challenges; a weight class (default the
// challenge's first, else 83kg); a stored user id is required; gender follows the categories.
// Beside the class an optional bodyweight, checked against the class by the shared rule before it is sent.
import { useState } from 'react'
import { Link } from 'react-router'
import { defaultWeightClass, joinAvailability, joinGender, type Challenge } from '../../../lib/challenge.ts'
import { WEIGHT_CLASSES } from '../../../lib/contract.ts'
import { formatDateTime } from '../../../lib/format.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { toast } from '../../../stores/toasts.ts'
import { BODYWEIGHT_HINT, BODYWEIGHT_INPUT, readBodyweight } from '../api/bodyweight.ts'
import { JOIN_NEEDS_PROFILE, joinChallenge } from '../api/join-challenge.ts'

export const JOINED_BADGE = "You've joined this challenge"

interface Props {
  challenge: Challenge
  joined: boolean
  onJoined: () => void
}

export function JoinPanel({ challenge, joined, onJoined }: Props) {
  const classes = challenge.weightClasses.length > 0 ? challenge.weightClasses : [...WEIGHT_CLASSES]
  const [weightClass, setWeightClass] = useState(() => defaultWeightClass(challenge))
  const [bodyweight, setBodyweight] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const showDialog = useAuthDialogs((s) => s.show)
  const availability = joinAvailability(challenge.status)

  if (joined) {
    return (
      <div className="join-panel">
        <span className="badge badge--joined">{JOINED_BADGE}</span>
        {/* The server takes lifts only while the challenge runs. */}
        {challenge.status === 'ongoing' ? <Link className="button" to={`/challenges/${challenge.id}/upload`}>Submit Your Lift</Link>
          : challenge.status === 'upcoming' ? <p className="muted">You can submit your lifts once it starts, {formatDateTime(challenge.date)}.</p>
          : <p className="muted">This challenge has ended</p>}
      </div>
    )
  }
  if (!availability.canJoin) return <p className="join-panel alert alert--info">{availability.message}</p>

  async function join() {
    setError(null)
    const weighed = readBodyweight(bodyweight, weightClass)
    if (weighed.problem) {
      setError(weighed.problem)
      return
    }
    setBusy(true)
    try {
      await joinChallenge({ competitionId: challenge.id, weightClass, gender: joinGender(challenge), ...(weighed.kg === null ? {} : { bodyweight: weighed.kg }) })
      toast('success', `You joined ${challenge.title}.`)
      onJoined()
    } catch (e) {
      const message = (e as Error).message
      setError(message)
      if (message === JOIN_NEEDS_PROFILE) showDialog('register')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="join-panel">
      <div className="field-row">
        <div className="field">
          <label htmlFor="join-weight-class">Weight class</label>
          <select id="join-weight-class" value={weightClass} onChange={(e) => setWeightClass(e.target.value)}>
            {classes.map((w) => <option key={w} value={w}>{w}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="join-bodyweight">Bodyweight (kg)</label>
          <input
            id="join-bodyweight"
            {...BODYWEIGHT_INPUT}
            placeholder="Optional"
            aria-describedby="join-bodyweight-hint"
            value={bodyweight}
            onChange={(e) => setBodyweight(e.target.value)}
          />
        </div>
      </div>
      <p id="join-bodyweight-hint" className="field__explain">{BODYWEIGHT_HINT} You can add it later, until a lift of yours is judged.</p>
      <button type="button" className="button" onClick={() => void join()} disabled={busy}>{busy ? 'Joining…' : 'Join Challenge'}</button>
      {error && <p className="alert alert--error" role="alert">{error}</p>}
    </div>
  )
}
