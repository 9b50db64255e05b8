// The organiser's judging view: the panel save sends PanelBody and shows the server's words,
// agreement as a percentage, an appeal decision needs a reason, the jury decides directly.
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { JudgingOverview, PanelResponse } from '../../../lib/contract.ts'
import { useLive, type RoomWatcher } from '../../../stores/live.ts'
import { useSession } from '../../../stores/session.ts'
import { mockFetch, type MockRoute } from '../../../test/fetch-mock.ts'
import { challenge, lift } from '../../../test/fixtures.ts'
import { APPEAL_REASON_REQUIRED } from './AppealItem.tsx'
import { JudgingAdminPage, NOT_ORGANISER, formatAgreement } from './JudgingAdminPage.tsx'

const panel: PanelResponse = {
  competition_id: 7,
  organiser_id: 5,
  allow_lifters: false,
  publish_names: false,
  judges: [
    { user_id: 21, username: 'judy', name: 'Judy Hall', seat: 1 },
    { user_id: 22, username: 'karl', name: 'Karl Lind', seat: 2 },
  ],
}
const appealed = lift({
  id: 31,
  participant_name: 'Ben Berg',
  lift_type: 'bench',
  weight: 140,
  status: 'failed',
  judging: {
    votes_cast: 3,
    votes_needed: 3,
    decided_by: 'panel',
    decided_at: '2026-01-01T10:05:00.000Z',
    appeal_until: null,
    verified: false,
    lights: [
      {
        judge: 'Judge 1',
        good: false,
        card: 'yellow',
        reason: 'no_pause',
        reason_label: 'No visible pause on the chest',
        at_seconds: 2.5,
        note: null,
      },
      {
        judge: 'Judge 2',
        good: false,
        card: 'yellow',
        reason: 'no_pause',
        reason_label: 'No visible pause on the chest',
        at_seconds: null,
        note: null,
      },
      { judge: 'Judge 3', good: true, card: null, reason: null, reason_label: null, at_seconds: null, note: null },
    ],
    appeal: { state: 'open', note: 'The pause is clear at 2.4 s', appealed_at: '2026-01-01T11:00:00.000Z', reason: null, decided_at: null },
  },
})
const waiting = lift({
  id: 41,
  participant_name: 'Anna Novak',
  lift_type: 'deadlift',
  weight: 200,
  status: 'pending',
  judging: {
    votes_cast: 1,
    votes_needed: 3,
    decided_by: null,
    decided_at: null,
    lights: [],
    appeal: null,
    appeal_until: null,
    verified: false,
  },
})
const overview: JudgingOverview = {
  competition_id: 7,
  pending: 4,
  judges: [
    { user_id: 21, username: 'judy', name: 'Judy Hall', seat: 1, votes_cast: 9, agreement: 2 / 3 },
    { user_id: 22, username: 'karl', name: 'Karl Lind', seat: 2, votes_cast: 0, agreement: null },
  ],
  appeals: [appealed],
}

function serve(extra: Record<string, MockRoute> = {}) {
  return mockFetch({
    'GET /competitions/7': { body: { competition: challenge({ name: 'Oslo Open' }) } },
    'GET /competitions/7/judges': { body: panel },
    'GET /competitions/7/judging': { body: overview },
    'GET /competitions/7/lifts': { body: { lifts: [appealed, waiting] } },
    ...extra,
  })
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/challenges/7/judging']}>
      <Routes>
        <Route path="/challenges/:id/judging" element={<JudgingAdminPage />} />
      </Routes>
    </MemoryRouter>,
  )

/** The rooms the page watches, with their watchers (the live store's socket is not opened). */
let watched: Array<{ room: string; watcher: RoomWatcher }> = []

beforeEach(() => {
  watched = []
  useLive.setState({
    watch: (room, watcher) => {
      watched.push({ room, watcher })
      return () => {}
    },
  })
  localStorage.setItem('auth_token', 'token')
  localStorage.setItem('userId', '5')
  useSession.setState({ status: 'authenticated', userId: 5, user: null, error: null })
})

