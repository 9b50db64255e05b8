// The comments panel with its live state (api/engagement.ts): text only, the server's refusals shown
// as sent, live comments, removals and reaction counts, the organiser's report counts, and the
// sign-in prompt for signed-out viewers.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Comment, CommentsPage, EngagementResponse } from '../../../lib/contract.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { fakeLiveRoom } from '../../../test/live-room.ts'
import { saveSession } from '../../../lib/session-storage.ts'
import { recordView, useEngagement } from '../api/engagement.ts'
import { AnalyticsPanel } from './AnalyticsPanel.tsx'
import { CommentsPanel, timeAgo } from './CommentsPanel.tsx'

const comment = (id: number, userId: number, text: string, extra: Partial<Comment> = {}): Comment => ({
  id,
  attempt_id: 9,
  user_id: userId,
  author_name: `User ${userId}`,
  text,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...extra,
})
const figures = (extra: Partial<EngagementResponse> = {}): EngagementResponse => ({
  attempt_id: 9,
  counts: { views: 12, plays: 7, comments: 2, reactions: { fire: 3, strong: 0, clap: 1, wow: 0 } },
  mine: null,
  can_moderate: false,
  ...extra,
})

function Panels({ userId }: { userId: number | null }) {
  const engagement = useEngagement(9, 7, userId)
  return (
    <>
      <CommentsPanel engagement={engagement} userId={userId} />
      <AnalyticsPanel state={engagement.state} />
    </>
  )
}

function serve(page: CommentsPage, engagement: EngagementResponse, more: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /attempts/9/comments': { body: page, headers: { 'x-live-seq': '4' } },
    'GET /attempts/9/engagement': { body: engagement, headers: { 'x-live-seq': '5' } },
    ...more,
  })
}

