// The Create Challenge dialog's name, place, description and dates (docs/product/validation.md).
import type { FormPartProps } from './form-props.ts'

export function ScheduleFields({ form, set }: FormPartProps) {
  return (
    <>
      <div className="field-row">
        <div className="field">
          <label htmlFor="challenge-name">Name *</label>
          <input id="challenge-name" required maxLength={120} value={form.name} onChange={(e) => set('name', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="challenge-location">Location *</label>
          <input id="challenge-location" required maxLength={120} value={form.location} onChange={(e) => set('location', e.target.value)} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="challenge-description">Description</label>
        <textarea
          id="challenge-description"
          rows={2}
          maxLength={5000}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="challenge-start">Start *</label>
          <input
            id="challenge-start"
            type="datetime-local"
            required
            value={form.start_date}
            onChange={(e) => set('start_date', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="challenge-end">End *</label>
          <input
            id="challenge-end"
            type="datetime-local"
            required
            min={form.start_date}
            value={form.end_date}
            onChange={(e) => set('end_date', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="challenge-deadline">Registration closes</label>
          <input
            id="challenge-deadline"
            type="datetime-local"
            max={form.end_date}
            value={form.registration_deadline}
            aria-describedby="challenge-deadline-hint"
            onChange={(e) => set('registration_deadline', e.target.value)}
          />
          <p id="challenge-deadline-hint" className="field__explain">
            Optional; at the end when left empty.
          </p>
        </div>
      </div>
      <label className="switch-row">
        <input
          type="checkbox"
          role="switch"
          checked={form.requireVerifiedEmail}
          aria-describedby="challenge-verified-hint"
          onChange={(e) => set('requireVerifiedEmail', e.target.checked)}
        />
        Only lifters with a verified email address may join
      </label>
      <p id="challenge-verified-hint" className="field__explain">
        Lifters verify their address by the link mailed when they register, or from their profile.
      </p>
    </>
  )
}
