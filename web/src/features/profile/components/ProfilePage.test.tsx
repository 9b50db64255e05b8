// The profile shows each video's verdict (awaiting judges in grey) and refetches when a challenge
// the lifter takes part in changes its board (a decision), not for other challenges.
import { act, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveEvent, ProfileResponse, UploadedVideo } from '../../../lib/contract.ts'
import { useLive, type RoomWatcher } from '../../../stores/live.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { user } from '../../../test/fixtures.ts'
import { ProfilePage } from './ProfilePage.tsx'

let watcher: RoomWatcher | null = null
beforeEach(() => {
  watcher = null
  useLive.setState({ watch: (_room, w) => { watcher = w; return () => { if (watcher === w) watcher = null } } })
})

const video = (attempt_id: number, status: UploadedVideo['status']): UploadedVideo => ({
  attempt_id, competition_id: 7, competition_name: 'Oslo Open', participant_id: 5, lift_type: 'squat', weight: 100 + attempt_id, status,
  created_at: '2026-01-01T10:00:00.000Z', user_id: 5, video_url: '/video/x', poster_url: null, processing: 'ready',
})
const profile = (videos: UploadedVideo[]): ProfileResponse => ({
  user: user({ id: 5, name: 'Test Lifter' }),
  achievements: { total_competitions: 1, total_successful_lifts: 1, heaviest_lift: 101, best_snatch: 0, best_clean_and_jerk: 0 },
  best_lifts: [{ type: 'squat', best_weight: 101 }],
  competitions: [{ id: 7, name: 'Oslo Open', start_date: '2026-01-01T00:00:00.000Z', weight_class: '83kg', status: 'ongoing', total_weight: 101 }],
  uploaded_videos: videos,
})

describe('profile', () => {
  it('labels videos by verdict and follows decisions in the lifter’s challenges', async () => {
    let answer = profile([video(1, 'completed'), video(2, 'failed'), video(3, 'pending')])
    const api = mockFetch({ 'GET /users/5/profile': () => ({ body: answer }) })
    render(<MemoryRouter initialEntries={['/profile/5']}><Routes><Route path="/profile/:id" element={<ProfilePage />} /></Routes></MemoryRouter>)
    const pending = await screen.findByText('Awaiting judges')
    expect(pending.className).toContain('status-other')
    expect(screen.getByText('completed').className).toContain('status-completed')
    expect(screen.getByText('failed').className).toContain('status-failed')
    await vi.waitFor(() => expect(watcher).not.toBeNull())

    const changed = (competition_id: number, seq: number) =>
      act(() => watcher!.apply({ room: 'global', seq, at: '', type: 'leaderboard.changed', data: { competition_id } } as LiveEvent))
    changed(99, 1)
    await new Promise((r) => setTimeout(r, 50))
    expect(api.sent('GET', '/users/5/profile')).toHaveLength(1)

    answer = profile([video(1, 'completed'), video(2, 'failed'), video(3, 'completed')])
    changed(7, 2)
    await vi.waitFor(() => expect(screen.queryByText('Awaiting judges')).toBeNull())
    expect(api.sent('GET', '/users/5/profile')).toHaveLength(2)
    expect(screen.getAllByText('completed')).toHaveLength(2)
  })
})
