// Private media: only an attempt's contact sheet is private; its signed URL reads it until it expires,
// and a signature for another key, a changed expiry or none at all does not.
import { describe, expect, it } from 'vitest'
import { PRIVATE_MEDIA_TTL_SECONDS, createPrivateMedia } from './private-media.service.ts'

const T0 = Date.parse('2026-11-28T12:00:00Z')

function queryOf(url: string) {
  return Object.fromEntries(new URL(url, 'http://x').searchParams) as { expires?: string; signature?: string }
}

describe('private media', () => {
  let clock = T0
  const media = createPrivateMedia({ secret: 's3cret', apiBase: '/api', now: () => clock })

  it('is the contact sheet only', () => {
    expect(media.isPrivate('attempts/11/plates.jpg')).toBe(true)
    expect(media.isPrivate('attempts/11/poster.jpg')).toBe(false)
    expect(media.isPrivate('attempts/11/720p.mp4')).toBe(false)
  })

  it('reads with its own signature until it expires', () => {
    const url = media.signedUrl('attempts/11/plates.jpg')
    expect(url).toMatch(/^\/api\/video\/attempts%2F11%2Fplates\.jpg\?expires=\d+&signature=[\w-]+$/)
    const query = queryOf(url)
    expect(media.mayRead('attempts/11/plates.jpg', query)).toBe(true)
    expect(media.mayRead('attempts/12/plates.jpg', query)).toBe(false)
    expect(media.mayRead('attempts/11/plates.jpg', { ...query, expires: String(Number(query.expires) + 60) })).toBe(false)
    expect(media.mayRead('attempts/11/plates.jpg', {})).toBe(false)
    expect(media.mayRead('attempts/11/plates.jpg', { ...query, signature: 'x' })).toBe(false)
    expect(createPrivateMedia({ secret: 'other', apiBase: '/api', now: () => clock }).mayRead('attempts/11/plates.jpg', query)).toBe(false)
    clock = T0 + PRIVATE_MEDIA_TTL_SECONDS * 1000 + 1000
    expect(media.mayRead('attempts/11/plates.jpg', query)).toBe(false)
  })
})
