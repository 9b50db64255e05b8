// Tabs of one browser share one session (issue 14, part 4): a refresh token must be exchanged
// once, so a tab that meant to refresh but finds the stored token already replaced by another
// tab takes the stored pair instead of presenting the old token again (which the server would
// take for a stolen token's reuse once its grace is over).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../test/fetch-mock.ts'
import { apiRequest, refreshSession, REFRESH_WAIT_MS } from './api-client.ts'
import { readSession, REFRESH_LEASE_KEY, takeRefreshLease } from './session-storage.ts'

const pair = (n: number) => ({ access_token: `access-${n}`, refresh_token: `refresh-${n}`, user_id: 5 })

function store(n: number) {
  localStorage.setItem('auth_token', `access-${n}`)
  localStorage.setItem('refresh_token', `refresh-${n}`)
  localStorage.setItem('userId', '5')
  localStorage.setItem('isLoggedIn', 'true')
}

/** A LockManager of one browser: exclusive locks granted in order, `ifAvailable`, and `signal` to give up waiting. */
function fakeLocks() {
  let held = false
  const waiting: Array<() => void> = []
  const granted: string[] = []
  const release = () => {
    held = false
    waiting.shift()?.()
  }
  const locks = {
    granted,
    request(name: string, options: { signal?: AbortSignal; ifAvailable?: boolean }, callback: (lock: object | null) => Promise<unknown>) {
      const run = async () => {
        held = true
        granted.push(name)
        try {
          return await callback({ name })
        } finally {
          release()
        }
      }
      if (!held) return run()
      if (options.ifAvailable) return callback(null)
      return new Promise((resolve, reject) => {
        const grant = () => run().then(resolve, reject)
        waiting.push(grant)
        options.signal?.addEventListener('abort', () => {
          const at = waiting.indexOf(grant)
          if (at < 0) return
          waiting.splice(at, 1)
          reject(new DOMException('aborted', 'AbortError'))
        })
      })
    },
  }
  vi.stubGlobal('navigator', { ...navigator, locks })
  return locks
}

/** What another tab does: hold the lock while it exchanges the token (resolves once it holds it), then store the new pair. */
async function otherTabRefreshes(locks: ReturnType<typeof fakeLocks>, n: number) {
  let finish!: () => void
  let holding!: () => void
  const held = new Promise<void>((resolve) => (holding = resolve))
  const done = locks.request(
    'liftarena-session-refresh',
    {},
    () =>
      new Promise<void>((resolve) => {
        finish = () => {
          store(n)
          resolve()
        }
        holding()
      }),
  )
  await held
  return { finish: () => finish(), done }
}

afterEach(() => vi.unstubAllGlobals())

describe('refreshing with Web Locks', () => {
  it('takes the pair another tab stored while it waited for the lock, and asks the server nothing', async () => {
    store(1)
    const locks = fakeLocks()
    const api = mockFetch({ 'POST /auth/refresh': { body: pair(9) } })
    const other = await otherTabRefreshes(locks, 2)
    const mine = refreshSession()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(api.calls).toHaveLength(0) // waiting for the lock
    other.finish()
    await other.done
    expect(await mine).toEqual(pair(2))
    expect(api.sent('POST', '/auth/refresh')).toHaveLength(0)
    expect(readSession().refreshToken).toBe('refresh-2')
  })

  it("waits for the other tab's pair to land when it arrives after the lock (tabs see each other's writes a moment late)", async () => {
    store(1)
    const locks = fakeLocks()
    const api = mockFetch({ 'POST /auth/refresh': { body: pair(9) } })
    const other = await otherTabRefreshes(locks, 2)
    const mine = refreshSession()
    await new Promise((resolve) => setTimeout(resolve, 10))
    localStorage.clear()
    store(1) // the other tab's write has not landed here yet when it gives the lock back
    other.finish()
    store(1)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.calls).toHaveLength(0)
    store(2) // now it lands
    window.dispatchEvent(new StorageEvent('storage', { key: 'refresh_token', newValue: 'refresh-2' }))
    expect(await mine).toEqual(pair(2))
    expect(api.sent('POST', '/auth/refresh')).toHaveLength(0)
  })

  it('after another tab held the lock and changed nothing (its refresh failed), exchanges the token itself', async () => {
    store(1)
    const locks = fakeLocks()
    const other = await otherTabRefreshes(locks, 1)
    const api = mockFetch({ 'POST /auth/refresh': { body: pair(2) } })
    const mine = refreshSession()
    await new Promise((resolve) => setTimeout(resolve, 10))
    other.finish()
    expect(await mine).toEqual(pair(2))
    expect(api.sent('POST', '/auth/refresh').map((c) => c.headers.Authorization)).toEqual(['Bearer refresh-1'])
  })

  it('exchanges the token itself, holding the lock, when nobody else did', async () => {
    store(1)
    const locks = fakeLocks()
    const api = mockFetch({ 'POST /auth/refresh': { body: pair(2) } })
    expect(await refreshSession()).toEqual(pair(2))
    expect(api.sent('POST', '/auth/refresh').map((c) => c.headers.Authorization)).toEqual(['Bearer refresh-1'])
    expect(locks.granted).toEqual(['liftarena-session-refresh'])
    expect(readSession()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2', userId: 5 })
  })

  it("a request refused while another tab refreshed retries with that tab's token, without a refresh of its own", async () => {
    store(1)
    const locks = fakeLocks()
    const other = await otherTabRefreshes(locks, 2)
    const api = mockFetch({
      'GET /auth/user': ({ headers }) => {
        if (headers.Authorization === 'Bearer access-2') return { body: { id: 5 } }
        other.finish() // the other tab stores its pair while this request is answered 401
        return { status: 401, body: { error: 'Your session has expired. Please log in again.' } }
      },
      'POST /auth/refresh': { body: pair(9) },
    })
    const { data } = await apiRequest<{ id: number }>('/auth/user', { auth: 'required' })
    expect(data).toEqual({ id: 5 })
    expect(api.sent('GET', '/auth/user').map((c) => c.headers.Authorization)).toEqual(['Bearer access-1', 'Bearer access-2'])
    expect(api.sent('POST', '/auth/refresh')).toHaveLength(0)
  })

  it('requests of one tab share one exchange', async () => {
    store(1)
    fakeLocks()
    const api = mockFetch({
      'GET /auth/user': ({ headers }) =>
        headers.Authorization === 'Bearer access-2' ? { body: { id: 5 } } : { status: 401, body: { error: 'expired' } },
      'POST /auth/refresh': { body: pair(2) },
    })
    await Promise.all([apiRequest('/auth/user', { auth: 'required' }), apiRequest('/auth/user', { auth: 'required' }), refreshSession()])
    expect(api.sent('POST', '/auth/refresh')).toHaveLength(1)
  })

  it('does not wait forever for a tab stuck holding the lock', async () => {
    vi.useFakeTimers()
    store(1)
    const locks = fakeLocks()
    await otherTabRefreshes(locks, 2) // never finishes
    const api = mockFetch({ 'POST /auth/refresh': { body: pair(3) } })
    const mine = refreshSession()
    await vi.advanceTimersByTimeAsync(REFRESH_WAIT_MS + 1000) // and the moment allowed for its pair to land
    expect(await mine).toEqual(pair(3))
    expect(api.sent('POST', '/auth/refresh')).toHaveLength(1)
  })
})

