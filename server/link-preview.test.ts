// Pure: link previews — which paths have one, the tags (escaped), and their place in the HTML.
import { describe, expect, it } from 'vitest'
import { escapeAttribute, oneLine, previewPage, previewTags, withPreview } from './link-preview.ts'

describe('link previews', () => {
  it('knows the public pages that have their own thing to show', () => {
    expect(previewPage('/challenges/12')).toEqual({ kind: 'challenge', id: 12 })
    expect(previewPage('/challenges/12/participants/5/video/77?t=3')).toEqual({
      kind: 'attempt',
      challengeId: 12,
      participantId: 5,
      attemptId: 77,
    })
    expect(previewPage('/profile/5')).toEqual({ kind: 'profile', userId: 5 })
    expect(previewPage('/leaderboard')).toEqual({ kind: 'leaderboard' })
    for (const path of ['/', '/profile', '/challenges/x', '/challenges/1/upload', '/judge', '/admin'])
      expect(previewPage(path), path).toBeNull()
  })

  it('escapes every value: a name cannot close the tag or open a script', () => {
    expect(escapeAttribute(`"><script>alert('x')</script>&`)).toBe('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;')
    const tags = previewTags({ title: 'A "B" <C>', description: 'd', type: 'website' }, 'https://x.example/challenges/1')
    expect(tags).toContain('<meta property="og:title" content="A &quot;B&quot; &lt;C&gt;">')
    expect(tags).not.toContain('<C>')
    expect(oneLine('a\n\n  b', 200)).toBe('a b')
    expect(oneLine('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`)
  })

  it('writes an attempt as a video with its poster, and replaces the site title', () => {
    const html = '<html><head><meta charset="UTF-8"><title>LiftArena</title></head><body></body></html>'
    const out = withPreview(
      html,
      {
        title: 'Ada — Squat 182.5 kg',
        description: 'Good lift',
        image: 'https://x.example/api/video/p.jpg',
        video: 'https://x.example/api/video/720p.mp4',
        type: 'video.other',
      },
      'https://x.example/challenges/1/participants/2/video/3',
    )
    expect(out).toContain('<title>Ada — Squat 182.5 kg · LiftArena</title>')
    expect(out).toContain('<meta property="og:image" content="https://x.example/api/video/p.jpg">')
    expect(out).toContain('<meta property="og:video:type" content="video/mp4">')
    expect(out).toContain('<meta name="twitter:card" content="player">')
    expect(out.indexOf('og:title')).toBeLessThan(out.indexOf('</head>'))
  })

  it("keeps a name holding $&, $' or $` as typed (a replacement string would paste the page into the tag)", () => {
    const html = '<html><head><title>LiftArena</title></head><body>"page"</body></html>'
    const out = withPreview(html, { title: "Cash $& $' $` Open", description: 'd', type: 'website' }, 'https://x.example/c/1')
    expect(out).toContain('<title>Cash $&amp; $&#39; $` Open · LiftArena</title>')
    expect(out).not.toContain('<title>LiftArena</title> ')
    expect(out.match(/<body>/g)).toHaveLength(1)
    expect(out).toContain('content="Cash $&amp; $&#39; $` Open"')
  })
})
