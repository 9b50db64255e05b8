// /judge: the judge's desk (issue 15). The attempts awaiting my vote across my panels, oldest
// first, filtered by challenge when I choose one, each naming its challenge first (look-alike
// attempts in two challenges must not be confused); the player, sized so Good lift / No lift stay on
// the screen; Good lift / No lift with the lift's reason cards, a moment of the clip and
// a note; keyboard shortcuts (the vote itself: VotePanel.tsx). After a vote the next attempt loads by itself; the queue follows
// `judge:queue` on the live socket, reconnects and a poll. Other judges' votes never show here.
import { useMemo, useState } from 'react'
import { LoadError } from '../../../components/LoadError.tsx'
import { errorText } from '../../../lib/api-client.ts'
import type { QueuedAttempt } from '../../../lib/contract.ts'
import { formatDateTime, formatKg, liftLabel } from '../../../lib/format.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { useSession } from '../../../stores/session.ts'
import { useJudgeQueue } from '../api/judging.ts'
import { useJudgeQueueRefresh } from '../api/judge-queue-live.ts'
import { VotePanel } from './VotePanel.tsx'
import '../judging.css'

export const EMPTY_QUEUE = 'Nothing to judge right now.'
const QUEUE_FAILED = 'Could not load your judging queue.'
export { REASON_REQUIRED } from './VotePanel.tsx'

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
                    {a.record_attempt && <span className="judge-record">Record attempt</span>}
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
