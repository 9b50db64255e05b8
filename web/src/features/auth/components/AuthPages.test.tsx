// SPEC §4 auth callback and error page: stored session and home; 1.5 s to /auth/error; 5 s home.
import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { user } from '../../../test/fixtures.ts'
import { AuthCallbackPage } from './AuthCallbackPage.tsx'
import { AuthErrorPage } from './AuthErrorPage.tsx'

beforeEach(() => useSession.setState({ status: 'unauthenticated', userId: null, user: null, error: null }))

function renderAt(url: string) {
  const router = createMemoryRouter([
    { path: '/', element: <p>Home page</p> },
    { path: '/auth/callback', element: <AuthCallbackPage /> },
    { path: '/auth/error', element: <AuthErrorPage /> },
  ], { initialEntries: [url] })
  render(<RouterProvider router={router} />)
  return router
}

describe('auth callback', () => {
  it('stores the session from token and user_id, then goes to /', async () => {
    mockFetch({ 'GET /auth/user': { body: user({ id: 8 }) } })
    renderAt('/auth/callback?token=tok&user_id=8')
    expect(await screen.findByText('Home page')).toBeTruthy()
    expect(localStorage.getItem('auth_token')).toBe('tok')
    expect(localStorage.getItem('userId')).toBe('8')
    expect(localStorage.getItem('isLoggedIn')).toBe('true')
    expect(useSession.getState().status).toBe('authenticated')
  })

  it('without them, says so and goes to /auth/error after 1.5 s', () => {
    vi.useFakeTimers()
    const router = renderAt('/auth/callback?token=tok')
    expect(screen.getByRole('alert').textContent).toBe('Authentication failed: Missing token or user ID')
    act(() => vi.advanceTimersByTime(1499))
    expect(router.state.location.pathname).toBe('/auth/callback')
    act(() => vi.advanceTimersByTime(1))
    expect(router.state.location.pathname).toBe('/auth/error')
    expect(screen.getByRole('alert').textContent).toBe('Authentication failed: Missing token or user ID')
  })
})

describe('auth error page', () => {
  it("shows 'Unknown authentication error' by default and returns home after 5 s", () => {
    vi.useFakeTimers()
    const router = renderAt('/auth/error')
    expect(screen.getByRole('alert').textContent).toBe('Unknown authentication error')
    act(() => vi.advanceTimersByTime(4999))
    expect(router.state.location.pathname).toBe('/auth/error')
    act(() => vi.advanceTimersByTime(1))
    expect(router.state.location.pathname).toBe('/')
  })

  it('shows the error query parameter', () => {
    renderAt('/auth/error?error=Access%20denied')
    expect(screen.getByRole('alert').textContent).toBe('Access denied')
  })
})
