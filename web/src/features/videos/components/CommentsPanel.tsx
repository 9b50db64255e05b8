// SPEC §2: comments are local sample data; a new comment is shown here and logged, never sent.
import { useState, type FormEvent } from 'react'
import { Avatar } from '../../../components/Avatar.tsx'

interface Comment {
  id: number
  author: string
  text: string
  ago: string
}

const SAMPLE_COMMENTS: Comment[] = [
  { id: 1, author: 'Coach Mike', text: 'Great depth on that one! Keep the chest up out of the hole.', ago: '2 hours ago' },
  { id: 2, author: 'Sarah Lifts', text: 'Bar path looks super clean. What are you running for programming?', ago: '5 hours ago' },
  { id: 3, author: 'Iron Ivan', text: 'Strong lockout. Easy white lights from me.', ago: '1 day ago' },
]

export function CommentsPanel() {
  const [comments, setComments] = useState(SAMPLE_COMMENTS)
  const [text, setText] = useState('')

  function submit(event: FormEvent) {
    event.preventDefault()
    const body = text.trim()
    if (!body) return
    console.info('Comment (not saved):', body)
    setComments((list) => [{ id: Date.now(), author: 'You', text: body, ago: 'just now' }, ...list])
    setText('')
  }

  return (
    <section className="panel side-panel" aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments</h2>
      <form className="comment-form" onSubmit={submit}>
        <label htmlFor="comment-text" className="visually-hidden">Add a comment</label>
        <input id="comment-text" placeholder="Add a comment…" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button button--small" disabled={!text.trim()}>Post</button>
      </form>
      <p className="muted side-panel__note">Comments are a preview: they stay on this device.</p>
      <ul className="comments">
        {comments.map((c) => (
          <li key={c.id}>
            <Avatar name={c.author} size={32} />
            <div>
              <strong>{c.author}</strong> <span className="muted">{c.ago}</span>
              <p>{c.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
