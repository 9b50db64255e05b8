// The video page follows its attempt's judging live (votes count up, the decision's lights appear)
// and a light's moment moves the player there.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AttemptDetail, Lift, LiveEvent } from '../../../lib/contract.ts'
import { useLive, type RoomWatcher } from '../../../stores/live.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { lift } from '../../../test/fixtures.ts'
import { VideoPage } from './VideoPage.tsx'

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
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {})
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {})
})

const pending = lift({
  id: 9,
  competition_id: 7,
  participant_id: 3,
  user_id: 3,
  status: 'pending',
  video_url: '/video/9',
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
const detail: AttemptDetail = { ...pending, success: 'false', competition_name: 'Oslo Open', renditions: {} }
const event = (e: Omit<LiveEvent, 'room' | 'at'>) => act(() => watcher!.apply({ ...e, room: 'competition:7', at: '' } as LiveEvent))

describe('video page debug panel', () => {
  const open = (url: string) =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/challenges/:id/participants/:participantId/video/:videoId" element={<VideoPage />} />
        </Routes>
      </MemoryRouter>,
    )

  it('is shown only with ?debug', async () => {
    mockFetch({ 'GET /competitions/7/participants/3/attempts/9': { body: detail } })
    const plain = open('/challenges/7/participants/3/video/9')
    await screen.findByTestId('attempt-verdict')
    expect(screen.queryByText('Debug information')).toBeNull()
    plain.unmount()
    open('/challenges/7/participants/3/video/9?debug')
    await screen.findByTestId('attempt-verdict')
    expect(screen.getByText('Debug information')).toBeTruthy()
  })
})

describe('video page judging', () => {
  it('counts votes, then shows the decision live; a moment seeks the player', async () => {
    mockFetch({ 'GET /competitions/7/participants/3/attempts/9': { body: detail } })
    render(
      <MemoryRouter initialEntries={['/challenges/7/participants/3/video/9']}>
        <Routes>
          <Route path="/challenges/:id/participants/:participantId/video/:videoId" element={<VideoPage />} />
        </Routes>
      </MemoryRouter>,
    )
    expect((await screen.findByTestId('attempt-verdict')).textContent).toBe('Awaiting judges · 0 of 3 votes')
    await vi.waitFor(() => expect(watcher).not.toBeNull())
    event({ seq: 2, type: 'attempt.voted', data: { competition_id: 7, attempt_id: 9, votes_cast: 2, votes_needed: 3 } })
    expect(screen.getByTestId('attempt-verdict').textContent).toBe('Awaiting judges · 2 of 3 votes')
    expect(screen.getByTestId('judging-state').textContent).toBe('Awaiting judges · 2 of 3 votes')
    // another attempt's count changes nothing here
    event({ seq: 3, type: 'attempt.voted', data: { competition_id: 7, attempt_id: 10, votes_cast: 3, votes_needed: 3 } })
    expect(screen.getByTestId('attempt-verdict').textContent).toBe('Awaiting judges · 2 of 3 votes')

    const red = {
      judge: 'Judge 1',
      good: false,
      card: 'red' as const,
      reason: 'depth',
      reason_label: 'Not deep enough',
      at_seconds: 1.5,
      note: null,
    }
    const white = { judge: 'Judge 2', good: true, card: null, reason: null, reason_label: null, at_seconds: null, note: null }
    const judged: Lift = {
      ...pending,
      status: 'failed',
      judging: {
        ...pending.judging,
        votes_cast: 3,
        decided_by: 'panel',
        decided_at: '2026-01-01T10:00:00.000Z',
        lights: [red, red, white],
      },
    }
    event({ seq: 4, type: 'attempt.judged', data: { competition_id: 7, attempt: judged } })
    expect(screen.getByTestId('attempt-verdict').textContent).toBe('No lift')
    expect(screen.getByRole('list', { name: 'Lights' }).querySelectorAll('.judging__lamp--red')).toHaveLength(2)
    const video = document.querySelector('video')!
    fireEvent.click(screen.getAllByRole('button', { name: 'at 0:01' })[0]!)
    expect(video.currentTime).toBe(1.5)
  })
})
