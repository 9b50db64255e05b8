// The web app's routes (web/src/app/router.tsx), shared with the server that serves the app: a path
// none of them matches answers HTTP 404 with the app's 404 page, not 200 (docs/product/screens.md,
// "anything else"). web/src/app/router.test.ts keeps this list and the router's the same.

/** Every route the client's router has, as React Router writes them (`:name` one segment, `*` the rest). */
export const WEB_ROUTES = [
  '/',
  '/challenges',
  '/challenges/:id',
  '/challenges/:id/live',
  '/challenges/:id/hall/board',
  '/challenges/:id/hall/warmup',
  '/challenges/:id/hall/desk',
  '/challenges/:id/hall/scoreboard',
  '/hall/:id/overlay',
  '/challenges/:id/upload',
  '/challenges/:id/participants',
  '/challenges/:id/results',
  '/challenges/:id/judging',
  '/challenges/:id/participants/:participantId/video/:videoId',
  '/judge',
  '/referee',
  '/competitions/:id/*',
  '/upload',
  '/video-player/:id/:participantId/:videoId',
  '/random-video',
  '/athletes',
  '/about',
  '/terms',
  '/privacy',
  '/leaderboard',
  '/records',
  '/store',
  '/profile',
  '/profile/:id',
  '/admin',
  '/auth/callback',
  '/auth/error',
  '/reset-password',
  '/verify-email',
] as const

const segments = (path: string) => path.split('/').filter((s) => s !== '')

/** Whether a URL path (without its query) is one of the app's routes; a trailing slash is allowed, as the router allows it. */
export function isWebRoute(path: string): boolean {
  let parts: string[]
  try {
    parts = segments(path).map((s) => decodeURIComponent(s))
  } catch {
    return false
  }
  return WEB_ROUTES.some((route) => {
    const pattern = segments(route)
    for (const [i, p] of pattern.entries()) {
      if (p === '*') return true
      const part = parts[i]
      if (part === undefined) return false
      if (!p.startsWith(':') && p.toLowerCase() !== part.toLowerCase()) return false
    }
    return parts.length === pattern.length
  })
}
