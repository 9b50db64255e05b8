// The Create Challenge dialog's format (meet or open, a meet's declaration window), lift types and
// ranking. A lift type change that drops the chosen formula falls back to class, and says so.
import { useState } from 'react'
import { CHALLENGE_LIFT_TYPES, DECLARATION_WINDOW_MINUTES, RANKING_NAMES } from '../../../../lib/contract.ts'
import type { ChallengeLiftType, Ranking } from '../../../../lib/contract.ts'
import { FORMAT_HINTS, RANKING_HINTS, rankingFallback, rankingOptions } from '../../api/create-challenge.ts'
import { toggled, type FormPartProps } from './form-props.ts'

export function FormatFields({ form, set }: FormPartProps) {
  /** Set when a lift type change dropped the chosen formula: the lifter is told the ranking went back to class. */
  const [rankingNote, setRankingNote] = useState<string | null>(null)
  const rankings = rankingOptions(form.lifttypes)

  function toggleLift(type: ChallengeLiftType) {
    const lifttypes = toggled(form.lifttypes, type)
    const dropped = form.ranking !== 'class' && !rankingOptions(lifttypes).includes(form.ranking) ? form.ranking : null
    set('lifttypes', lifttypes)
    if (dropped) {
      set('ranking', 'class')
      setRankingNote(rankingFallback(dropped))
    }
  }

  return (
    <>
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
    </>
  )
}
