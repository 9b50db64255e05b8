// /challenges/{id}/participants: every participant of a challenge, behind the challenge page's
// "And N more participants..." — ranked and placed as the board places them (by total within each
// weight class, or overall by a formula's points), searchable by name (the server searches; the
// field waits for a pause in typing), a page at a time. The signed-in lifter, when they take part,
// has "You: #N" pinned to the bottom of the screen: tapping it brings their row into view (loading
// the pages before it, and leaving a search, when needed).
import { categoryText } from '../../../lib/categories.ts'
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useChallenge } from '../../../api/challenge.ts'
import { Avatar } from '../../../components/Avatar.tsx'
import { LoadError } from '../../../components/LoadError.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { FORMULA_NAMES } from '../../../lib/contract.ts'
import type { Challenge, Participant } from '../../../lib/contract.ts'
import { formatKg, formatPoints } from '../../../lib/format.ts'
import { NOT_FOUND } from '../../../lib/not-found.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { useSession } from '../../../stores/session.ts'
import { useParticipantList } from '../api/participant-list.ts'
import { ownEntryQuery } from '../api/summary-query.ts'
import { PlaceBadge } from './PlaceBadge.tsx'
import './ParticipantsPage.css'

/** The search is sent once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 250
/** Jumping to the signed-in lifter loads this many at a time (the server pages up to 1000). */
const JUMP_PAGE_SIZE = 500
/** A row jumped to stays highlighted this long. */
const JUMP_HIGHLIGHT_MS = 3000

const PARTICIPANTS_FAILED = 'Failed to load participants'

const rowId = (userId: number) => `participant-${userId}`

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/** 'You: #14' (with the class when places are per class), or that they have no place yet. */
export function youLabel(me: Pick<Participant, 'place' | 'weight_class'>, byClass: boolean): string {
  if (me.place === null) return 'You: no place yet'
  return byClass ? `You: #${me.place} in ${me.weight_class}` : `You: #${me.place}`
}

/** Rows cut into runs of one weight class (by class) or one run (by a formula): the ranked list is grouped by class. */
function groups(rows: Participant[], byClass: boolean): Array<{ name: string | null; rows: Participant[] }> {
  if (!byClass) return [{ name: null, rows }]
  const runs: Array<{ name: string; rows: Participant[] }> = []
  for (const p of rows) {
    const last = runs.at(-1)
    if (last && last.name === p.weight_class) last.rows.push(p)
    else runs.push({ name: p.weight_class, rows: [p] })
  }
  return runs
}

function ParticipantRow({ p, challenge, me, flashed }: { p: Participant; challenge: Challenge; me: boolean; flashed: boolean }) {
  const formula = challenge.points_formula
  const category = categoryText(challenge.total_lifts, p, challenge.equipment === 'both')
  return (
    <li
      id={rowId(p.user_id)}
      className={`participant-row${me ? ' participant-row--me' : ''}${flashed ? ' participant-row--flash' : ''}`}
      tabIndex={-1}
    >
      <PlaceBadge place={p.place} className="participant-row__place" />
      <Avatar id={p.user_id} name={p.name} size={32} />
      <span className="participant-row__who">
        <Link to={`/profile/${p.user_id}`}>{p.name}</Link>
        <span className="muted">{[p.weight_class, p.country].filter(Boolean).join(' · ')}</span>
        {category && (
          <span className="muted participant-row__category" data-testid="participant-category">
            {category}
          </span>
        )}
      </span>
      <span className="participant-row__total">
        <strong data-testid="participant-total">{p.total !== null ? formatKg(p.total) : '—'}</strong>
        {formula && (
          <span className="muted">
            {formatPoints(p.points)} {FORMULA_NAMES[formula]}
          </span>
        )}
      </span>
    </li>
  )
}