describe("the organiser's judging view", () => {
  it('shows agreement as a whole percentage, "—" before any decided vote', () => {
    expect(formatAgreement(2 / 3)).toBe('67%')
    expect(formatAgreement(1)).toBe('100%')
    expect(formatAgreement(null)).toBe('—')
  })

  it('lists the pending count and each judge with votes cast and agreement', async () => {
    serve()
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Judging: Oslo Open' })).toBeTruthy()
    const judges = await screen.findByRole('region', { name: 'Judges' })
    expect(judges.textContent).toContain('4 attempts await a decision')
    const rows = within(judges)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))
    expect(rows).toEqual([
      ['1', 'Judy Hall @judy', '9', '67%'],
      ['2', 'Karl Lind @karl', '0', '—'],
    ])
  })

  it('saves the panel as PanelBody: trimmed usernames without blanks or @, and both switches', async () => {
    const api = serve({ 'PUT /competitions/7/judges': ({ body }) => ({ body: { ...panel, ...(body as object), judges: panel.judges } }) })
    renderPage()
    const form = await screen.findByRole('form', { name: 'Panel' })
    expect((within(form).getByLabelText('Judge 1 username') as HTMLInputElement).value).toBe('judy')
    fireEvent.click(within(form).getByRole('button', { name: 'Remove judge 2' }))
    fireEvent.click(within(form).getByRole('button', { name: 'Add judge' }))
    fireEvent.change(within(form).getByLabelText('Judge 2 username'), { target: { value: ' @mia ' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add judge' }))
    fireEvent.click(within(form).getByRole('switch', { name: /Lifters of this challenge may judge/ }))
    fireEvent.click(within(form).getByRole('button', { name: 'Save panel' }))
    expect((await within(form).findByRole('status')).textContent).toBe('Panel saved.')
    expect(api.sent('PUT', '/competitions/7/judges').map((c) => c.body)).toEqual([
      { usernames: ['judy', 'mia'], allow_lifters: true, publish_names: false },
    ])
  })

  it('offers at most five judges', async () => {
    serve()
    renderPage()
    const form = await screen.findByRole('form', { name: 'Panel' })
    const add = within(form).getByRole('button', { name: 'Add judge' }) as HTMLButtonElement
    for (let i = 0; i < 3; i++) fireEvent.click(add)
    expect(within(form).getAllByRole('textbox')).toHaveLength(5)
    expect(add.disabled).toBe(true)
  })

  it("shows the server's error verbatim when the panel is refused", async () => {
    serve({ 'PUT /competitions/7/judges': { status: 409, body: { error: 'ben2 lifts in this challenge: allow lifters to appoint them' } } })
    renderPage()
    const form = await screen.findByRole('form', { name: 'Panel' })
    fireEvent.click(within(form).getByRole('button', { name: 'Save panel' }))
    expect((await within(form).findByRole('alert')).textContent).toBe('ben2 lifts in this challenge: allow lifters to appoint them')
  })

  it('decides an appeal only with a reason, and sends reverse with it', async () => {
    const api = serve({ 'POST /attempts/31/appeal/decision': { body: { attempt: appealed } } })
    renderPage()
    const appeal = await screen.findByRole('listitem', { name: 'Appeal: Ben Berg, Bench 140 kg' })
    expect(appeal.textContent).toContain('The pause is clear at 2.4 s')
    expect(within(appeal).getByRole('list', { name: 'Lights' }).children).toHaveLength(3)
    expect(appeal.textContent).toContain('No visible pause on the chest')
    fireEvent.click(within(appeal).getByRole('button', { name: 'Reverse to good lift' }))
    expect((await within(appeal).findByRole('alert')).textContent).toBe(APPEAL_REASON_REQUIRED)
    fireEvent.change(within(appeal).getByLabelText('Reason for the decision'), { target: { value: '  Pause visible at 2.4 s  ' } })
    fireEvent.click(within(appeal).getByRole('button', { name: 'Reverse to good lift' }))
    await vi.waitFor(() => expect(api.sent('POST', '/attempts/31/appeal/decision')).toHaveLength(1))
    expect(api.sent('POST', '/attempts/31/appeal/decision')[0]!.body).toEqual({ reverse: true, reason: 'Pause visible at 2.4 s' })
  })

  it('decides a pending attempt as jury: a no lift needs a reason card', async () => {
    const api = serve({ 'POST /attempts/41/jury': { body: { attempt: waiting } } })
    renderPage()
    const item = await screen.findByRole('listitem', { name: 'Pending: Anna Novak, Deadlift 200 kg' })
    fireEvent.click(within(item).getByRole('button', { name: 'No lift…' }))
    const send = within(item).getByRole('button', { name: 'Decide no lift' }) as HTMLButtonElement
    expect(send.disabled).toBe(true)
    fireEvent.click(within(item).getByRole('radio', { name: /Bar supported on the thighs/ }))
    fireEvent.click(send)
    await vi.waitFor(() => expect(api.sent('POST', '/attempts/41/jury')).toHaveLength(1))
    expect(api.sent('POST', '/attempts/41/jury')[0]!.body).toEqual({ good: false, reason: 'ramping' })
  })

  it("follows the challenge's room: a decision refetches the overview and the pending attempts, a join does not", async () => {
    const api = serve()
    renderPage()
    await screen.findByRole('region', { name: 'Judges' })
    await vi.waitFor(() => expect(watched.map((w) => w.room)).toEqual(['competition:7']))
    const before = [api.sent('GET', '/competitions/7/judging').length, api.sent('GET', '/competitions/7/lifts').length]
    const event = (type: string) => ({ room: 'competition:7', seq: 9, type, data: {}, at: '' }) as never
    act(() => watched[0]!.watcher.apply(event('participant.joined')))
    act(() => watched[0]!.watcher.apply(event('attempt.judged')))
    await vi.waitFor(() => expect(api.sent('GET', '/competitions/7/judging').length).toBe(before[0]! + 1))
    expect(api.sent('GET', '/competitions/7/lifts').length).toBe(before[1]! + 1)
  })

  it('tells anyone but the organiser that the view is theirs, and fetches no overview', async () => {
    useSession.setState({ userId: 6 })
    const api = serve()
    renderPage()
    expect(await screen.findByText(NOT_ORGANISER)).toBeTruthy()
    expect(api.sent('GET', '/competitions/7/judging')).toHaveLength(0)
    expect(screen.queryByRole('form', { name: 'Panel' })).toBeNull()
  })
})
