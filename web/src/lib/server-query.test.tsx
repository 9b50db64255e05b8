// A passing error never blanks a screen: the last data stays with the offline notice, a first
// load that failed shows the error with Try Again, and both come back by themselves (backoff,
// the browser's `online` event, the live socket reconnecting) — against a fetch that fails the
// way a lost network does (it throws) and a server that answers again.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoadError } from '../components/LoadError.tsx'
import { OfflineNotice } from '../components/OfflineNotice.tsx'
import { useLive } from '../stores/live.ts'
import { apiGet } from './api-client.ts'
import { OFFLINE_TEXT, isPassingError, retryDelay } from './connectivity.ts'
import { ApiError } from './api-client.ts'
import { queryOptions } from '@tanstack/react-query'
import { useServerQuery } from './server-query.ts'

/** The server as the test sets it: down (fetch throws), an HTTP status, or the count to answer. */
const server = { down: false, status: 200, count: 1 }
let calls = 0

beforeEach(() => {
  Object.assign(server, { down: false, status: 200, count: 1 })
  calls = 0
  vi.useFakeTimers()
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      calls++
      if (server.down) throw new TypeError('Failed to fetch')
      const body = server.status === 200 ? { count: server.count } : { error: 'Not here' }
      return new Response(JSON.stringify(body), { status: server.status, headers: { 'content-type': 'application/json' } })
    }),
  )
})

afterEach(() => {
  useLive.setState({ status: 'idle' })
})

function Counter() {
  const { data, error, reload } = useServerQuery(
    queryOptions({ queryKey: ['count'], queryFn: ({ signal }) => apiGet<{ count: number }>('/count', { signal }) }),
  )
  return (
    <>
      <OfflineNotice />
      {data ? (
        <p>Count {data.count}</p>
      ) : error ? (
        <LoadError message="Failed to load the count" onRetry={() => void reload()} />
      ) : (
        <p>Loading</p>
      )}
      <button type="button" onClick={() => void reload()}>
        Refetch
      </button>
    </>
  )
}

const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0)
  })
/** Advances the clock a second at a time, letting React render (and schedule the next retry) in between. */
async function wait(ms: number) {
  for (let left = ms; left > 0; left -= 1000)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(1000, left))
    })
}
const notice = () => screen.getByRole('status').textContent

describe('useServerQuery after a passing error', () => {
  it('keeps the last data with the offline notice when a refetch fails, and clears both on the next success', async () => {
    render(<Counter />)
    await settle()
    expect(screen.getByText('Count 1')).toBeTruthy()
    expect(notice()).toBe('')

    server.down = true
    fireEvent.click(screen.getByText('Refetch'))
    await settle()
    expect(screen.getByText('Count 1')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(notice()).toBe(OFFLINE_TEXT)

    // Backoff: tried again after at most 1 s, then at most 2 s; still down, still the old data.
    await wait(1000)
    expect(calls).toBe(3)
    await wait(2000)
    expect(calls).toBe(4)
    expect(screen.getByText('Count 1')).toBeTruthy()

    server.down = false
    server.count = 2
    await wait(4000)
    expect(screen.getByText('Count 2')).toBeTruthy()
    expect(notice()).toBe('')
    // Back to normal: no more retries.
    const after = calls
    await wait(60_000)
    expect(calls).toBe(after)
  })

  it('shows the error with Try Again only when there is no data, and comes back by itself when the browser is online again', async () => {
    server.down = true
    render(<Counter />)
    await settle()
    expect(screen.getByRole('alert').textContent).toBe('Failed to load the count')
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy()

    // Long down: the waits grow to the 15 s cap and never stop.
    await wait(120_000)
    const tries = calls
    expect(tries).toBeGreaterThanOrEqual(10)
    expect(tries).toBeLessThanOrEqual(20)

    server.down = false
    act(() => void window.dispatchEvent(new Event('online')))
    await settle()
    expect(calls).toBe(tries + 1)
    expect(screen.getByText('Count 1')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('tries again at once when the live socket reconnects (a server restart: the browser never went offline)', async () => {
    server.down = true
    render(<Counter />)
    await settle()
    act(() => useLive.setState({ status: 'offline' }))
    server.down = false
    const before = calls
    act(() => useLive.setState({ status: 'connected' }))
    await settle()
    expect(calls).toBe(before + 1)
    expect(screen.getByText('Count 1')).toBeTruthy()
  })

  it('does not retry an answer a retry cannot change (404) by itself, but Try Again does', async () => {
    server.status = 404
    render(<Counter />)
    await settle()
    expect(screen.getByRole('alert').textContent).toBe('Failed to load the count')
    expect(notice()).toBe('')
    await wait(60_000)
    expect(calls).toBe(1)

    server.status = 200
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    await settle()
    expect(screen.getByText('Count 1')).toBeTruthy()
  })

  it('Try Again works before the backoff comes round', async () => {
    server.down = true
    render(<Counter />)
    await settle()
    server.down = false
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    await settle()
    expect(calls).toBe(2)
    expect(screen.getByText('Count 1')).toBeTruthy()
  })

  it('shows the notice while the browser is offline, before anything failed', async () => {
    render(<Counter />)
    await settle()
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    act(() => void window.dispatchEvent(new Event('offline')))
    expect(notice()).toBe(OFFLINE_TEXT)
    onLine.mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))
    expect(notice()).toBe('')
  })
})

describe('what counts as passing, and the waits', () => {
  it('retries no answer, timeouts, rate limits and gateway or restart answers; not refusals or bugs', () => {
    expect(isPassingError(new ApiError('network', 0, undefined))).toBe(true)
    for (const status of [408, 429, 502, 503, 504]) expect(isPassingError(new ApiError('http', status, undefined))).toBe(true)
    for (const status of [400, 401, 403, 404, 500]) expect(isPassingError(new ApiError('http', status, undefined))).toBe(false)
    expect(isPassingError(new ApiError('invalid', 200, undefined))).toBe(false)
    expect(isPassingError(new Error('Video URL not found in response'))).toBe(false)
  })

  it('doubles from 1 s up to 15 s, each wait cut by up to half at random', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map((n) => retryDelay(n, 1000, 15_000, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ])
    expect(retryDelay(0, 1000, 15_000, () => 0.9)).toBe(550)
    expect(retryDelay(6, 1000, 15_000, () => 0.5)).toBe(11_250)
  })
})
