// docs/product/screens.md, limits.md player: double tap within 300 ms toggles play, skip 10 s, controls hide after
// 3 s, mobile retries 3 × 1 s, and playback errors in words.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { playbackErrorMessage } from '../api/playback.ts'
import { PROCESSING_TEXT, RECONNECTING_TEXT, VideoPlayer } from './VideoPlayer.tsx'

let paused = true
/** What the server answers the player's reachability check: a status, or null for no answer at all. */
let serverStatus: number | null = 206
const checks: string[] = []
beforeEach(() => {
  paused = true
  serverStatus = 206
  checks.length = 0
  // jsdom has no server: the player's one request of its own (is the server there?) is answered here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      checks.push(url)
      if (serverStatus === null) throw new TypeError('Failed to fetch')
      return new Response(null, { status: serverStatus })
    }),
  )
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

/** The video fails with MediaError `code`; resolves once the player has asked whether the server is there. */
async function failWith(code: number) {
  Object.defineProperty(video(), 'error', { configurable: true, value: { code } })
  fireEvent.error(video())
  await act(async () => {})
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

  it('on mobile retries 3 times, 1 s apart, with a cache buster, then shows the error', async () => {
    vi.useFakeTimers()
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 })
    render(<VideoPlayer src="/api/video/a.mp4" label="test" />)
    expect(video().getAttribute('src')).toContain('mobile=true')
    const sources = [video().getAttribute('src')]
    for (let retry = 1; retry <= 3; retry++) {
      await failWith(2)
      expect(screen.queryByRole('alert')).toBeNull()
      act(() => vi.advanceTimersByTime(999))
      expect(video().getAttribute('src')).toBe(sources.at(-1))
      act(() => vi.advanceTimersByTime(1))
      const next = video().getAttribute('src')
      expect(next).toContain('t=')
      expect(sources).not.toContain(next)
      sources.push(next)
    }
    await failWith(2)
    expect(screen.getByRole('alert').textContent).toContain(playbackErrorMessage(2))
  })

  it('on desktop shows the error at once when the server answers', async () => {
    render(<VideoPlayer src="/api/video/a.mp4" label="test" />)
    await failWith(4)
    expect(checks).toEqual([video().getAttribute('src')])
    expect(screen.getByRole('alert').textContent).toContain('Video format not supported')
  })

  it('while the server cannot be reached (a restart): no error, says it is reconnecting, then carries on where it was', async () => {
    vi.useFakeTimers()
    render(<VideoPlayer src="/api/video/a.mp4" label="test" />)
    const first = video().getAttribute('src')
    video().currentTime = 12
    serverStatus = null
    await failWith(2)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe(RECONNECTING_TEXT)
    // Still away for a while (a 503 from a restarting proxy counts as away too): it keeps asking, never errors.
    serverStatus = 503
    for (let i = 0; i < 5; i++) await act(async () => void vi.advanceTimersByTime(15_000))
    expect(checks.length).toBeGreaterThanOrEqual(4)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(video().getAttribute('src')).toBe(first)
    // Back: the video loads again (a new address) and seeks to where it was.
    serverStatus = 206
    await act(async () => void vi.advanceTimersByTime(15_000))
    expect(screen.queryByRole('status')).toBeNull()
    expect(video().getAttribute('src')).not.toBe(first)
    Object.defineProperty(video(), 'duration', { configurable: true, value: 60 })
    fireEvent.loadedMetadata(video())
    expect(video().currentTime).toBe(12)
  })

  describe('portrait first', () => {
    const shapeOf = (container: HTMLElement) => {
      const player = container.querySelector<HTMLElement>('.player')!
      return { orientation: player.dataset.orientation, ratio: Number(player.style.getPropertyValue('--player-ratio')) }
    }
    /** The loaded video's own size, as the browser states it with loadedmetadata. */
    function loadMetadata(width: number, height: number) {
      Object.defineProperty(video(), 'videoWidth', { configurable: true, value: width })
      Object.defineProperty(video(), 'videoHeight', { configurable: true, value: height })
      Object.defineProperty(video(), 'duration', { configurable: true, value: 3 })
      fireEvent.loadedMetadata(video())
    }

    it("takes the answer's portrait shape before any metadata, and the loaded video's size after", () => {
      const { container } = render(
        <VideoPlayer src="/api/video/a.mp4" label="test" facts={{ processing: 'ready', video_width: 720, video_height: 1280 }} />,
      )
      expect(shapeOf(container)).toEqual({ orientation: 'portrait', ratio: 720 / 1280 })
      loadMetadata(1920, 1080)
      expect(shapeOf(container)).toEqual({ orientation: 'landscape', ratio: 1920 / 1080 })
    })

    it('with no size in the answer: a 16:9 box until the metadata says portrait', () => {
      const { container } = render(<VideoPlayer src="/api/video/a.mp4" label="test" />)
      expect(shapeOf(container)).toEqual({ orientation: 'landscape', ratio: 16 / 9 })
      loadMetadata(360, 640)
      expect(shapeOf(container)).toEqual({ orientation: 'portrait', ratio: 360 / 640 })
      expect(screen.getByRole('timer').textContent).toBe('0:00 / 0:03')
    })

    it("while pending, an original this browser cannot play shows the poster and 'Processing…', then plays when ready", () => {
      const canPlayType = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('')
      const facts = {
        processing: 'processing',
        video_width: 720,
        video_height: 1280,
        original_type: 'video/mp4; codecs="hvc1.1.6.L93.B0"',
      } as const
      const { container, rerender } = render(<VideoPlayer src="/api/video/a.mov" poster="/api/video/p.jpg" label="test" facts={facts} />)
      expect(canPlayType).toHaveBeenCalledWith(facts.original_type)
      expect(screen.queryByTestId('video')).toBeNull()
      expect(screen.getByRole('status').textContent).toBe(PROCESSING_TEXT)
      expect(container.querySelector('.player__poster')?.getAttribute('src')).toBe('/api/video/p.jpg')
      expect(shapeOf(container).orientation).toBe('portrait')
      rerender(<VideoPlayer src="/api/video/a.mov" poster="/api/video/p.jpg" label="test" facts={{ ...facts, processing: 'ready' }} />)
      expect(screen.getByTestId('video')).toBeTruthy()
      expect(screen.queryByText(PROCESSING_TEXT)).toBeNull()
    })

    it('while pending, a type the browser may play is tried; a 0×0 picture or an error turns it into the poster', async () => {
      vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe')
      const facts = { processing: 'pending', original_type: 'video/mp4; codecs="avc1.640028"' } as const
      const { rerender } = render(<VideoPlayer src="/api/video/a.mp4" label="test" facts={facts} />)
      loadMetadata(0, 0)
      expect(screen.queryByTestId('video')).toBeNull()
      expect(screen.getByRole('status').textContent).toBe(PROCESSING_TEXT)

      rerender(<VideoPlayer src="/api/video/b.mp4" label="test" facts={facts} />)
      await failWith(4)
      expect(screen.queryByRole('alert')).toBeNull()
      expect(screen.getByRole('status').textContent).toBe(PROCESSING_TEXT)
    })

    it("renditions ready: the video plays whatever the original's type, and an error shows as before", async () => {
      vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('')
      render(
        <VideoPlayer
          src="/api/video/a.mp4"
          label="test"
          facts={{ processing: 'ready', original_type: 'video/mp4; codecs="hvc1.1.6.L93.B0"' }}
        />,
      )
      expect(screen.getByTestId('video')).toBeTruthy()
      await failWith(4)
      expect(screen.getByRole('alert').textContent).toContain('Video format not supported')
    })
  })

  it('maps the four media errors', () => {
    expect(playbackErrorMessage(1)).toMatch(/loading aborted/i)
    expect(playbackErrorMessage(2)).toMatch(/network error/i)
    expect(playbackErrorMessage(3)).toMatch(/decoding failed/i)
    expect(playbackErrorMessage(4)).toMatch(/format not supported/i)
  })
})
