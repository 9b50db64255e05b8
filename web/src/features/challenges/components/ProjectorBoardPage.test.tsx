// The projector board in jsdom: pages turn every 10 s and wrap around, attempts awaiting judges are
// marked and not ranked, an attempt.judged event shows the lights for 5 s and then the page with that
// lifter highlighted with their rank, attempt.voted counts up, and the QR code carries the follow URL.
import { act, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lift, LiveEvent, Participant } from '../../../lib/contract.ts'
import { rankParticipants } from '../../../lib/contract.ts'
import { useLive } from '../../../stores/live.ts'
import type { RoomWatcher } from '../../../stores/live.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { competition, lift, participant } from '../../../test/fixtures.ts'
import { LIGHTS_MS, PAGE_MS, ProjectorBoardPage } from './ProjectorBoardPage.tsx'

let watcher: RoomWatcher | null = null
beforeEach(() => {
  watcher = null
  useLive.setState({
    status: 'connected',
    watch: (_room, w) => {
      watcher = w
      return () => { if (watcher === w) watcher = null }
    },
  })
})
afterEach(() => vi.restoreAllMocks())

/** A lifter's standing before any good lift. */
const standing = { best_squat: 0, best_bench: 0, best_deadlift: 0, best_snatch: 0, best_clean_and_jerk: 0, total: null, total_weight: 0, points: null }
const pendingJudging = (cast: number): Lift['judging'] => ({ votes_cast: cast, votes_needed: 3, decided_by: null, decided_at: null, lights: [], appeal: null, appeal_until: null })

function seed(id: number, n: number) {
  const participants: Participant[] = rankParticipants(Array.from({ length: n }, (_, i) => participant({
    id: i + 1, user_id: i + 1, competition_id: id, name: `Lifter ${i + 1}`, weight_class: '83kg', best_squat: 300 - i, total: 300 - i, total_weight: 300 - i,
    joined_at: `2026-01-01T09:${String(i).padStart(2, '0')}:00.000Z`,
  })), { ranking: 'class', total_lifts: ['squat'] })
  // The last lifter's squat awaits judges: 1 of 3 votes.
  const pending = lift({ id: 500, competition_id: id, participant_id: n, user_id: n, participant_name: `Lifter ${n}`, weight: 400, status: 'pending', judging: pendingJudging(1), created_at: '2026-01-01T11:00:00.000Z' })
  participants[n - 1] = { ...participants[n - 1]!, attempts: [pending] }
  mockFetch({
    [`GET /competitions/${id}`]: { body: { competition: competition({ id, name: 'Hall Open', participants: n, sport: 'single_lift', total_lifts: ['squat'] }) } },
    [`GET /competitions/${id}/participants`]: { body: { participants }, headers: { 'x-live-seq': '4' } },
    [`GET /competitions/${id}/lifts`]: { body: { lifts: [pending] } },
    'GET /network': { body: { follow_urls: ['http://192.168.1.23:3000'] } },
  })
  return { pending }
}

const renderBoard = (id: number) => render(
  <MemoryRouter initialEntries={[`/challenges/${id}/live`]}>
    <Routes><Route path="/challenges/:id/live" element={<ProjectorBoardPage />} /></Routes>
  </MemoryRouter>,
)
const event = (e: Omit<LiveEvent, 'room' | 'at'>) => act(() => watcher!.apply({ ...e, room: 'competition:1', at: '' } as LiveEvent))

