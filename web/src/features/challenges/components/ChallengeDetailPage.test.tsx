// The challenge page says how the challenge ranks and scores, and gives a lifter who joined their
// own bodyweight form, kept current by the live room (participant.updated, attempt.judged). It loads
// the challenge's summary and the signed-in lifter's own entry, never every participant or lift.
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Challenge, LiveEvent, Participant, Standing } from '../../../lib/contract.ts'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { challenge, lift, participant, summary } from '../../../test/fixtures.ts'
import { fakeLiveRoom } from '../../../test/live-room.ts'
import { ChallengeDetailPage } from './ChallengeDetailPage.tsx'

let live: ReturnType<typeof fakeLiveRoom>
beforeEach(() => {
  live = fakeLiveRoom('competition:9')
  useSession.setState({ status: 'authenticated', userId: 5, user: null, error: null })
})
afterEach(() => {
  vi.restoreAllMocks()
  useSession.setState({ status: 'unauthenticated', userId: null, user: null, error: null })
})

/** The summary of challenge 9 holding these lifters (each group's top), and the own entry of user 5 if among them. */
function open(overrides: Partial<Challenge>, participants: Participant[]) {
  const own = participants.find((p) => p.user_id === 5)
  const classCounts: Record<string, number> = {}
  for (const p of participants) classCounts[p.weight_class] = (classCounts[p.weight_class] ?? 0) + 1
  const answer = summary({
    competition: challenge({ id: 9, participants: participants.length, ...overrides }),
    count: participants.length,
    class_counts: classCounts,
    top: participants,
  })
  return openSummary(answer, own)
}

type Summary = ReturnType<typeof summary>

/** Serves the summaries in turn (the last one again after), each with its seq. */
function openSummary(answers: Summary | { body: Summary; seq: number }[], own?: Participant) {
  const queue = Array.isArray(answers) ? [...answers] : [{ body: answers, seq: 1 }]
  const api = mockFetch({
    'GET /competitions/9/summary': () => {
      const { body, seq } = queue.length > 1 ? queue.shift()! : queue[0]!
      return { body, headers: { 'x-live-seq': String(seq) } }
    },
    'GET /competitions/9/participants/5': own ? { body: { participant: own } } : { status: 404, body: { error: 'Not a participant' } },
  })
  render(
    <MemoryRouter initialEntries={['/challenges/9']}>
      <Routes>
        <Route path="/challenges/:id" element={<ChallengeDetailPage />} />
      </Routes>
    </MemoryRouter>,
  )
  return api
}
const event = (e: Omit<LiveEvent, 'room' | 'at'>) => live.event(e)
const me = (overrides: Partial<Participant> = {}) =>
  participant({ id: 5, user_id: 5, competition_id: 9, name: 'Me', weight_class: '83kg', ...overrides })

