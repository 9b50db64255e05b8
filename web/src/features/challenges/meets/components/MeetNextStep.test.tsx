// The joined lifter's one call to action in a meet (issue 30 item 6): declare (from the rules'
// minimum, in the lift's loading step, a refusal shown as the server wrote it), film the declared
// attempt (linked to the upload page with lift and weight), wait for the judges, or done.
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MeetCard } from '../../../../lib/contract.ts'
import { useSession } from '../../../../stores/session.ts'
import { mockFetch } from '../../../../test/fetch-mock.ts'
import { fakeLiveRoom } from '../../../../test/live-room.ts'
import { card, cardsAnswer, cell, step } from '../api/meet-fixtures.test-util.ts'
import { clockTime, nextStepText } from '../api/meet-words.ts'
import { MeetNextStep, declarableLifts, uploadLink } from './MeetNextStep.tsx'

beforeEach(() => {
  fakeLiveRoom('competition:9')
  useSession.setState({ status: 'authenticated', userId: 5, user: null, error: null })
})
afterEach(() => vi.restoreAllMocks())

const open = (own: MeetCard, extra: Parameters<typeof cardsAnswer>[1] = {}, routes: Parameters<typeof mockFetch>[0] = {}) => {
  const api = mockFetch({ 'GET /competitions/9/cards': { body: cardsAnswer([own, card(6, 'Other', {})], extra) }, ...routes })
  render(
    <MemoryRouter>
      <MeetNextStep challengeId={9} userId={5} />
    </MemoryRouter>,
  )
  return api
}

describe('nextStepText', () => {
  const by = '2026-11-28T18:40:00.000Z'
  it('says each step in one sentence', () => {
    expect(nextStepText(step({ action: 'declare', lift_type: 'squat', attempt_number: 1, minimum: 20 }), 'squat')).toBe(
      'Declare your opener',
    )
    expect(nextStepText(step({ action: 'declare', lift_type: 'bench', attempt_number: 1, minimum: 20 }), 'squat')).toBe(
      'Declare your bench press opener',
    )
    expect(nextStepText(step({ action: 'declare', lift_type: 'squat', attempt_number: 2, minimum: 182.5, declare_by: by }), 'squat')).toBe(
      `Declare your 2nd squat (declare by ${clockTime(by)})`,
    )
    expect(nextStepText(step({ action: 'take', lift_type: 'squat', attempt_number: 2, weight: 182.5, declare_by: by }))).toBe(
      `Film your 2nd squat at 182.5 kg (declare by ${clockTime(by)})`,
    )
    expect(nextStepText(step({ action: 'take', lift_type: 'clean_and_jerk', attempt_number: 1, weight: 120 }))).toBe(
      'Film your 1st clean & jerk at 120 kg',
    )
    expect(nextStepText(step({ action: 'judging', lift_type: 'squat', attempt_number: 3, weight: 190 }))).toBe(
      'Waiting for the judges on your 3rd squat',
    )
    expect(nextStepText(step({ action: 'done' }))).toBe('Your meet is done: every attempt is taken.')
    expect(clockTime(by)).toMatch(/^\d\d:\d\d$/)
  })
})

