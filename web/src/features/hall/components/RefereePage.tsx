// /referee?meet=&platform=&seat=: a referee's phone (docs/hall-mode.md). Portrait, one thumb: two large buttons,
// white and red, and after red the reason card. A press is sent at once and again until the server acknowledges
// it (api/presses.ts), so a dropped connection loses nothing; the screen is kept awake while the page is open.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { LIFT_NAMES, NO_LIFT_REASONS, ordinal } from '../../../lib/contract.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { useSession } from '../../../stores/session.ts'
import { useHall } from '../api/hall.ts'
import { createPressSender, readPending, type PressOutcome } from '../api/presses.ts'
import './hall.css'

/** Keeps the screen on while mounted (Screen Wake Lock API; taken again when the page is shown again). */
function useWakeLock() {
  useEffect(() => {
    let lock: { release(): Promise<void> } | null = null
    const nav = navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }
    const take = () => {
      if (document.visibilityState !== 'visible' || !nav.wakeLock) return
      nav.wakeLock.request('screen').then(
        (l) => {
          lock = l
        },
        () => {},
      )
    }
    take()
    document.addEventListener('visibilitychange', take)
    return () => {
      document.removeEventListener('visibilitychange', take)
      void lock?.release().catch(() => {})
    }
  }, [])
}

function Setup() {
  const [, setParams] = useSearchParams()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    setParams({ meet: String(form.get('meet')), platform: String(form.get('platform')), seat: String(form.get('seat')) })
  }
  return (
    <form className="referee__setup" onSubmit={submit}>
      <h1>Referee</h1>
      <label>
        Meet number
        <input name="meet" inputMode="numeric" required pattern="[0-9]+" />
      </label>
      <label>
        Platform
        <select name="platform" defaultValue="1">
          {[1, 2, 3, 4].map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
      </label>
      <label>
        Seat
        <select name="seat" defaultValue="1">
          <option value="1">1 (left)</option>
          <option value="2">2 (centre)</option>
          <option value="3">3 (right)</option>
        </select>
      </label>
      <button type="submit" className="btn btn-primary">
        Start refereeing
      </button>
    </form>
  )
}

export function RefereePage() {
  const [params] = useSearchParams()
  const status = useSession((s) => s.status)
  const showDialog = useAuthDialogs((s) => s.show)
  const meet = Number(params.get('meet'))
  const platformNumber = Number(params.get('platform') ?? 1)
  const seat = Number(params.get('seat'))
  const chosen = Number.isInteger(meet) && meet > 0 && [1, 2, 3].includes(seat)
  const { hall, error } = useHall(chosen && status === 'authenticated' ? meet : null)
  useWakeLock()

  // What this phone pressed, per attempt; and whether the server has it.
  const [pressed, setPressed] = useState<Record<number, { decision: 'white' | 'red'; acknowledged: boolean; reason?: string }>>({})
  const [message, setMessage] = useState<string | null>(null)
  const sender = useRef<ReturnType<typeof createPressSender> | null>(null)
  useEffect(() => {
    const onOutcome = ({ press, answer, error: refused }: PressOutcome) => {
      if (refused) {
        setMessage(refused)
        return
      }
      if (answer) {
        setPressed((all) => ({
          ...all,
          [press.body.attempt_id]: { decision: press.body.decision, acknowledged: true, reason: press.body.reason },
        }))
        setMessage(null)
      }
    }
    sender.current = createPressSender(onOutcome)
    // A reload: what was pressed and not yet acknowledged shows, and goes again.
    setPressed(
      Object.fromEntries(
        readPending().map((p) => [p.body.attempt_id, { decision: p.body.decision, acknowledged: false, reason: p.body.reason }]),
      ),
    )
    void sender.current.flush()
    return () => sender.current?.stop()
  }, [])

  const platform = hall?.platforms.find((p) => p.platform === platformNumber)
  const current = platform?.current ?? null
  const mine = current ? pressed[current.attempt_id] : undefined
  const reasons = useMemo(
    () => (platform?.lift_type ? NO_LIFT_REASONS[platform.lift_type].filter((r) => r.code !== 'video_incomplete') : []),
    [platform?.lift_type],
  )

  if (status === 'starting') return null
  if (status === 'unauthenticated') {
    return (
      <div className="referee">
        <p>
          Log in with the account the organiser appointed to the panel.{' '}
          <button type="button" className="link-button" onClick={() => showDialog('login')}>
            Login
          </button>
        </p>
      </div>
    )
  }
  if (!chosen) return <Setup />

  const send = (decision: 'white' | 'red', reason?: string) => {
    if (!current) return
    setPressed((all) => ({ ...all, [current.attempt_id]: { decision, acknowledged: false, reason } }))
    sender.current?.press({
      challengeId: meet,
      platform: platformNumber,
      body: { seat, decision, attempt_id: current.attempt_id, ...(reason ? { reason } : {}) },
    })
  }
  const decided = platform?.decision !== null && platform?.decision !== undefined

  return (
    <div className="referee" data-testid="referee">
      <div className="referee__who">
        Meet {meet} · platform {platformNumber} · seat {seat}
      </div>
      {error && <p role="alert">{error}</p>}
      <div className="referee__lifter" data-testid="referee-lifter">
        {current && platform?.lift_type
          ? `${current.name} · ${LIFT_NAMES[platform.lift_type]}, ${ordinal(current.attempt_number)} attempt · ${current.weight} kg`
          : 'Waiting for the next lifter'}
      </div>
      <div className="referee__status" role="status" data-testid="referee-status">
        {message ??
          (mine
            ? mine.acknowledged
              ? `Your ${mine.decision} light is in.`
              : `Sending your ${mine.decision} light…`
            : decided
              ? 'Decided.'
              : '')}
      </div>
      {mine?.decision === 'red' && !mine.reason ? (
        <div className="referee__reasons" data-testid="reason-card">
          <strong>Why red?</strong>
          {reasons.map((r) => (
            <button key={r.code} type="button" className="referee__reason" onClick={() => send('red', r.code)}>
              {r.label}
            </button>
          ))}
        </div>
      ) : (
        <div className="referee__buttons">
          <button
            type="button"
            className={`referee__button referee__button--white${mine?.decision === 'white' ? ' is-chosen' : ''}`}
            disabled={!current || !!mine || decided}
            onClick={() => send('white')}
          >
            Good lift
          </button>
          <button
            type="button"
            className={`referee__button referee__button--red${mine?.decision === 'red' ? ' is-chosen' : ''}`}
            disabled={!current || !!mine || decided}
            onClick={() => send('red')}
          >
            No lift
          </button>
        </div>
      )}
    </div>
  )
}
