// The home page costs two small answers whatever the platform's size: the first open challenges
// (GET /competitions/open, serving all three filters) and the top lifts (GET /top-lifts); never a
// challenge's participants. The global room refetches them, once for a burst.
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveEvent, OpenChallengesResponse, TopLift, TopLiftsResponse } from '../../../lib/contract.ts'
import { useLive, type RoomWatcher } from '../../../stores/live.ts'
import { mockFetch, type MockAnswer } from '../../../test/fetch-mock.ts'
import { challenge } from '../../../test/fixtures.ts'
import { HomePage } from './HomePage.tsx'

const DAY = 86_400_000
const running = (id: number, name: string) =>
  challenge({ id, name, start_date: new Date(Date.now() - id * DAY).toISOString(), status: 'ongoing' })
const soon = (id: number, name: string) =>
  challenge({
    id,
    name,
    start_date: new Date(Date.now() + id * DAY).toISOString(),
    end_date: new Date(Date.now() + 30 * DAY).toISOString(),
    status: 'upcoming',
  })
const topLift = (user_id: number, name: string, weight: number): TopLift => ({
  user_id,
  name,
  weight,
  competition_id: 7,
  attempt_id: user_id * 10,
  verified: true,
})

// The page has two watchers of the global room (the challenges and the top lifts): a burst reaches both.
let watchers: RoomWatcher[] = []
beforeEach(() => {
  watchers = []
  useLive.setState({
    status: 'connected',
    watch: (_room, w) => {
      watchers.push(w)
      return () => {
        watchers = watchers.filter((x) => x !== w)
      }
    },
  })
})
const globalEvent = (seq: number, type: 'leaderboard.changed' | 'competition.created', data: unknown) =>
  act(() => watchers.forEach((w) => w.apply({ room: 'global', seq, at: '', type, data } as LiveEvent)))

function server(
  open: () => OpenChallengesResponse | MockAnswer,
  top: () => TopLiftsResponse = () => ({ since: '', lifts: { squat: [], bench: [], deadlift: [] } }),
) {
  const api = mockFetch({
    'GET /competitions/open': () => {
      const o = open()
      return 'ongoing' in o ? { body: o } : o
    },
    'GET /top-lifts': () => ({ body: top() }),
  })
  const urls = () => api.fetchMock.mock.calls.map(([input]) => String(input))
  return { api, urls }
}

const renderHome = () =>
  render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  )
