// /challenges/:id/hall/desk?platform=1: the announcer's and marshal's desk (docs/hall-mode.md, "The desk"): the
// called lifter with the words of the call, who is next, on deck and in the hole, the rest of the order; a form to
// record any lifter's declaration or change (keyboard first: type, Enter; one request at a time, and the server
// takes a double entry as the same one); the call of the next lifter; the timekeeper's clock buttons.
import { useState, type FormEvent } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { errorText } from '../../../lib/api-client.ts'
import { announcerCall, FINAL_CALL_MS, LIFT_NAMES, normalizeLiftType, ordinal, remainingAt } from '../../../lib/contract.ts'
import type { HallUp, LiftType } from '../../../lib/contract.ts'
import { callNext, clockAction, declareAtDesk } from '../api/desk.ts'
import { clockText, useHall, useServerOffset, useTick } from '../api/hall.ts'
import './hall.css'
import './hall-screens.css'

const kg = (w: number) => `${Number(w.toFixed(2))} kg`
const upText = (u: HallUp | null) =>
  u ? `${u.name} · ${ordinal(u.attempt_number)} · ${kg(u.weight)}${u.automatic ? ' (default)' : ''}` : '—'

export function DeskPage() {
  const id = Number(useParams().id)
  const [params] = useSearchParams()
  const number = Number(params.get('platform') ?? 1)
  const { hall, error } = useHall(Number.isInteger(id) && id > 0 ? id : null)
  const offset = useServerOffset()
  const now = useTick(250)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const [lifter, setLifter] = useState('')
  const [weight, setWeight] = useState('')
  const [flightChoice, setFlightChoice] = useState('')
  const [liftChoice, setLiftChoice] = useState('')

  if (error) return <p role="alert">{error}</p>
  if (!hall) return <p role="status">Loading the hall…</p>
  const platform = hall.platforms.find((p) => p.platform === number)
  const flights = hall.flights.filter((f) => f.platform === number)
  if (!platform || flights.length === 0) return <p role="alert">This meet has no platform {number}.</p>

  const flightId = Number(flightChoice || platform.flight_id || flights[0]!.id)
  const lifts = platform.lift_type ? [platform.lift_type] : []
  const lift = (normalizeLiftType(liftChoice) ?? platform.lift_type ?? 'squat') as LiftType
  const queue = [platform.on_deck, platform.in_the_hole, ...platform.order].filter((u): u is HallUp => u !== null)
  const names = new Map<number, string>()
  if (platform.current) names.set(platform.current.user_id, platform.current.name)
  for (const u of queue) names.set(u.user_id, u.name)
  const flight = flights.find((f) => f.id === flightId) ?? flights[0]!
  const remaining = remainingAt(
    { allowanceMs: platform.clock.allowance_ms, remainingMs: platform.clock.remaining_ms, runningSince: platform.clock.running_since },
    now + offset,
  )

  async function run(work: () => Promise<string>) {
    if (busy) return
    setBusy(true)
    try {
      setMessage({ ok: true, text: await work() })
    } catch (e) {
      setMessage({ ok: false, text: errorText(e, 'That did not go through: try again.') })
    } finally {
      setBusy(false)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const userId = Number(lifter)
    const w = Number(weight)
    if (!userId || !Number.isFinite(w) || w <= 0) {
      setMessage({ ok: false, text: 'Choose the lifter and give the weight in kg.' })
      return
    }
    void run(async () => {
      const d = (await declareAtDesk(id, number, { user_id: userId, lift_type: lift, weight: w })).declaration
      setWeight('')
      return `${names.get(userId) ?? 'The lifter'}: ${ordinal(d.attempt_number)} attempt ${kg(d.weight)} recorded (${d.changes} change${d.changes === 1 ? '' : 's'} used).`
    })
  }

  return (
    <section className="hall-desk" data-testid="hall-desk">
      <h1>Desk · platform {number}</h1>
      <div className="hall-desk__now">
        <div>
          <h2>On the platform</h2>
          <p data-testid="desk-current">{platform.current ? upText(platform.current) : 'Nobody called yet'}</p>
          {platform.current && platform.lift_type && <p data-testid="desk-call">{announcerCall(platform.current, platform.lift_type)}</p>}
          <p>
            Decision: <strong>{platform.decision ?? (platform.current ? `${platform.presses} of 3 presses in` : '—')}</strong>
          </p>
        </div>
        <div>
          <h2>Clock</h2>
          <p className={`hall-desk__clock${remaining <= FINAL_CALL_MS ? ' is-final' : ''}`} data-testid="desk-clock">
            {clockText(remaining)}
          </p>
          <div className="hall-desk__buttons">
            {(['start', 'pause', 'reset'] as const).map((action) => (
              <button
                key={action}
                type="button"
                disabled={busy}
                onClick={() => void run(async () => (await clockAction(id, number, action), `Clock: ${action}.`))}
              >
                {action[0]!.toUpperCase() + action.slice(1)}
              </button>
            ))}
          </div>
        </div>
      </div>

      <ol className="hall-desk__order" aria-label="Lifting order">
        <li>Next (on deck): {upText(platform.on_deck)}</li>
        <li>In the hole: {upText(platform.in_the_hole)}</li>
        {platform.order.map((u) => (
          <li key={`${u.user_id}-${u.attempt_number}`}>{upText(u)}</li>
        ))}
      </ol>

      <form className="hall-desk__form" onSubmit={submit} aria-label="Declaration or change">
        <label>
          Lifter
          <select value={lifter} onChange={(e) => setLifter(e.target.value)} required>
            <option value="">Choose…</option>
            {flight.lifters.map((uid) => (
              <option key={uid} value={uid}>
                {names.get(uid) ?? `Lifter ${uid}`}
              </option>
            ))}
          </select>
        </label>
        <label>
          Lift
          <input value={liftChoice || lift} onChange={(e) => setLiftChoice(e.target.value)} list="desk-lifts" size={12} />
          <datalist id="desk-lifts">
            {lifts.map((l) => (
              <option key={l} value={l}>
                {LIFT_NAMES[l]}
              </option>
            ))}
          </datalist>
        </label>
        <label>
          Weight (kg)
          <input inputMode="decimal" value={weight} onChange={(e) => setWeight(e.target.value)} autoFocus required />
        </label>
        <button type="submit" disabled={busy}>
          Record
        </button>
      </form>

      <div className="hall-desk__call">
        <label>
          Flight
          <select value={String(flight.id)} onChange={(e) => setFlightChoice(e.target.value)}>
            {flights.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name} (session {f.session})
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const p = await callNext(id, number, { flight_id: flight.id, lift_type: lift })
              return p.current && p.lift_type ? announcerCall(p.current, p.lift_type) : 'Called.'
            })
          }
        >
          Call the next lifter
        </button>
      </div>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'hall-desk__ok' : 'hall-desk__error'}>
          {message.text}
        </p>
      )}
    </section>
  )
}
