// The leaderboard shows a judges' decision without reload: 'leaderboard.changed' in the global room
// refetches that challenge's participants; a lift awaiting judges is marked and not counted until then.
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Competition, LiveEvent, Participant } from '../../../lib/contract.ts'
import { useLive, type RoomWatcher } from '../../../stores/live.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { competition, lift, participant } from '../../../test/fixtures.ts'
import { LeaderboardPage } from './LeaderboardPage.tsx'

let watcher: RoomWatcher | null = null
beforeEach(() => {
  watcher = null
  useLive.setState({ watch: (_room, w) => { watcher = w; return () => { if (watcher === w) watcher = null } } })
})

describe('leaderboard', () => {
  it('a decision arrives without reload: the pending squat becomes part of the total', async () => {
    const pendingSquat = lift({ id: 5, participant_id: 1, weight: 200, status: 'pending', judging: { votes_cast: 2, votes_needed: 3, decided_by: null, decided_at: null, lights: [], appeal: null, appeal_until: null } })
    const goodLifts = [lift({ id: 3, lift_type: 'deadlift', weight: 200 }), lift({ id: 4, lift_type: 'bench', weight: 100 })]
    const before: Participant = participant({ id: 1, user_id: 1, name: 'Anna Novak', best_bench: 100, best_deadlift: 200, attempts: [...goodLifts, pendingSquat] })
    let list = [before]
    const api = mockFetch({
      'GET /competitions': { body: { competitions: [competition({ id: 7 })] } },
      'GET /competitions/7/participants': () => ({ body: { participants: list } }),
    })
    render(<MemoryRouter><LeaderboardPage /></MemoryRouter>)
    const row = (await screen.findByRole('link', { name: 'Anna Novak' })).closest('tr')!
    expect(row.textContent).toContain('1 awaiting judges')
    // No total without a good squat: the pending one does not count yet.
    expect(row.querySelector('strong')!.textContent).toBe('—')
    await vi.waitFor(() => expect(watcher).not.toBeNull())

    list = [{ ...before, best_squat: 200, total: 500, total_weight: 500, attempts: [...goodLifts, { ...pendingSquat, status: 'completed' }] }]
    act(() => watcher!.apply({ room: 'global', seq: 1, at: '', type: 'leaderboard.changed', data: { competition_id: 7 } } as LiveEvent))
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Anna Novak' }).closest('tr')!.querySelector('strong')!.textContent).toBe('500'))
    expect(screen.getByRole('link', { name: 'Anna Novak' }).closest('tr')!.textContent).not.toContain('awaiting judges')
    expect(api.sent('GET', '/competitions/7/participants')).toHaveLength(2)
  })
})

