// The lifter's own bodyweight on the challenge page: PUT /competitions/:id/bodyweight, the shared
// class rule before sending, the server's reason on failure, and fixed once a lift is judged.
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { bodyweightProblem } from '../../../lib/contract.ts'
import type { Participant } from '../../../lib/contract.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { lift, participant } from '../../../test/fixtures.ts'
import { BodyweightForm } from './BodyweightForm.tsx'

const me = (overrides: Partial<Participant> = {}) => participant({ id: 5, user_id: 5, weight_class: '83kg', ...overrides })
const input = () => screen.getByLabelText(/bodyweight \(kg\)/i) as HTMLInputElement
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save bodyweight' }))
const shown = () => screen.getByTestId('own-bodyweight').textContent

describe('BodyweightForm', () => {
  it('sets a missing bodyweight with PUT and shows the answer', async () => {
    localStorage.setItem('auth_token', 'a')
    const api = mockFetch({ 'PUT /competitions/7/bodyweight': { body: { participant: me({ bodyweight: 82.4 }) } } })
    render(<BodyweightForm challengeId={7} participant={me()} />)
    expect(shown()).toBe('Not given')
    expect(input().step).toBe('0.01')
    expect(input().inputMode).toBe('decimal')
    fireEvent.change(input(), { target: { value: '82.4' } })
    save()
    await vi.waitFor(() => expect(shown()).toBe('82.4 kg'))
    const [call] = api.sent('PUT', '/competitions/7/bodyweight')
    expect(call!.body).toEqual({ bodyweight: 82.4 })
    expect(call!.headers.Authorization).toBe('Bearer a')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('changes a given bodyweight, starting from it', async () => {
    const api = mockFetch({ 'PUT /competitions/7/bodyweight': { body: { participant: me({ bodyweight: 80 }) } } })
    render(<BodyweightForm challengeId={7} participant={me({ bodyweight: 81.5 })} />)
    expect(shown()).toBe('81.5 kg')
    expect(input().value).toBe('81.5')
    fireEvent.change(input(), { target: { value: '80' } })
    save()
    await vi.waitFor(() => expect(shown()).toBe('80 kg'))
    expect(api.sent('PUT', '/competitions/7/bodyweight')[0]!.body).toEqual({ bodyweight: 80 })
  })

  it("refuses a bodyweight outside the lifter's class with the shared message, sending nothing", async () => {
    const api = mockFetch({})
    render(<BodyweightForm challengeId={7} participant={me()} />)
    fireEvent.change(input(), { target: { value: '95' } })
    save()
    expect((await screen.findByRole('alert')).textContent).toBe(bodyweightProblem('83kg', 95))
    fireEvent.change(input(), { target: { value: '' } })
    save()
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your bodyweight in kg.')
    expect(api.calls).toHaveLength(0)
  })

  it("shows the server's error text, else a fallback", async () => {
    mockFetch({
      'PUT /competitions/7/bodyweight': {
        status: 409,
        body: { error: 'Your bodyweight is fixed once one of your lifts has been judged.' },
      },
    })
    const { unmount } = render(<BodyweightForm challengeId={7} participant={me()} />)
    fireEvent.change(input(), { target: { value: '80' } })
    save()
    expect((await screen.findByRole('alert')).textContent).toBe('Your bodyweight is fixed once one of your lifts has been judged.')
    expect(shown()).toBe('Not given')
    unmount()

    mockFetch({ 'PUT /competitions/7/bodyweight': { status: 502 } })
    render(<BodyweightForm challengeId={7} participant={me()} />)
    fireEvent.change(input(), { target: { value: '80' } })
    save()
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save your bodyweight. Please try again.')
  })

  it('stays settable while attempts await judges, and locks once one is judged (live)', () => {
    const pending = lift({ id: 1, user_id: 5, status: 'pending' })
    const { rerender } = render(<BodyweightForm challengeId={7} participant={me({ bodyweight: 82, attempts: [pending] })} />)
    expect(screen.getByRole('button', { name: 'Save bodyweight' })).toBeTruthy()

    // attempt.judged reaches the page: a no lift fixes the weight as surely as a good lift.
    rerender(<BodyweightForm challengeId={7} participant={me({ bodyweight: 82, attempts: [{ ...pending, status: 'failed' }] })} />)
    expect(screen.queryByRole('button', { name: 'Save bodyweight' })).toBeNull()
    expect(screen.queryByRole('spinbutton')).toBeNull()
    expect(shown()).toBe('82 kg')
    expect(screen.getByRole('note').textContent).toBe('Your bodyweight is fixed once one of your lifts has been judged.')
  })

  it('follows a bodyweight the live room brings (participant.updated)', () => {
    const { rerender } = render(<BodyweightForm challengeId={7} participant={me({ bodyweight: null })} />)
    rerender(<BodyweightForm challengeId={7} participant={me({ bodyweight: 79.9 })} />)
    expect(shown()).toBe('79.9 kg')
    expect(input().value).toBe('79.9')
  })
})
