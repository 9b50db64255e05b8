// The live indicator says in words whether the room is live (connected and its subscribe answered),
// connecting for the first time, reconnecting, or offline; it is one polite status region, and a
// short drop does not make it speak. "N watching now" shows the server's presence while it has one.
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Room } from '../lib/contract.ts'
import { useLive } from '../stores/live.ts'
import { LiveIndicator, RECONNECT_GRACE_MS, WatchingNow, liveIndicatorState } from './LiveIndicator.tsx'

const room: Room = 'competition:5'
const setLive = (live: boolean, watching?: number) =>
  act(() =>
    useLive.setState({
      status: live ? 'connected' : 'offline',
      liveRooms: live ? { [room]: true } : {},
      watching: watching === undefined ? {} : { [room]: watching },
    }),
  )
const setOnline = (online: boolean) =>
  act(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  useLive.setState({ status: 'idle', liveRooms: {}, watching: {} })
})

describe('liveIndicatorState', () => {
  it('offline beats everything; live needs the room; reconnecting only after it was live', () => {
    expect(liveIndicatorState(false, true, true)).toBe('offline')
    expect(liveIndicatorState(true, true, false)).toBe('live')
    expect(liveIndicatorState(true, false, false)).toBe('connecting')
    expect(liveIndicatorState(true, false, true)).toBe('reconnecting')
  })
})

describe('LiveIndicator', () => {
  it('goes Connecting… → Live → (after the grace) Reconnecting… → Offline → Live, in one polite status region', () => {
    render(<LiveIndicator room={room} />)
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toBe('Connecting…')
    setLive(true)
    expect(status.textContent).toBe('Live')
    setLive(false)
    expect(status.textContent).toBe('Live') // a blip is not announced
    act(() => {
      vi.advanceTimersByTime(RECONNECT_GRACE_MS)
    })
    expect(status.textContent).toBe('Reconnecting…')
    setOnline(false)
    expect(status.textContent).toBe('Offline')
    setOnline(true)
    setLive(true)
    expect(status.textContent).toBe('Live')
    expect(screen.getAllByRole('status')).toHaveLength(1)
  })

  it('a drop shorter than the grace never leaves Live', () => {
    render(<LiveIndicator room={room} />)
    setLive(true)
    setLive(false)
    act(() => {
      vi.advanceTimersByTime(RECONNECT_GRACE_MS / 2)
    })
    setLive(true)
    act(() => {
      vi.advanceTimersByTime(RECONNECT_GRACE_MS)
    })
    expect(screen.getByRole('status').textContent).toBe('Live')
  })

  it('is not Live for a connected socket whose room is not subscribed', () => {
    act(() => useLive.setState({ status: 'connected', liveRooms: { 'competition:6': true } }))
    render(<LiveIndicator room={room} />)
    expect(screen.getByRole('status').textContent).toBe('Connecting…')
  })
})

describe('WatchingNow', () => {
  it("shows the room's number while the server gives one, outside any live region", () => {
    const { container } = render(<WatchingNow room={room} />)
    expect(container.textContent).toBe('')
    setLive(true, 2)
    expect(screen.getByText('2 watching now').closest('[aria-live],[role="status"]')).toBeNull()
    setLive(false)
    expect(container.textContent).toBe('')
  })
})
