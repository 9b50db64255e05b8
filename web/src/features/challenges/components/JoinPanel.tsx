// docs/product/states.md, validation.md join: offered for upcoming and ongoing challenges; a weight class (default the
// challenge's first, else 83kg); a stored user id is required; gender follows the categories.
// Beside the class an optional bodyweight, checked against the class by the shared rule before it is sent.
// The classes are the challenge's set's for its sex, less those the lifter's divisions may not enter
// (api/join-categories.ts); a challenge offering classic and equipped asks which.
// The class starts at the lifter's own (their profile's) when the challenge offers it. A lifter who
// joined may leave again until the challenge starts, after confirming.
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { defaultWeightClass, joinAvailability, joinGender, type Challenge } from '../../../lib/challenge.ts'
import { EQUIPMENT_NAMES, type Equipment } from '../../../lib/contract.ts'
import { formatDateTime } from '../../../lib/format.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { useSession } from '../../../stores/session.ts'
import { toast } from '../../../stores/toasts.ts'
import { BODYWEIGHT_HINT, BODYWEIGHT_INPUT } from '../api/bodyweight.ts'
import { joinClasses, joinDivisions, joinEquipmentChoices, readJoinBodyweight } from '../api/join-categories.ts'
import { TEAM_MAX } from '../../../lib/contract.ts'
import { JOIN_NEEDS_PROFILE, joinChallenge } from '../api/join-challenge.ts'
import { leaveChallenge } from '../api/leave-challenge.ts'
import './JoinPanel.css'

/** docs/product/validation.md's badge text, kept verbatim; the class follows it. */
const JOINED_BADGE = "You've joined this challenge"

/** '83kg' → '83 kg', '120kg+' → '120 kg+' (other spellings as they are). */
export const formatWeightClass = (weightClass: string) => weightClass.replace(/^(\d+(?:\.\d+)?)\s*kg/i, '$1 kg')

/** "You've joined this challenge · 83 kg"; the spec's text alone while the class is unknown. */
export const joinedBadgeText = (weightClass?: string | null) =>
  weightClass ? `${JOINED_BADGE} · ${formatWeightClass(weightClass)}` : JOINED_BADGE

interface Props {
  challenge: Challenge
  joined: boolean
  /** The class the lifter joined in (their entry), for the badge. */
  joinedClass?: string | null
  onJoined: () => void
  /** The lifter left: the page reloads their entry and the counts. */
  onLeft?: () => void
}