describe('projector board', () => {
  it('pages through every lifter (8 rows under the header here), 10 s a page, round and round', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    seed(31, 20)
    renderBoard(31)
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy()
    expect(screen.getAllByRole('row').filter((r) => r.closest('tbody'))).toHaveLength(8)
    await act(async () => {}) // the page timer starts once the effects have run
    await act(async () => { vi.advanceTimersByTime(PAGE_MS) })
    expect(screen.getByTestId('board-page').textContent).toBe('Page 2 of 3')
    expect(screen.getByText('Lifter 9')).toBeTruthy()
    expect(screen.queryByText('Lifter 8')).toBeNull()
    await act(async () => { vi.advanceTimersByTime(PAGE_MS) })
    expect(screen.getByTestId('board-page').textContent).toBe('Page 3 of 3')
    expect(screen.getAllByRole('row').filter((r) => r.closest('tbody'))).toHaveLength(4)
    await act(async () => { vi.advanceTimersByTime(PAGE_MS) })
    expect(screen.getByTestId('board-page').textContent).toBe('Page 1 of 3')
  })

  it('marks the attempt awaiting judges without ranking it, counts votes live, and shows the QR of the follow URL', async () => {
    const { pending } = seed(32, 3)
    renderBoard(32)
    const row = await vi.waitFor(() => screen.getAllByText('Lifter 3').map((el) => el.closest('tr')).find(Boolean)!)
    expect(row.querySelector('.board__pending')!.textContent).toBe('Awaiting judges')
    expect(row.querySelector('.board__total')!.textContent).toBe('298')
    expect(screen.getByTestId('board-latest').textContent).toContain('Awaiting judges · 1 of 3 votes')
    await vi.waitFor(() => expect(screen.getByTestId('board-url').textContent).toBe('192.168.1.23:3000/challenges/32'))
    expect(screen.getByRole('img', { name: 'QR code of http://192.168.1.23:3000/challenges/32' }).querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    await vi.waitFor(() => expect(watcher).not.toBeNull())
    event({ seq: 5, type: 'attempt.voted', data: { competition_id: 32, attempt_id: pending.id, votes_cast: 2, votes_needed: 3 } })
    expect(screen.getByTestId('board-latest').textContent).toContain('Awaiting judges · 2 of 3 votes')
  })

  it('a decision shows three lights with their cards for 5 s, then the page with that lifter, highlighted with their rank', async () => {
    const { pending } = seed(33, 20)
    renderBoard(33)
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy()
    expect(screen.queryByRole('cell', { name: /Lifter 20/ })).toBeNull()
    vi.useFakeTimers()
    const light = (good: boolean, card: 'red' | 'blue' | null, label: string | null) => ({ judge: `Judge ${good ? 2 : card === 'red' ? 1 : 3}`, good, card, reason: label && 'x', reason_label: label, at_seconds: null, note: null })
    const judged: Lift = {
      ...pending, status: 'completed',
      judging: { ...pending.judging, votes_cast: 3, decided_by: 'panel', decided_at: '2026-01-01T11:05:00.000Z', lights: [light(false, 'red', 'Not deep enough'), light(true, null, null), light(true, null, null)] },
    }
    event({ seq: 5, type: 'attempt.judged', data: { competition_id: 33, attempt: judged, standing: { ...standing, best_squat: 400, total: 400, total_weight: 400 } } })
    const lights = screen.getByTestId('board-lights')
    expect(lights.textContent).toContain('Lifter 20')
    expect(lights.textContent).toContain('Squat 400 kg')
    expect(lights.textContent).toContain('Good lift')
    expect(lights.textContent).toContain('Not deep enough')
    expect(lights.querySelectorAll('.board-light--white')).toHaveLength(2)
    expect(lights.querySelectorAll('.board-light--red')).toHaveLength(1)
    expect(lights.querySelectorAll('.board-card--red')).toHaveLength(1)
    // The page does not turn under the lights.
    await act(async () => { vi.advanceTimersByTime(LIGHTS_MS - 100) })
    expect(screen.getByTestId('board-lights')).toBeTruthy()
    expect(screen.getByTestId('board-page').textContent).toBe('Page 1 of 3')
    await act(async () => { vi.advanceTimersByTime(200) })
    expect(screen.queryByTestId('board-lights')).toBeNull()
    // Its 400 kg squat now counts: first place, on page 1, highlighted, with its rank.
    const row = screen.getAllByText('Lifter 20').map((el) => el.closest('tr')).find(Boolean)!
    expect(row.className).toContain('board__row--decided')
    expect(row.querySelector('.board__rank')!.textContent).toBe('1')
    expect(screen.getByTestId('board-decided-rank').textContent).toBe('#1 · 400 kg')
    expect(screen.getByTestId('board-decided').textContent).toContain('Good lift')
  })

  it('shows "Decided by the jury" when the organiser decided', async () => {
    const { pending } = seed(34, 2)
    renderBoard(34)
    await vi.waitFor(() => expect(watcher).not.toBeNull())
    const jury = { judge: 'Jury', good: false, card: 'yellow' as const, reason: 'feet_moved', reason_label: 'Feet moved', at_seconds: 2, note: null }
    event({ seq: 5, type: 'attempt.judged', data: { competition_id: 34, attempt: { ...pending, status: 'failed', judging: { ...pending.judging, decided_by: 'jury', decided_at: '2026-01-01T11:05:00.000Z', lights: [jury] } } } })
    const lights = screen.getByTestId('board-lights')
    expect(lights.textContent).toContain('No lift')
    expect(lights.textContent).toContain('Decided by the jury')
    expect(lights.querySelectorAll('.board-card--yellow')).toHaveLength(1)
  })

  it('decisions arriving together take turns on screen, 5 s each', async () => {
    const { pending } = seed(35, 3)
    renderBoard(35)
    await vi.waitFor(() => expect(watcher).not.toBeNull())
    vi.useFakeTimers()
    const decided = (id: number, name: string, status: 'completed' | 'failed'): Lift => ({
      ...pending, id, participant_name: name, status,
      judging: { ...pending.judging, votes_cast: 1, votes_needed: 1, decided_by: 'panel', decided_at: `2026-01-01T11:0${id % 10}:00.000Z`, lights: [{ judge: 'Judge 1', good: status === 'completed', card: status === 'failed' ? 'blue' : null, reason: null, reason_label: null, at_seconds: null, note: null }] },
    })
    event({ seq: 5, type: 'attempt.judged', data: { competition_id: 35, attempt: decided(601, 'First Lifter', 'completed') } })
    event({ seq: 6, type: 'attempt.judged', data: { competition_id: 35, attempt: decided(602, 'Second Lifter', 'failed') } })
    expect(screen.getByTestId('board-lights').textContent).toContain('First Lifter')
    await act(async () => { vi.advanceTimersByTime(LIGHTS_MS) })
    expect(screen.getByTestId('board-lights').textContent).toContain('Second Lifter')
    expect(screen.getByTestId('board-lights').textContent).toContain('No lift')
    await act(async () => { vi.advanceTimersByTime(LIGHTS_MS) })
    expect(screen.queryByTestId('board-lights')).toBeNull()
  })
})
