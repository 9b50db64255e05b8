// The judge's desk: shortcuts choose and send a vote with the right body, a no lift needs a
// reason, the next attempt loads after a vote, and the queue follows `judge:queue`.
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueuedAttempt } from '../../../lib/contract.ts'
import { useLive, type LiveSocket } from '../../../stores/live.ts'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { lift } from '../../../test/fixtures.ts'
import { EMPTY_QUEUE, JudgeDeskPage, REASON_REQUIRED } from './JudgeDeskPage.tsx'
import { NO_FLAGS } from './TakeFlags.tsx'

const pending = {
  votes_cast: 0,
  votes_needed: 3,
  decided_by: null,
  decided_at: null,
  lights: [],
  appeal: null,
  appeal_until: null,
  verified: false,
}
const queued = (overrides: Partial<QueuedAttempt>): QueuedAttempt => ({
  ...lift({ status: 'pending', judging: pending, video_url: '/video/1', ...overrides }),
  competition_name: 'Oslo Open',
  ...overrides,
})
const squat = queued({ id: 11, participant_name: 'Anna Novak', lift_type: 'squat', weight: 180, created_at: '2026-01-01T10:00:00.000Z' })
const bench = queued({ id: 12, participant_name: 'Ben Berg', lift_type: 'bench', weight: 120, created_at: '2026-01-01T11:00:00.000Z' })

/** A stand-in for the live store's socket: handlers by event name. */
function fakeSocket() {
  const handlers = new Map<string, Set<() => void>>()
  const socket = {
    on: (name: string, fn: () => void) => {
      ;(handlers.get(name) ?? handlers.set(name, new Set()).get(name)!).add(fn)
      return socket
    },
    off: (name: string, fn: () => void) => {
      handlers.get(name)?.delete(fn)
      return socket
    },
    fire: (name: string) => handlers.get(name)?.forEach((fn) => fn()),
    count: (name: string) => handlers.get(name)?.size ?? 0,
    connect: () => socket,
    disconnect: () => socket,
  }
  return socket
}

let socket: ReturnType<typeof fakeSocket>
beforeEach(() => {
  localStorage.setItem('auth_token', 'token')
  localStorage.setItem('userId', '5')
  useSession.setState({ status: 'authenticated', userId: 5, user: null, error: null })
  socket = fakeSocket()
  useLive.setState({ connect: vi.fn(), socket: socket as unknown as LiveSocket })
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {})
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve())
})
afterEach(() => vi.restoreAllMocks())

/** The queue answers `lists` in turn (the last one repeats), recording each GET. */
function serve(lists: QueuedAttempt[][], vote: { status?: number; body?: unknown } = { status: 201, body: { attempt: squat } }) {
  let n = 0
  return mockFetch({
    'GET /judge/queue': () => ({ body: { attempts: lists[Math.min(n++, lists.length - 1)] } }),
    'POST /attempts/11/votes': vote,
    'POST /attempts/12/votes': { status: 201, body: { attempt: bench } },
  })
}

const renderDesk = () =>
  render(
    <MemoryRouter>
      <JudgeDeskPage />
    </MemoryRouter>,
  )
const key = (k: string) => fireEvent.keyDown(window, { key: k })
const currentTitle = () => screen.getByRole('region', { name: 'Attempt to judge' }).querySelector('h2')!.textContent

