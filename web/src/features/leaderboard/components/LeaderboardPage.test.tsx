// The leaderboard shows a judges' decision without reload: 'leaderboard.changed' in the global room
// refetches that challenge's participants; a lift awaiting judges is marked and not counted until then.
import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveEvent, Participant } from '../../../lib/contract.ts'
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
    const before: Participant = participant({ id: 1, user_id: 1, name: 'Anna Novak', best_bench: 100, total_weight: 100, attempts: [lift({ id: 4, lift_type: 'bench', weight: 100 }), pendingSquat] })
    let list = [before]
    const api = mockFetch({
      'GET /competitions': { body: { competitions: [competition({ id: 7 })] } },
      'GET /competitions/7/participants': () => ({ body: { participants: list } }),
    })
    render(<MemoryRouter><LeaderboardPage /></MemoryRouter>)
    const row = (await screen.findByRole('link', { name: 'Anna Novak' })).closest('tr')!
    expect(row.textContent).toContain('1 awaiting judges')
    expect(row.querySelector('strong')!.textContent).toBe('100')
    await vi.waitFor(() => expect(watcher).not.toBeNull())

    list = [{ ...before, best_squat: 200, total_weight: 300, attempts: [before.attempts[0]!, { ...pendingSquat, status: 'completed' }] }]
    act(() => watcher!.apply({ room: 'global', seq: 1, at: '', type: 'leaderboard.changed', data: { competition_id: 7 } } as LiveEvent))
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Anna Novak' }).closest('tr')!.querySelector('strong')!.textContent).toBe('300'))
    expect(screen.getByRole('link', { name: 'Anna Novak' }).closest('tr')!.textContent).not.toContain('awaiting judges')
    expect(api.sent('GET', '/competitions/7/participants')).toHaveLength(2)
  })
})
