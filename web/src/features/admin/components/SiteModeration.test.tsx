// docs/moderation.md: the admin page lists the site's reported comments, removes one or dismisses its reports with a
// reason, and takes down an attempt's video by its id with a reason, showing the server's sentence on a refusal.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { queryClient } from '../../../lib/query-client.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { ReportsQueueSection, VideoTakedownSection } from './SiteModeration.tsx'

const report = {
  comment_id: 7,
  attempt_id: 3,
  competition_id: 2,
  competition_name: 'Winter Open',
  author_username: 'spammer',
  author_name: 'Spam Bot',
  text: 'buy cheap pills',
  written_at: '2026-11-28T09:00:00.000Z',
  reports: 2,
  last_reported_at: '2026-11-28T10:00:00.000Z',
}

beforeEach(() => {
  queryClient.clear()
  localStorage.setItem('auth_token', 'access')
  localStorage.setItem('userId', '1')
})

describe('ReportsQueueSection', () => {
  it('lists a reported comment and removes it with the reason', async () => {
    let removed = false
    const api = mockFetch({
      'GET /admin/reports': () => ({ body: { reports: removed ? [] : [report] } }),
      'POST /admin/comments/7/remove': () => {
        removed = true
        return { body: { message: 'The comment is removed.' } }
      },
    })
    render(
      <MemoryRouter>
        <ReportsQueueSection />
      </MemoryRouter>,
    )
    expect(await screen.findByText('buy cheap pills')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Winter Open' }).getAttribute('href')).toBe('/competitions/2')
    const remove = screen.getByRole<HTMLButtonElement>('button', { name: 'Remove comment' })
    expect(remove.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Why'), { target: { value: 'Spam' } })
    fireEvent.click(remove)
    expect(await screen.findByText('No reported comments.')).toBeTruthy()
    expect(api.sent('POST', '/admin/comments/7/remove').map((c) => c.body)).toEqual([{ reason: 'Spam' }])
  })
})

describe('VideoTakedownSection', () => {
  it("sends the attempt's id and reason, and shows the server's refusal", async () => {
    const api = mockFetch({
      'POST /admin/attempts/12/video/remove': { body: { message: 'The video is taken down.' } },
      'POST /admin/attempts/13/video/remove': { status: 409, body: { error: 'This attempt has no video to take down.' } },
    })
    render(<VideoTakedownSection />)
    fireEvent.change(screen.getByLabelText('Attempt number (id)'), { target: { value: '12' } })
    fireEvent.change(screen.getByLabelText('Why'), { target: { value: 'Advert' } })
    fireEvent.click(screen.getByRole('button', { name: 'Take down' }))
    expect((await screen.findByRole('status')).textContent).toBe('The video of attempt 12 is taken down; its result stays.')
    expect(api.sent('POST', '/admin/attempts/12/video/remove').map((c) => c.body)).toEqual([{ reason: 'Advert' }])
    fireEvent.change(screen.getByLabelText('Attempt number (id)'), { target: { value: '13' } })
    fireEvent.change(screen.getByLabelText('Why'), { target: { value: 'Advert' } })
    fireEvent.click(screen.getByRole('button', { name: 'Take down' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This attempt has no video to take down.'))
  })
})
