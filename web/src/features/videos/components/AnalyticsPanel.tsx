// SPEC §2: the analytics panel shows fixed sample data.
const SAMPLE_ANALYTICS = [
  { label: 'Views', value: '1,248' },
  { label: 'Likes', value: '86' },
  { label: 'Average watch time', value: '0:42' },
  { label: 'Completion rate', value: '68%' },
]

const SAMPLE_BAR_SPEED = [
  { phase: 'Descent', value: 0.48 },
  { phase: 'Bottom', value: 0.12 },
  { phase: 'Ascent', value: 0.36 },
  { phase: 'Lockout', value: 0.22 },
]

export function AnalyticsPanel() {
  return (
    <section className="panel side-panel" aria-labelledby="analytics-heading">
      <h2 id="analytics-heading">Analytics</h2>
      <p className="muted side-panel__note">Sample data</p>
      <dl className="analytics">
        {SAMPLE_ANALYTICS.map((a) => (
          <div key={a.label}><dt>{a.label}</dt><dd>{a.value}</dd></div>
        ))}
      </dl>
      <h3>Bar speed (m/s)</h3>
      <ul className="bar-speed">
        {SAMPLE_BAR_SPEED.map((s) => (
          <li key={s.phase}>
            <span>{s.phase}</span>
            <span className="bar-speed__bar"><span style={{ width: `${s.value * 200}%` }} /></span>
            <span>{s.value.toFixed(2)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
