// The projector board in jsdom: pages turn every 10 s and wrap around, attempts awaiting judges are
// marked and not ranked, an attempt.judged event shows the lights for 5 s and then the page with that
// lifter highlighted with their place, attempt.voted counts up, and the QR code carries the follow URL.
// Its columns follow the challenge's sport and points formula, its groups its ranking (by class, or
// one overall list by a formula, as given), and a class-ranked board adds a best-lifter page by points.
import { act, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Challenge, Lift, LiveEvent, Participant } from '../../../lib/contract.ts'
import { rankParticipants } from '../../../lib/contract.ts'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { challenge, lift, participant } from '../../../test/fixtures.ts'
import { fakeLiveRoom } from '../../../test/live-room.ts'
import { LIGHTS_MS, PAGE_MS, ProjectorBoardPage } from './ProjectorBoardPage.tsx'

let live: ReturnType<typeof fakeLiveRoom>
beforeEach(() => {
  live = fakeLiveRoom('competition:1')
})
afterEach(() => {
  vi.restoreAllMocks()
  useSession.setState({ status: 'unauthenticated', userId: null, user: null, error: null })
})

/** A lifter's standing before any good lift. */
const standing = {
  best_squat: 0,
  best_bench: 0,
  best_deadlift: 0,
  best_snatch: 0,
  best_clean_and_jerk: 0,
  total: null,
  total_weight: 0,
  points: null,
}
const pendingJudging = (cast: number): Lift['judging'] => ({
  votes_cast: cast,
  votes_needed: 3,
  decided_by: null,
  decided_at: null,
  lights: [],
  appeal: null,
  appeal_until: null,
  verified: false,
})

function seed(id: number, n: number) {
  const participants: Participant[] = rankParticipants(
    Array.from({ length: n }, (_, i) =>
      participant({
        id: i + 1,
        user_id: i + 1,
        competition_id: id,
        name: `Lifter ${i + 1}`,
        weight_class: '83kg',
        best_squat: 300 - i,
        total: 300 - i,
        total_weight: 300 - i,
        joined_at: `2026-01-01T09:${String(i).padStart(2, '0')}:00.000Z`,
      }),
    ),
    { ranking: 'class', total_lifts: ['squat'] },
  )
  // The last lifter's squat awaits judges: 1 of 3 votes.
  const pending = lift({
    id: 500,
    competition_id: id,
    participant_id: n,
    user_id: n,
    participant_name: `Lifter ${n}`,
    weight: 400,
    status: 'pending',
    judging: pendingJudging(1),
    created_at: '2026-01-01T11:00:00.000Z',
  })
  participants[n - 1] = { ...participants[n - 1]!, attempts: [pending] }
  mockFetch({
    [`GET /competitions/${id}`]: {
      body: { competition: challenge({ id, name: 'Hall Open', participants: n, sport: 'single_lift', total_lifts: ['squat'] }) },
    },
    [`GET /competitions/${id}/participants`]: { body: { participants }, headers: { 'x-live-seq': '4' } },
    [`GET /competitions/${id}/lifts`]: { body: { lifts: [pending] } },
    'GET /network': { body: { follow_urls: ['http://192.168.1.23:3000'] } },
  })
  return { pending }
}

const renderBoard = (id: number) =>
  render(
    <MemoryRouter initialEntries={[`/challenges/${id}/live`]}>
      <Routes>
        <Route path="/challenges/:id/live" element={<ProjectorBoardPage />} />
      </Routes>
    </MemoryRouter>,
  )
const event = (e: Omit<LiveEvent, 'room' | 'at'>) => live.event(e)