describe('challenge page: scoring and the own bodyweight', () => {
  it('says a weightlifting challenge ranks by total in class with Sinclair for best lifter, and what makes the total', async () => {
    open(
      {
        lifttypes: ['Snatch', 'Clean & Jerk'],
        sport: 'weightlifting',
        total_lifts: ['snatch', 'clean_and_jerk'],
        ranking: 'class',
        points_formula: 'sinclair',
      },
      [],
    )
    expect((await screen.findByTestId('challenge-ranking')).textContent).toBe(
      'Ranked by total within weight class · best lifter by Sinclair',
    )
    expect(screen.getByTestId('challenge-total').textContent).toBe('Snatch + Clean & Jerk')
    expect(screen.getByText('Weightlifting')).toBeTruthy()
    expect(screen.getByText('Sinclair points show for lifters who give their bodyweight.')).toBeTruthy()
  })

  it('says a formula-ranked challenge ranks overall by its points', async () => {
    open({ ranking: 'ipf_gl', points_formula: 'ipf_gl' }, [])
    expect((await screen.findByTestId('challenge-ranking')).textContent).toBe('Ranked overall by IPF GL points')
    expect(screen.getByTestId('challenge-total').textContent).toBe('Squat + Bench Press + Deadlift')
    expect(screen.getByText('Powerlifting')).toBeTruthy()
  })

  it('offers no bodyweight form to someone who has not joined', async () => {
    open({}, [participant({ id: 1, user_id: 1, competition_id: 9 })])
    await screen.findByTestId('challenge-ranking')
    await screen.findByText('Anna Novak')
    expect(screen.queryByRole('heading', { name: 'Your bodyweight' })).toBeNull()
  })

  it('gives a lifter who joined their bodyweight form, following participant.updated and locking at attempt.judged', async () => {
    open({}, [me()])
    expect((await screen.findByTestId('own-bodyweight')).textContent).toBe('Not given')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())

    event({ type: 'participant.updated', seq: 2, data: { competition_id: 9, participant: me({ bodyweight: 82.3 }) } } as Omit<
      LiveEvent,
      'room' | 'at'
    >)
    expect(screen.getByTestId('own-bodyweight').textContent).toBe('82.3 kg')
    expect(screen.getByRole('button', { name: 'Save bodyweight' })).toBeTruthy()

    const judged = lift({
      id: 70,
      competition_id: 9,
      participant_id: 5,
      user_id: 5,
      participant_name: 'Me',
      status: 'completed',
      weight: 150,
    })
    event({
      type: 'participant.updated',
      seq: 3,
      data: { competition_id: 9, participant: me({ bodyweight: 82.3, attempts: [judged] }) },
    } as Omit<LiveEvent, 'room' | 'at'>)
    expect(screen.queryByRole('button', { name: 'Save bodyweight' })).toBeNull()
    expect(screen.getByText('Your bodyweight is fixed once one of your lifts has been judged.')).toBeTruthy()
  })
})

