// The meet's projector board: one row per lifter with every lift's three cells and best, total or
// "Bombed out", points, in the answer's order; "Next up" along the foot; pages of what fits.
import { act, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../../../../test/fetch-mock.ts'
import { fakeLiveRoom } from '../../../../test/live-room.ts'
import { meetPages } from '../api/meet-board-pages.ts'
import { card, cardsAnswer, cell } from '../api/meet-fixtures.test-util.ts'
import { addChallengeRecord } from '../../api/challenge-records.ts'
import { MEET_PAGE_MS, MeetProjectorBoard } from './MeetProjectorBoard.tsx'

beforeEach(() => {
  fakeLiveRoom('competition:9')
})
afterEach(() => vi.restoreAllMocks())

const cy = card(
  7,
  'Cy Total',
  {
    squat: [cell(1, 'good', 150), cell(2, 'good', 160), cell(3, 'good', 165)],
    bench: [cell(1, 'good', 100), cell(2, 'good', 105), cell(3, 'no_lift', 110)],
    deadlift: [cell(1, 'good', 200), cell(2, 'pending', 210, { votes_cast: 2, votes_needed: 3 }), cell(3, 'empty')],
  },
  { total: 465, points: 301.25, place: 1 },
)
const bo = card(6, 'Bo Bomb', { squat: [cell(1, 'no_lift', 200), cell(2, 'no_lift', 200), cell(3, 'no_lift', 200)] }, { bombed_out: true })

describe('MeetProjectorBoard', () => {
  it("shows each lifter's cells, bests, total or Bombed out and points, and next up", async () => {
    mockFetch({
      'GET /competitions/9/cards': {
        body: cardsAnswer([cy, bo], {
          next_up: [
            {
              user_id: 7,
              name: 'Cy Total',
              lot: 7,
              lift_type: 'deadlift',
              attempt_number: 2,
              weight: 210,
              state: 'pending',
              attempt_id: 3,
            },
          ],
        }),
      },
    })
    render(<MeetProjectorBoard challenge={{ id: 9, name: 'Meet', ranking: 'class', points_formula: 'dots' }} />)
    const rows = await screen.findAllByRole('row')
    const cyRow = rows.find((r) => r.getAttribute('data-user-id') === '7')!
    expect([...cyRow.querySelectorAll('.meet-cell')].map((c) => c.getAttribute('data-state'))).toEqual([
      'good',
      'good',
      'good',
      'good',
      'good',
      'no_lift',
      'good',
      'pending',
      'empty',
    ])
    expect(within(cyRow).getByRole('img', { name: '2nd deadlift: 210 kg, with the judges, 2 of 3 votes' }).textContent).toBe('2102/3')
    expect(cyRow.querySelector('.meet-board-table__total')!.textContent).toBe('465')
    expect(cyRow.textContent).toContain('301.25')
    const boRow = rows.find((r) => r.getAttribute('data-user-id') === '6')!
    expect(boRow.querySelector('.meet-board-table__total')!.textContent).toBe('Bombed out')
    expect(screen.getByRole('contentinfo', { name: 'Next up' }).textContent).toContain('Cy Total 2nd deadlift 210 kg · judging')
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '#',
      'Lifter',
      'Squat',
      'Bench',
      'Deadlift',
      'Total',
      'DOTS',
      '1',
      '2',
      '3',
      'Best',
      '1',
      '2',
      '3',
      'Best',
      '1',
      '2',
      '3',
      'Best',
    ])
  })

  it('pages groups by what fits, continuing a group on the next page', () => {
    const many = Array.from({ length: 5 }, (_, i) => card(i + 1, `L${i + 1}`, {}))
    const pages = meetPages(
      [
        { weightClass: '93kg', cards: many.slice(0, 3) },
        { weightClass: '105kg', cards: many.slice(3) },
      ],
      4,
      1,
    )
    expect(pages.map((p) => p.map((s) => `${s.weightClass}${s.continued ? '+' : ''}:${s.cards.map((c) => c.name).join(',')}`))).toEqual([
      ['93kg:L1,L2,L3'],
      ['105kg:L4,L5'],
    ])
    expect(meetPages([{ weightClass: null, cards: many }], 2, 0).length).toBe(3)
  })

  it('edges a record attempt in gold, says so in Next up, and highlights a record set live', async () => {
    const mark = {
      records: [
        {
          sport: 'powerlifting' as const,
          sex: 'M' as const,
          class_set: 'spec' as const,
          weight_class: '83kg',
          division: 'open',
          equipment: 'classic' as const,
          lift: 'squat' as const,
          record: 200,
          weight: 202.5,
        },
      ],
    }
    const ada = card(8, 'Ada Record', { squat: [cell(1, 'declared', 202.5, { record_attempt: mark }), cell(2, 'empty'), cell(3, 'empty')] })
    mockFetch({
      'GET /competitions/9/cards': {
        body: cardsAnswer([ada], {
          next_up: [
            {
              user_id: 8,
              name: 'Ada Record',
              lot: 1,
              lift_type: 'squat',
              attempt_number: 1,
              weight: 202.5,
              state: 'declared',
              attempt_id: null,
              record_attempt: mark,
            },
          ],
        }),
      },
      'GET /competitions/9/records': { body: { records: [] } },
    })
    render(<MeetProjectorBoard challenge={{ id: 9, name: 'Meet', ranking: 'class', points_formula: 'dots' }} />)
    const marked = await screen.findByRole('img', {
      name: '1st squat: 202.5 kg declared, record attempt (squat record 200 kg (open 83kg))',
    })
    expect(marked.getAttribute('data-record-attempt')).toBe('true')
    expect(marked.textContent).toContain('REC')
    expect(screen.getByRole('contentinfo', { name: 'Next up' }).textContent).toContain('Ada Record 1st squat 202.5 kg · Record attempt')
    await vi.waitFor(() => expect(screen.queryByTestId('record-highlight')).toBeNull())
    // The room's record.set adds the record: the banner names it.
    await new Promise((r) => setTimeout(r, 50))
    act(() =>
      addChallengeRecord(9, {
        ...mark.records[0]!,
        weight: 202.5,
        previous: 200,
        user_id: 8,
        name: 'Ada Record',
        country: null,
        competition_id: 9,
        competition_name: 'Meet',
        location: 'Hall',
        attempt_id: 31,
        set_at: '2026-11-28T12:00:00Z',
      }),
    )
    expect((await screen.findByTestId('record-highlight')).textContent).toBe(
      'New recordAda Record: 202.5 kg squat (men 83kg, open), was 200 kg',
    )
  })

  it('a meet with teams ends each round of pages with the team standings', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      mockFetch({
        'GET /competitions/9/cards': { body: cardsAnswer([cy]) },
        'GET /competitions/9/records': { body: { records: [] } },
        'GET /competitions/9/teams': {
          body: {
            teams: [
              {
                place: 1,
                team: 'Iron Club',
                points: 12,
                men_points: 12,
                women_points: 0,
                members: [{ user_id: 7, name: 'Cy Total', sex: 'M', weight_class: '83kg', class_place: 1, points: 12, counted: true }],
              },
            ],
          },
        },
      })
      render(<MeetProjectorBoard challenge={{ id: 9, name: 'Meet', ranking: 'class', points_formula: 'dots' }} />)
      expect((await screen.findByTestId('board-page')).textContent).toBe('Page 1 of 2')
      expect(screen.queryByRole('region', { name: 'Team standings' })).toBeNull()
      act(() => vi.advanceTimersByTime(MEET_PAGE_MS))
      const teams = await screen.findByRole('region', { name: 'Team standings' })
      expect(within(teams).getByRole('cell', { name: 'Iron Club' })).toBeTruthy()
      expect(screen.getByTestId('board-page').textContent).toBe('Page 2 of 2')
    } finally {
      vi.useRealTimers()
    }
  })
})
