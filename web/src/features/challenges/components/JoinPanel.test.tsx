// SPEC §4/§5 join rules: by status, profile required, default weight class, gender from categories.
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { toChallenge } from '../../../lib/challenge.ts'
import { bodyweightProblem } from '../../../lib/contract.ts'
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

  describe('bodyweight', () => {
    const signIn = () => {
      localStorage.setItem('userId', '5')
      localStorage.setItem('auth_token', 'a')
    }
    const bodyweight = () => screen.getByLabelText('Bodyweight (kg)') as HTMLInputElement

    it('is an optional decimal number beside the class, with a hint on what leaving it out means', () => {
      renderPanel()
      expect(bodyweight().type).toBe('number')
      expect(bodyweight().step).toBe('0.01')
      expect(bodyweight().inputMode).toBe('decimal')
      expect(bodyweight().required).toBe(false)
      const hint = document.getElementById(bodyweight().getAttribute('aria-describedby')!)!
      expect(hint.textContent).toMatch(/Without a bodyweight you are ranked in your class but get no points/)
    })

    it('refuses 95 kg in the 83kg class with the shared message, and sends nothing', async () => {
      signIn()
      const api = mockFetch({ 'POST /join_competition': { status: 201, body: { participant_id: 1, participants: 3 } } })
      const { onJoined } = renderPanel()
      fireEvent.change(screen.getByLabelText('Weight class'), { target: { value: '83kg' } })
      fireEvent.change(bodyweight(), { target: { value: '95' } })
      fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
      expect((await screen.findByRole('alert')).textContent).toBe(bodyweightProblem('83kg', 95))
      expect(screen.getByRole('alert').textContent).toMatch(/not in the 83kg class/)
      expect(api.calls).toHaveLength(0)
      expect(onJoined).not.toHaveBeenCalled()
    })

    it('sends a bodyweight that fits the class, as a number of kg', async () => {
      signIn()
      const api = mockFetch({ 'POST /join_competition': { status: 201, body: { participant_id: 1, participants: 3 } } })
      const { onJoined } = renderPanel()
      fireEvent.change(screen.getByLabelText('Weight class'), { target: { value: '83kg' } })
      fireEvent.change(bodyweight(), { target: { value: '82.45' } })
      fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
      await vi.waitFor(() => expect(onJoined).toHaveBeenCalledOnce())
      expect(api.sent('POST', '/join_competition')[0]!.body).toEqual({ user_id: 5, competition_id: 7, weight_class: '83kg', gender: 'male', bodyweight: 82.45 })
    })

    it("sends a bodyweight the shared rule takes and shows the server's reason when the server refuses the join", async () => {
      signIn()
      const api = mockFetch({ 'POST /join_competition': { status: 409, body: { error: 'You have already joined this challenge.' } } })
      renderPanel()
      fireEvent.change(bodyweight(), { target: { value: '70' } })
      fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
      expect((await screen.findByRole('alert')).textContent).toBe('You have already joined this challenge.')
      expect(api.sent('POST', '/join_competition')[0]!.body).toMatchObject({ weight_class: '74kg', bodyweight: 70 })
    })
  })
})