describe('MeetNextStep', () => {
  it("declares an opener from the minimum in 2.5 kg steps, offering the later lifts' openers too", async () => {
    const api = open(
      card(5, 'Ana', {}, { next: step({ action: 'declare', lift_type: 'squat', attempt_number: 1, minimum: 20 }) }),
      {},
      {
        'POST /competitions/9/declarations': { status: 201, body: { declaration: {} } },
      },
    )
    expect((await screen.findByRole('status')).textContent).toBe('Declare your opener')
    const weight = screen.getByLabelText('Weight (kg)') as HTMLInputElement
    expect([weight.min, weight.step, weight.value]).toEqual(['20', '2.5', '20'])
    expect([...(screen.getByLabelText('Lift') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['squat', 'bench', 'deadlift'])
    fireEvent.change(weight, { target: { value: '140' } })
    fireEvent.click(screen.getByRole('button', { name: 'Declare' }))
    await vi.waitFor(() => expect(api.sent('POST', '/competitions/9/declarations')).toHaveLength(1))
    expect(api.sent('POST', '/competitions/9/declarations')[0]!.body).toEqual({ lift_type: 'squat', weight: 140 })
    // The cards are fetched again: the call to action follows the declaration.
    await vi.waitFor(() => expect(api.sent('GET', '/competitions/9/cards').length).toBeGreaterThanOrEqual(2))
  })

  it("steps 1 kg for the snatch and shows the server's refusal as it is", async () => {
    const refusal = 'Your second snatch must be at least 101 kg: your first, 100 kg, was good.'
    const own = card(5, 'Ana', {}, { next: step({ action: 'declare', lift_type: 'snatch', attempt_number: 2, minimum: 101 }) })
    own.lifts = [{ lift_type: 'snatch', cells: [cell(1, 'good', 100), cell(2, 'empty'), cell(3, 'empty')], best: 100 }]
    open(own, { lifts: ['snatch', 'clean_and_jerk'] }, { 'POST /competitions/9/declarations': { status: 400, body: { error: refusal } } })
    const weight = (await screen.findByLabelText('Weight (kg)')) as HTMLInputElement
    expect([weight.min, weight.step]).toEqual(['101', '1'])
    fireEvent.click(screen.getByRole('button', { name: 'Declare' }))
    expect((await screen.findByRole('alert')).textContent).toBe(refusal)
  })

  it('links a declared attempt to the upload page with lift and weight', async () => {
    open(card(5, 'Ana', {}, { next: step({ action: 'take', lift_type: 'squat', attempt_number: 2, weight: 182.5 }) }))
    const link = await screen.findByRole('link', { name: 'Film your 2nd squat at 182.5 kg' })
    expect(link.getAttribute('href')).toBe('/challenges/9/upload?lift=squat&weight=182.5')
    expect(screen.queryByRole('form')).toBeNull()
    expect(uploadLink(3, 'clean_and_jerk', 120)).toBe('/challenges/3/upload?lift=clean_and_jerk&weight=120')
  })

  it("shows the attempt code of the declared attempt to film, from the lifter's own declarations", async () => {
    const mine = { competition_id: 9, user_id: 5, weight: 182.5, automatic: false, declared_at: '2026-11-28T09:00:00.000Z' }
    open(
      card(5, 'Ana', {}, { next: step({ action: 'take', lift_type: 'squat', attempt_number: 2, weight: 182.5 }) }),
      {},
      {
        'GET /competitions/9/declarations/mine': {
          body: {
            declarations: [
              { ...mine, lift_type: 'squat', attempt_number: 1, code: 'AAAA' },
              { ...mine, lift_type: 'squat', attempt_number: 2, code: 'K3PX' },
            ],
          },
        },
      },
    )
    expect((await screen.findByTestId('attempt-code')).textContent).toBe(
      'Show this code to the camera at the start of your take (on paper or a phone): K3PX',
    )
  })

  it('waits for the judges, or is done, without a form', async () => {
    open(card(5, 'Ana', {}, { next: step({ action: 'judging', lift_type: 'squat', attempt_number: 3, weight: 190 }) }))
    expect((await screen.findByRole('status')).textContent).toBe('Waiting for the judges on your 3rd squat')
    expect(screen.queryByLabelText('Weight (kg)')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('shows nothing for a user without a card', async () => {
    const api = open(card(7, 'Someone else', {}))
    await vi.waitFor(() => expect(api.sent('GET', '/competitions/9/cards')).toHaveLength(1))
    expect(screen.queryByTestId('meet-next-step')).toBeNull()
  })

  it('offers the next lift and the openers of lifts not started', () => {
    const own = card(
      5,
      'Ana',
      {
        squat: [cell(1, 'good', 100), cell(2, 'empty'), cell(3, 'empty')],
        bench: [cell(1, 'declared', 60), cell(2, 'empty'), cell(3, 'empty')],
      },
      { next: step({ action: 'declare', lift_type: 'squat', attempt_number: 2, minimum: 102.5 }) },
    )
    expect(declarableLifts(own)).toEqual(['squat', 'bench', 'deadlift'])
  })
})
