// The leaderboard shows the server's ranked rows a page at a time: the filters become the query,
// "Load more" follows the cursor, and a burst of 'leaderboard.changed' refetches the rows on show once.
import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { LeaderboardResponse, LeaderboardRow } from '../../../lib/contract.ts'
import { mockFetch, type MockAnswer } from '../../../test/fetch-mock.ts'
import { fakeLiveRoom } from '../../../test/live-room.ts'
import { INCLUDES_UNVERIFIED, LeaderboardPage } from './LeaderboardPage.tsx'

const NO_POINTS = { dots: null, ipf_gl: null, wilks: null, wilks2020: null, sinclair: null }
function row(overrides: Partial<LeaderboardRow>): LeaderboardRow {
  return {
    rank: 1,
    user_id: 1,
    name: 'Anna Novak',
    country: 'Norway',
    sport: 'powerlifting',
    gender: 'M',
    weight_class: '74kg',
    bodyweight: null,
    location: 'Oslo',
    competition_id: 1,
    competition_name: 'Oslo Open',
    squat: 0,
    bench: 0,
    deadlift: 0,
    snatch: 0,
    clean_and_jerk: 0,
    total: null,
    points: NO_POINTS,
    pending: 0,
    verified: true,
    class_set: 'spec',
    equipment: 'classic',
    divisions: [],
    ...overrides,
  }
}
const hans = row({
  rank: 1,
  user_id: 1,
  name: 'Heavy Hans',
  country: 'Germany',
  weight_class: '120kg',
  bodyweight: 118,
  squat: 260,
  bench: 170,
  deadlift: 270,
  total: 700,
  points: { ...NO_POINTS, dots: 404.3 },
})
const yara = row({
  rank: 2,
  user_id: 3,
  name: 'Yara Cruz',
  country: 'Cuba',
  sport: 'weightlifting',
  gender: 'F',
  weight_class: '59kg',
  bodyweight: 58.5,
  location: 'Havana',
  competition_id: 2,
  snatch: 90,
  clean_and_jerk: 110,
  total: 200,
  points: { ...NO_POINTS, sinclair: 272.9 },
  pending: 1,
})
/** `count` ranked lifters, to page through. */
const many = (count: number) =>
  Array.from({ length: count }, (_, i) => row({ rank: i + 1, user_id: i + 1, name: `Lifter ${i + 1}`, total: 1000 - i }))

let live: ReturnType<typeof fakeLiveRoom>
beforeEach(() => {
  live = fakeLiveRoom('global')
})

/**
 * A server holding `rows` ranked: it answers `limit` of them from the cursor (an offset here; the page
 * must pass it back as it came). `answer` may replace an answer (an error, other rows).
 */
function server(rows: () => LeaderboardRow[], answer?: (params: URLSearchParams) => MockAnswer | undefined) {
  const api = mockFetch({
    'GET /leaderboard/filters': { body: { countries: ['Cuba', 'Germany', 'Norway'], locations: ['Havana', 'Oslo'] } },
    'GET /leaderboard': () => {
      // The route sees no URL: the call being answered is the last one made.
      const params = new URL(String(api.fetchMock.mock.lastCall![0]), 'http://localhost').searchParams
      const custom = answer?.(params)
      if (custom) return custom
      const from = Number(params.get('cursor') ?? 0)
      const to = from + Number(params.get('limit'))
      const body: LeaderboardResponse = { rows: rows().slice(from, to), next_cursor: to < rows().length ? String(to) : null }
      return { body }
    },
  })
  /** The query strings of the board's requests, in order. */
  const asked = () =>
    api.fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((u) => u.startsWith('/api/leaderboard?'))
      .map((u) => u.slice('/api/leaderboard?'.length))
  return { api, asked }
}

let search = ''
function Search() {
  search = useLocation().search
  return null
}
const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <LeaderboardPage />
      <Search />
    </MemoryRouter>,
  )