describe("the judge's desk", () => {
  it('shows the oldest attempt first with its challenge, lifter, lift and weight, and no vote counts', async () => {
    serve([[squat, bench]])
    renderDesk()
    expect(await screen.findByRole('heading', { name: 'Squat 180 kg — Anna Novak' })).toBeTruthy()
    const queue = screen.getByRole('complementary', { name: 'Queue' })
    const items = within(queue).getAllByRole('button')
    expect(items.map((b) => b.textContent)).toEqual([expect.stringContaining('Anna Novak'), expect.stringContaining('Ben Berg')])
    expect(items[0]!.textContent).toContain('Oslo Open')
    expect(items[0]!.getAttribute('aria-current')).toBe('true')
    expect(document.body.textContent).not.toMatch(/of 3|votes/)
  })

  it('marks a record attempt in the queue and over the video, before the judges decide', async () => {
    const scope = {
      sport: 'powerlifting' as const,
      sex: 'F' as const,
      class_set: 'ipf' as const,
      weight_class: '63kg',
      division: 'open',
      equipment: 'classic' as const,
      lift: 'squat' as const,
      record: 170,
      weight: 180,
    }
    serve([[{ ...squat, record_attempt: { records: [scope] } }, bench]])
    renderDesk()
    expect(await screen.findByTestId('desk-record-attempt')).toBeTruthy()
    const items = within(screen.getByRole('complementary', { name: 'Queue' })).getAllByRole('button')
    expect(items.map((b) => b.textContent?.includes('Record attempt'))).toEqual([true, false])
  })

  it("shows the take checks' flags beside the video, and says so when a take has none or was not checked", async () => {
    const checks = {
      flags: [{ kind: 'cut' as const, at: 7.2, text: 'possible cut at 0:07' }],
      notes: ['The file states no creation time.'],
      created_at: null,
      checked_at: '2026-11-28T09:00:00.000Z',
    }
    serve([
      [
        { ...squat, take_checks: checks, attempt_code: 'K3PX', contact_sheet_url: '/api/video/attempts%2F11%2Fplates.jpg' },
        { ...bench, take_checks: { ...checks, flags: [], notes: [] } },
      ],
    ])
    renderDesk()
    await screen.findByRole('heading', { name: 'Squat 180 kg — Anna Novak' })
    const flags = screen.getByRole('region', { name: 'Take checks' })
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['possible cut at 0:07', 'The file states no creation time.'])
    expect(screen.getByTestId('attempt-code').textContent).toBe(
      'Attempt code K3PX: it must be shown to the camera at the start of the take.',
    )
    expect(screen.getByTestId('contact-sheet').getAttribute('src')).toBe('/api/video/attempts%2F11%2Fplates.jpg')
    expect(screen.getByTestId('plate-check').querySelector('figcaption')!.textContent).toBe(
      '180 kg: 20 kg bar, collars 2 × 2.5 kg; each side 3 × 25, 2.5 kg',
    )
    fireEvent.click(screen.getByRole('button', { name: 'No lift' }))
    expect(screen.getByText('The attempt code was not shown at the start of the take')).toBeTruthy()
    fireEvent.click(within(screen.getByRole('complementary', { name: 'Queue' })).getAllByRole('button')[1]!)
    await screen.findByRole('heading', { name: /Ben Berg/ })
    expect(screen.getByTestId('take-flags').textContent).toContain(NO_FLAGS)
    expect(screen.queryByTestId('attempt-code')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'No lift' }))
    expect(screen.queryByText('The attempt code was not shown at the start of the take')).toBeNull()
  })

  it('W sends a good lift and the next attempt loads by itself', async () => {
    const api = serve([[squat, bench], [bench]])
    renderDesk()
    await screen.findByRole('heading', { name: 'Squat 180 kg — Anna Novak' })
    key('w')
    // vi.waitFor's 1 s default ran out once on a loaded CI machine (the vote, then the queue's refetch).
    await vi.waitFor(() => expect(currentTitle()).toBe('Bench 120 kg — Ben Berg'), { timeout: 5_000 })
    expect(api.sent('POST', '/attempts/11/votes').map((c) => c.body)).toEqual([{ good: true }])
    expect(api.sent('GET', '/judge/queue').length).toBeGreaterThanOrEqual(2)
    expect(api.sent('POST', '/attempts/12/votes')).toHaveLength(0)
  })

  it('the plate check\'s "Load matches" tick goes with the vote; a no lift for the load sends the reason instead', async () => {
    const api = serve([[squat, bench], [bench], [bench]])
    renderDesk()
    await screen.findByRole('heading', { name: 'Squat 180 kg — Anna Novak' })
    fireEvent.click(screen.getByRole('checkbox', { name: /Load matches/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Good lift' }))
    await vi.waitFor(() => expect(currentTitle()).toBe('Bench 120 kg — Ben Berg'), { timeout: 5_000 })
    expect(api.sent('POST', '/attempts/11/votes').map((c) => c.body)).toEqual([{ good: true, load_matches: true }])
    // A fresh attempt starts unticked; "Load does not match" is one of the reasons.
    expect((screen.getByRole('checkbox', { name: /Load matches/ }) as HTMLInputElement).checked).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'No lift' }))
    fireEvent.click(screen.getByText(/^Load does not match/))
    fireEvent.click(screen.getByRole('button', { name: 'Send no lift' }))
    await vi.waitFor(() => expect(api.sent('POST', '/attempts/12/votes')).toHaveLength(1))
    expect(api.sent('POST', '/attempts/12/votes')[0]!.body).toEqual({ good: false, reason: 'load_mismatch' })
  })

  it('R opens the reason cards; Enter sends nothing without a reason; 2 picks the second card and Enter sends it', async () => {
    const api = serve([[squat, bench], [bench]])
    renderDesk()
    await screen.findByRole('heading', { name: 'Squat 180 kg — Anna Novak' })
    key('r')
    const form = await screen.findByRole('form', { name: 'No lift' })
    const cards = within(form).getAllByRole('radio')
    // The squat's seven faults, video incomplete (code not shown is left out: no code) and the plate check's load.
    expect(cards).toHaveLength(9)
    expect(cards[0]!.closest('label')!.className).toContain('reason-card--red')
    expect(cards[1]!.closest('label')!.className).toContain('reason-card--blue')
    expect(cards[4]!.closest('label')!.className).toContain('reason-card--yellow')
    expect((within(form).getByRole('button', { name: 'Send no lift' }) as HTMLButtonElement).disabled).toBe(true)

    key('Enter')
    expect((await screen.findByRole('alert')).textContent).toBe(REASON_REQUIRED)
    expect(api.sent('POST', '/attempts/11/votes')).toHaveLength(0)

    key('2')
    expect((cards[1] as HTMLInputElement).checked).toBe(true)
    fireEvent.change(within(form).getByLabelText('Note (optional)'), { target: { value: '  soft knees  ' } })
    key('Enter')
    // vi.waitFor's 1 s default ran out once on a loaded CI machine (the vote, then the queue's refetch).
    await vi.waitFor(() => expect(currentTitle()).toBe('Bench 120 kg — Ben Berg'), { timeout: 5_000 })
    expect(api.sent('POST', '/attempts/11/votes').map((c) => c.body)).toEqual([{ good: false, reason: 'not_locked', note: 'soft knees' }])
  })

  it('marks the moment from the player: two frames forward is 2/30 s', async () => {
    const api = serve([[squat], []])
    renderDesk()
    await screen.findByRole('heading', { name: 'Squat 180 kg — Anna Novak' })
    key('ArrowRight')
    key('ArrowRight')
    key('ArrowRight')
    key('ArrowLeft')
    expect(screen.getByLabelText('Current time').textContent).toBe('0.07 s')
    fireEvent.click(screen.getByRole('button', { name: 'No lift' }))
    fireEvent.click(screen.getByRole('button', { name: 'Mark this moment' }))
    expect(screen.getByText(/At 0\.07 s/)).toBeTruthy()
    key('1')
    // Focus stays on the Mark this moment button: Enter still sends the no lift (once).
    fireEvent.keyDown(screen.getByRole('button', { name: 'Mark this moment' }), { key: 'Enter' })
    expect(await screen.findByText(EMPTY_QUEUE)).toBeTruthy()
    expect(api.sent('POST', '/attempts/11/votes')).toHaveLength(1)
    expect(api.sent('POST', '/attempts/11/votes')[0]!.body).toEqual({ good: false, reason: 'depth', at_seconds: 0.07 })
  })

  it('shortcuts are text while typing a note', async () => {
    const api = serve([[squat]])
    renderDesk()
    await screen.findByRole('heading', { name: 'Squat 180 kg — Anna Novak' })
    fireEvent.click(screen.getByRole('button', { name: 'No lift' }))
    fireEvent.keyDown(screen.getByLabelText('Note (optional)'), { key: 'w' })
    fireEvent.keyDown(screen.getByLabelText('Note (optional)'), { key: '1' })
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false)
    expect(api.sent('POST', '/attempts/11/votes')).toHaveLength(0)
  })

  it("moves on when the server refuses the vote (already decided), showing the server's words", async () => {
    const api = serve(
      [
        [squat, bench],
        [squat, bench],
      ],
      { status: 409, body: { error: 'This attempt is already decided' } },
    )
    renderDesk()
    await screen.findByRole('heading', { name: 'Squat 180 kg — Anna Novak' })
    fireEvent.click(screen.getByRole('button', { name: 'Good lift' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This attempt is already decided')
    await vi.waitFor(() => expect(currentTitle()).toBe('Bench 120 kg — Ben Berg'), { timeout: 3000 })
    expect(api.sent('POST', '/attempts/11/votes')).toHaveLength(1)
  })

  it('refetches the queue on judge:queue and on reconnect, and says when nothing waits', async () => {
    const api = serve([[], [bench]])
    renderDesk()
    expect(await screen.findByText(EMPTY_QUEUE)).toBeTruthy()
    expect(socket.count('judge:queue')).toBe(1)
    act(() => socket.fire('judge:queue'))
    expect(await screen.findByRole('heading', { name: 'Bench 120 kg — Ben Berg' })).toBeTruthy()
    const before = api.sent('GET', '/judge/queue').length
    act(() => socket.fire('connect'))
    await vi.waitFor(() => expect(api.sent('GET', '/judge/queue').length).toBe(before + 1))
  })

  it('shows a failed load with Try Again', async () => {
    let fail = true
    mockFetch({ 'GET /judge/queue': () => (fail ? { status: 403, body: { error: 'Not allowed' } } : { body: { attempts: [] } }) })
    renderDesk()
    expect((await screen.findByRole('alert')).textContent).toBe('Not allowed')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText(EMPTY_QUEUE)).toBeTruthy()
  })

  it('asks a signed-out visitor to log in and fetches nothing', () => {
    useSession.setState({ status: 'unauthenticated', userId: null })
    const api = serve([[squat]])
    renderDesk()
    expect(screen.getByText(/Log in to judge/)).toBeTruthy()
    expect(api.calls).toHaveLength(0)
  })
})
