// What a route shows when its page fails, in place of React Router's developer screen: inside the
// normal layout, never a stack. A page whose code cannot load (offline, or gone after a redeploy)
// recovers by itself: offline it waits for the connection and loads then; online it reloads once
// to pick up the new build's file names.
import { useCallback, useEffect, useRef, useState } from 'react'
import { isRouteErrorResponse, Link, useLocation, useNavigate, useNavigation, useRouteError } from 'react-router'
import { onConnectionBack, retryDelay, useBrowserOnline } from '../lib/connectivity.ts'
import { NotFoundPage } from './NotFoundPage.tsx'
import './RouteError.css'

export const CODE_OFFLINE_TEXT = 'Offline — this page loads when the connection is back.'
export const PAGE_ERROR_TEXT = 'Something went wrong on this page.'

/** One reload per path in this window, so a chunk that stays missing cannot reload forever. */
const RELOAD_GUARD_MS = 30_000
const RELOAD_KEY = 'liftarena.codeReload:'

/** A module (a page's code, or its CSS) that did not load: Chromium, Firefox, Safari, Vite's preload and webpack's wording. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i.test(
      error.message,
    )
  )
}

/** The page reload under way, if any; an object so tests can stand in for the reload. */
export const pageReload = { pending: false, reload: () => window.location.reload() }

/** Reloads the page unless it was reloaded for this path within RELOAD_GUARD_MS; says whether it did. */
function reloadOnce(now = Date.now()): boolean {
  if (pageReload.pending) return true
  const key = RELOAD_KEY + window.location.pathname
  try {
    const last = Number(sessionStorage.getItem(key))
    if (last && now - last < RELOAD_GUARD_MS) return false
    sessionStorage.setItem(key, String(now))
  } catch {
    return false // No storage to remember the reload by: no reload, rather than risk a loop.
  }
  pageReload.pending = true
  pageReload.reload()
  return true
}

/** Whether the server answers at all: a missing chunk with the server up means a redeploy. */
async function serverReachable(): Promise<boolean> {
  try {
    await fetch('/', { method: 'HEAD', cache: 'no-store' })
    return true
  } catch {
    return false
  }
}

/** After a chunk failed: 'reloading' (the build changed), 'unreachable' (wait and retry) or 'gave-up' (reloaded for it just now). */
async function recoverMissingCode(): Promise<'reloading' | 'unreachable' | 'gave-up'> {
  if (pageReload.pending) return 'reloading'
  if (!navigator.onLine || !(await serverReachable())) return 'unreachable'
  return reloadOnce() ? 'reloading' : 'gave-up'
}

/**
 * Vite's signal that a dynamic import's code or CSS did not load (any import, not only pages):
 * online, reload once for the new build. Offline the error goes on to the page, which waits.
 * Also notes the stylesheets that fail, to load them again on a retry.
 */
export function listenForPreloadErrors(): void {
  // A link's error event does not bubble: caught on its way down instead.
  document.addEventListener('error', noteFailedStylesheet, true)
  window.addEventListener('vite:preloadError', () => {
    // Not while something typed would be lost (a half-written comment, the upload form): the page's own
    // error handling goes on, and the next navigation loads the new build.
    if (navigator.onLine && !hasTypedInput()) void recoverMissingCode()
  })
}

/** Whether a field holds something the person typed (a reload would throw it away). */
function hasTypedInput(): boolean {
  return [
    ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'textarea, input:not([type]), input[type=text], input[type=email], input[type=number], input[type=password]',
    ),
  ].some((field) => field.value.trim() !== '' && field.value !== field.defaultValue)
}

// Stylesheets that failed to load (a page's CSS, offline), caught as their error events pass the document.
const failedStylesheets = new Set<HTMLLinkElement>()

function noteFailedStylesheet(event: Event) {
  const link = event.target
  if (link instanceof HTMLLinkElement && link.rel === 'stylesheet') failedStylesheets.add(link)
}

/**
 * Loads again the stylesheets that failed: Vite's preload remembers a CSS file it tried once and
 * never asks for it again, so without this a page whose code loads on a retry would come unstyled.
 */
export function reloadFailedStylesheets(): Promise<unknown> {
  return Promise.allSettled(
    [...failedStylesheets].map(
      (link) =>
        new Promise<void>((resolve, reject) => {
          failedStylesheets.delete(link)
          if (!link.isConnected) return resolve()
          const fresh = link.cloneNode() as HTMLLinkElement
          fresh.addEventListener('load', () => {
            link.remove()
            resolve()
          })
          // Failing again, the fresh link is noted in its place (the listener on the document) for the next retry.
          fresh.addEventListener('error', () => {
            link.remove()
            reject(new Error(`Unable to load ${fresh.href}`))
          })
          link.after(fresh)
        }),
    ),
  )
}

/**
 * Goes to the same place again: the route's loaders run again (a page's code loads in its loader)
 * and, the location being new, the error boundary renders the page afresh.
 */
function useRetry(): () => void {
  const navigate = useNavigate()
  const { pathname, search, hash, state } = useLocation()
  // Gone once the reader has moved on (the error element unmounts): no pulling them back here.
  const shown = useRef(true)
  useEffect(() => {
    shown.current = true
    return () => void (shown.current = false)
  }, [])
  return useCallback(() => {
    void reloadFailedStylesheets().then(() => {
      if (shown.current) void navigate({ pathname, search, hash }, { replace: true, state, preventScrollReset: true })
    })
  }, [navigate, pathname, search, hash, state])
}

/** The route error element: 404s as the not-found page, missing code recovers, anything else a friendly retry. */
export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  if (isChunkLoadError(error)) return <MissingCode error={error} />
  return <PageFailed />
}

function MissingCode({ error }: { error: unknown }) {
  const online = useBrowserOnline()
  const retryNow = useRetry()
  const [state, setState] = useState<'checking' | 'reloading' | 'unreachable' | 'gave-up'>('checking')
  const attempts = useRef(0)

  // Each failure (the first, or a retry that failed again) decides anew; the retries run the
  // route's loader again, which loads the page's code.
  useEffect(() => {
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const retry = () => {
      clearTimeout(timer)
      retryNow()
    }
    const stop = onConnectionBack(retry)
    void recoverMissingCode().then((result) => {
      if (cancelled) return
      setState(result)
      // Online by the browser's account but no answer: try again now and then as well.
      if (result === 'unreachable' && navigator.onLine) timer = setTimeout(retry, retryDelay(attempts.current++, 2000, 30_000))
    })
    return () => {
      cancelled = true
      clearTimeout(timer)
      stop()
    }
  }, [error, retryNow])

  if (!online || state === 'unreachable') {
    return (
      <section className="route-error" role="status">
        <h1>{CODE_OFFLINE_TEXT}</h1>
      </section>
    )
  }
  if (state === 'gave-up') return <PageFailed reload />
  return <div className="spinner" role="status" aria-label="Loading" />
}

function PageFailed({ reload = false }: { reload?: boolean }) {
  const retry = useRetry()
  const busy = useNavigation().state !== 'idle'
  return (
    <section className="route-error" role="alert">
      <h1>{PAGE_ERROR_TEXT}</h1>
      <div className="route-error__actions">
        <button type="button" className="button" disabled={busy} onClick={() => (reload ? pageReload.reload() : retry())}>
          Try again
        </button>
        <Link className="button button--secondary" to="/">
          Go home
        </Link>
      </div>
    </section>
  )
}
