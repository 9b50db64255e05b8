import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { VideoThumb } from './VideoThumb.tsx'

describe('VideoThumb', () => {
  it('the poster fills the 4:5 box; without one, a play mark; badges go over it', () => {
    const { container, rerender } = render(
      <VideoThumb poster="/api/video/p.jpg">
        <span>Processing…</span>
      </VideoThumb>,
    )
    expect(container.querySelector('.video-thumb > img.video-thumb__img')?.getAttribute('src')).toBe('/api/video/p.jpg')
    expect(screen.getByText('Processing…').parentElement).toBe(screen.getByTestId('video-thumb'))
    rerender(<VideoThumb poster={null} />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('.video-thumb__placeholder')?.textContent).toBe('▶')
  })
})