describe('leaderboard sorts, filters and columns', () => {
  const WL: Partial<Competition> = { lifttypes: ['Snatch', 'Clean & Jerk'], sport: 'weightlifting', total_lifts: ['snatch', 'clean_and_jerk'], points_formula: 'sinclair' }
  function answers() {
    return mockFetch({
      'GET /competitions': { body: { competitions: [competition({ id: 1, location: 'Oslo' }), competition({ id: 2, location: 'Havana', name: 'Snatch Open', ...WL })] } },
      'GET /competitions/1/participants': { body: { participants: [
        participant({ id: 1, user_id: 1, name: 'Heavy Hans', country: 'Germany', weight_class: '120kg', bodyweight: 118, best_squat: 260, best_bench: 170, best_deadlift: 270, total: 700 }),
        participant({ id: 2, user_id: 2, name: 'Light Lena', country: 'Norway', gender: 'F', weight_class: '66kg', bodyweight: 65, best_squat: 220, best_bench: 140, best_deadlift: 240, total: 600 }),
      ] } },
      'GET /competitions/2/participants': { body: { participants: [
        participant({ id: 3, user_id: 3, name: 'Yara Cruz', country: 'Cuba', gender: 'F', weight_class: '59kg', bodyweight: 58.5, best_snatch: 90, best_clean_and_jerk: 110, total: 200 }),
        participant({ id: 2, user_id: 2, name: 'Light Lena', country: 'Norway', gender: 'F', weight_class: '66kg', bodyweight: 65, best_snatch: 70, best_clean_and_jerk: 90, total: 160 }),
      ] } },
    })
  }
  let search = ''
  function Search() {
    search = useLocation().search
    return null
  }
  const renderAt = (url: string) => render(<MemoryRouter initialEntries={[url]}><LeaderboardPage /><Search /></MemoryRouter>)
  const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
  const athletes = () => bodyRows().map((r) => within(r).getByRole('link', { name: /Hans|Lena|Yara/ }).textContent)
  const headers = () => within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent)

  it('all sports: a row per athlete per sport, both lift sets with — where they do not apply, DOTS and Sinclair with two decimals', async () => {
    answers()
    renderAt('/leaderboard')
    await screen.findByRole('table')
    expect(headers()).toEqual(['#', 'Athlete', 'Sport', 'Class', 'Location', 'Squat', 'Bench', 'Deadlift', 'Snatch', 'C&J', 'Total ▼', 'DOTS', 'Sinclair'])
    expect(athletes()).toEqual(['Heavy Hans', 'Light Lena', 'Yara Cruz', 'Light Lena'])
    const hans = bodyRows()[0]!.querySelectorAll('td')
    expect([...hans].map((c) => c.textContent)).toEqual(['1', expect.stringContaining('Heavy Hans'), 'Powerlifting', '120kgMen · 118 kg', 'Oslo', '260', '170', '270', '—', '—', '700', '404.30', '—'])
    const yara = [...bodyRows()[2]!.querySelectorAll('td')].map((c) => c.textContent)
    expect(yara.slice(2)).toEqual(['Weightlifting', '59kgWomen · 58.5 kg', 'Havana', '—', '—', '—', '90', '110', '200', '—', '272.90'])
  })

  it('the sport filter switches the columns: snatch and C&J with Sinclair for weightlifting', async () => {
    answers()
    renderAt('/leaderboard')
    await screen.findByRole('table')
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: 'weightlifting' } })
    expect(headers()).toEqual(['#', 'Athlete', 'Class', 'Location', 'Snatch', 'C&J', 'Total ▼', 'Sinclair'])
    expect(athletes()).toEqual(['Yara Cruz', 'Light Lena'])
    expect(search).toBe('?sport=weightlifting')
    // The sort follows the sport: no DOTS for weightlifting.
    const sortOptions = within(screen.getByLabelText('Sort by')).getAllByRole('option').map((o) => o.textContent)
    expect(sortOptions).toEqual(['Total', 'Snatch', 'Clean & Jerk', 'Sinclair'])
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: 'powerlifting' } })
    expect(headers()).toEqual(['#', 'Athlete', 'Class', 'Location', 'Squat', 'Bench', 'Deadlift', 'Total ▼', 'DOTS'])
  })

  it('sorting by a formula ranks by its points: the lighter lifter with the smaller total first', async () => {
    answers()
    renderAt('/leaderboard?sport=powerlifting')
    await screen.findByRole('table')
    expect(athletes()).toEqual(['Heavy Hans', 'Light Lena'])
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'wilks' } })
    expect(search).toBe('?sport=powerlifting&sort=wilks')
    expect(headers()).toEqual(['#', 'Athlete', 'Class', 'Location', 'Squat', 'Bench', 'Deadlift', 'Total', 'Wilks ▼'])
    expect(athletes()).toEqual(['Light Lena', 'Heavy Hans'])
    const points = bodyRows().map((r) => r.querySelector('td:last-child')!.textContent)
    expect(points.every((p) => /^\d+\.\d\d$/.test(p!))).toBe(true)
    expect(Number(points[0])).toBeGreaterThan(Number(points[1]))
    expect(screen.getByRole('columnheader', { name: 'Wilks ▼' }).getAttribute('aria-sort')).toBe('descending')
  })

  it("filters by the lifter's country and gender, apart from the challenge's location", async () => {
    answers()
    renderAt('/leaderboard')
    await screen.findByRole('table')
    expect(within(screen.getByLabelText('Country')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All countries', 'Cuba', 'Germany', 'Norway'])
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'Norway' } })
    expect(athletes()).toEqual(['Light Lena', 'Light Lena'])
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Havana' } })
    expect(athletes()).toEqual(['Light Lena'])
    expect(search).toBe('?country=Norway&location=Havana')
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'M' } })
    expect(athletes()).toEqual(['Heavy Hans'])
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'F' } })
    expect(athletes()).toEqual(['Light Lena', 'Yara Cruz', 'Light Lena'])
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'Germany' } })
    expect(screen.getByText('No lifters match these filters.').tagName).toBe('P')
  })
})
