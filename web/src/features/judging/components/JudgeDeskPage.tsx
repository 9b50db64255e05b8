// /judge: the judge's desk (issue 15). The attempts awaiting my vote across my panels, oldest
// first, filtered by challenge when I choose one, each naming its challenge first (look-alike
// attempts in two challenges must not be confused); the player, sized so Good lift / No lift stay on
// the screen; Good lift / No lift with the lift's reason cards, a moment of the clip and
// a note; keyboard shortcuts. After a vote the next attempt loads by itself; the queue follows
// `judge:queue` on the live socket, reconnects and a poll. Other judges' votes never show here.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { LoadError } from '../../../components/LoadError.tsx'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import type { QueuedAttempt, VoteBody } from '../../../lib/contract.ts'
import { deviceKind, isMobile, playbackUrl } from '../../../lib/device.ts'
import { normalizeLiftType } from '../../../lib/contract.ts'
import { formatDateTime, formatKg, liftLabel } from '../../../lib/format.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { useSession } from '../../../stores/session.ts'
import { castVote, useJudgeQueue } from '../api/judging.ts'
import { useJudgeQueueRefresh } from '../api/judge-queue-live.ts'
import { JudgePlayer, formatSeconds, type PlayerHandle } from './JudgePlayer.tsx'
import { ReasonCards, reasonsFor } from './ReasonCards.tsx'
import { PlateDrawing } from './PlateDrawing.tsx'
import { TakeFlags } from './TakeFlags.tsx'
import '../judging.css'

export const EMPTY_QUEUE = 'Nothing to judge right now.'
const QUEUE_FAILED = 'Could not load your judging queue.'
export const REASON_REQUIRED = 'Choose a reason for the no lift.'

/** Keys typed into a text field are text, not shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit', 'range'].includes(target.type)
}

export function JudgeDeskPage() {
  const status = useSession((s) => s.status)
  const userId = useSession((s) => s.userId)
  const showDialog = useAuthDialogs((s) => s.show)
  const queue = useJudgeQueue(status === 'authenticated' ? userId : null)
  useJudgeQueueRefresh(() => void queue.reload(), status === 'authenticated' && userId !== null)

  /** Attempts voted on (or refused) here: skipped even if a refetch still lists them. */
  const [done, setDone] = useState<ReadonlySet<number>>(new Set())
  const [chosenId, setChosenId] = useState<number | null>(null)
  const [challengeId, setChallengeId] = useState<number | null>(null)
  const all = useMemo(() => (queue.data ?? []).filter((a) => !done.has(a.id)), [queue.data, done])
  const challenges = useMemo(() => challengesIn(all), [all])
  // A chosen challenge with nothing left falls back to all of them.
  const filter = challengeId !== null && challenges.some((c) => c.id === challengeId) ? challengeId : null
  const waiting = filter === null ? all : all.filter((a) => a.competition_id === filter)
  const current = waiting.find((a) => a.id === chosenId) ?? waiting[0]

  if (status === 'starting') return null
  if (status === 'unauthenticated') {
    return (
      <div className="judge-desk">
        <header className="page-header">
          <h1>Judge's desk</h1>
        </header>
        <p className="alert alert--info">
          Log in to judge.{' '}
          <button type="button" className="link-button" onClick={() => showDialog('login')}>
            Login
          </button>
        </p>
      </div>
    )
  }

  const markDone = (id: number) => {
    setDone((prev) => new Set(prev).add(id))
    void queue.reload()
  }

  return (
    <div className="judge-desk">
      <header className="page-header">
        <h1>Judge's desk</h1>
        {queue.data && <span className="tag">{all.length} waiting</span>}
        {challenges.length > 0 && (
          <label className="judge-desk__filter">
            <span>Challenge</span>
            <select value={filter ?? ''} onChange={(e) => setChallengeId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">All my challenges ({all.length})</option>
              {challenges.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.count})
                </option>
              ))}
            </select>
          </label>
        )}
      </header>
      {!queue.data && queue.error ? (
        <LoadError message={errorText(queue.error, QUEUE_FAILED)} onRetry={() => void queue.reload()} />
      ) : !queue.data ? (
        <p className="muted">Loading…</p>
      ) : !current ? (
        <p className="empty">{EMPTY_QUEUE}</p>
      ) : (
        <div className="judge-desk__layout">
          <VotePanel key={current.id} attempt={current} onDone={markDone} />
          <aside className="judge-desk__queue" aria-label="Queue">
            <h2>Queue</h2>
            <ol className="judge-queue">
              {waiting.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    className="judge-queue__item"
                    aria-current={a.id === current.id ? 'true' : undefined}
                    onClick={() => setChosenId(a.id)}
                  >
                    <span className="judge-queue__challenge">{a.competition_name}</span>
                    <span className="judge-queue__lift">
                      {liftLabel(a.lift_type)} {formatKg(a.weight)} — {a.participant_name}
                    </span>
                    <span className="muted">{formatDateTime(a.created_at)}</span>
                  </button>
                </li>
              ))}
            </ol>
          </aside>
        </div>
      )}
    </div>
  )
}

/** The challenges of the queue's attempts, in the queue's order, with how many each has waiting. */
function challengesIn(attempts: readonly QueuedAttempt[]): { id: number; name: string; count: number }[] {
  const byId = new Map<number, { id: number; name: string; count: number }>()
  for (const a of attempts) {
    const entry = byId.get(a.competition_id) ?? { id: a.competition_id, name: a.competition_name, count: 0 }
    entry.count += 1
    byId.set(a.competition_id, entry)
  }
  return [...byId.values()]
}

function VotePanel({ attempt, onDone }: { attempt: QueuedAttempt; onDone: (id: number) => void }) {
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

  const noLiftBody = (): VoteBody => ({
    good: false,
    ...(reason ? { reason } : {}),
    ...(atSeconds !== null ? { at_seconds: atSeconds } : {}),
    ...(note.trim() ? { note: note.trim() } : {}),
  })
  const openNoLift = () => {
    setNoLift(true)
    setError(null)
  }

  // Shortcuts: W good lift, R no lift, 1–9 a reason, Enter send, ←/→ a frame, space play/pause.
  const latest = useRef({ send, noLiftBody, openNoLift, noLift, reason, reasons })
  latest.current = { send, noLiftBody, openNoLift, noLift, reason, reasons }
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
        void s.send({ good: true })
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
        <button type="button" className="vote-button vote-button--good" disabled={sending} onClick={() => void send({ good: true })}>
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
      <div className="plate-check-row">
        {normalizeLiftType(attempt.lift_type) && (
          <PlateDrawing liftType={normalizeLiftType(attempt.lift_type)!} sex={attempt.lifter_sex ?? null} weight={attempt.weight} />
        )}
        {attempt.contact_sheet_url && (
          <img
            className="plate-check__sheet"
            src={attempt.contact_sheet_url}
            alt="The take's last seconds (the plates shown)"
            data-testid="contact-sheet"
          />
        )}
      </div>
      <p className="judge-legend" aria-label="Keyboard shortcuts">
        <kbd>W</kbd> good lift · <kbd>R</kbd> no lift · <kbd>1</kbd>–<kbd>9</kbd> reason · <kbd>Enter</kbd> send · <kbd>←</kbd>/<kbd>→</kbd>{' '}
        frame · <kbd>Space</kbd> play/pause
      </p>
    </section>
  )
}
