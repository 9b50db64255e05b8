// The challenge page says how the challenge ranks and scores, and gives a lifter who joined their
// own bodyweight form, kept current by the live room (participant.updated, attempt.judged).
import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Competition, LiveEvent, Participant } from '../../../lib/contract.ts'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { competition, lift, participant } from '../../../test/fixtures.ts'
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

function open(overrides: Partial<Competition>, participants: Participant[]) {
  mockFetch({
    'GET /competitions/9': { body: { competition: competition({ id: 9, participants: participants.length, ...overrides }) } },
    'GET /competitions/9/participants': { body: { participants }, headers: { 'x-live-seq': '1' } },
    'GET /competitions/9/lifts': { body: { lifts: [] } },
  })
  render(
    <MemoryRouter initialEntries={['/challenges/9']}>
      <Routes><Route path="/challenges/:id" element={<ChallengeDetailPage />} /></Routes>
    </MemoryRouter>,
  )
}
const event = (e: Omit<LiveEvent, 'room' | 'at'>) => live.event(e)
const me = (overrides: Partial<Participant> = {}) => participant({ id: 5, user_id: 5, competition_id: 9, name: 'Me', weight_class: '83kg', ...overrides })

describe('challenge page: scoring and the own bodyweight', () => {
  it('says a weightlifting challenge ranks by total in class with Sinclair for best lifter, and what makes the total', async () => {
    open({ lifttypes: ['Snatch', 'Clean & Jerk'], sport: 'weightlifting', total_lifts: ['snatch', 'clean_and_jerk'], ranking: 'class', points_formula: 'sinclair' }, [])
    expect((await screen.findByTestId('challenge-ranking')).textContent).toBe('Ranked by total within weight class · best lifter by Sinclair')
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

    event({ type: 'participant.updated', seq: 2, data: { competition_id: 9, participant: me({ bodyweight: 82.3 }) } } as Omit<LiveEvent, 'room' | 'at'>)
    expect(screen.getByTestId('own-bodyweight').textContent).toBe('82.3 kg')
    expect(screen.getByRole('button', { name: 'Save bodyweight' })).toBeTruthy()

    const judged = lift({ id: 70, competition_id: 9, participant_id: 5, user_id: 5, participant_name: 'Me', status: 'completed', weight: 150 })
    event({ type: 'participant.updated', seq: 3, data: { competition_id: 9, participant: me({ bodyweight: 82.3, attempts: [judged] }) } } as Omit<LiveEvent, 'room' | 'at'>)
    expect(screen.queryByRole('button', { name: 'Save bodyweight' })).toBeNull()
    expect(screen.getByText('Your bodyweight is fixed once one of your lifts has been judged.')).toBeTruthy()
  })
})
