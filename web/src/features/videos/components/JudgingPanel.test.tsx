// The video page's decision: awaiting judges with the count, the lights with card, reason, moment
// and note, the jury, the appeal state; the lifter's Appeal within the window, the server's error verbatim.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { Lift } from '../../../lib/contract.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { lift } from '../../../test/fixtures.ts'
import { canAppeal } from '../api/appeal.ts'
import { JudgingPanel, UNVERIFIED_DECISION, VERIFIED_DECISION } from './JudgingPanel.tsx'

const HOUR = 3_600_000
const decided = (overrides: Partial<Lift['judging']> = {}, status: Lift['status'] = 'failed'): Lift =>
  lift({
    id: 42,
    user_id: 5,
    status,
    judging: {
      votes_cast: 3,
      votes_needed: 3,
      decided_by: 'panel',
      decided_at: '2026-01-01T10:05:00.000Z',
      appeal: null,
      appeal_until: new Date(Date.now() + HOUR).toISOString(),
      verified: true,
      lights: [
        {
          judge: 'Judge 1',
          good: false,
          card: 'red',
          reason: 'depth',
          reason_label: 'Not deep enough: hip crease not below the top of the knee',
          at_seconds: 12.4,
          note: 'Two fingers high',
        },
        { judge: 'Judge 2', good: true, card: null, reason: null, reason_label: null, at_seconds: null, note: null },
        {
          judge: 'Judge 3',
          good: false,
          card: 'blue',
          reason: 'double_bounce',
          reason_label: 'Double bounce, or more than one recovery attempt',
          at_seconds: null,
          note: null,
        },
      ],
      ...overrides,
    },
  })

const renderPanel = (attempt: Lift, userId: number | null = null) => {
  const onSeek = vi.fn()
  const onAppealed = vi.fn()
  render(
    <MemoryRouter>
      <JudgingPanel attempt={attempt} userId={userId} onSeek={onSeek} onAppealed={onAppealed} />
    </MemoryRouter>,
  )
  return { onSeek, onAppealed }
}

