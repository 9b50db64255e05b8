// Another tab of the browser changes the stored session: its refresh needs nothing here (requests
// read the store), its logout logs this tab out, its login (as anyone) logs this tab in as them.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../test/fetch-mock.ts'
import { user } from '../test/fixtures.ts'
import { useSession } from './session.ts'

function otherTabStores(values: Record<string, string | null>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }))
  }
}

beforeEach(() => useSession.setState({ status: 'starting', userId: null, user: null, error: null }))

describe('another tab', () => {
  it('logging out logs this tab out, without a request and without an error', async () => {
    localStorage.setItem('auth_token', 'a')
    localStorage.setItem('refresh_token', 'r')
    localStorage.setItem('userId', '5')
    useSession.setState({ status: 'authenticated', userId: 5, user: user() })
    const api = mockFetch({})
    otherTabStores({ auth_token: null, refresh_token: null, userId: null, isLoggedIn: null })
    await vi.waitFor(() => expect(useSession.getState().status).toBe('unauthenticated'))
    expect(useSession.getState()).toMatchObject({ userId: null, user: null, error: null })
    expect(api.calls).toHaveLength(0)
  })

  it('clearing all storage counts as a logout too', async () => {
    useSession.setState({ status: 'authenticated', userId: 5, user: user() })
    localStorage.clear()
    window.dispatchEvent(new StorageEvent('storage', { key: null }))
    await vi.waitFor(() => expect(useSession.getState().status).toBe('unauthenticated'))
  })

  it('refreshing the session changes nothing here and asks nothing', async () => {
    useSession.setState({ status: 'authenticated', userId: 5, user: user() })
    const api = mockFetch({})
    otherTabStores({ auth_token: 'a2', refresh_token: 'r2', userId: '5', isLoggedIn: 'true' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', userId: 5 })
    expect(api.calls).toHaveLength(0)
  })

  it('logging in logs this logged-out tab in as that user', async () => {
    useSession.setState({ status: 'unauthenticated' })
    const api = mockFetch({ 'GET /auth/user': { body: user({ id: 9 }) } })
    otherTabStores({ auth_token: 'a9', refresh_token: 'r9', userId: '9', isLoggedIn: 'true' })
    await vi.waitFor(() => expect(useSession.getState()).toMatchObject({ status: 'authenticated', userId: 9, user: { id: 9 } }))
    expect(api.sent('GET', '/auth/user')[0]!.headers.Authorization).toBe('Bearer a9')
  })

  it('logging in as someone else switches this tab to them', async () => {
    useSession.setState({ status: 'authenticated', userId: 5, user: user() })
    mockFetch({ 'GET /auth/user': { body: user({ id: 9 }) } })
    otherTabStores({ auth_token: 'a9', refresh_token: 'r9', userId: '9', isLoggedIn: 'true' })
    await vi.waitFor(() => expect(useSession.getState()).toMatchObject({ status: 'authenticated', userId: 9, user: { id: 9 } }))
  })

  it("ignores keys that are not the session's", async () => {
    useSession.setState({ status: 'authenticated', userId: 5, user: user() })
    localStorage.clear()
    window.dispatchEvent(new StorageEvent('storage', { key: 'last_attempt_id' }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'liftarena_refresh_lease' }))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(useSession.getState().status).toBe('authenticated')
  })
})
