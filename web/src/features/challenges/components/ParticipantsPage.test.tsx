// The whole participant list behind "And N more participants...": ranked rows with the board's
// places, a page at a time, searched by name on the server once typing pauses, and "You: #N" pinned
// for the signed-in lifter, which brings their row into view (loading the pages before it).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Participant } from '../../../lib/contract.ts'
import { useSession } from '../../../stores/session.ts'
import { challenge, participant } from '../../../test/fixtures.ts'
import { PARTICIPANT_PAGE_SIZE } from '../api/participant-list.ts'
import { ParticipantsPage, youLabel } from './ParticipantsPage.tsx'

const ME = 57
/** 60 lifters of one class, ranked by total; user 57 is Me. */
const everyone: Participant[] = Array.from({ length: 60 }, (_, i) =>
  participant({
    id: i + 1,
    user_id: i + 1,
    competition_id: 9,
    weight_class: '83kg',
    name: i + 1 === ME ? 'Me Myself' : i % 10 === 0 ? `Anna ${i + 1}` : `Lifter ${i + 1}`,
    total: 600 - i,
    total_weight: 600 - i,
    place: i + 1,
  }),
)

/** A stand-in for the server: the participants route filters by q and pages by offset, as the real one does. */
function serve(list = everyone) {
  const requests: URLSearchParams[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost')
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
      if (url.pathname === '/api/competitions/9')
        return json({ competition: challenge({ id: 9, name: 'Big Open', participants: list.length, weightclasses: ['83kg'] }) })
      if (url.pathname === `/api/competitions/9/participants/${ME}`) return json({ participant: list.find((p) => p.user_id === ME) })
      if (url.pathname.startsWith('/api/competitions/9/participants/'))
        return json({ error: 'This lifter has not joined this challenge.' }, 404)
      if (url.pathname === '/api/competitions/9/participants') {
        requests.push(url.searchParams)
        const q = url.searchParams.get('q')?.toLowerCase() ?? ''
        const matches = list.filter((p) => p.name.toLowerCase().includes(q))
        const offset = Number(url.searchParams.get('cursor') ?? 0)
        const limit = Number(url.searchParams.get('limit'))
        const more = offset + limit < matches.length
        return json({ participants: matches.slice(offset, offset + limit), ...(more ? { next_cursor: String(offset + limit) } : {}) })
      }
      return json({ error: 'not mocked' }, 404)
    }),
  )
  render(
    <MemoryRouter initialEntries={['/challenges/9/participants']}>
      <Routes>
        <Route path="/challenges/:id/participants" element={<ParticipantsPage />} />
      </Routes>
    </MemoryRouter>,
  )
  return requests
}

const names = () => screen.queryAllByRole('listitem').map((li) => li.querySelector('a')!.textContent)
const searchBox = () => screen.getByLabelText('Search by name')

beforeEach(() => useSession.setState({ status: 'authenticated', userId: ME, user: null, error: null }))
afterEach(() => {
  vi.unstubAllGlobals()
  useSession.setState({ status: 'unauthenticated', userId: null, user: null, error: null })
})

// Rendering 50-60 rows in jsdom is slow on a busy machine: generous waits.
const WAIT = { timeout: 5000 }