describe('judging on the video page', () => {
  it('a pending attempt says awaiting judges with the votes so far, and shows no lights', () => {
    renderPanel(
      lift({
        status: 'pending',
        judging: {
          votes_cast: 1,
          votes_needed: 3,
          decided_by: null,
          decided_at: null,
          lights: [],
          appeal: null,
          appeal_until: null,
          verified: false,
        },
      }),
    )
    expect(screen.getByTestId('judging-state').textContent).toBe('Awaiting judges · 1 of 3 votes')
    expect(screen.queryByRole('list', { name: 'Lights' })).toBeNull()
  })

  it('a single judge pending: no count', () => {
    renderPanel(
      lift({
        status: 'pending',
        judging: {
          votes_cast: 0,
          votes_needed: 1,
          decided_by: null,
          decided_at: null,
          lights: [],
          appeal: null,
          appeal_until: null,
          verified: false,
        },
      }),
    )
    expect(screen.getByTestId('judging-state').textContent).toBe('Awaiting judges')
  })

  it('shows each light with its card, reason, note and a moment that seeks the player', () => {
    const { onSeek } = renderPanel(decided())
    const lights = within(screen.getByRole('list', { name: 'Lights' })).getAllByRole('listitem')
    expect(lights).toHaveLength(3)
    expect(lights[0]!.querySelector('.judging__lamp--red')).toBeTruthy()
    expect(lights[1]!.querySelector('.judging__lamp--white')).toBeTruthy()
    expect(within(lights[0]!).getByLabelText('red card')).toBeTruthy()
    expect(within(lights[2]!).getByLabelText('blue card')).toBeTruthy()
    expect(lights[0]!.textContent).toContain('Judge 1')
    expect(lights[0]!.textContent).toContain('Not deep enough')
    expect(lights[0]!.textContent).toContain('Two fingers high')
    fireEvent.click(within(lights[0]!).getByRole('button', { name: 'at 0:12' }))
    expect(onSeek).toHaveBeenCalledWith(12.4)
    expect(screen.queryByTestId('judging-jury')).toBeNull()
  })

  it('a decided attempt says whether its decision counts on the global boards; a pending one says nothing of it', () => {
    renderPanel(decided({ verified: true }))
    expect(screen.getByTestId('judging-verified').textContent).toBe(VERIFIED_DECISION)
    expect(screen.getByRole('link', { name: 'How results are verified' }).getAttribute('href')).toBe('/about#verified-results')
    cleanup()
    renderPanel(decided({ verified: false }, 'completed'))
    expect(screen.getByTestId('judging-verified').textContent).toBe('Not verified for global boards')
    expect(UNVERIFIED_DECISION).toBe('Not verified for global boards')
    expect(screen.getByTestId('judging-verified').getAttribute('title')).toContain('certified judging panel')
    cleanup()
    renderPanel(
      lift({
        status: 'pending',
        judging: {
          votes_cast: 1,
          votes_needed: 3,
          decided_by: null,
          decided_at: null,
          lights: [],
          appeal: null,
          appeal_until: null,
          verified: false,
        },
      }),
    )
    expect(screen.queryByTestId('judging-verified')).toBeNull()
  })

  it('says when the jury decided, and the appeal state', () => {
    renderPanel(
      decided(
        {
          decided_by: 'jury',
          appeal: {
            state: 'reversed',
            note: 'It was deep',
            appealed_at: '2026-01-01T11:00:00.000Z',
            reason: 'Depth was fine on the side view',
            decided_at: '2026-01-01T12:00:00.000Z',
          },
          appeal_until: null,
          verified: false,
        },
        'completed',
      ),
    )
    expect(screen.getByTestId('judging-jury').textContent).toBe('Decided by the jury')
    const appeal = screen.getByTestId('judging-appeal')
    expect(appeal.textContent).toContain('the decision was reversed')
    expect(appeal.textContent).toContain('It was deep')
    expect(appeal.textContent).toContain('Depth was fine on the side view')
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull()
  })

  it('only the lifter may appeal, only within the window, only once', () => {
    const attempt = decided()
    expect(canAppeal(attempt, 5)).toBe(true)
    expect(canAppeal(attempt, 6)).toBe(false)
    expect(canAppeal(attempt, null)).toBe(false)
    expect(canAppeal(decided({ appeal_until: new Date(Date.now() - 1000).toISOString() }), 5)).toBe(false)
    expect(canAppeal(decided({ appeal_until: null, verified: false }), 5)).toBe(false)
    expect(
      canAppeal(
        decided({ appeal: { state: 'open', note: 'x', appealed_at: '2026-01-01T11:00:00.000Z', reason: null, decided_at: null } }),
        5,
      ),
    ).toBe(false)
    renderPanel(attempt, 6)
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull()
  })

  it('the lifter appeals with a note; the answer replaces the attempt', async () => {
    const appealed = decided({
      appeal: { state: 'open', note: 'It was deep', appealed_at: '2026-01-01T11:00:00.000Z', reason: null, decided_at: null },
    })
    const api = mockFetch({ 'POST /attempts/42/appeal': { status: 201, body: { attempt: appealed } } })
    localStorage.setItem('auth_token', 'token')
    localStorage.setItem('userId', '5')
    const { onAppealed } = renderPanel(decided(), 5)
    fireEvent.click(screen.getByRole('button', { name: 'Appeal' }))
    const send = screen.getByRole('button', { name: 'Send appeal' }) as HTMLButtonElement
    expect(send.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Why should the jury look again?'), { target: { value: '  It was deep  ' } })
    fireEvent.click(send)
    await vi.waitFor(() => expect(onAppealed).toHaveBeenCalledWith(appealed))
    expect(api.sent('POST', '/attempts/42/appeal')[0]!.body).toEqual({ note: 'It was deep' })
    expect(api.sent('POST', '/attempts/42/appeal')[0]!.headers.Authorization).toBe('Bearer token')
  })

  it("shows the server's error verbatim", async () => {
    mockFetch({ 'POST /attempts/42/appeal': { status: 409, body: { error: 'This decision was already appealed.' } } })
    localStorage.setItem('auth_token', 'token')
    const { onAppealed } = renderPanel(decided(), 5)
    fireEvent.click(screen.getByRole('button', { name: 'Appeal' }))
    fireEvent.change(screen.getByLabelText('Why should the jury look again?'), { target: { value: 'Please' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send appeal' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This decision was already appealed.')
    expect(onAppealed).not.toHaveBeenCalled()
  })
})
