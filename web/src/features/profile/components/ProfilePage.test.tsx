// The profile shows each video's verdict (awaiting judges in grey) and refetches when a challenge
// the lifter takes part in changes its board (a decision), not for other challenges. The owner's
// email, answered to the owner only, never shows to the next account signed in on the same tab.
import { act, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveEvent, ProfileResponse, UploadedVideo } from '../../../lib/contract.ts'
import { queryClient } from '../../../lib/query-client.ts'
import { clearSession, saveSession } from '../../../lib/session-storage.ts'
import { useLive, type RoomWatcher } from '../../../stores/live.ts'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { user } from '../../../test/fixtures.ts'
import { ProfilePage } from './ProfilePage.tsx'

let watcher: RoomWatcher | null = null
beforeEach(() => {
  watcher = null
  useLive.setState({
    watch: (_room, w) => {
      watcher = w
      return () => {
        if (watcher === w) watcher = null
      }
    },
  })
})

const video = (attempt_id: number, status: UploadedVideo['status']): UploadedVideo => ({
  attempt_id,
  competition_id: 7,
  competition_name: 'Oslo Open',
  participant_id: 5,
  lift_type: 'squat',
  weight: 100 + attempt_id,
  status,
  created_at: '2026-01-01T10:00:00.000Z',
  user_id: 5,
  video_url: '/video/x',
  poster_url: null,
  processing: 'ready',
})
const profile = (videos: UploadedVideo[]): ProfileResponse => ({
  user: user({ id: 5, name: 'Test Lifter' }),
  achievements: { total_competitions: 1, total_successful_lifts: 1, heaviest_lift: 101, best_snatch: 0, best_clean_and_jerk: 0 },
  best_lifts: [{ type: 'squat', best_weight: 101 }],
  competitions: [
    { id: 7, name: 'Oslo Open', start_date: '2026-01-01T00:00:00.000Z', weight_class: '83kg', status: 'ongoing', total_weight: 101 },
  ],
  uploaded_videos: videos,
})

describe('profile', () => {
  it('labels videos by verdict and follows decisions in the lifter’s challenges', async () => {
    let answer = profile([video(1, 'completed'), video(2, 'failed'), video(3, 'pending')])
    const api = mockFetch({ 'GET /users/5/profile': () => ({ body: answer }) })
    render(
      <MemoryRouter initialEntries={['/profile/5']}>
        <Routes>
          <Route path="/profile/:id" element={<ProfilePage />} />
        </Routes>
      </MemoryRouter>,
    )
    const pending = await screen.findByText('Awaiting judges')
    expect(pending.className).toContain('status-other')
    // Words a person reads, not the raw statuses; a powerlifter's page shows no "Best snatch 0 kg".
    expect(screen.getByText('Good lift').className).toContain('status-completed')
    expect(screen.getByText('No lift').className).toContain('status-failed')
    expect(screen.queryByText('completed')).toBeNull()
    expect(screen.queryByText('Best snatch')).toBeNull()
    expect(screen.queryByText('Best clean & jerk')).toBeNull()
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
    expect(screen.getAllByText('Good lift')).toHaveLength(2)
  })
})

describe('profile: the owner signs out, another account signs in on the same tab', () => {
  const signedIn = (userId: number | null) =>
    act(() =>
      useSession.setState(
        userId
          ? { status: 'authenticated', userId, user: null, error: null }
          : { status: 'unauthenticated', userId: null, user: null, error: null },
      ),
    )
  afterEach(() => signedIn(null))

  /** GET /users/5/profile answers the owner (user 5) with the email, anyone else without; `held` answers wait for release(). */
  function serveProfile() {
    const waiting: (() => void)[] = []
    let holding = false
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      const bearer = new Headers(init.headers).get('authorization')
      const owner = bearer === 'Bearer token-5'
      if (holding) await new Promise<void>((resolve) => waiting.push(resolve))
      const body: ProfileResponse = {
        ...profile([]),
        user: user({ id: 5, name: 'Test Lifter', ...(owner ? { email: 'owner@example.com' } : { email: undefined }) }),
      }
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
    })
    vi.stubGlobal('fetch', fetchMock)
    return {
      fetchMock,
      hold: () => {
        holding = true
      },
      release: () => {
        holding = false
        waiting.splice(0).forEach((go) => go())
      },
    }
  }
  const token = (userId: number) => saveSession({ access_token: `token-${userId}`, user_id: userId, refresh_token: null })
  const open = () =>
    render(
      <MemoryRouter initialEntries={['/profile/5']}>
        <Routes>
          <Route path="/profile/:id" element={<ProfilePage />} />
        </Routes>
      </MemoryRouter>,
    )

  it('a profile left by its owner: the next account to open it never sees the email, not even from the cache', async () => {
    const api = serveProfile()
    token(5)
    signedIn(5)
    const page = open()
    await screen.findByText(/owner@example\.com/)
    page.unmount()

    clearSession()
    signedIn(null)
    token(6)
    signedIn(6)
    api.hold()
    open()
    expect(screen.queryByText(/owner@example\.com/)).toBeNull() // the cache had it under the owner's key
    await act(async () => api.release())
    await screen.findByText('Test Lifter')
    expect(screen.queryByText(/owner@example\.com/)).toBeNull()
    // The owner's answer left the cache with its owner.
    expect(
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['profile', 5] })
        .map((q) => q.queryKey.at(-1)),
    ).toEqual([{ viewer: 6 }])
  })

  it('a profile on screen while its owner signs out and another signs in: the email goes at once and does not come back', async () => {
    const api = serveProfile()
    token(5)
    signedIn(5)
    open()
    await screen.findByText(/owner@example\.com/)
    api.hold()
    clearSession()
    signedIn(null)
    expect(screen.queryByText(/owner@example\.com/)).toBeNull()
    token(6)
    signedIn(6)
    expect(screen.queryByText(/owner@example\.com/)).toBeNull()
    await act(async () => api.release())
    await screen.findByText('Test Lifter')
    expect(screen.queryByText(/owner@example\.com/)).toBeNull()
    await vi.waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .findAll({ queryKey: ['profile', 5] })
          .map((q) => q.queryKey.at(-1)),
      ).toEqual([{ viewer: 6 }]),
    )
  })
})
