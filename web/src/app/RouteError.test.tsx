import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, data, Outlet, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NOT_FOUND } from '../lib/not-found.ts'
import {
  CODE_OFFLINE_TEXT,
  isChunkLoadError,
  listenForPreloadErrors,
  PAGE_ERROR_TEXT,
  pageReload,
  reloadFailedStylesheets,
  RouteError,
} from './RouteError.tsx'

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/ParticipantsPage-3Iyi7Xcp.js')

let pageCode: () => Promise<void>
let throwOnRender: boolean

function Boom() {
  if (throwOnRender) throw new Error('secret internal detail')
  return <p>Boom page</p>
}

/** The app's shape: a layout with navigation, and a pathless route inside it holding the error element. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <div>
            <nav>Site navigation</nav>
            <Outlet />
          </div>
        ),
        children: [
          {
            errorElement: <RouteError />,
            hydrateFallbackElement: <p>Loading</p>,
            children: [
              { index: true, element: <p>Home page</p> },
              {
                path: 'lazy',
                element: <p>Lazy page</p>,
                loader: async () => {
                  await pageCode()
                  return null
                },
              },
              { path: 'boom', element: <Boom /> },
              {
                path: 'gone',
                loader: () => {
                  throw data('Not here', { status: 404 })
                },
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

beforeEach(() => {
  sessionStorage.clear()
  pageReload.pending = false
  pageCode = () => Promise.resolve()
  throwOnRender = false
})

afterEach(() => {
  pageReload.pending = false
})

describe('isChunkLoadError', () => {
  it.each([
    [chunkError(), true],
    [new TypeError('error loading dynamically imported module: http://x/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/ParticipantsPage-BZ9uJs22.css'), true],
    [Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }), true],
    [new TypeError("Cannot read properties of undefined (reading 'map')"), false],
    ['Failed to fetch dynamically imported module', false],
  ])('%s → %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected)
  })
})

describe('RouteError', () => {
  it('a lazily loaded page inside the pathless route with the fallback: no HydrateFallback warning on the first load', async () => {
    const warn = vi.spyOn(console, 'warn')
    renderAt('/lazy')
    expect(await screen.findByText('Lazy page')).toBeTruthy()
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/HydrateFallback/)
  })

  it('offline, a page whose code cannot load says so inside the layout and loads when the connection is back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {})
    pageCode = () => Promise.reject(chunkError())
    renderAt('/lazy')

    expect(await screen.findByText(CODE_OFFLINE_TEXT)).toBeTruthy()
    expect(screen.getByText('Site navigation')).toBeTruthy()
    expect(screen.queryByText(/Hey developer|Unexpected Application Error|dynamically imported/)).toBeNull()

    pageCode = () => Promise.resolve()
    onLine.mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))
    expect(await screen.findByText('Lazy page')).toBeTruthy()
    expect(reload).not.toHaveBeenCalled()
  })

  it('online with the server up (a redeploy), reloads once, and not again for the same path within 30 s', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null))),
    )
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {})
    pageCode = () => Promise.reject(chunkError())

    renderAt('/lazy')
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(screen.queryByText(PAGE_ERROR_TEXT)).toBeNull()

    // The reloaded page fails the same way: no second reload, a way on instead.
    pageReload.pending = false
    cleanup()
    renderAt('/lazy')
    expect(await screen.findByText(PAGE_ERROR_TEXT)).toBeTruthy()
    expect(reload).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(reload).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/')
  })

  it('online by the browser but the server does not answer: waits as offline, no reload', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {})
    pageCode = () => Promise.reject(chunkError())
    renderAt('/lazy')
    expect(await screen.findByText(CODE_OFFLINE_TEXT)).toBeTruthy()
    expect(reload).not.toHaveBeenCalled()
  })

  it('any other error: a friendly sentence, Try again and a link home, never the error itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    throwOnRender = true
    renderAt('/boom')
    expect(await screen.findByText(PAGE_ERROR_TEXT)).toBeTruthy()
    expect(screen.getByText('Site navigation')).toBeTruthy()
    expect(screen.queryByText(/secret internal detail|Hey developer/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/')

    throwOnRender = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Boom page')).toBeTruthy()
  })

  it('a 404 shows the not-found page', async () => {
    renderAt('/gone')
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeTruthy()
  })
})

describe('listenForPreloadErrors', () => {
  it("reloads once on Vite's preload error when online, not when offline", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null))),
    )
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {})
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    listenForPreloadErrors()

    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(reload).not.toHaveBeenCalled()

    onLine.mockReturnValue(true)
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe('reloadFailedStylesheets', () => {
  it('asks again for a stylesheet that failed (Vite never retries it) and drops the failed link', async () => {
    listenForPreloadErrors()
    const failed = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/assets/ParticipantsPage-BZ9uJs22.css' })
    const fine = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/assets/index.css' })
    document.head.append(failed, fine)
    failed.dispatchEvent(new Event('error'))

    const done = reloadFailedStylesheets()
    const links = [...document.head.querySelectorAll('link[rel="stylesheet"]')]
    expect(links).toHaveLength(3)
    const fresh = links.find((link) => link !== failed && link !== fine)
    if (!fresh) throw new Error('no new link')
    expect(fresh.getAttribute('href')).toBe('/assets/ParticipantsPage-BZ9uJs22.css')
    fresh.dispatchEvent(new Event('load'))
    await done
    expect([...document.head.querySelectorAll('link[rel="stylesheet"]')]).toEqual([fresh, fine])

    // Nothing failed since: nothing to ask again.
    await reloadFailedStylesheets()
    expect(document.head.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(2)
    fresh.remove()
    fine.remove()
  })
})