describe('projector board', () => {
  it('pages through every lifter (8 rows under the header here), 10 s a page, round and round', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    seed(31, 20)
    renderBoard(31)
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy()
    expect(screen.getAllByRole('row').filter((r) => r.closest('tbody'))).toHaveLength(8)
    await act(async () => {}) // the page timer starts once the effects have run
    await act(async () => {
      vi.advanceTimersByTime(PAGE_MS)
    })
    expect(screen.getByTestId('board-page').textContent).toBe('Page 2 of 3')
    expect(screen.getByText('Lifter 9')).toBeTruthy()
    expect(screen.queryByText('Lifter 8')).toBeNull()
    await act(async () => {
      vi.advanceTimersByTime(PAGE_MS)
    })
    expect(screen.getByTestId('board-page').textContent).toBe('Page 3 of 3')
    expect(screen.getAllByRole('row').filter((r) => r.closest('tbody'))).toHaveLength(4)
    await act(async () => {
      vi.advanceTimersByTime(PAGE_MS)
    })
    expect(screen.getByTestId('board-page').textContent).toBe('Page 1 of 3')
  })

  it('marks the attempt awaiting judges without ranking it, counts votes live, and shows the QR of the follow URL', async () => {
    const { pending } = seed(32, 3)
    renderBoard(32)
    const row = await vi.waitFor(() =>
      screen
        .getAllByText('Lifter 3')
        .map((el) => el.closest('tr'))
        .find(Boolean)!,
    )
    expect(row.querySelector('.board__pending')!.textContent).toBe('Awaiting judges')
    expect(row.querySelector('.board__total')!.textContent).toBe('298')
    expect(screen.getByTestId('board-latest').textContent).toContain('Awaiting judges · 1 of 3 votes')
    await vi.waitFor(() => expect(screen.getByTestId('board-url').textContent).toBe('192.168.1.23:3000/challenges/32'))
    expect(
      screen.getByRole('img', { name: 'QR code of http://192.168.1.23:3000/challenges/32' }).querySelector('path')!.getAttribute('d'),
    ).toMatch(/^M\d+ \d+h1v1h-1z/)
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    event({ seq: 5, type: 'attempt.voted', data: { competition_id: 32, attempt_id: pending.id, votes_cast: 2, votes_needed: 3 } })
    expect(screen.getByTestId('board-latest').textContent).toContain('Awaiting judges · 2 of 3 votes')
  })

  /** One 83kg lifter, the given attempts, and the follow URLs the server lists. */
  function seedOne(id: number, name: string, attempts: Lift[], followUrls: string[], panel?: { organiser_id: number }) {
    mockFetch({
      ...(panel
        ? {
            [`GET /competitions/${id}/judges`]: {
              body: { competition_id: id, organiser_id: panel.organiser_id, judges: [], allow_lifters: false, publish_names: false },
            },
          }
        : {}),
      [`GET /competitions/${id}`]: { body: { competition: challenge({ id, name: 'Hall Open', participants: 1 }) } },
      [`GET /competitions/${id}/participants`]: {
        body: { participants: [participant({ id: 1, user_id: 1, competition_id: id, name, weight_class: '83kg', attempts })] },
        headers: { 'x-live-seq': '4' },
      },
      [`GET /competitions/${id}/lifts`]: { body: { lifts: attempts } },
      'GET /network': { body: { follow_urls: followUrls } },
    })
  }
  const waiting = (id: number, attemptId: number) =>
    lift({
      id: attemptId,
      competition_id: id,
      participant_id: 1,
      user_id: 1,
      participant_name: 'Lifter',
      weight: 400,
      status: 'pending',
      judging: pendingJudging(1),
      created_at: '2026-01-01T11:00:00.000Z',
    })

  it('served on loopback only: the hall sees no QR code no phone could open, and no note meant for the organiser', async () => {
    seedOne(36, 'Ann Lift', [], ['http://127.0.0.1:3902/', 'http://[::1]:3902/', 'http://localhost:3902/'])
    renderBoard(36)
    await screen.findByText('Ann Lift')
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByTestId('board-follow-note')).toBeNull()
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull()
    expect(screen.queryByTestId('board-url')).toBeNull()
  })

  it('served on loopback only: the organiser, signed in, is told how to open the board to phones', async () => {
    useSession.setState({ status: 'authenticated', userId: 5, user: null, error: null })
    seedOne(35, 'Ann Lift', [], ['http://127.0.0.1:3902/'], { organiser_id: 5 })
    renderBoard(35)
    expect((await screen.findByTestId('board-follow-note')).textContent).toBe(
      'To follow on phones, start the server with HOST=0.0.0.0 (see README).',
    )
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull()
  })

  it('served on loopback only: another signed-in user (not the organiser) sees no note', async () => {
    useSession.setState({ status: 'authenticated', userId: 6, user: null, error: null })
    seedOne(34, 'Ann Lift', [], ['http://127.0.0.1:3902/'], { organiser_id: 5 })
    renderBoard(34)
    await screen.findByText('Ann Lift')
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByTestId('board-follow-note')).toBeNull()
  })

  it('a LAN address among loopback ones still gets its QR code and no note', async () => {
    seedOne(37, 'Ann Lift', [], ['http://127.0.0.1:3902/', 'http://10.0.0.5:3902/'])
    renderBoard(37)
    await vi.waitFor(() => expect(screen.getByTestId('board-url').textContent).toBe('10.0.0.5:3902/challenges/37'))
    expect(screen.getByRole('img', { name: 'QR code of http://10.0.0.5:3902/challenges/37' })).toBeTruthy()
    expect(screen.queryByTestId('board-follow-note')).toBeNull()
  })

  it('marks two attempts awaiting judges "Awaiting judges ×2", the count kept with its words; a name carries its whole text in a title', async () => {
    seedOne(38, 'Maximiliana Konstantinopoulou-Brandt', [waiting(38, 501), waiting(38, 502)], ['http://10.0.0.5:3902/'])
    renderBoard(38)
    const name = await screen.findByText('Maximiliana Konstantinopoulou-Brandt', { selector: '.board__name-text' })
    expect(name.title).toBe('Maximiliana Konstantinopoulou-Brandt')
    expect(name.closest('tr')!.querySelector('.board__pending')!.textContent).toBe('Awaiting judges\u00a0×2')
  })

  it('a decision shows three lights with their cards for 5 s, then the page with that lifter, highlighted with their rank', async () => {
    const { pending } = seed(33, 20)
    renderBoard(33)
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy()
    expect(screen.queryByRole('cell', { name: /Lifter 20/ })).toBeNull()
    // The board follows the room once its snapshot effect has run (the page can render first).
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    vi.useFakeTimers()
    const light = (good: boolean, card: 'red' | 'blue' | null, label: string | null) => ({
      judge: `Judge ${good ? 2 : card === 'red' ? 1 : 3}`,
      good,
      card,
      reason: label && 'x',
      reason_label: label,
      at_seconds: null,
      note: null,
    })
    const judged: Lift = {
      ...pending,
      status: 'completed',
      judging: {
        ...pending.judging,
        votes_cast: 3,
        decided_by: 'panel',
        decided_at: '2026-01-01T11:05:00.000Z',
        lights: [light(false, 'red', 'Not deep enough'), light(true, null, null), light(true, null, null)],
      },
    }
    event({
      seq: 5,
      type: 'attempt.judged',
      data: { competition_id: 33, attempt: judged, standing: { ...standing, best_squat: 400, total: 400, total_weight: 400 } },
    })
    const lights = screen.getByTestId('board-lights')
    expect(lights.textContent).toContain('Lifter 20')
    expect(lights.textContent).toContain('Squat 400 kg')
    expect(lights.textContent).toContain('Good lift')
    expect(lights.textContent).toContain('Not deep enough')
    expect(lights.querySelectorAll('.board-light--white')).toHaveLength(2)
    expect(lights.querySelectorAll('.board-light--red')).toHaveLength(1)
    expect(lights.querySelectorAll('.board-card--red')).toHaveLength(1)
    // The page does not turn under the lights.
    await act(async () => {
      vi.advanceTimersByTime(LIGHTS_MS - 100)
    })
    expect(screen.getByTestId('board-lights')).toBeTruthy()
    expect(screen.getByTestId('board-page').textContent).toBe('Page 1 of 3')
    await act(async () => {
      vi.advanceTimersByTime(200)
    })
    expect(screen.queryByTestId('board-lights')).toBeNull()
    // Its 400 kg squat now counts: first place, on page 1, highlighted, with its rank.
    const row = screen
      .getAllByText('Lifter 20')
      .map((el) => el.closest('tr'))
      .find(Boolean)!
    expect(row.className).toContain('board__row--decided')
    expect(row.querySelector('.board__rank')!.textContent).toBe('1')
    expect(screen.getByTestId('board-decided-rank').textContent).toBe('#1 · 400 kg')
    expect(screen.getByTestId('board-decided').textContent).toContain('Good lift')
  })

  it('shows "Decided by the jury" when the organiser decided', async () => {
    const { pending } = seed(34, 2)
    renderBoard(34)
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    const jury = {
      judge: 'Jury',
      good: false,
      card: 'yellow' as const,
      reason: 'feet_moved',
      reason_label: 'Feet moved',
      at_seconds: 2,
      note: null,
    }
    event({
      seq: 5,
      type: 'attempt.judged',
      data: {
        competition_id: 34,
        attempt: {
          ...pending,
          status: 'failed',
          judging: { ...pending.judging, decided_by: 'jury', decided_at: '2026-01-01T11:05:00.000Z', lights: [jury] },
        },
      },
    })
    const lights = screen.getByTestId('board-lights')
    expect(lights.textContent).toContain('No lift')
    expect(lights.textContent).toContain('Decided by the jury')
    expect(lights.querySelectorAll('.board-card--yellow')).toHaveLength(1)
  })

  it('decisions arriving together take turns on screen, 5 s each', async () => {
    const { pending } = seed(35, 3)
    renderBoard(35)
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    vi.useFakeTimers()
    const decided = (id: number, name: string, status: 'completed' | 'failed'): Lift => ({
      ...pending,
      id,
      participant_name: name,
      status,
      judging: {
        ...pending.judging,
        votes_cast: 1,
        votes_needed: 1,
        decided_by: 'panel',
        decided_at: `2026-01-01T11:0${id % 10}:00.000Z`,
        lights: [
          {
            judge: 'Judge 1',
            good: status === 'completed',
            card: status === 'failed' ? 'blue' : null,
            reason: null,
            reason_label: null,
            at_seconds: null,
            note: null,
          },
        ],
      },
    })
    event({ seq: 5, type: 'attempt.judged', data: { competition_id: 35, attempt: decided(601, 'First Lifter', 'completed') } })
    event({ seq: 6, type: 'attempt.judged', data: { competition_id: 35, attempt: decided(602, 'Second Lifter', 'failed') } })
    expect(screen.getByTestId('board-lights').textContent).toContain('First Lifter')
    await act(async () => {
      vi.advanceTimersByTime(LIGHTS_MS)
    })
    expect(screen.getByTestId('board-lights').textContent).toContain('Second Lifter')
    expect(screen.getByTestId('board-lights').textContent).toContain('No lift')
    await act(async () => {
      vi.advanceTimersByTime(LIGHTS_MS)
    })
    expect(screen.queryByTestId('board-lights')).toBeNull()
  })
})