describe('challenge page: the summary, live', () => {
  // A squat challenge ranked by class: a good squat is a total. 74kg has 8 lifters (the summary holds
  // its top 5, totals 500 down to 460), 93kg has 2; user 5 is not among them.
  const SQUAT: Partial<Challenge> = { sport: 'single_lift', total_lifts: ['squat'], ranking: 'class', points_formula: null }
  const lifter = (n: number, weightClass: string, total: number | null, place: number | null) =>
    participant({
      id: n,
      user_id: 100 + n,
      competition_id: 9,
      name: `Lifter ${n}`,
      weight_class: weightClass,
      best_squat: total ?? 0,
      total,
      total_weight: total ?? 0,
      place,
    })
  const light = [1, 2, 3, 4, 5].map((n) => lifter(n, '74kg', 510 - n * 10, n))
  const heavy = [lifter(20, '93kg', 600, 1), lifter(21, '93kg', null, null)]
  const first = (top = [...light, ...heavy]) =>
    summary({
      competition: challenge({ id: 9, participants: 10, ...SQUAT }),
      count: 10,
      class_counts: { '74kg': 8, '93kg': 2 },
      top,
    })
  const standing = (total: number): Standing => ({
    best_squat: total,
    best_bench: 0,
    best_deadlift: 0,
    best_snatch: 0,
    best_clean_and_jerk: 0,
    total,
    total_weight: total,
    points: null,
  })
  const squat = (n: number, id: number, weight: number, overrides: Parameters<typeof lift>[0] = {}) =>
    lift({
      id,
      competition_id: 9,
      participant_id: n,
      user_id: 100 + n,
      participant_name: `Lifter ${n}`,
      lift_type: 'squat',
      weight,
      created_at: `2026-01-02T10:00:${String(id % 60).padStart(2, '0')}.000Z`,
      ...overrides,
    })
  const judged = (n: number, id: number, total: number, seq: number) =>
    event({ type: 'attempt.judged', seq, data: { competition_id: 9, attempt: squat(n, id, total), standing: standing(total) } } as Omit<
      LiveEvent,
      'room' | 'at'
    >)
  const shownNames = () =>
    within(screen.getByRole('list', { name: 'Top participants' }))
      .getAllByRole('link')
      .map((a) => a.textContent)
  // The challenge's data (the judging link asks apart whether the signed-in user judges it).
  const requests = (api: ReturnType<typeof mockFetch>) =>
    api.calls
      .map((c) => `${c.method} ${c.path}`)
      .filter((r) => !r.endsWith('/judges'))
      .sort()
  const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)))

  it('asks for the summary and the own entry only: not every participant, lift or the competition alone', async () => {
    const api = openSummary(first())
    await screen.findByText('Lifter 1')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    expect(requests(api)).toEqual(['GET /competitions/9/participants/5', 'GET /competitions/9/summary'])
    expect(shownNames()).toEqual(['Lifter 1', 'Lifter 2', 'Lifter 3', 'Lifter 4', 'Lifter 5'])
    expect(screen.getByText('And 3 more participants...')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Join Challenge' })).toBeTruthy()
  })

  it('asks for no own entry without a signed-in lifter', async () => {
    useSession.setState({ status: 'unauthenticated', userId: null, user: null, error: null })
    const api = openSummary(first())
    await screen.findByText('Lifter 1')
    expect(requests(api)).toEqual(['GET /competitions/9/summary'])
  })

  it("shows another class's top from the summary, without a request", async () => {
    const api = openSummary(first())
    await screen.findByText('Lifter 1')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    const before = requests(api)
    fireEvent.click(screen.getByRole('button', { name: '93kg' }))
    expect(shownNames()).toEqual(['Lifter 20', 'Lifter 21'])
    expect(screen.queryByText(/more participants/)).toBeNull()
    await wait(100)
    expect(requests(api)).toEqual(before)
  })

  it('a join beyond the top 5 raises the count and "And N more" without listing the lifter or refetching', async () => {
    const api = openSummary(first())
    await screen.findByText('Lifter 1')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    expect(screen.getByTestId('participant-count').textContent).toBe('10')
    event({
      type: 'participant.joined',
      seq: 2,
      data: { competition_id: 9, participant: lifter(9, '74kg', null, null), participants: 11 },
    } as Omit<LiveEvent, 'room' | 'at'>)
    expect(screen.getByTestId('participant-count').textContent).toBe('11')
    expect(screen.getByText('And 4 more participants...')).toBeTruthy()
    expect(screen.queryByText('Lifter 9')).toBeNull()
    await wait(400)
    expect(api.sent('GET', '/competitions/9/summary')).toHaveLength(1)
  })

  it('a join of the signed-in lifter shows them joined, with their bodyweight form', async () => {
    openSummary(first())
    await screen.findByText('Lifter 1')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    event({
      type: 'participant.joined',
      seq: 2,
      data: { competition_id: 9, participant: me({ weight_class: '93kg', joined_at: '2026-01-03T09:00:00.000Z' }), participants: 11 },
    } as Omit<LiveEvent, 'room' | 'at'>)
    // docs/product/validation.md's badge text, then the class joined in.
    expect(screen.getAllByText("You've joined this challenge · 93 kg").length).toBeGreaterThan(0)
    expect(screen.getByTestId('own-bodyweight').textContent).toBe('Not given')
    expect(shownNames()).toEqual(['Lifter 20', 'Lifter 21', 'Me'])
  })

  it('signing out forgets the own entry: no joined badge, no bodyweight form', async () => {
    openSummary(first(), me({ weight_class: '93kg' }))
    await screen.findByTestId('own-bodyweight')
    act(() => useSession.setState({ status: 'unauthenticated', userId: null, user: null, error: null }))
    expect(screen.queryByTestId('own-bodyweight')).toBeNull()
    expect(screen.queryByText("You've joined this challenge")).toBeNull()
    expect(screen.getByRole('button', { name: 'Join Challenge' })).toBeTruthy()
  })

  it('a decision of a shown lifter re-ranks the top and shows the attempt, without a refetch', async () => {
    const api = openSummary(first())
    await screen.findByText('Lifter 1')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    judged(5, 305, 520, 2)
    expect(shownNames()).toEqual(['Lifter 5', 'Lifter 1', 'Lifter 2', 'Lifter 3', 'Lifter 4'])
    expect(screen.getAllByTestId('participant-place').map((el) => el.textContent)).toEqual(['1', '2', '3', '4', '5'])
    expect(screen.getAllByTestId('participant-total')[0]!.textContent).toBe('520 kg')
    await wait(400)
    expect(api.sent('GET', '/competitions/9/summary')).toHaveLength(1)
  })

  it('a decision that keeps a lifter outside the top behind its 5th refetches nothing', async () => {
    const api = openSummary(first())
    await screen.findByText('Lifter 1')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    judged(6, 306, 455, 2)
    await wait(400)
    expect(api.sent('GET', '/competitions/9/summary')).toHaveLength(1)
  })

  it('decisions that lift outsiders into the top 5 refetch the summary once for the burst', async () => {
    const after = first([
      lifter(8, '74kg', 620, 1),
      lifter(7, '74kg', 610, 2),
      lifter(6, '74kg', 600, 3),
      lifter(1, '74kg', 500, 4),
      lifter(2, '74kg', 490, 5),
      ...heavy,
    ])
    const api = openSummary([
      { body: first(), seq: 1 },
      { body: after, seq: 4 },
    ])
    await screen.findByText('Lifter 1')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    judged(6, 306, 600, 2)
    judged(7, 307, 610, 3)
    judged(8, 308, 620, 4)
    expect(api.sent('GET', '/competitions/9/summary')).toHaveLength(1)
    await screen.findByText('Lifter 8')
    expect(shownNames()).toEqual(['Lifter 8', 'Lifter 7', 'Lifter 6', 'Lifter 1', 'Lifter 2'])
    await wait(400)
    expect(api.sent('GET', '/competitions/9/summary')).toHaveLength(1 + 1)
  })

  it('new attempts arrive among the recent videos, and a vote counts on them and on the shown lifter', async () => {
    openSummary(first())
    await screen.findByText('Lifter 1')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    expect(screen.getByText('No videos available')).toBeTruthy()
    const pending = squat(2, 402, 530, {
      status: 'pending',
      video_url: '/v/402.mp4',
      judging: {
        votes_cast: 0,
        votes_needed: 3,
        decided_by: null,
        decided_at: null,
        lights: [],
        appeal: null,
        appeal_until: null,
        verified: false,
      },
    })
    event({ type: 'attempt.created', seq: 2, data: { competition_id: 9, attempt: pending } } as Omit<LiveEvent, 'room' | 'at'>)
    const videos = screen.getByRole('list', { name: 'Recent videos' })
    expect(within(videos).getByText('Lifter 2')).toBeTruthy()
    expect(within(screen.getByRole('list', { name: 'Attempts of Lifter 2' })).getAllByRole('listitem')).toHaveLength(1)
    event({ type: 'attempt.voted', seq: 3, data: { competition_id: 9, attempt_id: 402, votes_cast: 2, votes_needed: 3 } } as Omit<
      LiveEvent,
      'room' | 'at'
    >)
    expect(screen.getByRole('list', { name: 'Attempts of Lifter 2' }).textContent).toContain('2 of 3 votes')
  })

  it('an event that arrives while the summary is being refetched applies on top of the answer', async () => {
    openSummary([
      { body: first(), seq: 1 },
      { body: first(), seq: 7 },
    ])
    await screen.findByText('Lifter 1')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    await act(async () => {
      const refetch = live.watcher!.resync()
      live.watcher!.apply({
        type: 'participant.joined',
        seq: 8,
        room: 'competition:9',
        at: '',
        data: { competition_id: 9, participant: lifter(9, '74kg', null, null), participants: 11 },
      })
      await refetch
    })
    expect(screen.getByTestId('participant-count').textContent).toBe('11')
    expect(screen.getByText('And 4 more participants...')).toBeTruthy()
  })

  it("a resync refetches the summary and the own entry, and continues from the summary's seq", async () => {
    const api = openSummary(
      [
        { body: first(), seq: 1 },
        { body: first(), seq: 7 },
      ],
      me({ weight_class: '93kg' }),
    )
    await screen.findByText('Lifter 20')
    await vi.waitFor(() => expect(live.watcher).not.toBeNull())
    let seq: number | null = null
    await act(async () => {
      seq = await live.watcher!.resync()
    })
    expect(seq).toBe(7)
    expect(api.sent('GET', '/competitions/9/summary')).toHaveLength(2)
    expect(api.sent('GET', '/competitions/9/participants/5')).toHaveLength(2)
  })
})
