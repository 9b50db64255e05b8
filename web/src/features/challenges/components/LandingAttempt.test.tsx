// After an upload the lifter lands on their own attempt in the challenge page's recent videos:
// shown even when newer ones pushed it out, scrolled into view and highlighted for a few seconds,
// with the transcode's live progress and, once processed, the judges' verdict and lights.
import { act, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lift, Participant } from '../../../lib/contract.ts'
import { landingAttemptOf, landingState } from '../../../lib/landing-attempt.ts'
import { useLive } from '../../../stores/live.ts'
import { lift, participant } from '../../../test/fixtures.ts'
import { LANDING_HIGHLIGHT_MS, processingOf } from './LandingAttempt.tsx'
import { RecentVideos } from './RecentVideos.tsx'

const PENDING_JUDGING: Lift['judging'] = {
  votes_cast: 1,
  votes_needed: 3,
  decided_by: null,
  decided_at: null,
  lights: [],
  appeal: null,
  appeal_until: null,
  verified: false,
}
/** Six newer videos of others, then mine (id 42), which the six leave out. */
const others = Array.from({ length: 6 }, (_, i) => lift({ id: 100 + i, participant_name: `Other ${i}`, video_url: `/v/${100 + i}` }))
const mine = (overrides: Partial<Lift> = {}) =>
  lift({
    id: 42,
    participant_id: 5,
    user_id: 5,
    participant_name: 'Me',
    video_url: '/v/42',
    processing: 'processing',
    status: 'pending',
    judging: PENDING_JUDGING,
    ...overrides,
  })
const me = (attempt: Lift): Participant => participant({ id: 5, user_id: 5, name: 'Me', attempts: [attempt] })

let scrolled: string[]
beforeEach(() => {
  scrolled = []
  Element.prototype.scrollIntoView = function scrollIntoView() {
    scrolled.push(this.id)
  }
  useLive.setState({ transcodes: {} })
})
afterEach(() => useLive.setState({ transcodes: {} }))

function show(entry: { pathname: string; state?: unknown; hash?: string }, own: Participant | null | undefined, lifts: Lift[] = others) {
  const view = (o: typeof own, l: Lift[]) => (
    <MemoryRouter initialEntries={[entry]}>
      <RecentVideos lifts={l} challengeId={9} own={o} />
    </MemoryRouter>
  )
  const result = render(view(own, lifts))
  return { rerender: (o: typeof own, l: Lift[] = lifts) => result.rerender(view(o, l)) }
}
const tiles = () =>
  within(screen.getByRole('list', { name: 'Recent videos' }))
    .getAllByRole('link')
    .map((a) => a.querySelector('strong')!.textContent)

describe('landing on the own attempt after an upload', () => {
  it('pins it first, scrolls to it once the own entry is in, highlights it for a few seconds, and shows the live transcode', () => {
    vi.useFakeTimers()
    useLive.setState({ transcodes: { 42: { attempt_id: 42, percent: 37.4, state: 'processing' } } })
    const page = show({ pathname: '/challenges/9', state: landingState(42) }, undefined)
    expect(scrolled).toEqual([]) // the own entry (and the panel above that grows with it) is not in yet
    page.rerender(me(mine()))
    expect(tiles()).toEqual(['Me', 'Other 0', 'Other 1', 'Other 2', 'Other 3', 'Other 4'])
    const tile = document.getElementById('attempt-42')!
    expect(scrolled).toEqual(['attempt-42'])
    expect(tile.className).toBe('video-grid__landing video-grid__landing--flash')
    const status = within(tile).getByTestId('landing-status')
    expect(status.getAttribute('data-state')).toBe('processing')
    expect(within(status).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('37')
    expect(within(status).getByText('Processing video')).toBeTruthy()
    expect(within(status).queryByTestId('landing-judging')).toBeNull()

    act(() => useLive.setState({ transcodes: { 42: { attempt_id: 42, percent: 80, state: 'processing' } } }))
    expect(within(status).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80')
    act(() => vi.advanceTimersByTime(LANDING_HIGHLIGHT_MS))
    expect(tile.className).toBe('video-grid__landing')
    page.rerender(me(mine()))
    expect(scrolled).toEqual(['attempt-42']) // once
  })

  it('once processed: video ready, then the verdict awaiting judges with the votes, then the lights', () => {
    const page = show({ pathname: '/challenges/9', state: landingState(42) }, me(mine({ processing: 'ready' })))
    const status = screen.getByTestId('landing-status')
    expect(status.getAttribute('data-state')).toBe('ready')
    expect(within(status).getByText('Video ready')).toBeTruthy()
    expect(within(status).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')
    expect(within(status).getByTestId('landing-judging').textContent).toBe('Awaiting judges · 1 of 3 votes')
    const light = (good: boolean, judge: string) => ({
      judge,
      good,
      card: null,
      reason: null,
      reason_label: null,
      at_seconds: null,
      note: null,
    })
    const decided = mine({
      processing: 'ready',
      status: 'completed',
      judging: {
        ...PENDING_JUDGING,
        votes_cast: 3,
        decided_by: 'panel',
        decided_at: '2026-01-01T10:05:00.000Z',
        lights: [light(true, 'Judge 1'), light(false, 'Judge 2'), light(true, 'Judge 3')],
      },
    })
    page.rerender(me(decided))
    const judging = screen.getByTestId('landing-judging')
    expect(within(judging).getByText('Good lift')).toBeTruthy()
    expect(
      within(judging)
        .getAllByRole('listitem')
        .map((li) => li.className),
    ).toEqual(['landing-light landing-light--white', 'landing-light landing-light--red', 'landing-light landing-light--white'])
  })

  it('a link to #attempt-42 lands on it too (from the recent lifts, for a visitor); without a landing nothing is marked', () => {
    const withMine = [
      mine({ processing: 'ready', status: 'completed', judging: { ...PENDING_JUDGING, votes_needed: 1, votes_cast: 1 } }),
      ...others,
    ]
    const page = show({ pathname: '/challenges/9', hash: '#attempt-42' }, null, withMine)
    expect(scrolled).toEqual(['attempt-42'])
    expect(screen.getByTestId('landing-judging').textContent).toBe('Good lift')
    expect(tiles()[0]).toBe('Me')
    page.rerender(null, others)
    expect(screen.queryByTestId('landing-status')).toBeNull() // not among the recent lifts and not the lifter's own: not shown
  })

  it('reads the landing from the navigation state or the hash, and the transcode state from the attempt once final', () => {
    expect(landingAttemptOf({ state: landingState(7), hash: '' })).toBe(7)
    expect(landingAttemptOf({ state: null, hash: '#attempt-12' })).toBe(12)
    expect(landingAttemptOf({ state: { landingAttempt: 'x' }, hash: '#top' })).toBeNull()
    expect(processingOf({ processing: 'pending' }, undefined)).toEqual({ state: 'pending', percent: 0 })
    expect(processingOf({ processing: 'processing' }, { attempt_id: 1, percent: 55, state: 'processing' })).toEqual({
      state: 'processing',
      percent: 55,
    })
    expect(processingOf({ processing: 'processing' }, { attempt_id: 1, percent: 99, state: 'ready' })).toEqual({
      state: 'ready',
      percent: 100,
    })
    expect(processingOf({ processing: 'ready' }, { attempt_id: 1, percent: 10, state: 'processing' })).toEqual({
      state: 'ready',
      percent: 100,
    })
    expect(processingOf({ processing: 'failed' }, undefined)).toEqual({ state: 'failed', percent: 100 })
  })
})
