// Link previews (docs/video-checks.md, "Link previews"): the Open Graph and Twitter card tags a messenger reads,
// written into the index.html the server sends for a public page, not added by script (a messenger runs none).
// Pure: which page a path is, the tags of a preview (escaped), and where they go in the HTML.

export interface Preview {
  title: string
  description: string
  /** Absolute URL of a picture (the attempt's poster, the challenge's image), if any. */
  image?: string
  /** Absolute URL of a playable MP4 (an attempt's video page). */
  video?: string
  type: 'website' | 'video.other' | 'profile'
}

export type PreviewPage =
  | { kind: 'challenge'; id: number }
  | { kind: 'attempt'; challengeId: number; participantId: number; attemptId: number }
  | { kind: 'profile'; userId: number }
  | { kind: 'leaderboard' }

/** A row id as PostgreSQL's integer holds it (a longer one names nothing, and would fail the read). */
const id = (text: string | undefined) => (text && /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null)

/** Pure: the public page a path shows, or null (every other page gets the site's plain index.html). */
export function previewPage(path: string): PreviewPage | null {
  const parts = path.split('?')[0]!.split('/').filter(Boolean)
  if (parts.length === 1 && parts[0] === 'leaderboard') return { kind: 'leaderboard' }
  if (parts.length === 2 && parts[0] === 'profile' && id(parts[1]) !== null) return { kind: 'profile', userId: id(parts[1])! }
  if (parts[0] !== 'challenges' || id(parts[1]) === null) return null
  const challengeId = id(parts[1])!
  if (parts.length === 2) return { kind: 'challenge', id: challengeId }
  if (parts.length === 6 && parts[2] === 'participants' && parts[4] === 'video' && id(parts[3]) !== null && id(parts[5]) !== null) {
    return { kind: 'attempt', challengeId, participantId: id(parts[3])!, attemptId: id(parts[5])! }
  }
  return null
}

/** Pure: text safe in an HTML attribute value (double-quoted). */
export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;')
}

/** One line of text for a description: whitespace collapsed, at most `max` characters. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat
}

/** Pure: the meta tags of a preview for the page at `url` (absolute). */
export function previewTags(preview: Preview, url: string, siteName = 'LiftArena'): string {
  const tags: Array<[string, string, string]> = [
    ['property', 'og:site_name', siteName],
    ['property', 'og:type', preview.type],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', url],
    ['name', 'twitter:card', preview.video ? 'player' : preview.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'description', preview.description],
  ]
  if (preview.image) tags.push(['property', 'og:image', preview.image], ['name', 'twitter:image', preview.image])
  if (preview.video) {
    tags.push(
      ['property', 'og:video', preview.video],
      ['property', 'og:video:secure_url', preview.video],
      ['property', 'og:video:type', 'video/mp4'],
    )
    tags.push(['name', 'twitter:player', url], ['name', 'twitter:player:stream', preview.video])
  }
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeAttribute(value)}">`).join('\n    ')
}

/** Pure: the page's HTML with the preview's title and tags in its head (the site's own <title> replaced). */
export function withPreview(html: string, preview: Preview, url: string): string {
  const title = `<title>${escapeAttribute(preview.title)} · LiftArena</title>`
  // Replacers are functions: a replacement string would read `$&`, `$'` or `` $` `` in a name as patterns.
  const head = html.replace(/<title>[^<]*<\/title>/, () => title)
  return head.replace('</head>', () => `    ${previewTags(preview, url)}\n  </head>`)
}
