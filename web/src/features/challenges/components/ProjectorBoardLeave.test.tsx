// The projector board follows a leave ('participant.left'): the lifter's row goes, the others are
// placed again, and the count in the header drops, without a refetch.
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveEvent, Participant } from '../../../lib/contract.ts'
import { rankParticipants } from '../../../lib/contract.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { challenge, participant } from '../../../test/fixtures.ts'
import { fakeLiveRoom } from '../../../test/live-room.ts'
import { ProjectorBoardPage } from './ProjectorBoardPage.tsx'

let live: ReturnType<typeof fakeLiveRoom>
beforeEach(() => {
  live = fakeLiveRoom('competition:41')
})
afterEach(() => vi.restoreAllMocks())

const bodyRows = () => screen.getAllByRole('row').filter((r) => r.closest('tbody'))
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)

describe('projector board, a lifter leaves', () => {
  it('drops their row, places the others again and lowers the count, with no request', async () => {
    const participants: Participant[] = rankParticipants(
      [300, 290, 280].map((total, i) =>
        participant({
          id: i + 1,
          user_id: i + 1,
          competition_id: 41,
          name: `Lifter ${i + 1}`,
          weight_class: '83kg',
          best_squat: total,
          total,
          total_weight: total,
          joined_at: `2026-01-01T09:0${i}:00.000Z`,
        }),
      ),
      { ranking: 'class', total_lifts: ['squat'] },
    )
    const api = mockFetch({
      'GET /competitions/41': {
        body: { competition: challenge({ id: 41, name: 'Hall Open', participants: 3, sport: 'single_lift', total_lifts: ['squat'] }) },
      },
      'GET /competitions/41/participants': { body: { participants }, headers: { 'x-live-seq': '4' } },
      'GET /competitions/41/lifts': { body: { lifts: [] } },
      'GET /network': { body: { follow_urls: [] } },
    })
    render(
      <MemoryRouter initialEntries={['/challenges/41/live']}>
        <Routes>
          <Route path="/challenges/:id/live" element={<ProjectorBoardPage />} />
        </Routes>
      </MemoryRouter>,
    )
    await screen.findByText('Lifter 1')
    expect(bodyRows().map((r) => cells(r).slice(0, 2))).toEqual(
      [
        ['1', 'Lifter 1'],
        ['2', 'Lifter 2'],
        ['3', 'Lifter 3'],
      ].map(([p, n]) => [p, expect.stringContaining(n!)]),
    )
    expect(screen.getByTestId('board-count').textContent).toBe('3')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull()) // the board follows the room once its seq is known
    const requests = api.calls.length

    live.event({
      type: 'participant.left',
      seq: 5,
      data: { competition_id: 41, participant_id: 1, user_id: 1, weight_class: '83kg', participants: 2 },
    } as Omit<LiveEvent, 'room' | 'at'>)
    expect(screen.queryByText('Lifter 1')).toBeNull()
    expect(bodyRows().map((r) => cells(r).slice(0, 2))).toEqual(
      [
        ['1', 'Lifter 2'],
        ['2', 'Lifter 3'],
      ].map(([p, n]) => [p, expect.stringContaining(n!)]),
    )
    expect(screen.getByTestId('board-count').textContent).toBe('2')
    expect(api.calls.length).toBe(requests)
  })
})