// Plain selectors: role queries over hundreds of rows are slow in jsdom.
const bodyRows = () => [...document.querySelectorAll('table.leaderboard tbody tr')]
const athletes = () => bodyRows().map((r) => r.querySelector('td:nth-child(2) a')!.textContent)
const headers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('leaderboard from the server', () => {
  it("shows the server's ranked rows: both lift sets for all sports, points with two decimals, the pending count beside the name", async () => {
    const { asked } = server(() => [hans, yara])
    renderAt('/leaderboard')
    await screen.findByRole('table')
    expect(asked()).toEqual(['sort=total&limit=50'])
    expect(headers()).toEqual([
      '#',
      'Athlete',
      'Sport',
      'Class',
      'Location',
      'Squat',
      'Bench',
      'Deadlift',
      'Snatch',
      'C&J',
      'Total ▼',
      'DOTS',
      'Sinclair',
    ])
    const cells = (i: number) => [...bodyRows()[i]!.querySelectorAll('td')].map((c) => c.textContent)
    expect(cells(0)).toEqual([
      '1',
      expect.stringContaining('Heavy Hans'),
      'Powerlifting',
      '120kgMen · 118 kg',
      'Oslo',
      '260',
      '170',
      '270',
      '—',
      '—',
      '700',
      '404.30',
      '—',
    ])
    expect(bodyRows()[1]!.querySelector('.leaderboard__pending')!.textContent).toBe('1 awaiting judges')
    expect(cells(1)).toEqual([
      '2',
      expect.stringContaining('Yara Cruz'),
      'Weightlifting',
      '59kgWomen · 58.5 kg',
      'Havana',
      '—',
      '—',
      '—',
      '90',
      '110',
      '200',
      '—',
      '272.90',
    ])
    // The dropdowns offer what /leaderboard/filters lists.
    expect(
      within(screen.getByLabelText('Country'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All countries', 'Cuba', 'Germany', 'Norway'])
    expect(
      within(screen.getByLabelText('Location'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All locations', 'Havana', 'Oslo'])
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('each choice becomes the query: sort, sport, class, gender, country and location, kept in the URL', async () => {
    const { asked } = server(
      () => [hans],
      (params) => (params.get('gender') === 'F' ? { body: { rows: [], next_cursor: null } } : undefined),
    )
    renderAt('/leaderboard')
    await screen.findByRole('table')
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: 'powerlifting' } })
    // A new filter is a new first page: the spinner, then its rows.
    expect(screen.getByLabelText('Loading leaderboard')).toBeTruthy()
    await screen.findByRole('table')
    expect(headers()).toEqual(['#', 'Athlete', 'Class', 'Location', 'Squat', 'Bench', 'Deadlift', 'Total ▼', 'DOTS'])
    // The sort follows the sport: no Sinclair for powerlifting.
    expect(
      within(screen.getByLabelText('Sort by'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Total', 'Squat', 'Bench', 'Deadlift', 'DOTS', 'IPF GL', 'Wilks', 'Wilks 2020'])
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'dots' } })
    fireEvent.change(screen.getByLabelText('Weight class'), { target: { value: '66kg' } })
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'Norway' } })
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Oslo' } })
    await screen.findByRole('table')
    expect(screen.getByRole('columnheader', { name: 'DOTS ▼' }).getAttribute('aria-sort')).toBe('descending')
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'F' } })
    expect(await screen.findByText('No lifters match these filters.')).toBeTruthy()
    expect(asked().at(-1)).toBe('sort=dots&sport=powerlifting&gender=F&weight_class=66kg&country=Norway&location=Oslo&limit=50')
    expect(search).toBe('?sport=powerlifting&sort=dots&class=66kg&country=Norway&location=Oslo&gender=F')
  })

  it('a shared URL asks for its filters at once; a sort the sport lacks falls back to the total', async () => {
    const { asked } = server(() => [yara])
    renderAt('/leaderboard?sport=weightlifting&sort=dots&class=59kg')
    await screen.findByRole('table')
    expect(asked()).toEqual(['sort=total&sport=weightlifting&weight_class=59kg&limit=50'])
    expect(headers()).toEqual(['#', 'Athlete', 'Class', 'Location', 'Snatch', 'C&J', 'Total ▼', 'Sinclair'])
  })

  it("a phone's card names each figure (data-label) and marks the sorted one; the Sort by select and the column buttons share the URL's sort", async () => {
    server(() => [hans])
    renderAt('/leaderboard?sport=powerlifting')
    await screen.findByRole('table')
    const labelled = () =>
      [...bodyRows()[0]!.querySelectorAll('td[data-label]')].map((c) => `${c.getAttribute('data-label')} ${c.textContent}`)
    const sortedCell = () =>
      [...bodyRows()[0]!.querySelectorAll('td.leaderboard__sorted')].map((c) => `${c.getAttribute('data-label')} ${c.textContent}`)
    expect(labelled()).toEqual([
      'Class 120kgMen · 118 kg',
      'Location Oslo',
      'Squat 260',
      'Bench 170',
      'Deadlift 270',
      'Total 700',
      'DOTS 404.30',
    ])
    expect(sortedCell()).toEqual(['Total 700'])
    // The phone's control: the select.
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'squat' } })
    await screen.findByRole('table')
    expect(search).toBe('?sport=powerlifting&sort=squat')
    expect(sortedCell()).toEqual(['Squat 260'])
    expect(screen.getByRole('columnheader', { name: 'Squat ▼' }).getAttribute('aria-sort')).toBe('descending')
    // The table's header buttons move the same sort, and the select follows.
    fireEvent.click(screen.getByRole('button', { name: 'Bench' }))
    await screen.findByRole('table')
    expect(search).toBe('?sport=powerlifting&sort=bench')
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('bench')
    expect(sortedCell()).toEqual(['Bench 170'])
  })

  it('"Load more" asks for the next page with the cursor and appends it', async () => {
    const rows = many(70)
    const { asked } = server(() => rows)
    renderAt('/leaderboard')
    await screen.findByRole('table')
    expect(bodyRows()).toHaveLength(50)
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await vi.waitFor(() => expect(bodyRows()).toHaveLength(70))
    expect(asked()).toEqual(['sort=total&limit=50', 'sort=total&limit=50&cursor=50'])
    expect(athletes().slice(48, 52)).toEqual(['Lifter 49', 'Lifter 50', 'Lifter 51', 'Lifter 52'])
    expect(bodyRows()[69]!.querySelector('td')!.textContent).toBe('70')
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  }, 15_000)

  it('a failed "Load more" keeps the rows and says so quietly; the button tries again', async () => {
    let failing = true
    server(
      () => many(60),
      (params) => (params.get('cursor') && failing ? { status: 503, body: { error: 'Busy' } } : undefined),
    )
    renderAt('/leaderboard')
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await screen.findByText('Could not load more lifters. Please try again.')
    expect(bodyRows()).toHaveLength(50)
    expect(screen.queryByRole('alert')).toBeNull()
    failing = false
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await vi.waitFor(() => expect(bodyRows()).toHaveLength(60))
    expect(screen.queryByText('Could not load more lifters. Please try again.')).toBeNull()
  }, 15_000)

  it('the "Load more" failure notice belongs to that list: another filter starts without it', async () => {
    server(
      () => many(60),
      (params) => (params.get('cursor') ? { status: 503, body: { error: 'Busy' } } : undefined),
    )
    renderAt('/leaderboard')
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await screen.findByText('Could not load more lifters. Please try again.')
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'M' } })
    await screen.findByRole('table')
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy()
    expect(screen.queryByText('Could not load more lifters. Please try again.')).toBeNull()
  }, 15_000)
})