export function ParticipantsPage() {
  const id = Number(useParams().id)
  const validId = Number.isInteger(id) && id > 0 ? id : null
  const userId = useSession((s) => s.userId)
  const challengeData = useChallenge(validId)
  const own = useServerQuery(ownEntryQuery(validId, userId))
  const me = userId ? (own.data ?? null) : null
  const [text, setText] = useState('')
  const search = useSettled(text.trim(), SEARCH_DEBOUNCE_MS)
  const list = useParticipantList(validId, search)
  // The lifter to bring into view once their row is loaded, and the row highlighted after a jump.
  const [jumpTo, setJumpTo] = useState<number | null>(null)
  const [flashed, setFlashed] = useState<number | null>(null)

  const { rows, rowsFor, ready, loading, hasMore, loadMore } = list
  useEffect(() => {
    // The whole list is searched, not a search's matches: wait for its rows after leaving a search.
    if (jumpTo === null || search !== '' || rowsFor !== '' || !ready || loading) return
    if (rows.some((p) => p.user_id === jumpTo)) {
      const row = document.getElementById(rowId(jumpTo))
      row?.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
      row?.focus({ preventScroll: true })
      setFlashed(jumpTo)
      setJumpTo(null)
    } else if (hasMore) {
      void loadMore(JUMP_PAGE_SIZE)
    } else {
      setJumpTo(null) // not listed (they left meanwhile)
    }
  }, [jumpTo, search, rowsFor, ready, loading, rows, hasMore, loadMore])

  useEffect(() => {
    if (flashed === null) return
    const timer = setTimeout(() => setFlashed(null), JUMP_HIGHLIGHT_MS)
    return () => clearTimeout(timer)
  }, [flashed])

  if (!validId) return <p className="alert alert--error">{NOT_FOUND}</p>
  const challenge = challengeData.data
  if (!challenge) {
    if (!challengeData.error) return <div className="spinner" role="status" aria-label="Loading participants" />
    return <LoadError message={errorText(challengeData.error, PARTICIPANTS_FAILED)} onRetry={() => void challengeData.reload()} />
  }

  const byClass = challenge.ranking === 'class'
  // Places are per class: the chip names the class when there are several.
  const namesClass = byClass && challenge.weightclasses.length > 1
  function jumpToMe() {
    if (!me) return
    setText('')
    setJumpTo(me.user_id)
  }

  return (
    <div className="participants-page">
      <OfflineNotice />
      <header className="page-header">
        <div>
          <h1>Participants</h1>
          <p className="muted participants-page__sub">
            {challenge.name} · {challenge.participants} {challenge.participants === 1 ? 'lifter' : 'lifters'} ·{' '}
            {challenge.ranking === 'class'
              ? 'places by total within each weight class'
              : `places by ${FORMULA_NAMES[challenge.ranking]} points`}
          </p>
        </div>
        <Link to={`/challenges/${challenge.id}`}>← Back to the challenge</Link>
      </header>

      <div className="field participants-page__search">
        <label htmlFor="participant-search">Search by name</label>
        <input
          id="participant-search"
          type="search"
          placeholder="e.g. Anna"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>

      {list.error !== undefined && !list.ready && <LoadError message={errorText(list.error, PARTICIPANTS_FAILED)} onRetry={list.reload} />}
      {list.ready && rows.length === 0 && (
        <p className="empty">{rowsFor ? `No participants named "${rowsFor}".` : 'No participants yet. Be the first to join!'}</p>
      )}
      <div aria-busy={!list.ready} className={list.ready ? undefined : 'participants-page__stale'}>
        {groups(rows, byClass).map((group, i) => (
          <section key={`${group.name ?? 'all'}-${i}`} className="participants-group" aria-label={group.name ?? 'All participants'}>
            {group.name && <h2 className="participants-group__name">{group.name}</h2>}
            <ol className="participants-list">
              {group.rows.map((p) => (
                <ParticipantRow key={p.id} p={p} challenge={challenge} me={p.user_id === userId} flashed={p.user_id === flashed} />
              ))}
            </ol>
          </section>
        ))}
      </div>
      {list.error !== undefined && list.ready && (
        <p className="alert alert--error" role="alert">
          {errorText(list.error, PARTICIPANTS_FAILED)}
        </p>
      )}
      {list.ready && hasMore && (
        <button
          type="button"
          className="button button--secondary participants-page__more"
          disabled={loading}
          onClick={() => void loadMore()}
        >
          {loading ? 'Loading…' : 'Show more'}
        </button>
      )}

      {me && (
        <div className="participants-page__you">
          <button type="button" className="button you-chip" data-testid="you-chip" onClick={jumpToMe} title="Show me in the list">
            {youLabel(me, namesClass)}
          </button>
        </div>
      )}
    </div>
  )
}
