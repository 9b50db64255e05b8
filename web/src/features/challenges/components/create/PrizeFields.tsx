// The Create Challenge dialog's optional prize pool: a currency the organiser names and whole amounts.
import { prizeHint } from '../../api/create-challenge.ts'
import type { FormPartProps } from './form-props.ts'

const PLACES = [
  { key: 'prizeFirst', id: 'prize-first', label: '1st place', min: 1 },
  { key: 'prizeSecond', id: 'prize-second', label: '2nd place', min: 0 },
  { key: 'prizeThird', id: 'prize-third', label: '3rd place', min: 0 },
] as const

export function PrizeFields({ form, set }: FormPartProps) {
  const hint = prizeHint(form)
  return (
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
        {PLACES.map((place) => (
          <div className="field" key={place.key}>
            <label htmlFor={place.id}>{place.label}</label>
            <input
              id={place.id}
              type="number"
              inputMode="numeric"
              min={place.min}
              step={1}
              value={form[place.key]}
              onChange={(e) => set(place.key, e.target.value)}
            />
          </div>
        ))}
      </div>
      {hint && (
        <p className="field__hint" role="note">
          {hint}
        </p>
      )}
    </fieldset>
  )
}