describe('verified results', () => {
  /** The server's two boards: verified rows only, or every row (the garage meet's lifter marked) with include_unverified=true. */
  const garage = row({
    rank: 2,
    user_id: 7,
    name: 'Garage Gus',
    location: 'Bergen',
    competition_name: 'Garage Meet (self-judged)',
    total: 650,
    verified: false,
  })
  const serveBoards = () =>
    server(
      () => [hans],
      (params) => (params.get('include_unverified') === 'true' ? { body: { rows: [hans, garage], next_cursor: null } } : undefined),
    )
  const toggle = () => screen.getByRole('checkbox', { name: 'Include unverified results' }) as HTMLInputElement

  it('shows verified results by default and says so, with a link to how results are verified', async () => {
    const { asked } = serveBoards()
    renderAt('/leaderboard')
    await screen.findByRole('table')
    expect(asked()).toEqual(['sort=total&limit=50'])
    expect(toggle().checked).toBe(false)
    expect(screen.getByTestId('verified-note').textContent).toContain('Only results decided by a certified judging panel count here.')
    expect(screen.getByRole('link', { name: 'How results are verified' }).getAttribute('href')).toBe('/about#verified-results')
    expect(athletes()).toEqual(['Heavy Hans'])
    expect(document.querySelector('.leaderboard__unverified')).toBeNull()
    expect(document.querySelector('caption')!.textContent).toContain('verified results only')
  })

  it('the toggle asks for include_unverified=true, keeps ?unverified=1 in the URL, and marks the unverified rows; off again, verified only', async () => {
    const { asked } = serveBoards()
    renderAt('/leaderboard?gender=M')
    await screen.findByRole('table')
    fireEvent.click(toggle())
    await vi.waitFor(() => expect(athletes()).toEqual(['Heavy Hans', 'Garage Gus']))
    expect(asked().at(-1)).toBe('sort=total&gender=M&include_unverified=true&limit=50')
    expect(search).toBe('?gender=M&unverified=1')
    expect(toggle().checked).toBe(true)
    expect(screen.getByTestId('verified-note').textContent).toContain(INCLUDES_UNVERIFIED)
    // Only the unverified row carries the mark: a word (not a colour alone) with its meaning as the title.
    const marks = bodyRows().map((r) => r.querySelector('.leaderboard__unverified'))
    expect(marks[0]).toBeNull()
    expect(marks[1]!.textContent).toBe('Unverified')
    expect(marks[1]!.getAttribute('title')).toMatch(/certified judging panel/)
    expect(within(bodyRows()[1] as HTMLElement).getByText('Unverified')).toBeTruthy()

    fireEvent.click(toggle())
    await vi.waitFor(() => expect(athletes()).toEqual(['Heavy Hans']))
    expect(search).toBe('?gender=M')
    expect(asked().at(-1)).toBe('sort=total&gender=M&limit=50')
  })

  it('a shared URL with ?unverified=1 asks for unverified results at once', async () => {
    const { asked } = serveBoards()
    renderAt('/leaderboard?unverified=1')
    await screen.findByRole('table')
    expect(asked()).toEqual(['sort=total&include_unverified=true&limit=50'])
    expect(toggle().checked).toBe(true)
    expect(document.querySelectorAll('.leaderboard__unverified')).toHaveLength(1)
  })
})

