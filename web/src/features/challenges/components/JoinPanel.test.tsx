// SPEC §4/§5 join rules: by status, profile required, default weight class, gender from categories.
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { toChallenge } from '../../../lib/challenge.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { competition } from '../../../test/fixtures.ts'
import { JoinPanel } from './JoinPanel.tsx'

const DAY = 86_400_000

function renderPanel(overrides: Parameters<typeof competition>[0] = {}, joined = false, onJoined = vi.fn()) {
  const challenge = toChallenge(competition(overrides))
  render(<MemoryRouter><JoinPanel challenge={challenge} joined={joined} onJoined={onJoined} /></MemoryRouter>)
  return { challenge, onJoined }
}

const past = { start_date: new Date(Date.now() - 9 * DAY).toISOString(), end_date: new Date(Date.now() - 2 * DAY).toISOString() }
const future = { start_date: new Date(Date.now() + 2 * DAY).toISOString(), end_date: new Date(Date.now() + 9 * DAY).toISOString() }

describe('JoinPanel', () => {
  it("completed challenges say 'This challenge has ended' and offer no join", () => {
    renderPanel(past)
    expect(screen.getByText('This challenge has ended')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Join Challenge' })).toBeNull()
  })

  it('upcoming and ongoing challenges offer the join, defaulting to their first class', () => {
    renderPanel(future)
    expect((screen.getByLabelText('Weight class') as HTMLSelectElement).value).toBe('74kg')
    expect(screen.getByRole('button', { name: 'Join Challenge' })).toBeTruthy()
  })

  it('falls back to 83kg for a challenge without classes', () => {
    renderPanel({ weightclasses: [] })
    expect((screen.getByLabelText('Weight class') as HTMLSelectElement).value).toBe('83kg')
  })

  it('asks for a profile when no user id is stored, and sends nothing', async () => {
    const api = mockFetch({})
    renderPanel()
    fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Please create a profile before joining a challenge')
    expect(api.calls).toHaveLength(0)
  })

  it('sends the chosen class and female for a Women challenge, then reports the join', async () => {
    localStorage.setItem('userId', '5')
    localStorage.setItem('auth_token', 'a')
    const api = mockFetch({ 'POST /join_competition': { status: 201, body: { participant_id: 1, participants: 3 } } })
    const { onJoined } = renderPanel({ gender: 'F' })
    fireEvent.change(screen.getByLabelText('Weight class'), { target: { value: '83kg' } })
    fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
    await vi.waitFor(() => expect(onJoined).toHaveBeenCalledOnce())
    expect(api.sent('POST', '/join_competition')[0]!.body).toEqual({ user_id: 5, competition_id: 7, weight_class: '83kg', gender: 'female' })
  })

  it("shows the server's reason, else 'Failed to join challenge. Please try again.'", async () => {
    localStorage.setItem('userId', '5')
    mockFetch({ 'POST /join_competition': { status: 502 } })
    renderPanel()
    fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to join challenge. Please try again.')
  })

  it("once joined shows the badge and the Submit Your Lift link", () => {
    renderPanel({}, true)
    expect(screen.getByText("You've joined this challenge")).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Submit Your Lift' }).getAttribute('href')).toBe('/challenges/7/upload')
  })

  it('once joined to a challenge that has not started, says when lifts can be submitted instead of linking to a refusal', () => {
    renderPanel({ start_date: new Date(Date.now() + 2 * DAY).toISOString(), end_date: new Date(Date.now() + 9 * DAY).toISOString() }, true)
    expect(screen.getByText("You've joined this challenge")).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Submit Your Lift' })).toBeNull()
    expect(screen.getByText(/You can submit your lifts once it starts/)).toBeTruthy()
  })
})
