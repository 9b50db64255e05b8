// The classic scoreboard (docs/meet-rules.md 'The cards'): each state's cell as meet boards draw it,
// bests, total or "Bombed out", places and groups as the answer gives them, "Next up", and a
// declaration or a decision on the room refetching the cards without reload.
import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../../../../test/fetch-mock.ts'
import { fakeLiveRoom } from '../../../../test/live-room.ts'
import { card, cardsAnswer, cell } from '../api/meet-fixtures.test-util.ts'
import { MeetScoreboard, meetGroups } from './MeetScoreboard.tsx'

let live: ReturnType<typeof fakeLiveRoom>
beforeEach(() => {
  live = fakeLiveRoom('competition:9')
})
afterEach(() => vi.restoreAllMocks())

const ana = card(
  5,
  'Ana Lifter',
  {
    squat: [cell(1, 'good', 180), cell(2, 'no_lift', 187.5), cell(3, 'pending', 187.5, { votes_cast: 1, votes_needed: 3, attempt_id: 77 })],
  },
  { total: null, place: 1 },
)
const bo = card(
  6,
  'Bo Bomb',
  {
    squat: [cell(1, 'no_lift', 200), cell(2, 'no_lift', 200), cell(3, 'no_lift', 200)],
    bench: [cell(1, 'declared', 120, { automatic: true }), cell(2, 'empty'), cell(3, 'not_taken')],
  },
  { bombed_out: true, weight_class: '105kg' },
)
const cy = card(
  7,
  'Cy Total',
  {
    squat: [cell(1, 'good', 150), cell(2, 'good', 160), cell(3, 'good', 165)],
    bench: [cell(1, 'good', 100), cell(2, 'good', 105), cell(3, 'no_lift', 110)],
    deadlift: [cell(1, 'good', 200), cell(2, 'declared', 210), cell(3, 'empty')],
  },
  { total: 470, points: 301.25, place: 1, weight_class: '105kg' },
)

describe('MeetScoreboard', () => {
  it('draws each cell by its state, the bests, total or Bombed out, and places', async () => {
    mockFetch({ 'GET /competitions/9/cards': { body: cardsAnswer([ana, cy, bo]), headers: { 'x-live-seq': '4' } } })
    render(<MeetScoreboard challenge={{ id: 9, ranking: 'class' }} highlightUserId={5} />)
    const anaCard = await screen.findByRole('article', { name: 'Ana Lifter' })
    const squat = anaCard.querySelector('[data-lift="squat"]')!
    expect([...squat.querySelectorAll('.meet-cell')].map((c) => c.getAttribute('data-state'))).toEqual(['good', 'no_lift', 'pending'])
    expect(within(anaCard).getByRole('img', { name: '2nd squat: 187.5 kg, no lift' }).textContent).toBe('187.5')
    // Pending: grey, with its votes.
    expect(within(anaCard).getByRole('img', { name: '3rd squat: 187.5 kg, with the judges, 1 of 3 votes' }).textContent).toBe('187.51/3')
    expect(within(anaCard).getByLabelText('Best 180 kg')).toBeTruthy()
    expect(anaCard.className).toContain('meet-card--own')

    const boCard = screen.getByRole('article', { name: 'Bo Bomb' })
    expect(within(boCard).getByTestId('meet-total').textContent).toBe('Bombed out')
    expect(within(boCard).getByRole('img', { name: '1st bench press: 120 kg declared by the rulebook' })).toBeTruthy()
    expect(within(boCard).getByRole('img', { name: '3rd bench press: not taken' }).getAttribute('data-state')).toBe('not_taken')
    expect(within(boCard).getByLabelText('No place')).toBeTruthy()

    const cyCard = screen.getByRole('article', { name: 'Cy Total' })
    expect(within(cyCard).getByTestId('meet-total').textContent).toBe('Total 470 kg')
    expect(within(cyCard).getByLabelText('Place 1')).toBeTruthy()
    expect(cyCard.textContent).toContain('301.25')
    // Grouped by class in the classes' order, in the answer's order within each.
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Ana Lifter', 'Cy Total', 'Bo Bomb'])
    expect(screen.getByRole('region', { name: '105kg' })).toBeTruthy()
  })

  it('lists next up from the answer', async () => {
    mockFetch({
      'GET /competitions/9/cards': {
        body: cardsAnswer([ana], {
          next_up: [
            {
              user_id: 5,
              name: 'Ana Lifter',
              lot: 5,
              lift_type: 'squat',
              attempt_number: 3,
              weight: 187.5,
              state: 'pending',
              attempt_id: 77,
            },
            {
              user_id: 7,
              name: 'Cy Total',
              lot: 7,
              lift_type: 'deadlift',
              attempt_number: 2,
              weight: 210,
              state: 'declared',
              attempt_id: null,
            },
          ],
        }),
      },
    })
    render(<MeetScoreboard challenge={{ id: 9, ranking: 'class' }} />)
    const list = await screen.findByRole('list', { name: 'Next up' })
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Ana Lifter3rd squat · 187.5 kgwith the judges',
      'Cy Total2nd deadlift · 210 kgto film',
    ])
  })

  it('refetches the cards when the room announces a declaration, and again for a decision', async () => {
    const answers = [
      cardsAnswer([card(5, 'Ana Lifter', { squat: [cell(1, 'good', 180), cell(2, 'empty'), cell(3, 'empty')] })]),
      cardsAnswer([card(5, 'Ana Lifter', { squat: [cell(1, 'good', 180), cell(2, 'declared', 185), cell(3, 'empty')] })]),
      cardsAnswer([card(5, 'Ana Lifter', { squat: [cell(1, 'good', 180), cell(2, 'good', 185), cell(3, 'empty')] })]),
    ]
    let served = 0
    const api = mockFetch({
      'GET /competitions/9/cards': () => ({ body: answers[Math.min(served++, 2)], headers: { 'x-live-seq': String(served) } }),
    })
    render(<MeetScoreboard challenge={{ id: 9, ranking: 'class' }} />)
    const second = async () =>
      (await screen.findByRole('article', { name: 'Ana Lifter' })).querySelectorAll('[data-lift="squat"] .meet-cell')[1]!
    expect((await second()).getAttribute('data-state')).toBe('empty')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    live.event({
      seq: 2,
      type: 'attempt.declared',
      data: {
        competition_id: 9,
        declaration: {
          competition_id: 9,
          user_id: 5,
          lift_type: 'squat',
          attempt_number: 2,
          weight: 185,
          automatic: false,
          declared_at: '',
        },
      },
    })
    await vi.waitFor(async () => expect((await second()).getAttribute('data-state')).toBe('declared'))
    live.event({ seq: 3, type: 'attempt.judged', data: {} } as never)
    await vi.waitFor(async () => expect((await second()).getAttribute('data-state')).toBe('good'))
    expect(api.sent('GET', '/competitions/9/cards')).toHaveLength(3)
  })

  it('groups overall when ranked by a formula', () => {
    expect(meetGroups([ana, bo, cy], 'dots')).toEqual([{ weightClass: null, cards: [ana, bo, cy] }])
  })
})
