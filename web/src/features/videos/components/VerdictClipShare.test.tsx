// The verdict clip on the video page: a download link always; Share only where the browser has the Web
// Share API (jsdom has none: the page's own stand-in plays the browser), sharing the file when it can.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { VerdictClipShare } from './VerdictClipShare.tsx'

const URL_ = '/api/video/attempts%2F42%2Fverdict-nolift-1.mp4'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  // @ts-expect-error the stand-ins below are removed again
  delete navigator.share
  // @ts-expect-error as above
  delete navigator.canShare
})

describe('VerdictClipShare', () => {
  it('without the Web Share API: a download link to the clip, no Share button', () => {
    render(<VerdictClipShare url={URL_} attemptId={42} text="Ann · Squat 182.5 kg: no lift" />)
    const link = screen.getByRole('link', { name: 'Download the verdict clip' })
    expect(link.getAttribute('href')).toBe(URL_)
    expect(link.getAttribute('download')).toBe('liftarena-verdict-42.mp4')
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull()
  })

  it('with it and file sharing: shares the clip itself as an MP4', async () => {
    const share = vi.fn(async (_data: ShareData) => {})
    Object.assign(navigator, { share, canShare: (data: ShareData) => Boolean(data.files?.length) })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Blob([new Uint8Array([0, 0, 0, 24])], { type: 'video/mp4' }))),
    )
    render(<VerdictClipShare url={URL_} attemptId={42} text="Ann · Squat 182.5 kg: no lift" />)
    fireEvent.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1))
    const data = share.mock.calls[0]![0]
    expect(data.files?.[0]?.name).toBe('liftarena-verdict-42.mp4')
    expect(data.files?.[0]?.type).toBe('video/mp4')
    expect(data.text).toBe('Ann · Squat 182.5 kg: no lift')
  })

  it('with it but no file sharing: shares the page address; a failure says what to do instead', async () => {
    const share = vi.fn(async (_data: ShareData) => {
      throw new Error('not allowed')
    })
    Object.assign(navigator, { share })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 200 })),
    )
    render(<VerdictClipShare url={URL_} attemptId={42} text="t" />)
    fireEvent.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('download the clip'))
    expect(share.mock.calls[0]![0].url).toBe(window.location.href)
  })
})
