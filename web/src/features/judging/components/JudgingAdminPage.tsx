// /challenges/:id/judging: the organiser's judging view (issue 15). The panel, what waits,
// each judge's votes cast and agreement with the final decisions, the appeals to decide, and
// a jury decision on any pending attempt.
import { Link, useParams } from 'react-router'
import { useChallenge } from '../../../api/challenge.ts'
import { LoadError } from '../../../components/LoadError.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { challengeRoom, type JudgingOverview } from '../../../lib/contract.ts'
import { applyLiveEvent } from '../../../lib/live/live-table.ts'
import { useLiveRoom } from '../../../stores/live.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { useSession } from '../../../stores/session.ts'
import { useOverview, usePanel, usePendingAttempts } from '../api/judging.ts'
import { JUDGING_ROOM_TABLE } from '../api/judging-room.ts'
import { AppealItem } from './AppealItem.tsx'
import { JuryItem } from './JuryItem.tsx'
import { PanelForm } from './PanelForm.tsx'
import '../judging.css'

export const NOT_ORGANISER = "Only this challenge's organiser manages its judging."

/** A share as a whole percentage; "—" before any decided vote. */
export const formatAgreement = (agreement: number | null) => (agreement === null ? '—' : `${Math.round(agreement * 100)}%`)

export function JudgingAdminPage() {
  const routeId = useParams().id
  const id = routeId && /^\d+$/.test(routeId) ? Number(routeId) : null
  const status = useSession((s) => s.status)
  const userId = useSession((s) => s.userId)
  const showDialog = useAuthDialogs((s) => s.show)
  const challenge = useChallenge(id)
  const panel = usePanel(id)
  const organiser = status === 'authenticated' && panel.data !== undefined && panel.data.organiser_id === userId
  const overview = useOverview(organiser ? id : null)
  const pending = usePendingAttempts(organiser ? id : null)

  const refresh = () => {
    void overview.reload()
    void pending.reload()
  }
  // Uploads, votes and decisions arrive live: the counts, agreement and pending list follow.
  useLiveRoom(organiser && id ? challengeRoom(id) : null, {
    ready: overview.data !== undefined,
    seq: null,
    apply: (event) => {
      if (id) applyLiveEvent(JUDGING_ROOM_TABLE, event, id)
    },
    resync: async () => {
      refresh()
      return null
    },
  })

  let body
  if (status === 'starting') body = null
  else if (status === 'unauthenticated') {
    body = (
      <p className="alert alert--info">
        Log in to manage judging.{' '}
        <button type="button" className="link-button" onClick={() => showDialog('login')}>
          Login
        </button>
      </p>
    )
  } else if (!panel.data && panel.error)
    body = <LoadError message={errorText(panel.error, 'Could not load the panel.')} onRetry={() => void panel.reload()} />
  else if (!panel.data) body = <p className="muted">Loading…</p>
  else if (!organiser) body = <p className="alert alert--info">{NOT_ORGANISER}</p>
  else {
    body = (
      <>
        <PanelForm
          key={panel.data.competition_id}
          panel={panel.data}
          onSaved={(next) => {
            panel.setData(next)
            refresh()
          }}
        />
        {!overview.data && overview.error ? (
          <LoadError message={errorText(overview.error, 'Could not load the judging overview.')} onRetry={refresh} />
        ) : overview.data ? (
          <OverviewSections overview={overview.data} onChange={refresh} />
        ) : (
          <p className="muted">Loading…</p>
        )}
        <section className="panel stack" aria-labelledby="jury-heading">
          <h2 id="jury-heading">Decide as jury</h2>
          <p className="muted">Decide a pending attempt yourself; the decision is recorded as the jury's.</p>
          {!pending.data && pending.error ? (
            <LoadError message={errorText(pending.error, 'Could not load the pending attempts.')} onRetry={() => void pending.reload()} />
          ) : pending.data?.length === 0 ? (
            <p className="muted">No attempt awaits a decision.</p>
          ) : (
            <ul className="stack" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {pending.data?.map((a) => (
                <JuryItem key={a.id} attempt={a} onDecided={refresh} />
              ))}
            </ul>
          )}
        </section>
      </>
    )
  }

  return (
    <div className="judging-admin">
      <header className="page-header">
        <h1>Judging{challenge.data ? `: ${challenge.data.name}` : ''}</h1>
        {id && <Link to={`/challenges/${id}`}>← Back to the challenge</Link>}
      </header>
      {body}
    </div>
  )
}

function OverviewSections({ overview, onChange }: { overview: JudgingOverview; onChange: () => void }) {
  return (
    <>
      <section className="panel stack" aria-labelledby="judges-heading">
        <h2 id="judges-heading">Judges</h2>
        <p>
          <strong>{overview.pending}</strong> {overview.pending === 1 ? 'attempt awaits' : 'attempts await'} a decision.
        </p>
        {overview.judges.length === 0 ? (
          <p className="muted">No judge appointed: you judge alone.</p>
        ) : (
          <div className="table-wrap">
            <table className="judging-admin__table">
              <thead>
                <tr>
                  <th scope="col">Seat</th>
                  <th scope="col">Judge</th>
                  <th scope="col">Votes</th>
                  <th scope="col">Agreement</th>
                </tr>
              </thead>
              <tbody>
                {overview.judges.map((j) => (
                  <tr key={j.user_id}>
                    <td>{j.seat}</td>
                    <td className="judging-admin__who">
                      {j.name} <span className="muted">@{j.username}</span>
                    </td>
                    <td>{j.votes_cast}</td>
                    <td>{formatAgreement(j.agreement)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="panel stack" aria-labelledby="appeals-heading">
        <h2 id="appeals-heading">Appeals</h2>
        {overview.appeals.length === 0 ? (
          <p className="muted">No appeal to decide.</p>
        ) : (
          <ul className="stack" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {overview.appeals.map((a) => (
              <AppealItem key={a.id} attempt={a} onDecided={onChange} />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
