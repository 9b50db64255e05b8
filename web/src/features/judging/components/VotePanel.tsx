// The desk's vote on one attempt (docs/judging; issue 15): the player, the attempt code, Good lift / No lift
// with the lift's reason cards, a moment of the clip and a note, the take checks and the plate check with its
// "load matches" tick (sent with the vote), and the keyboard shortcuts.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { LOAD_MISMATCH, type QueuedAttempt, type VoteBody } from '../../../lib/contract.ts'
import { deviceKind, isMobile, playbackUrl } from '../../../lib/device.ts'
import { formatKg, liftLabel } from '../../../lib/format.ts'
import { castVote } from '../api/judging.ts'
import { JudgePlayer, formatSeconds, type PlayerHandle } from './JudgePlayer.tsx'
import { PlateCheck } from './PlateCheck.tsx'
import { ReasonCards, reasonsFor } from './ReasonCards.tsx'
import { TakeFlags } from './TakeFlags.tsx'

export const REASON_REQUIRED = 'Choose a reason for the no lift.'

/** Keys typed into a text field are text, not shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit', 'range'].includes(target.type)
}

export function VotePanel({ attempt, onDone }: { attempt: QueuedAttempt; onDone: (id: number) => void }) {
  const player = useRef<PlayerHandle>(null)
  // "Code not shown" only where the lifter was given a code (a declared meet attempt).
  const reasons = useMemo(
    () => reasonsFor(attempt.lift_type).filter((r) => r.code !== 'code_not_shown' || attempt.attempt_code),
    [attempt.lift_type, attempt.attempt_code],
  )
  const [noLift, setNoLift] = useState(false)
  const [reason, setReason] = useState<string | null>(null)
  const [atSeconds, setAtSeconds] = useState<number | null>(null)
  const [note, setNote] = useState('')
  // The plate check's tick: sent with the vote (a load that does not match is the reason "load does not match").
  const [loadMatches, setLoadMatches] = useState(false)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const src = useMemo(
    () => (attempt.video_url ? playbackUrl(attempt.video_url, { mobile: isMobile(), device: deviceKind() }) : null),
    [attempt.video_url],
  )

  async function send(body: VoteBody) {
    if (sending) return
    if (!body.good && !body.reason) return setError(REASON_REQUIRED)
    setSending(true)
    setError(null)
    try {
      await castVote(attempt.id, body)
      onDone(attempt.id)
    } catch (e) {
      setSending(false)
      // Already voted, already decided, no longer on the panel: this attempt is not mine to judge any more.
      if (e instanceof ApiError && (e.status === 403 || e.status === 404 || e.status === 409)) {
        setError(errorText(e, 'This attempt can no longer be judged.'))
        setTimeout(() => onDone(attempt.id), 1500)
        return
      }
      setError(errorText(e, 'Your vote was not sent. Try again.'))
    }
  }

  const ticked = (good: boolean, reason: string | null) => (loadMatches && (good || reason !== LOAD_MISMATCH) ? { load_matches: true } : {})
  const goodBody = (): VoteBody => ({ good: true, ...ticked(true, null) })
  const noLiftBody = (): VoteBody => ({
    good: false,
    ...(reason ? { reason } : {}),
    ...ticked(false, reason),
    ...(atSeconds !== null ? { at_seconds: atSeconds } : {}),
    ...(note.trim() ? { note: note.trim() } : {}),
  })
  const openNoLift = () => {
    setNoLift(true)
    setError(null)
  }

  // Shortcuts: W good lift, R no lift, 1–9 a reason, Enter send, ←/→ a frame, space play/pause.
  const latest = useRef({ send, goodBody, noLiftBody, openNoLift, noLift, reason, reasons })
  latest.current = { send, goodBody, noLiftBody, openNoLift, noLift, reason, reasons }
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return
      const s = latest.current
      const key = e.key
      if (key === ' ') {
        e.preventDefault()
        player.current?.togglePlay()
      } else if (key === 'ArrowLeft' || key === 'ArrowRight') {
        e.preventDefault()
        player.current?.step(key === 'ArrowLeft' ? -1 : 1)
      } else if (key === 'w' || key === 'W') {
        e.preventDefault()
        void s.send(s.goodBody())
      } else if (key === 'r' || key === 'R') {
        e.preventDefault()
        s.openNoLift()
      } else if (/^[1-9]$/.test(key) && s.reasons[Number(key) - 1]) {
        e.preventDefault()
        s.openNoLift()
        setReason(s.reasons[Number(key) - 1]!.code)
      } else if (key === 'Enter') {
        // A focused button elsewhere (Good lift, the player's) does its own thing; inside the
        // no-lift form (after Mark this moment, say) Enter sends the no lift.
        if (!s.noLift || (e.target instanceof HTMLButtonElement && !e.target.closest('.no-lift-form'))) return
        e.preventDefault()
        void s.send(s.noLiftBody())
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const submitNoLift = (e: FormEvent) => {
    e.preventDefault()
    void send(noLiftBody())
  }

  return (
    <section className="judge-desk__main" aria-label="Attempt to judge">
      <div className="judge-desk__title">
        <p className="judge-desk__challenge">
          <span className="judge-desk__challenge-label">Challenge</span>{' '}
          <Link to={`/challenges/${attempt.competition_id}`} data-testid="desk-challenge">
            {attempt.competition_name}
          </Link>
        </p>
        <h2>
          {liftLabel(attempt.lift_type)} {formatKg(attempt.weight)} — {attempt.participant_name}
          {attempt.record_attempt && (
            <span className="judge-record" data-testid="desk-record-attempt">
              Record attempt
            </span>
          )}
        </h2>
      </div>
      <JudgePlayer
        ref={player}
        src={src}
        poster={attempt.poster_url}
        label={`${attempt.participant_name}'s ${liftLabel(attempt.lift_type)}`}
      />
      {attempt.attempt_code && (
        <p className="judge-desk__code" data-testid="attempt-code">
          Attempt code <strong>{attempt.attempt_code}</strong>: it must be shown to the camera at the start of the take.
        </p>
      )}
      <div className="vote-buttons">
        <button type="button" className="vote-button vote-button--good" disabled={sending} onClick={() => void send(goodBody())}>
          Good lift
        </button>
        <button type="button" className="vote-button vote-button--bad" disabled={sending} aria-expanded={noLift} onClick={openNoLift}>
          No lift
        </button>
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {noLift && (
        <form className="panel stack no-lift-form" onSubmit={submitNoLift} aria-label="No lift">
          <ReasonCards name={`reason-${attempt.id}`} reasons={reasons} value={reason} onChange={setReason} />
          <div className="no-lift-form__moment">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setAtSeconds(Number((player.current?.currentTime() ?? 0).toFixed(2)))}
            >
              Mark this moment
            </button>
            {atSeconds !== null && (
              <span>
                At {formatSeconds(atSeconds)}{' '}
                <button type="button" className="link-button" onClick={() => setAtSeconds(null)}>
                  Clear
                </button>
              </span>
            )}
          </div>
          <label className="stack">
            <span>Note (optional)</span>
            <textarea value={note} maxLength={500} rows={2} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button type="submit" className="button vote-button--bad" disabled={sending || !reason}>
            Send no lift
          </button>
        </form>
      )}
      {/* Below the votes: the player is sized so Good lift / No lift stay on a 1280×720 screen. */}
      <TakeFlags checks={attempt.take_checks} />
      <PlateCheck attempt={attempt} loadMatches={loadMatches} onLoadMatches={setLoadMatches} />
      <p className="judge-legend" aria-label="Keyboard shortcuts">
        <kbd>W</kbd> good lift · <kbd>R</kbd> no lift · <kbd>1</kbd>–<kbd>9</kbd> reason · <kbd>Enter</kbd> send · <kbd>←</kbd>/<kbd>→</kbd>{' '}
        frame · <kbd>Space</kbd> play/pause
      </p>
    </section>
  )
}