describe('leaderboard live', () => {
  it('a burst of leaderboard.changed refetches once, every row on show, in place', async () => {
    let rows = many(80)
    const { asked } = server(() => rows)
    renderAt('/leaderboard')
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await vi.waitFor(() => expect(bodyRows()).toHaveLength(80))
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())

    rows = [row({ rank: 1, user_id: 99, name: 'New Leader', total: 2000 }), ...many(80).map((r) => ({ ...r, rank: r.rank + 1 }))]
    for (let seq = 1; seq <= 3; seq++) live.event({ seq, type: 'leaderboard.changed', data: { competition_id: 7 } })
    await vi.waitFor(() => expect(athletes()[0]).toBe('New Leader'))
    // Still 80 rows after the first 80: the table neither shrinks nor blanks.
    expect(bodyRows()).toHaveLength(80)
    expect(screen.queryByLabelText('Loading leaderboard')).toBeNull()
    await wait(700)
    expect(asked()).toEqual(['sort=total&limit=50', 'sort=total&limit=50&cursor=50', 'sort=total&limit=80'])
  }, 15_000)

  it('more rows than one page holds are refetched in pages of 200', async () => {
    const { asked } = server(() => many(260))
    renderAt('/leaderboard')
    await screen.findByRole('table')
    for (const shown of [100, 150, 200, 250]) {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
      await vi.waitFor(() => expect(bodyRows()).toHaveLength(shown))
    }
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    live.event({ seq: 1, type: 'leaderboard.changed', data: { competition_id: 7 } })
    await vi.waitFor(() => expect(asked()).toHaveLength(7))
    expect(asked().slice(5)).toEqual(['sort=total&limit=200', 'sort=total&limit=50&cursor=200'])
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy())
    expect(bodyRows()).toHaveLength(250)
  }, 20_000)

  it('a failed refetch keeps the last rows and shows nothing alarming', async () => {
    let down = false
    const { asked } = server(
      () => [hans, yara],
      () => (down ? { status: 500, body: { error: 'Database unavailable' } } : undefined),
    )
    renderAt('/leaderboard')
    await screen.findByRole('table')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    down = true
    live.event({ seq: 1, type: 'leaderboard.changed', data: { competition_id: 7 } })
    await vi.waitFor(() => expect(asked()).toHaveLength(2))
    await wait(50)
    expect(athletes()).toEqual(['Heavy Hans', 'Yara Cruz'])
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText(/Database unavailable|Failed to load/)).toBeNull()
  })

  it('without an answer at all the page says so and offers to try again', async () => {
    server(
      () => [],
      () => ({ status: 500, body: { error: 'Database unavailable' } }),
    )
    renderAt('/leaderboard')
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load the leaderboard. Please try again later.')
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy()
  })
})

