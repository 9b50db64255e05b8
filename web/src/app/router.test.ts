// The server answers 404 for a path the web app has no route for (contract/web-routes.ts): the list
// it reads must be the router's own, route for route.
import { describe, expect, it } from 'vitest'
import type { RouteObject } from 'react-router'
import { WEB_ROUTES, isWebRoute } from '../lib/contract.ts'
import { router } from './router.tsx'

/** Every path the router matches, joined from its nested routes ('*', the 404 page, left out). */
function paths(routes: readonly RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.index ? base || '/' : route.path ? `${base.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : base
    const own = route.index || (route.path && route.path !== '*') ? [here] : []
    return [...own, ...paths(route.children ?? [], here)]
  })
}

describe('the routes the server knows', () => {
  it("are exactly the router's", () => {
    expect(paths(router.routes).sort()).toEqual([...WEB_ROUTES].sort())
  })

  it('match paths as the router does: parameters one segment each, a trailing slash allowed, anything else not', () => {
    for (const path of [
      '/',
      '/challenges',
      '/challenges/',
      '/challenges/12',
      '/challenges/12/live',
      '/challenges/1/participants/2/video/3',
      '/competitions/4/whatever/else',
      '/profile/9',
      '/auth/callback',
      '/About',
    ]) {
      expect(isWebRoute(path), path).toBe(true)
    }
    for (const path of ['/no/such/page', '/challenges/1/nope', '/profile/9/extra', '/judges', '/%E0%A4%A', '/video-player/1/2']) {
      expect(isWebRoute(path), path).toBe(false)
    }
  })
})
