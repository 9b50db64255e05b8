// docs/product/states.md session transitions: start with stored token / refresh / nothing, expiry, logout.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../test/fetch-mock.ts'
import { user } from '../test/fixtures.ts'
import { SESSION_EXPIRED, useSession } from './session.ts'

const auth = (id = 5) => ({ access_token: `access-${id}`, refresh_token: `refresh-${id}`, user_id: id })

function store(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
}

beforeEach(() => useSession.setState({ status: 'starting', userId: null, user: null, error: null }))

describe('session start', () => {
  it('with a stored access token and user id, fetches the profile', async () => {
    store({ auth_token: 'a', userId: '5', refresh_token: 'r' })
    const api = mockFetch({ 'GET /auth/user': { body: user() } })
    await useSession.getState().start()
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', userId: 5, user: { name: 'Test Lifter' } })
    expect(api.sent('GET', '/auth/user')[0]!.headers.Authorization).toBe('Bearer a')
  })

  it('with only a refresh token, exchanges it for a new access token', async () => {
    store({ refresh_token: 'r' })
    const api = mockFetch({ 'POST /auth/refresh': { body: auth(5) }, 'GET /auth/user': { body: user() } })
    await useSession.getState().start()
    expect(api.sent('POST', '/auth/refresh')[0]!.headers.Authorization).toBe('Bearer r')
    expect(useSession.getState().status).toBe('authenticated')
    expect(localStorage.getItem('auth_token')).toBe('access-5')
    expect(localStorage.getItem('refresh_token')).toBe('refresh-5')
    expect(localStorage.getItem('userId')).toBe('5')
    expect(localStorage.getItem('isLoggedIn')).toBe('true')
  })

  it('with nothing stored, is unauthenticated without a call', async () => {
    const api = mockFetch({})
    await useSession.getState().start()
    expect(useSession.getState().status).toBe('unauthenticated')
    expect(api.calls).toHaveLength(0)
  })

  it('a rejected profile fetch refreshes once and retries', async () => {
    store({ auth_token: 'old', userId: '5', refresh_token: 'r' })
    const api = mockFetch({
      'GET /auth/user': ({ headers }) =>
        headers.Authorization === 'Bearer access-5' ? { body: user() } : { status: 401, body: { error: 'expired' } },
      'POST /auth/refresh': { body: auth(5) },
    })
    await useSession.getState().start()
    expect(useSession.getState().status).toBe('authenticated')
    expect(api.sent('GET', '/auth/user')).toHaveLength(2)
  })

  it('when the refresh fails too, clears the stored credentials and says the session expired', async () => {
    store({ auth_token: 'old', userId: '5', refresh_token: 'r', isLoggedIn: 'true' })
    mockFetch({
      'GET /auth/user': { status: 401, body: { error: 'expired' } },
      'POST /auth/refresh': { status: 401, body: { error: 'revoked' } },
    })
    await useSession.getState().start()
    expect(useSession.getState()).toMatchObject({ status: 'unauthenticated', userId: null, error: SESSION_EXPIRED })
    for (const key of ['auth_token', 'refresh_token', 'userId', 'isLoggedIn']) expect(localStorage.getItem(key)).toBeNull()
  })
})

describe('login, registration, logout', () => {
  it('login saves the token and user id and loads the profile', async () => {
    mockFetch({ 'POST /auth/login': { body: auth(9) }, 'GET /auth/user': { body: user({ id: 9 }) } })
    await useSession.getState().login({ username: 'anna1', password: 'pw' })
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', userId: 9 })
    expect(localStorage.getItem('auth_token')).toBe('access-9')
  })

  it('a failed login rejects with the server text, or the fallback', async () => {
    mockFetch({ 'POST /auth/login': { status: 401, body: {} } })
    await expect(useSession.getState().login({ username: 'x', password: 'y' })).rejects.toThrow(
      'Invalid username or password. Please try again.',
    )
  })

  it('registration (201) logs in automatically', async () => {
    mockFetch({ 'POST /auth/register': { status: 201, body: auth(11) }, 'GET /auth/user': { body: user({ id: 11 }) } })
    await useSession.getState().register({ name: 'N', email: 'n@example.com', password: 'p', confirmPassword: 'p' })
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', userId: 11 })
    expect(localStorage.getItem('isLoggedIn')).toBe('true')
  })

  it('a registration without a refresh token falls back to the access token', async () => {
    mockFetch({
      'POST /auth/register': { status: 201, body: { access_token: 'only', user_id: 3 } },
      'GET /auth/user': { body: user({ id: 3 }) },
    })
    await useSession.getState().register({ name: 'N', email: 'n@example.com', password: 'p' })
    expect(localStorage.getItem('refresh_token')).toBe('only')
  })

  it('logout clears storage and the user even when the call fails (only logged)', async () => {
    store({ auth_token: 'a', userId: '5', refresh_token: 'r', isLoggedIn: 'true', last_attempt_id: '4' })
    useSession.setState({ status: 'authenticated', userId: 5, user: user() })
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await useSession.getState().logout()
    expect(useSession.getState()).toMatchObject({ status: 'unauthenticated', userId: null, user: null })
    expect(localStorage.length).toBe(0)
    expect(warn).toHaveBeenCalled()
  })
})