describe('ParticipantsPage', { timeout: 20_000 }, () => {
  it('lists the first page ranked with places and totals, then the next page on Show more', async () => {
    const requests = serve()
    await screen.findByText('Lifter 2', {}, WAIT)
    expect(names()).toHaveLength(PARTICIPANT_PAGE_SIZE)
    expect(names().slice(0, 3)).toEqual(['Anna 1', 'Lifter 2', 'Lifter 3'])
    expect(
      screen
        .getAllByTestId('participant-place')
        .slice(0, 3)
        .map((el) => el.textContent),
    ).toEqual(['1', '2', '3'])
    expect(screen.getAllByTestId('participant-total')[0]!.textContent).toBe('600 kg')
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }))
    await screen.findByText('Lifter 60', {}, WAIT)
    expect(names()).toHaveLength(60)
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
    expect(requests.map((r) => r.get('cursor'))).toEqual([null, String(PARTICIPANT_PAGE_SIZE)])
  })

  it('pins "You: #57" and, tapped, loads the rows up to the lifter and brings theirs into view, highlighted', async () => {
    const scrolled: string[] = []
    Element.prototype.scrollIntoView = function scrollIntoView() {
      scrolled.push(this.id)
    }
    serve()
    const chip = await screen.findByTestId('you-chip', {}, WAIT)
    expect(chip.textContent).toBe('You: #57')
    await screen.findByText('Lifter 2', {}, WAIT)
    expect(screen.queryByText('Me Myself')).toBeNull() // on the second page
    fireEvent.click(chip)
    const row = (await screen.findByText('Me Myself', {}, WAIT)).closest('li')!
    await waitFor(() => expect(scrolled).toEqual(['participant-57']), WAIT)
    expect(row.classList.contains('participant-row--me')).toBe(true)
    expect(row.classList.contains('participant-row--flash')).toBe(true)
    expect(document.activeElement).toBe(row)
    expect(within(row).getByTestId('participant-place').textContent).toBe('57')
  })

  it('searches by name on the server once typing pauses (one request for a burst), keeping the board places', async () => {
    const requests = serve()
    await screen.findByText('Lifter 2', {}, WAIT)
    for (const text of ['a', 'an', 'anna']) fireEvent.change(searchBox(), { target: { value: text } })
    await waitFor(() => expect(names()).toEqual(['Anna 1', 'Anna 11', 'Anna 21', 'Anna 31', 'Anna 41', 'Anna 51']), WAIT)
    expect(screen.getAllByTestId('participant-place').map((el) => el.textContent)).toEqual(['1', '11', '21', '31', '41', '51'])
    expect(requests.filter((r) => r.has('q')).map((r) => r.get('q'))).toEqual(['anna'])
    fireEvent.change(searchBox(), { target: { value: 'nobody' } })
    expect(await screen.findByText('No participants named "nobody".', {}, WAIT)).toBeTruthy()
  })

  it('tapping "You" during a search leaves the search and finds the lifter in the whole list', async () => {
    Element.prototype.scrollIntoView = () => undefined
    serve()
    await screen.findByText('Lifter 2', {}, WAIT)
    fireEvent.change(searchBox(), { target: { value: 'anna' } })
    await waitFor(() => expect(names()).toHaveLength(6), WAIT)
    fireEvent.click(screen.getByTestId('you-chip'))
    expect((searchBox() as HTMLInputElement).value).toBe('')
    expect(await screen.findByText('Me Myself', {}, WAIT)).toBeTruthy()
    expect(names()).toContain('Lifter 2')
  })

  it('shows no chip to a visitor who does not take part', async () => {
    useSession.setState({ status: 'authenticated', userId: 999, user: null, error: null })
    serve()
    await screen.findByText('Lifter 2', {}, WAIT)
    expect(screen.queryByTestId('you-chip')).toBeNull()
  })

  it('names the class in the chip when places are per class and there are several, and says when there is no place yet', () => {
    expect(youLabel({ place: 14, weight_class: '83kg' }, false)).toBe('You: #14')
    expect(youLabel({ place: 14, weight_class: '83kg' }, true)).toBe('You: #14 in 83kg')
    expect(youLabel({ place: null, weight_class: '83kg' }, true)).toBe('You: no place yet')
  })
})

describe('ParticipantsPage categories (docs/categories.md)', { timeout: 20_000 }, () => {
  it("names each lifter's divisions and, when equipped, the equipment; nothing for a lifter without a date of birth", async () => {
    const list = [
      participant({ id: 1, user_id: 1, competition_id: 9, name: 'Young Yan', divisions: ['junior', 'open'], place: 1, total: 500 }),
      participant({
        id: 2,
        user_id: 2,
        competition_id: 9,
        name: 'Kit Karl',
        divisions: ['masters_1'],
        equipment: 'equipped',
        place: 1,
        total: 600,
      }),
      participant({ id: 3, user_id: 3, competition_id: 9, name: 'No Date', place: 2, total: 400 }),
    ]
    serve(list)
    await vi.waitFor(() => expect(names()).toEqual(['Young Yan', 'Kit Karl', 'No Date']), WAIT)
    expect(screen.getAllByTestId('participant-category').map((e) => e.textContent)).toEqual(['Junior · Open', 'Masters 1 · Equipped'])
  })
})