describe('refreshing without Web Locks', () => {
  it('waits for the tab holding the lease and takes its pair when the lease is given back', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined })
    store(1)
    takeRefreshLease(Date.now() + REFRESH_WAIT_MS) // another tab's
    const api = mockFetch({ 'POST /auth/refresh': { body: pair(9) } })
    const mine = refreshSession()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(api.calls).toHaveLength(0)
    store(2)
    localStorage.removeItem(REFRESH_LEASE_KEY)
    window.dispatchEvent(new StorageEvent('storage', { key: REFRESH_LEASE_KEY, newValue: null }))
    expect(await mine).toEqual(pair(2))
    expect(api.sent('POST', '/auth/refresh')).toHaveLength(0)
  })

  it('when another tab takes the lease at the same moment and its write lands last, lets that tab refresh', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined })
    store(1)
    const api = mockFetch({ 'POST /auth/refresh': { body: pair(9) } })
    const mine = refreshSession()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(localStorage.getItem(REFRESH_LEASE_KEY)).toMatch(/^\d+:/) // this tab's
    localStorage.setItem(REFRESH_LEASE_KEY, `${Date.now() + REFRESH_WAIT_MS}:other`) // the other tab's write lands
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(api.calls).toHaveLength(0)
    store(2)
    localStorage.removeItem(REFRESH_LEASE_KEY)
    window.dispatchEvent(new StorageEvent('storage', { key: REFRESH_LEASE_KEY, newValue: null }))
    expect(await mine).toEqual(pair(2))
    expect(api.sent('POST', '/auth/refresh')).toHaveLength(0)
  })

  it('with no lease, takes one for the exchange and gives it back', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined })
    store(1)
    let leaseDuringCall: string | null = null
    mockFetch({
      'POST /auth/refresh': () => {
        leaseDuringCall = localStorage.getItem(REFRESH_LEASE_KEY)
        return { body: pair(2) }
      },
    })
    expect(await refreshSession()).toEqual(pair(2))
    expect(leaseDuringCall).toMatch(/^\d+:/)
    expect(localStorage.getItem(REFRESH_LEASE_KEY)).toBeNull()
  })

  it('after an expired lease, exchanges the token itself', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined })
    store(1)
    localStorage.setItem(REFRESH_LEASE_KEY, `${Date.now() - 1000}:gone`)
    const api = mockFetch({ 'POST /auth/refresh': { body: pair(2) } })
    expect(await refreshSession()).toEqual(pair(2))
    expect(api.sent('POST', '/auth/refresh')).toHaveLength(1)
  })

  it('a tab that decided to refresh a token another tab since replaced takes the stored pair, or nothing after a logout', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined })
    const api = mockFetch({ 'POST /auth/refresh': { body: pair(9) } })
    store(2)
    expect(await refreshSession('refresh-1')).toEqual(pair(2))
    localStorage.clear() // the other tab logged out
    expect(await refreshSession('refresh-2')).toBeNull()
    expect(api.calls).toHaveLength(0)
  })
})
