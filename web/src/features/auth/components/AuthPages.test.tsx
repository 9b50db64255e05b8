// docs/product/states.md auth callback and error page: stored session and home; 1.5 s to /auth/error; 5 s home.
// The callback checks the token with /auth/user first, refuses a user_id that is not the
// token's, and asks "Continue as <name>?" for a sign-in this tab did not start (login CSRF).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { user } from '../../../test/fixtures.ts'
import { AuthCallbackPage } from './AuthCallbackPage.tsx'
import { AuthErrorPage } from './AuthErrorPage.tsx'
import { newSignInState, startSignIn } from '../sign-in.ts'

beforeEach(() => {
  sessionStorage.clear()
  useSession.setState({ status: 'unauthenticated', userId: null, user: null, error: null })
})

/** /auth/user answers for the token it is sent: `tok` is user 8 (Eve), anything else 401. */
const tokenUsers = () =>
  mockFetch({
    'GET /auth/user': ({ headers }) =>
      headers.Authorization === 'Bearer tok'
        ? { body: user({ id: 8, name: 'Eve Attacker', username: 'eve' }) }
        : { status: 401, body: { error: 'Invalid or expired token' } },
  })
const nothingStored = () => {
  expect(localStorage.getItem('auth_token')).toBeNull()
  expect(localStorage.getItem('refresh_token')).toBeNull()
  expect(localStorage.getItem('userId')).toBeNull()
  expect(localStorage.getItem('isLoggedIn')).toBeNull()
  expect(useSession.getState().status).toBe('unauthenticated')
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/auth/error', element: <AuthErrorPage /> },
    ],
    { initialEntries: [url] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('auth callback', () => {
  it('with the state this tab stored: checks the token, stores the session from token and user_id, then goes to /', async () => {
    const api = tokenUsers()
    const state = newSignInState()
    renderAt(`/auth/callback?token=tok&user_id=8&state=${state}`)
    expect(await screen.findByText('Home page')).toBeTruthy()
    expect(api.sent('GET', '/auth/user')[0]!.headers.Authorization).toBe('Bearer tok')
    expect(localStorage.getItem('auth_token')).toBe('tok')
    expect(localStorage.getItem('userId')).toBe('8')
    expect(localStorage.getItem('isLoggedIn')).toBe('true')
    expect(useSession.getState().status).toBe('authenticated')
    expect(sessionStorage.length).toBe(0) // the nonce vouches for one callback only
  })

  it('a sign-in this tab did not start (no state): asks "Continue as <name>?" and stores nothing until Continue', async () => {
    tokenUsers()
    renderAt('/auth/callback?token=tok&user_id=8')
    expect(await screen.findByRole('heading', { name: 'Continue as Eve Attacker?' })).toBeTruthy()
    nothingStored()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Home page')).toBeTruthy()
    expect(localStorage.getItem('auth_token')).toBe('tok')
    expect(localStorage.getItem('userId')).toBe('8')
    expect(useSession.getState().status).toBe('authenticated')
  })

  it('a state that is not the one this tab stored asks too, and Cancel goes home with nothing stored', async () => {
    tokenUsers()
    newSignInState()
    const router = renderAt('/auth/callback?token=tok&user_id=8&state=guessed')
    expect(await screen.findByRole('heading', { name: 'Continue as Eve Attacker?' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText('Home page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
    nothingStored()
  })

  it("refuses a user_id that is not the token's user with the spec's error, storing nothing, even with a matching state", async () => {
    tokenUsers()
    const state = newSignInState()
    const router = renderAt(`/auth/callback?token=tok&user_id=2&state=${state}`)
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to complete authentication')
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull()
    nothingStored()
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/error'), { timeout: 3000 })
    expect(screen.getByRole('alert').textContent).toBe('Failed to complete authentication')
    nothingStored()
  })

  it('refuses a token the server does not accept, storing nothing', async () => {
    tokenUsers()
    renderAt('/auth/callback?token=forged&user_id=8')
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to complete authentication')
    nothingStored()
  })

  it("startSignIn stores a fresh nonce and leaves with it as state and this site's callback as return address", async () => {
    const went: string[] = []
    const href = startSignIn('https://id.example/authorize?client_id=liftarena', (url) => went.push(url))
    expect(went).toEqual([href])
    const url = new URL(href)
    const state = url.searchParams.get('state')!
    expect(state).toMatch(/^[0-9a-f]{32}$/)
    expect(url.searchParams.get('client_id')).toBe('liftarena')
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/auth/callback`)
    expect(startSignIn('https://id.example/authorize', () => {})).not.toContain(state) // a new nonce each time
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
