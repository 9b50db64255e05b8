// The competition history: place (read per challenge from the participant entry), status and total
// for each challenge, labelled cell by cell so a phone can show each row as a card.
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ProfileResponse } from '../../../lib/contract.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { participant } from '../../../test/fixtures.ts'
import { getHistoryPlaces } from '../api/history-places.ts'
import { ProfileHistory } from './ProfileHistory.tsx'

afterEach(() => vi.unstubAllGlobals())

const history: ProfileResponse['competitions'] = [
  { id: 7, name: 'Oslo Open', start_date: '2026-01-01T00:00:00.000Z', weight_class: '83kg', status: 'ongoing', total_weight: 500 },
  { id: 8, name: 'Bergen Cup', start_date: '2026-02-01T00:00:00.000Z', weight_class: '93kg', status: 'upcoming', total_weight: 0 },
  { id: 9, name: 'Gone Meet', start_date: '2026-03-01T00:00:00.000Z', weight_class: '93kg', status: 'completed', total_weight: 0 },
]

describe('ProfileHistory', () => {
  it('shows each challenge with its place, status and total, every cell labelled for the phone card', () => {
    render(
      <MemoryRouter>
        <ProfileHistory challenges={history} places={{ 7: 14, 8: null, 9: 2 }} />
      </MemoryRouter>,
    )
    const rows = screen.getAllByTestId('history-row')
    expect(rows).toHaveLength(3)
    const first = within(rows[0]!)
    expect(first.getByRole('link', { name: 'Oslo Open' }).getAttribute('href')).toBe('/challenges/7')
    expect(first.getByTestId('history-place').textContent).toBe('#14')
    expect(first.getByTestId('history-status').textContent).toBe('Ongoing')
    expect(first.getByTestId('history-total').textContent).toBe('500 kg')
    expect(within(rows[1]!).getByTestId('history-place').textContent).toBe('—')
    expect(within(rows[2]!).getByTestId('history-place').textContent).toBe('#2')
    expect([...rows[0]!.querySelectorAll('td[data-label]')].map((td) => td.getAttribute('data-label'))).toEqual([
      'Date',
      'Class',
      'Place',
      'Status',
      'Total',
    ])
  })

  it("shows '—' as the total until a good lift counts (an upcoming challenge, none made, or none sent)", () => {
    const noTotal = { ...history[0]!, id: 10, name: 'Old Row', total_weight: null as unknown as number }
    render(
      <MemoryRouter>
        <ProfileHistory challenges={[...history, noTotal]} places={{ 7: 14, 8: null, 9: 2, 10: null }} />
      </MemoryRouter>,
    )
    const totals = screen.getAllByTestId('history-total').map((td) => td.textContent)
    expect(totals).toEqual(['500 kg', '—', '—', '—'])
  })

  it('shows the places as loading until they come, and the empty state without challenges', () => {
    const { unmount } = render(
      <MemoryRouter>
        <ProfileHistory challenges={history.slice(0, 1)} places={undefined} />
      </MemoryRouter>,
    )
    expect(screen.getByTestId('history-place').textContent).toBe('…')
    unmount()
    render(
      <MemoryRouter>
        <ProfileHistory challenges={[]} places={undefined} />
      </MemoryRouter>,
    )
    expect(screen.getByText('No competitions yet')).toBeTruthy()
  })

  it("reads each place from the lifter's entry in that challenge; one that fails or is gone has none", async () => {
    const api = mockFetch({
      'GET /competitions/7/participants/5': { body: { participant: participant({ user_id: 5, place: 3 }) } },
      'GET /competitions/8/participants/5': { status: 404, body: { error: 'This lifter has not joined this challenge.' } },
      'GET /competitions/9/participants/5': { status: 400, body: { error: 'Bad' } },
    })
    expect(await getHistoryPlaces(5, [7, 8, 9])).toEqual({ 7: 3, 8: null, 9: null })
    expect(api.calls.map((c) => c.path)).toEqual([
      '/competitions/7/participants/5',
      '/competitions/8/participants/5',
      '/competitions/9/participants/5',
    ])
  })
})