describe('comments panel', () => {
  it('shows comments as text, the real figures, and asks signed-out viewers to sign in', async () => {
    serve({ comments: [comment(2, 5, '<b>not bold</b> https://example.com'), comment(1, 6, 'first')], total: 2 }, figures())
    const room = fakeLiveRoom('competition:7')
    render(<Panels userId={null} />)
    const item = (await screen.findByText('<b>not bold</b> https://example.com')).closest('li')!
    expect(item.querySelector('b, a')).toBeNull()
    expect(within(item).getByText('5 minutes ago')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Sign in to comment' })).toBeTruthy()
    expect(screen.queryByLabelText('Your comment')).toBeNull()
    expect(screen.queryByRole('button', { name: /^Delete|^Report/ })).toBeNull()
    expect((screen.getByRole('button', { name: 'Fire: 3' }) as HTMLButtonElement).disabled).toBe(true)
    const analytics = screen.getByTestId('analytics')
    expect([...analytics.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['12', '7', '4', '2'])
    // The watch starts from the older of the two answers' seqs.
    await waitFor(() => expect(room.watcher?.seq).toBe(4))
  })

  it("shows the viewer's own view and play as soon as the server counts them, even when the figures were read before", async () => {
    serve(
      { comments: [], total: 0 },
      figures({ counts: { views: 0, plays: 0, comments: 0, reactions: { fire: 0, strong: 0, clap: 0, wow: 0 } } }),
      {
        'POST /attempts/9/views': { body: { counted: true, views: 1, plays: 1 } },
      },
    )
    fakeLiveRoom('competition:7')
    render(<Panels userId={null} />)
    const analytics = await screen.findByTestId('analytics')
    await waitFor(() => expect([...analytics.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['0', '0', '0', '0']))
    await recordView(10, 'view') // another attempt's figures change nothing here
    await recordView(9, 'play')
    await waitFor(() => expect([...analytics.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['1', '1', '0', '0']))
  })

  it('applies live comments, removals and reaction counts of this attempt only', async () => {
    serve({ comments: [comment(1, 6, 'first')], total: 1 }, figures())
    const room = fakeLiveRoom('competition:7')
    render(<Panels userId={null} />)
    await screen.findByText('first')
    await waitFor(() => expect(room.watcher).not.toBeNull())
    room.event({
      seq: 5,
      type: 'comment.created',
      data: { competition_id: 7, attempt_id: 9, comment: comment(3, 8, 'live one'), comments: 2 },
    })
    room.event({
      seq: 6,
      type: 'comment.created',
      data: { competition_id: 7, attempt_id: 10, comment: { ...comment(4, 8, 'another video'), attempt_id: 10 }, comments: 1 },
    })
    room.event({
      seq: 7,
      type: 'reactions.changed',
      data: { competition_id: 7, attempt_id: 9, reactions: { fire: 4, strong: 1, clap: 1, wow: 0 } },
    })
    expect(screen.getAllByTestId('comment').map((li) => li.querySelector('.comment__text')!.textContent)).toEqual(['live one', 'first'])
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Fire: 4' })).toBeTruthy()
    room.event({ seq: 8, type: 'comment.deleted', data: { competition_id: 7, attempt_id: 9, comment_id: 1, comments: 1 } })
    expect(screen.queryByText('first')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeTruthy()
  })

  it("posts, shows the server's refusal as sent, reacts with aria-pressed, and lets the organiser remove any comment and see reports", async () => {
    saveSession({ access_token: 'token', refresh_token: 'refresh', user_id: 5 })
    const api = serve({ comments: [comment(1, 6, 'rude', { reports: 2 })], total: 1 }, figures({ can_moderate: true }), {
      'POST /attempts/9/comments': { status: 429, body: { error: 'You are commenting too fast. Please wait 42 seconds and try again.' } },
      'PUT /attempts/9/reaction': { body: { attempt_id: 9, mine: 'strong', reactions: { fire: 3, strong: 1, clap: 1, wow: 0 } } },
      'DELETE /comments/1': { status: 200 }, // (the server answers 204; this stand-in cannot make a bodiless Response)
    })
    fakeLiveRoom('competition:7')
    render(<Panels userId={5} />)
    await screen.findByText('rude')
    expect(screen.getByText('2 reports')).toBeTruthy()

    const box = screen.getByLabelText('Your comment')
    fireEvent.change(box, { target: { value: '💪'.repeat(501) } })
    expect(screen.getByText('501/500')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(box, { target: { value: '  Nice lift  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Post' }))
    expect((await screen.findByRole('alert')).textContent).toBe('You are commenting too fast. Please wait 42 seconds and try again.')
    expect(api.sent('POST', '/attempts/9/comments')[0]!.body).toEqual({ text: '  Nice lift  ' })
    expect((box as HTMLTextAreaElement).value).toBe('  Nice lift  ') // kept to try again

    fireEvent.click(screen.getByRole('button', { name: 'Strong: 0' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Strong: 1' }).getAttribute('aria-pressed')).toBe('true'))
    expect(screen.getByRole('button', { name: 'Fire: 3' }).getAttribute('aria-pressed')).toBe('false')

    fireEvent.click(screen.getByRole('button', { name: 'Delete comment by User 6' }))
    await waitFor(() => expect(screen.queryByText('rude')).toBeNull())
    expect(api.sent('DELETE', '/comments/1')).toHaveLength(1)
  })
})

describe('timeAgo', () => {
  it('says how long ago, then the date', () => {
    const now = Date.parse('2026-11-25T12:00:00Z')
    expect(timeAgo('2026-11-25T11:59:30Z', now)).toBe('just now')
    expect(timeAgo('2026-11-25T11:59:00Z', now)).toBe('1 minute ago')
    expect(timeAgo('2026-11-25T09:00:00Z', now)).toBe('3 hours ago')
    expect(timeAgo('2026-11-23T12:00:00Z', now)).toBe('2 days ago')
    expect(timeAgo('2026-11-01T12:00:00Z', now)).not.toMatch(/ago/)
  })
})
