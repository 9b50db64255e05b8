// The no-lift reasons of one lift as cards in their IPF colour (red, blue, yellow), numbered
// for the 1–9 shortcuts. A radio group: one reason per no lift.
import { NO_LIFT_REASONS, normalizeLiftType, type NoLiftReason } from '../../../lib/contract.ts'

/** The no-lift reasons of a lift type as the server spells it; none for an unknown lift. */
export function reasonsFor(liftType: string): readonly NoLiftReason[] {
  const type = normalizeLiftType(liftType)
  return type ? NO_LIFT_REASONS[type] : []
}

interface Props {
  name: string
  reasons: readonly NoLiftReason[]
  value: string | null
  onChange: (code: string) => void
  legend?: string
}

export function ReasonCards({ name, reasons, value, onChange, legend = 'Reason' }: Props) {
  return (
    <fieldset className="reason-cards">
      <legend>{legend}</legend>
      {reasons.map((r, i) => (
        <label key={r.code} className={`reason-card reason-card--${r.card}${value === r.code ? ' reason-card--chosen' : ''}`}>
          <input type="radio" name={name} value={r.code} checked={value === r.code} onChange={() => onChange(r.code)} />
          <span className="reason-card__key" aria-hidden="true">
            {i + 1}
          </span>
          <span className="reason-card__label">{r.label}</span>
          <span className="reason-card__colour">{r.card} card</span>
        </label>
      ))}
    </fieldset>
  )
}