describe('leaderboard category filters (docs/categories.md)', () => {
  const ida = row({
    user_id: 9,
    name: 'Ida Berg',
    gender: 'F',
    weight_class: '52kg',
    class_set: 'ipf',
    equipment: 'equipped',
    divisions: ['junior', 'open'],
    total: 400,
  })

  it("class set, division and equipment become the server's filters; the classes follow the set and sex; each row names its category", async () => {
    const { asked } = server(() => [ida])
    renderAt('/leaderboard')
    await screen.findByRole('table')
    expect(screen.getByTestId('leaderboard-category').textContent).toBe('Junior · Open · Equipped')
    fireEvent.change(screen.getByLabelText('Class set'), { target: { value: 'ipf' } })
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'F' } })
    const classes = within(screen.getByLabelText('Weight class'))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(classes).toEqual(['All classes', '43kg', '47kg', '52kg', '57kg', '63kg', '69kg', '76kg', '84kg', '84kg+'])
    fireEvent.change(screen.getByLabelText('Weight class'), { target: { value: '52kg' } })
    fireEvent.change(screen.getByLabelText('Division'), { target: { value: 'junior' } })
    fireEvent.change(screen.getByLabelText('Equipment'), { target: { value: 'equipped' } })
    await screen.findByRole('table')
    await vi.waitFor(() =>
      expect(asked().at(-1)).toBe('sort=total&gender=F&weight_class=52kg&class_set=ipf&division=junior&equipment=equipped&limit=50'),
    )
    expect(search).toBe('?set=ipf&gender=F&class=52kg&division=junior&equipment=equipped')
  })

  it('a weightlifting view offers the IWF divisions and no equipment, and asks none', async () => {
    const { asked } = server(() => [yara])
    renderAt('/leaderboard?sport=weightlifting&equipment=equipped&division=masters_40')
    await screen.findByRole('table')
    expect(screen.queryByLabelText('Equipment')).toBeNull()
    expect((screen.getByLabelText('Division') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Masters 40–44')
    expect(asked()).toEqual(['sort=total&sport=weightlifting&division=masters_40&limit=50'])
  })
})
