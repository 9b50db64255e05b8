// The challenge page's top 5 by its ranking: per weight class (buttons, the signed-in lifter's class
// first) or overall by points; places as given, bests of the total's lifts, '—' without a total. The
// summary holds only each group's top: the rest are counted from its counts.
import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { challenge, lift, participant, summary } from '../../../test/fixtures.ts'
import { TopParticipants } from './TopParticipants.tsx'

type Summary = ReturnType<typeof summary>
const show = (
  shown: Partial<Summary>,
  scoring: Parameters<typeof challenge>[0],
  me: { userId: number; weightClass: string } | null = null,
) =>
  render(
    <MemoryRouter>
      <TopParticipants
        summary={summary(shown)}
        challenge={challenge(scoring)}
        highlightUserId={me?.userId ?? null}
        ownClass={me?.weightClass}
      />
    </MemoryRouter>,
  )
const rows = () =>
  within(screen.getByRole('list', { name: 'Top participants' }))
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('top-list__item'))
const who = () => rows().map((li) => li.querySelector('.top-list__who > a')!.textContent)

describe('TopParticipants', () => {
  // Seven 74kg lifters and two 93kg ones: the summary holds the first 5 of each class.
  const heavy = [
    participant({ id: 20, user_id: 20, name: 'Heavy One', weight_class: '93kg', total: 700, total_weight: 700, points: 455.5, place: 1 }),
    participant({ id: 21, user_id: 21, name: 'Heavy Zero', weight_class: '93kg', place: null }),
  ]
  const light = Array.from({ length: 5 }, (_, i) =>
    participant({
      id: i + 1,
      user_id: i + 1,
      name: `Light ${i + 1}`,
      weight_class: '74kg',
      total: 500 - i,
      total_weight: 500 - i,
      place: i + 1,
    }),
  )
  const byClass: Partial<Summary> = { top: [...light, ...heavy], count: 9, class_counts: { '74kg': 7, '93kg': 2 } }

  it('by class: the first class by default, 5 shown and the rest counted in that class; buttons switch class', () => {
    show(byClass, { ranking: 'class', points_formula: 'dots' })
    expect(who()).toEqual(['Light 1', 'Light 2', 'Light 3', 'Light 4', 'Light 5'])
    expect(screen.getByText('And 2 more participants...')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '93kg' }))
    expect(screen.getByRole('button', { name: '93kg' }).getAttribute('aria-pressed')).toBe('true')
    expect(who()).toEqual(['Heavy One', 'Heavy Zero'])
    expect(screen.getAllByTestId('participant-place').map((el) => el.textContent)).toEqual(['1', '—'])
    expect(screen.getAllByTestId('participant-total').map((el) => el.textContent)).toEqual(['700 kg', '—'])
    expect(screen.getAllByTestId('participant-points')[0]!.textContent).toBe('455.50 DOTS')
    expect(screen.queryByText(/more participants/)).toBeNull()
  })

  it("'And N more participants...' links to the whole list; a class all shown links to all of them", () => {
    show(byClass, { id: 7, ranking: 'class' })
    expect(screen.getByRole('link', { name: 'And 2 more participants...' }).getAttribute('href')).toBe('/challenges/7/participants')
    fireEvent.click(screen.getByRole('button', { name: '93kg' }))
    expect(screen.getByRole('link', { name: 'All 9 participants' }).getAttribute('href')).toBe('/challenges/7/participants')
  })

  it("by class: opens on the signed-in lifter's class", () => {
    show(byClass, { ranking: 'class' }, { userId: 21, weightClass: '93kg' })
    expect(who()).toEqual(['Heavy One', 'Heavy Zero'])
  })

  it("by class: opens on the signed-in lifter's class when they are not in its top, and counts the rest of it", () => {
    show(
      { top: [...light, ...heavy], count: 15, class_counts: { '74kg': 7, '93kg': 8 } },
      { ranking: 'class' },
      { userId: 99, weightClass: '93kg' },
    )
    expect(screen.getByRole('button', { name: '93kg' }).getAttribute('aria-pressed')).toBe('true')
    expect(who()).toEqual(['Heavy One', 'Heavy Zero'])
    expect(screen.getByText('And 6 more participants...')).toBeTruthy()
  })

  it('by a formula: the overall top 5 in the order given, no class buttons', () => {
    const top = [...light, ...heavy]
      .map((p, i) => ({ ...p, place: i + 3 }))
      .reverse()
      .slice(0, 5)
    show({ top, count: 9, class_counts: { '74kg': 7, '93kg': 2 } }, { ranking: 'wilks', points_formula: 'wilks' })
    expect(screen.queryByRole('group', { name: 'Weight class' })).toBeNull()
    expect(who()).toEqual(['Heavy Zero', 'Heavy One', 'Light 5', 'Light 4', 'Light 3'])
    expect(screen.getAllByTestId('participant-place').map((el) => el.textContent)).toEqual(['9', '8', '7', '6', '5'])
    expect(screen.getByText('And 4 more participants...')).toBeTruthy()
    expect(screen.getAllByTestId('participant-points')[0]!.textContent).toBe('— Wilks')
  })

  it('weightlifting: attempt chips snatch first, bests of snatch and clean & jerk; no points without a formula', () => {
    const p = participant({
      best_snatch: 120,
      best_clean_and_jerk: 150,
      total: 270,
      total_weight: 270,
      place: 1,
      attempts: [
        lift({ id: 1, lift_type: 'clean_and_jerk', weight: 150, created_at: '2026-01-01T09:00:00.000Z' }),
        lift({ id: 2, lift_type: 'snatch', weight: 120, created_at: '2026-01-01T10:00:00.000Z' }),
      ],
    })
    show(
      { top: [p], count: 1, class_counts: { '74kg': 1 } },
      { sport: 'weightlifting', total_lifts: ['snatch', 'clean_and_jerk'], ranking: 'class', points_formula: null },
    )
    const chips = within(screen.getByRole('list', { name: 'Attempts of Anna Novak' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(chips).toEqual(['S 120', 'C 150'])
    expect(screen.getByTestId('participant-bests').textContent).toBe('Sn 120 · C&J 150')
    expect(screen.getByTestId('participant-total').textContent).toBe('270 kg')
    expect(screen.queryByTestId('participant-points')).toBeNull()
  })

  it('says so when nobody has joined', () => {
    show({}, {})
    expect(screen.getByText('No participants yet. Be the first to join!')).toBeTruthy()
  })
})
