// SPEC §5 Create Challenge: defaults, hints that do not block the submit, and the error text.
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { CreateChallengeDialog } from './CreateChallengeDialog.tsx'

const DAY = 86_400_000

beforeEach(() => useSession.setState({ status: 'authenticated', userId: 5, user: null, error: null }))

function open(onCreated = vi.fn()) {
  render(<MemoryRouter><CreateChallengeDialog onClose={() => undefined} onCreated={onCreated} /></MemoryRouter>)
  return onCreated
}
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement

describe('CreateChallengeDialog', () => {
  it('starts from the spec defaults', () => {
    const before = Date.now()
    open()
    expect((screen.getByLabelText('Name *') as HTMLInputElement).value).toBe('New Powerlifting Challenge')
    expect((screen.getByLabelText('Location *') as HTMLInputElement).value).toBe('Powerlifting Gym')
    for (const lift of ['Squat', 'Bench Press', 'Deadlift']) expect(checkbox(lift).checked).toBe(true)
    for (const lift of ['Clean & Jerk', 'Snatch', 'Power Clean', 'Push Press', 'Overhead Press']) expect(checkbox(lift).checked).toBe(false)
    expect(['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+'].filter((w) => checkbox(w).checked)).toEqual(['83kg', '93kg', '105kg'])
    expect((screen.getByRole('radio', { name: 'Men' }) as HTMLInputElement).checked).toBe(true)
    const start = new Date((screen.getByLabelText('Start *') as HTMLInputElement).value).getTime()
    const end = new Date((screen.getByLabelText('End *') as HTMLInputElement).value).getTime()
    // datetime-local has minute precision
    expect(Math.abs(start - (before + DAY))).toBeLessThan(120_000)
    expect(Math.abs(end - (before + 7 * DAY))).toBeLessThan(120_000)
  })

  it('hints at empty lift types and weight classes but still submits', async () => {
    const api = mockFetch({ 'POST /create_competition': { status: 201, body: { competition_id: 42 } } })
    const onCreated = open()
    for (const lift of ['Squat', 'Bench Press', 'Deadlift']) fireEvent.click(checkbox(lift))
    for (const w of ['83kg', '93kg', '105kg']) fireEvent.click(checkbox(w))
    expect(screen.getByText('Please select at least one lift type')).toBeTruthy()
    expect(screen.getByText('Please select at least one weight class')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'Women' }))
    fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(42))
    const body = api.sent('POST', '/create_competition')[0]!.body as Record<string, unknown>
    expect(body).toMatchObject({ name: 'New Powerlifting Challenge', location: 'Powerlifting Gym', lifttypes: [], weightclasses: [], gender: 'F' })
    expect(new Date(body.end_date as string).getTime()).toBeGreaterThan(new Date(body.start_date as string).getTime())
  })

  it("shows the fallback 'Failed to create challenge. Please try again.'", async () => {
    mockFetch({ 'POST /create_competition': { status: 500, body: {} } })
    open()
    fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create challenge. Please try again.')
  })
})