describe("projector board by the challenge's scoring", () => {
  function seedBoard(id: number, scoring: Partial<Challenge>, participants: Participant[], lifts: Lift[] = []) {
    mockFetch({
      [`GET /competitions/${id}`]: {
        body: { competition: challenge({ id, name: 'Scored Open', participants: participants.length, ...scoring }) },
      },
      [`GET /competitions/${id}/participants`]: { body: { participants }, headers: { 'x-live-seq': '1' } },
      [`GET /competitions/${id}/lifts`]: { body: { lifts } },
      'GET /network': { body: { follow_urls: [] } },
    })
  }
  const headers = (table: Element) => [...table.querySelectorAll('thead th')].map((th) => th.textContent)
  const cells = (name: string) =>
    [
      ...screen
        .getAllByText(name)
        .map((el) => el.closest('tr'))
        .find(Boolean)!
        .querySelectorAll('td'),
    ].map((td) => td.textContent)
  const ranks = () => [...document.querySelectorAll('tbody .board__rank')].map((td) => td.textContent)
  const names = () => [...document.querySelectorAll('tbody .board__name-text')].map((el) => el.textContent)

  it('weightlifting: Snatch, Clean & Jerk, Total and Sinclair columns, points with two decimals, — without a result', async () => {
    seedBoard(41, { sport: 'weightlifting', total_lifts: ['snatch', 'clean_and_jerk'], ranking: 'class', points_formula: 'sinclair' }, [
      participant({
        id: 1,
        name: 'Nora Lift',
        weight_class: '74kg',
        best_snatch: 120,
        best_clean_and_jerk: 150,
        total: 270,
        total_weight: 270,
        points: 312.5,
        place: 1,
        bodyweight: 73,
      }),
      participant({ id: 2, name: 'Ola Bomb', weight_class: '74kg', country: null, best_snatch: 100, total: null, place: null }),
    ])
    renderBoard(41)
    await screen.findByText('Scored Open')
    const table = await vi.waitFor(() => document.querySelector('.board__table')!)
    expect(headers(table)).toEqual(['#', 'Lifter', 'Judging', 'Class', 'Snatch', 'Clean & Jerk', 'Total', 'Sinclair'])
    expect(cells('Nora Lift').slice(-5)).toEqual(['74kg', '120', '150', '270', '312.50'])
    expect(cells('Ola Bomb')[0]).toBe('—')
    expect(cells('Ola Bomb').slice(-4)).toEqual(['100', '—', '—', '—'])
    expect(screen.queryByRole('columnheader', { name: 'Squat' })).toBeNull()
  })

  it('ranked by DOTS: one overall group in the order given, with the given places, whatever the classes', async () => {
    const decided = lift({ id: 90, participant_id: 2, user_id: 2, participant_name: 'Bea Second', lift_type: 'deadlift', weight: 210 })
    seedBoard(
      42,
      { ranking: 'dots', points_formula: 'dots' },
      [
        participant({
          id: 5,
          user_id: 5,
          name: 'Al Heavy',
          weight_class: '120kg+',
          total: 800,
          total_weight: 800,
          points: 420.1,
          place: 1,
          bodyweight: 130,
        }),
        participant({
          id: 2,
          user_id: 2,
          name: 'Bea Second',
          weight_class: '59kg',
          best_squat: 180,
          best_bench: 110,
          best_deadlift: 210,
          total: 500,
          total_weight: 500,
          points: 400,
          place: 2,
          bodyweight: 58,
        }),
        participant({
          id: 3,
          user_id: 3,
          name: 'Cy Light',
          weight_class: '59kg',
          total: 450,
          total_weight: 450,
          points: 400,
          place: 2,
          bodyweight: 58,
        }),
        participant({
          id: 8,
          user_id: 8,
          name: 'Di Unplaced',
          weight_class: '74kg',
          total: 520,
          total_weight: 520,
          points: null,
          place: null,
        }),
      ],
      [decided],
    )
    renderBoard(42)
    await vi.waitFor(() => expect(names()).toEqual(['Al Heavy', 'Bea Second', 'Cy Light', 'Di Unplaced']))
    expect(ranks()).toEqual(['1', '2', '2', '—'])
    expect(document.querySelectorAll('.board__table')).toHaveLength(1)
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0)
    expect(headers(document.querySelector('.board__table')!).slice(3)).toEqual(['Class', 'Squat', 'Bench', 'Deadlift', 'Total', 'DOTS'])
    expect(cells('Di Unplaced').slice(-2)).toEqual(['520', '—'])
    // The board is the DOTS ranking itself: no best-lifter page, one page.
    expect(screen.queryByTestId('board-page')).toBeNull()
    expect(screen.queryByText(/Best lifter/)).toBeNull()
    expect(screen.getByTestId('board-decided-rank').textContent).toBe('#2 · 500 kg · 400.00 DOTS')
  })

  it('ranked by class with DOTS shown: a best-lifter page joins the rotation, lifters by points across classes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    seedBoard(43, { ranking: 'class', points_formula: 'dots' }, [
      participant({
        id: 1,
        name: 'Ann Strong',
        weight_class: '74kg',
        total: 600,
        total_weight: 600,
        points: 420.5,
        place: 1,
        bodyweight: 74,
      }),
      participant({
        id: 2,
        name: 'Ben Steady',
        weight_class: '74kg',
        total: 550,
        total_weight: 550,
        points: 380.25,
        place: 2,
        bodyweight: 72,
      }),
      participant({
        id: 3,
        name: 'Cat Best',
        weight_class: '83kg',
        total: 650,
        total_weight: 650,
        points: 430.75,
        place: 1,
        bodyweight: 82,
      }),
      participant({
        id: 4,
        name: 'Dan Noweigh',
        weight_class: '83kg',
        total: 640,
        total_weight: 640,
        points: null,
        place: 2,
        bodyweight: null,
      }),
    ])
    renderBoard(43)
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['74kg', '83kg'])
    expect(names()).toEqual(['Ann Strong', 'Ben Steady', 'Cat Best', 'Dan Noweigh'])
    expect(ranks()).toEqual(['1', '2', '1', '2'])
    await act(async () => {}) // the page timer starts once the effects have run
    await act(async () => {
      vi.advanceTimersByTime(PAGE_MS)
    })
    expect(screen.getByTestId('board-page').textContent).toBe('Page 2 of 2')
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Best lifter · DOTS'])
    expect(names()).toEqual(['Cat Best', 'Ann Strong', 'Ben Steady'])
    expect(ranks()).toEqual(['1', '2', '3'])
    expect(cells('Cat Best')).toContain('83kg')
    expect(cells('Cat Best').at(-1)).toBe('430.75')
    expect(cells('Ann Strong')).toContain('74kg')
    await act(async () => {
      vi.advanceTimersByTime(PAGE_MS)
    })
    expect(screen.getByTestId('board-page').textContent).toBe('Page 1 of 2')
  })
})