const openSection = () => screen.getByRole('region', { name: 'Open challenges' })
const cards = () =>
  within(openSection())
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent)
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('home page', () => {
  it('asks exactly the open challenges and the top lifts, and no participants', async () => {
    const { urls } = server(
      () => ({ ongoing: [running(1, 'Oslo Open')], upcoming: [soon(2, 'Winter Cup')], counts: { ongoing: 1, upcoming: 1 } }),
      () => ({
        since: '',
        lifts: { squat: [topLift(1, 'Anna Novak', 180), topLift(2, 'Ben Berg', 170)], bench: [], deadlift: [topLift(3, 'Cleo Cruz', 200)] },
      }),
    )
    renderHome()
    await vi.waitFor(() => expect(cards()).toEqual(['Oslo Open', 'Winter Cup']))
    const panel = screen.getByRole('complementary', { name: 'Top Lifts This Month' })
    await within(panel).findByRole('link', { name: 'Anna Novak' })
    expect(urls().sort()).toEqual(['/api/competitions/open?limit=2', '/api/top-lifts?days=30'])
    expect(urls().some((u) => /participants/.test(u))).toBe(false)
    // Verified lifts only (no include_unverified above), and the panel says so.
    expect(within(panel).getByRole('link', { name: 'Verified lifts' }).getAttribute('href')).toBe('/about#verified-results')

    const squats = within(panel).getByRole('heading', { name: 'Squat' }).parentElement!
    const shown = within(squats)
      .getAllByRole('listitem')
      .map((li) => [
        li.querySelector('.top-lifts__place')!.textContent,
        li.querySelector('a')!.textContent,
        li.querySelector('strong')!.textContent,
      ])
    expect(shown).toEqual([
      ['1', 'Anna Novak', '180 kg'],
      ['2', 'Ben Berg', '170 kg'],
    ])
    expect(within(within(panel).getByRole('heading', { name: 'Bench' }).parentElement!).getByText('No lifts yet')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View all challenges →' }).getAttribute('href')).toBe('/challenges')
  })

  it('one answer serves the three filters: all open is ongoing first then upcoming, two at most', async () => {
    const { urls } = server(() => ({
      ongoing: [running(1, 'Oslo Open'), running(2, 'Bergen Pull')],
      upcoming: [soon(3, 'Winter Cup'), soon(4, 'Spring Cup')],
      counts: { ongoing: 5, upcoming: 2 },
    }))
    renderHome()
    await vi.waitFor(() => expect(cards()).toEqual(['Oslo Open', 'Bergen Pull']))
    fireEvent.click(screen.getByRole('button', { name: 'Upcoming' }))
    expect(cards()).toEqual(['Winter Cup', 'Spring Cup'])
    fireEvent.click(screen.getByRole('button', { name: 'Ongoing' }))
    expect(cards()).toEqual(['Oslo Open', 'Bergen Pull'])
    expect(urls().filter((u) => u.includes('/competitions/open'))).toHaveLength(1)
  })

  it('fills all open with upcoming challenges when few run; empty filters say so', async () => {
    server(() => ({ ongoing: [], upcoming: [soon(3, 'Winter Cup'), soon(4, 'Spring Cup')], counts: { ongoing: 0, upcoming: 2 } }))
    renderHome()
    await vi.waitFor(() => expect(cards()).toEqual(['Winter Cup', 'Spring Cup']))
    fireEvent.click(screen.getByRole('button', { name: 'Ongoing' }))
    expect(within(openSection()).getByText('No ongoing challenges found.')).toBeTruthy()
  })

  it('a failure shows the challenge list error texts; top lifts say they are unavailable', async () => {
    mockFetch({
      'GET /competitions/open': { status: 503, body: { error: 'The service is temporarily unavailable.' } },
      'GET /top-lifts': { status: 500 },
    })
    renderHome()
    expect((await within(openSection()).findByRole('alert')).textContent).toBe('Error 503: The service is temporarily unavailable.')
    expect(await screen.findByText('Top lifts are unavailable right now.')).toBeTruthy()
  })

  it('an answer that is not lists is invalid data', async () => {
    server(() => ({ body: { competitions: [] } }))
    renderHome()
    expect((await within(openSection()).findByRole('alert')).textContent).toBe(
      'Received invalid data from the server. Expected an array of challenges.',
    )
  })

  it('live: a burst of leaderboard.changed refetches both answers once; a new challenge refetches the challenges', async () => {
    let open: OpenChallengesResponse = { ongoing: [running(1, 'Oslo Open')], upcoming: [], counts: { ongoing: 1, upcoming: 0 } }
    let squat = [topLift(1, 'Anna Novak', 180)]
    const { urls } = server(
      () => open,
      () => ({ since: '', lifts: { squat, bench: [], deadlift: [] } }),
    )
    renderHome()
    await screen.findByRole('link', { name: 'Anna Novak' })
    await vi.waitFor(() => expect(watchers).toHaveLength(2))

    squat = [topLift(2, 'Ben Berg', 200), topLift(1, 'Anna Novak', 180)]
    for (let seq = 1; seq <= 4; seq++) globalEvent(seq, 'leaderboard.changed', { competition_id: 7 })
    await screen.findByRole('link', { name: 'Ben Berg' })
    await wait(700)
    const count = (path: string) => urls().filter((u) => u.startsWith(path)).length
    expect([count('/api/competitions/open'), count('/api/top-lifts')]).toEqual([2, 2])

    open = { ...open, upcoming: [soon(9, 'Brand New Meet')], counts: { ongoing: 1, upcoming: 1 } }
    globalEvent(5, 'competition.created', { competition: soon(9, 'Brand New Meet') })
    await vi.waitFor(() => expect(cards()).toEqual(['Oslo Open', 'Brand New Meet']))
    expect([count('/api/competitions/open'), count('/api/top-lifts')]).toEqual([3, 2])
  }, 15_000)

  it('a failed live refetch keeps the cards and shows no error', async () => {
    let down = false
    server(() =>
      down
        ? { status: 500, body: { error: 'Database unavailable' } }
        : { ongoing: [running(1, 'Oslo Open')], upcoming: [], counts: { ongoing: 1, upcoming: 0 } },
    )
    renderHome()
    await vi.waitFor(() => expect(cards()).toEqual(['Oslo Open']))
    await vi.waitFor(() => expect(watchers).toHaveLength(2))
    down = true
    globalEvent(1, 'competition.created', { competition: soon(9, 'Brand New Meet') })
    await wait(700)
    expect(cards()).toEqual(['Oslo Open'])
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
