// SPEC §2/§9 player: double tap within 300 ms toggles play, skip 10 s, controls hide after
// 3 s, mobile retries 3 × 1 s, and playback errors in words.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { playbackErrorMessage } from '../api/playback.ts'
import { VideoPlayer } from './VideoPlayer.tsx'

let paused = true
beforeEach(() => {
  paused = true
  // jsdom has no media playback: a minimal paused/play/pause model that fires the events.
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', { configurable: true, get: () => paused })
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused = false
    this.dispatchEvent(new Event('play'))
    return Promise.resolve()
  })
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused = true
    this.dispatchEvent(new Event('pause'))
  })
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 })
})

const video = () => screen.getByTestId('video') as HTMLVideoElement

function failWith(code: number) {
  Object.defineProperty(video(), 'error', { configurable: true, value: { code } })
  fireEvent.error(video())
}

describe('VideoPlayer', () => {
  it('a double tap within 300 ms toggles play; slower taps do not', () => {
    vi.useFakeTimers()
    render(<VideoPlayer src="/api/video/a.mp4" label="test" />)
    fireEvent.click(video())
    act(() => vi.advanceTimersByTime(301))
    fireEvent.click(video())
    expect(paused).toBe(true)
    act(() => vi.advanceTimersByTime(200))
    fireEvent.click(video())
    expect(paused).toBe(false)
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy()
  })

  it('skips 10 seconds back and forward', () => {
    render(<VideoPlayer src="/api/video/a.mp4" label="test" />)
    Object.defineProperty(video(), 'duration', { configurable: true, value: 60 })
    video().currentTime = 30
    fireEvent.click(screen.getByRole('button', { name: 'Forward 10 seconds' }))
    expect(video().currentTime).toBe(40)
    fireEvent.click(screen.getByRole('button', { name: 'Back 10 seconds' }))
    fireEvent.click(screen.getByRole('button', { name: 'Back 10 seconds' }))
    expect(video().currentTime).toBe(20)
  })

  it('hides the controls 3 s after play starts, and shows them on movement', () => {
    vi.useFakeTimers()
    const { container } = render(<VideoPlayer src="/api/video/a.mp4" label="test" />)
    const player = container.querySelector('.player')!
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    act(() => vi.advanceTimersByTime(2999))
    expect(player.classList.contains('player--idle')).toBe(false)
    act(() => vi.advanceTimersByTime(1))
    expect(player.classList.contains('player--idle')).toBe(true)
    fireEvent.pointerMove(player)
    expect(player.classList.contains('player--idle')).toBe(false)
  })

  it('on mobile retries 3 times, 1 s apart, with a cache buster, then shows the error', () => {
    vi.useFakeTimers()
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 })
    render(<VideoPlayer src="/api/video/a.mp4" label="test" />)
    expect(video().getAttribute('src')).toContain('mobile=true')
    const sources = [video().getAttribute('src')]
    for (let retry = 1; retry <= 3; retry++) {
      failWith(2)
      expect(screen.queryByRole('alert')).toBeNull()
      act(() => vi.advanceTimersByTime(999))
      expect(video().getAttribute('src')).toBe(sources.at(-1))
      act(() => vi.advanceTimersByTime(1))
      const next = video().getAttribute('src')
      expect(next).toContain('t=')
      expect(sources).not.toContain(next)
      sources.push(next)
    }
    failWith(2)
    expect(screen.getByRole('alert').textContent).toContain(playbackErrorMessage(2))
  })

  it('on desktop shows the error at once', () => {
    render(<VideoPlayer src="/api/video/a.mp4" label="test" />)
    failWith(4)
    expect(screen.getByRole('alert').textContent).toContain('Video format not supported')
  })

  it('maps the four media errors', () => {
    expect(playbackErrorMessage(1)).toMatch(/loading aborted/i)
    expect(playbackErrorMessage(2)).toMatch(/network error/i)
    expect(playbackErrorMessage(3)).toMatch(/decoding failed/i)
    expect(playbackErrorMessage(4)).toMatch(/format not supported/i)
  })
})
