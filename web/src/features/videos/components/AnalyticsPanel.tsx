// The video's figures (api/engagement.ts): views (the page opened) and plays (the video started),
// each counted once per viewer per window by the server, and reactions and comments, live.
import { ENGAGEMENT, REACTIONS, REACTION_EMOJI, REACTION_NAMES } from '../../../lib/contract.ts'
import { formatNumber } from '../../../lib/format.ts'
import type { EngagementState } from '../api/engagement.ts'
import './Engagement.css'

export function AnalyticsPanel({ state }: { state: EngagementState | null }) {
  const counts = state?.counts
  const reactions = counts ? REACTIONS.reduce((sum, id) => sum + counts.reactions[id], 0) : 0
  const figures = counts && [
    { label: 'Views', value: counts.views },
    { label: 'Plays', value: counts.plays },
    { label: 'Reactions', value: reactions },
    { label: 'Comments', value: counts.comments },
  ]
  return (
    <section className="panel side-panel" aria-labelledby="analytics-heading">
      <h2 id="analytics-heading">Analytics</h2>
      {figures ? (
        <>
          <dl className="analytics" data-testid="analytics">
            {figures.map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd>{formatNumber(f.value)}</dd>
              </div>
            ))}
          </dl>
          {reactions > 0 && (
            <ul className="analytics__reactions" aria-label="Reactions by kind">
              {REACTIONS.filter((id) => counts.reactions[id] > 0).map((id) => (
                <li key={id}>
                  <span aria-hidden="true">{REACTION_EMOJI[id]}</span> {REACTION_NAMES[id]} {formatNumber(counts.reactions[id])}
                </li>
              ))}
            </ul>
          )}
          <p className="muted side-panel__note">Each viewer counts once every {ENGAGEMENT.viewWindowHours} hours.</p>
        </>
      ) : (
        <div className="spinner" role="status" aria-label="Loading analytics" />
      )}
    </section>
  )
}
