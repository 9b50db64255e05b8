// docs/challenge-control.md: the organiser's "Manage this challenge" shows to the organiser only,
// sends only what changed (details only before the start), and cancels after a second click,
// showing the server's sentences as they come.
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { challenge } from '../../../test/fixtures.ts'
import { OrganiserControls } from './OrganiserControls.tsx'

const panel = { competition_id: 7, organiser_id: 5, judges: [], allow_lifters: false, publish_names: false }
const DAY = 86_400_000

afterEach(() => localStorage.clear())

function signedIn(userId: number) {
  localStorage.setItem('auth_token', 'access')
  localStorage.setItem('userId', String(userId))
  useSession.setState({ status: 'authenticated', userId, user: null, error: null })
}

describe('OrganiserControls', () => {
  it('shows nothing to another user', async () => {
    signedIn(6)
    mockFetch({ 'GET /competitions/7/judges': { body: panel } })
    render(<OrganiserControls challenge={challenge({ id: 7 })} />)
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByText('Manage this challenge')).toBeNull()
  })

  it('before the start: sends only the changed details', async () => {
    signedIn(5)
    const start = new Date(Date.now() + DAY).toISOString()
    const end = new Date(Date.now() + 5 * DAY).toISOString()
    const api = mockFetch({
      'GET /competitions/7/judges': { body: panel },
      'PATCH /competitions/7': { body: { competition: challenge({ id: 7 }) } },
    })
    render(
      <OrganiserControls
        challenge={challenge({
          id: 7,
          name: 'Spring Open',
          status: 'upcoming',
          start_date: start,
          end_date: end,
          registration_deadline: end,
        })}
      />,
    )
    fireEvent.click(await screen.findByText('Manage this challenge'))
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Summer Open' } })
    fireEvent.click(screen.getByRole('switch', { name: 'Only lifters with a verified email address may join' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect((await screen.findByRole('status')).textContent).toMatch(/Challenge saved/)
    expect(api.sent('PATCH', '/competitions/7').map((c) => c.body)).toEqual([{ name: 'Summer Open', require_verified_email: true }])
  })

  it('once started: offers only the end and deadline; cancels on the second click and shows a refusal', async () => {
    signedIn(5)
    const api = mockFetch({
      'GET /competitions/7/judges': { body: panel },
      'POST /competitions/7/cancel': {
        status: 409,
        body: { error: 'Lifts are recorded in this challenge, so it can no longer be cancelled.' },
      },
    })
    render(<OrganiserControls challenge={challenge({ id: 7, status: 'ongoing' })} />)
    fireEvent.click(await screen.findByText('Manage this challenge'))
    expect(screen.queryByLabelText('Name')).toBeNull()
    expect(screen.getByLabelText('End')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this challenge' }))
    expect(api.sent('POST', '/competitions/7/cancel')).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Lifts are recorded in this challenge, so it can no longer be cancelled.')
    expect(api.sent('POST', '/competitions/7/cancel')).toHaveLength(1)
  })
})