export function JoinPanel({ challenge, joined, joinedClass, onJoined, onLeft }: Props) {
  const birthDate = useSession((s) => s.user?.birth_date ?? null)
  const divisions = joinDivisions(challenge, birthDate)
  const classes = joinClasses(challenge, divisions)
  // The lifter's own class (their profile, which may load after the page) when the challenge offers it; else docs/product/validation.md's default.
  const ownClass = useSession((s) => s.user?.weight_class ?? null)
  const [pickedClass, setPickedClass] = useState<string | null>(null)
  const fallbackClass = defaultWeightClass(challenge)
  const weightClass =
    pickedClass ??
    (ownClass && classes.includes(ownClass) ? ownClass : classes.includes(fallbackClass) ? fallbackClass : (classes[0] ?? fallbackClass))
  const equipmentChoices = joinEquipmentChoices(challenge)
  const [equipment, setEquipment] = useState<Equipment>('classic')
  const [bodyweight, setBodyweight] = useState('')
  const [team, setTeam] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const showDialog = useAuthDialogs((s) => s.show)
  const availability = joinAvailability(challenge.status, challenge.registrationDeadline)

  if (joined) {
    return (
      <div className="join-panel">
        <span className="badge badge--joined">{joinedBadgeText(joinedClass)}</span>
        {/* The server takes lifts only while the challenge runs. */}
        {challenge.status === 'ongoing' ? (
          <Link className="button" to={`/challenges/${challenge.id}/upload`}>
            Submit Your Lift
          </Link>
        ) : challenge.status === 'upcoming' ? (
          <p className="muted">You can submit your lifts once it starts, {formatDateTime(challenge.date)}.</p>
        ) : (
          <p className="muted">This challenge has ended</p>
        )}
        {challenge.status === 'upcoming' && <LeaveChallenge challenge={challenge} onLeft={() => onLeft?.()} />}
      </div>
    )
  }
  if (!availability.canJoin) return <p className="join-panel alert alert--info">{availability.message}</p>

  async function join() {
    setError(null)
    const weighed = readJoinBodyweight(bodyweight, challenge, weightClass, divisions)
    if (weighed.problem) {
      setError(weighed.problem)
      return
    }
    setBusy(true)
    try {
      await joinChallenge({
        challengeId: challenge.id,
        weightClass,
        gender: joinGender(challenge),
        ...(weighed.kg === null ? {} : { bodyweight: weighed.kg }),
        ...(equipmentChoices.length > 0 ? { equipment } : {}),
        team,
      })
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
          <select id="join-weight-class" value={weightClass} onChange={(e) => setPickedClass(e.target.value)}>
            {classes.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
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
      {equipmentChoices.length > 0 && (
        <div className="field">
          <label htmlFor="join-equipment">Equipment</label>
          <select id="join-equipment" value={equipment} onChange={(e) => setEquipment(e.target.value as Equipment)}>
            {equipmentChoices.map((e) => (
              <option key={e} value={e}>
                {EQUIPMENT_NAMES[e]}
              </option>
            ))}
          </select>
        </div>
      )}
      <p id="join-bodyweight-hint" className="field__explain">
        {BODYWEIGHT_HINT} You can add it later, until a lift of yours is judged.
      </p>
      <div className="field">
        <label htmlFor="join-team">Team (club)</label>
        <input
          id="join-team"
          type="text"
          maxLength={TEAM_MAX}
          placeholder="Optional"
          autoComplete="organization"
          value={team}
          onChange={(e) => setTeam(e.target.value)}
        />
      </div>
      <button type="button" className="button" onClick={() => void join()} disabled={busy}>
        {busy ? 'Joining…' : 'Join Challenge'}
      </button>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** 'Leave challenge', then a confirmation (the safe choice focused); the server's refusal is shown as it says it. */
function LeaveChallenge({ challenge, onLeft }: { challenge: Challenge; onLeft: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const stayButton = useRef<HTMLButtonElement>(null)
  const leaveButton = useRef<HTMLButtonElement>(null)
  const opened = useRef(false)
  useEffect(() => {
    // Focus follows the question: to 'Stay in' when it opens, back to 'Leave challenge' when it closes.
    if (confirming) stayButton.current?.focus()
    else if (opened.current) leaveButton.current?.focus()
    opened.current ||= confirming
  }, [confirming])

  async function leave() {
    setError(null)
    setBusy(true)
    try {
      await leaveChallenge(challenge.id)
      toast('success', `You left ${challenge.title}.`)
      onLeft()
    } catch (e) {
      setError((e as Error).message)
      setBusy(false)
    }
  }

  if (!confirming) {
    return (
      <button ref={leaveButton} type="button" className="button button--ghost leave-challenge" onClick={() => setConfirming(true)}>
        Leave challenge
      </button>
    )
  }
  return (
    <div className="leave-confirm" role="group" aria-labelledby="leave-question">
      <p id="leave-question">Leave {challenge.title}? Your place goes; you can join again until it starts.</p>
      <div className="leave-confirm__actions">
        <button type="button" className="button leave-confirm__yes" onClick={() => void leave()} disabled={busy}>
          {busy ? 'Leaving…' : 'Yes, leave'}
        </button>
        <button ref={stayButton} type="button" className="button button--ghost" onClick={() => setConfirming(false)} disabled={busy}>
          Stay in
        </button>
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