describe('projector board by division (docs/categories.md)', () => {
  it('?division=junior shows only the juniors, placed among themselves, and says which division; each row names its divisions', async () => {
    const participants = rankParticipants(
      [
        participant({
          id: 1,
          user_id: 1,
          name: 'Open Olga',
          gender: 'F',
          weight_class: '52kg',
          divisions: ['open'],
          total: 300,
          total_weight: 300,
        }),
        participant({
          id: 2,
          user_id: 2,
          name: 'Junior Jana',
          gender: 'F',
          weight_class: '52kg',
          divisions: ['junior', 'open'],
          total: 250,
          total_weight: 250,
        }),
      ],
      { ranking: 'class', total_lifts: ['squat', 'bench', 'deadlift'] },
    )
    mockFetch({
      'GET /competitions/40': {
        body: { competition: challenge({ id: 40, name: 'IPF Cup', gender: 'F', class_set: 'ipf', participants: 2 }) },
      },
      'GET /competitions/40/participants': { body: { participants }, headers: { 'x-live-seq': '1' } },
      'GET /competitions/40/lifts': { body: { lifts: [] } },
      'GET /network': { body: { follow_urls: [] } },
    })
    live = fakeLiveRoom('competition:40')
    render(
      <MemoryRouter initialEntries={['/challenges/40/live?division=junior']}>
        <Routes>
          <Route path="/challenges/:id/live" element={<ProjectorBoardPage />} />
        </Routes>
      </MemoryRouter>,
    )
    const row = (await screen.findByText('Junior Jana')).closest('tr')!
    expect(screen.queryByText('Open Olga')).toBeNull()
    expect(screen.getByTestId('board-division').textContent).toBe(' · Junior')
    expect(row.querySelector('.board__rank')!.textContent).toBe('1')
    expect(row.querySelector('[data-testid="board-category"]')!.textContent).toBe('Junior · Open')
  })
})
