// The video's comments and reactions, live (api/engagement.ts). Anyone reads; signed-in viewers
// post, react, remove their own comments and report others'; the challenge's organiser removes
// any and sees how many reported each. Comments are shown as plain text: React escapes it, and
// nothing in it becomes a link or markup.
import { useEffect, useState, type FormEvent } from 'react'
import { Avatar } from '../../../components/Avatar.tsx'
import { ENGAGEMENT, REACTIONS, REACTION_EMOJI, REACTION_NAMES, type Comment } from '../../../lib/contract.ts'
import { formatDateTime, formatNumber } from '../../../lib/format.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import type { Engagement } from '../api/engagement.ts'
import './Engagement.css'

const MINUTE = 60_000

/** "just now", "5 minutes ago", "2 hours ago", "3 days ago", then the date. */
export function timeAgo(iso: string, now: number): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime())
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < 60 * MINUTE) return unit(Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < 24 * 60 * MINUTE) return unit(Math.floor(elapsed / (60 * MINUTE)), 'hour')
  if (elapsed < 7 * 24 * 60 * MINUTE) return unit(Math.floor(elapsed / (24 * 60 * MINUTE)), 'day')
  return formatDateTime(iso)
}

/** Characters as a person counts them (an emoji is one), as the server counts them. */
const characters = (text: string) => [...text.trim()].length

interface CommentsPanelProps {
  engagement: Engagement
  userId: number | null
}

export function CommentsPanel({ engagement, userId }: CommentsPanelProps) {
  const { state, error: loadError } = engagement
  const [text, setText] = useState('')
  const [posting, setPosting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [reported, setReported] = useState<ReadonlySet<number>>(new Set())
  const [now, setNow] = useState(() => Date.now())
  const showLogin = useAuthDialogs((s) => s.show)

  // Relative times move on while the page stays open.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])

  /** Runs an action; its failure's text shows above the list. */
  async function attempt(action: () => Promise<unknown>): Promise<boolean> {
    setError(null)
    try {
      await action()
      return true
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      return false
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (posting) return
    setPosting(true)
    if (await attempt(() => engagement.post(text))) setText('')
    setPosting(false)
    setNow(Date.now())
  }

  const length = characters(text)
  const over = length > ENGAGEMENT.commentMaxLength
  const total = state?.counts.comments ?? 0

  return (
    <section className="panel side-panel engagement" aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments{state ? ` (${formatNumber(total)})` : ''}</h2>

      {state && (
        <div className="reactions" role="group" aria-label="Reactions">
          {REACTIONS.map((id) => {
            const count = state.counts.reactions[id]
            return (
              <button
                key={id}
                type="button"
                className="reaction"
                aria-pressed={state.mine === id}
                disabled={userId === null}
                aria-label={`${REACTION_NAMES[id]}: ${count}`}
                title={userId === null ? 'Sign in to react' : REACTION_NAMES[id]}
                onClick={() => void attempt(() => engagement.react(id))}
              >
                <span aria-hidden="true">{REACTION_EMOJI[id]}</span> <span aria-hidden="true">{formatNumber(count)}</span>
              </button>
            )
          })}
        </div>
      )}

      {userId === null ? (
        <p className="engagement__signin">
          <button type="button" className="link-button" onClick={() => showLogin('login')}>
            Sign in to comment
          </button>{' '}
          and react.
        </p>
      ) : (
        <form className="comment-form" onSubmit={(e) => void submit(e)}>
          <label htmlFor="comment-text">Your comment</label>
          <textarea
            id="comment-text"
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Say something about this lift…"
            aria-describedby="comment-count"
            aria-invalid={over}
          />
          <div className="comment-form__footer">
            <span
              id="comment-count"
              className={over ? 'comment-form__count comment-form__count--over' : 'comment-form__count'}
              aria-live="polite"
            >
              {length}/{ENGAGEMENT.commentMaxLength}
            </span>
            <button type="submit" className="button button--small" disabled={posting || length === 0 || over}>
              {posting ? 'Posting…' : 'Post'}
            </button>
          </div>
        </form>
      )}

      {(error ?? loadError) && (
        <p className="alert alert--error engagement__error" role="alert">
          {error ?? loadError}
        </p>
      )}
      {!state && !loadError && <div className="spinner" role="status" aria-label="Loading comments" />}

      {state &&
        (state.comments.length === 0 ? (
          <p className="muted engagement__empty">No comments yet.</p>
        ) : (
          <ul className="comments" aria-label="Comments">
            {state.comments.map((c) => (
              <CommentItem
                key={c.id}
                comment={c}
                now={now}
                own={c.user_id === userId}
                canModerate={state.canModerate}
                signedIn={userId !== null}
                reported={reported.has(c.id)}
                onDelete={() => void attempt(() => engagement.remove(c.id))}
                onReport={() =>
                  void attempt(async () => {
                    await engagement.report(c.id)
                    setReported((set) => new Set(set).add(c.id))
                  })
                }
              />
            ))}
          </ul>
        ))}
      {state?.nextBefore && (
        <button
          type="button"
          className="button button--small button--secondary engagement__older"
          disabled={engagement.loadingOlder}
          onClick={() => void attempt(engagement.loadOlder)}
        >
          Show older comments
        </button>
      )}
    </section>
  )
}

interface CommentItemProps {
  comment: Comment
  now: number
  own: boolean
  canModerate: boolean
  signedIn: boolean
  reported: boolean
  onDelete: () => void
  onReport: () => void
}

function CommentItem({ comment: c, now, own, canModerate, signedIn, reported, onDelete, onReport }: CommentItemProps) {
  return (
    <li className="comment" data-testid="comment">
      <Avatar id={c.user_id} name={c.author_name} size={32} />
      <div className="comment__body">
        <div className="comment__meta">
          <strong>{c.author_name}</strong>
          <time dateTime={c.created_at} title={formatDateTime(c.created_at)}>
            {timeAgo(c.created_at, now)}
          </time>
          {canModerate && (c.reports ?? 0) > 0 && (
            <span className="comment__reports">
              {c.reports} {c.reports === 1 ? 'report' : 'reports'}
            </span>
          )}
        </div>
        <p className="comment__text">{c.text}</p>
        <div className="comment__actions">
          {(own || canModerate) && (
            <button type="button" className="link-button" onClick={onDelete} aria-label={`Delete comment by ${c.author_name}`}>
              Delete
            </button>
          )}
          {signedIn &&
            !own &&
            (reported ? (
              <span className="muted">Reported</span>
            ) : (
              <button type="button" className="link-button" onClick={onReport} aria-label={`Report comment by ${c.author_name}`}>
                Report
              </button>
            ))}
        </div>
      </div>
    </li>
  )
}
