// The challenge page's link to the judging view shows for the organiser only.
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useSession } from '../stores/session.ts'
import { mockFetch } from '../test/fetch-mock.ts'
import { JudgingLink } from './JudgingLink.tsx'

const panel = { competition_id: 7, organiser_id: 5, judges: [], allow_lifters: false, publish_names: false }

describe('JudgingLink', () => {
  it('links the organiser to /challenges/7/judging', async () => {
    useSession.setState({ status: 'authenticated', userId: 5, user: null, error: null })
    mockFetch({ 'GET /competitions/7/judges': { body: panel } })
    render(
      <MemoryRouter>
        <JudgingLink challengeId={7} />
      </MemoryRouter>,
    )
    expect((await screen.findByRole('link', { name: 'Judging' })).getAttribute('href')).toBe('/challenges/7/judging')
  })

  it('shows nothing to another user', async () => {
    useSession.setState({ status: 'authenticated', userId: 6, user: null, error: null })
    const api = mockFetch({ 'GET /competitions/7/judges': { body: panel } })
    render(
      <MemoryRouter>
        <JudgingLink challengeId={7} />
      </MemoryRouter>,
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(api.calls).toHaveLength(1)
    expect(screen.queryByRole('link')).toBeNull()
  })
})
