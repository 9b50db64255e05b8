// A fetch stand-in for component tests: routes answer by "METHOD /path" (query ignored),
// and every call is recorded so tests can assert what was (or was not) sent.
import { vi } from 'vitest'

export interface MockAnswer {
  status?: number
  body?: unknown
  headers?: Record<string, string>
}

/** `query`: the request's query string, which the route's key leaves out. */
export type MockRoute = MockAnswer | ((request: { body: unknown; headers: Record<string, string>; query: URLSearchParams }) => MockAnswer)

interface RecordedCall {
  method: string
  path: string
  body: unknown
  headers: Record<string, string>
}

export function mockFetch(routes: Record<string, MockRoute>) {
  const calls: RecordedCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    const path = url.pathname.replace(/^\/api/, '')
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>))
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path, body, headers })
    const route = routes[`${method} ${path}`]
    if (!route) return new Response(JSON.stringify({ error: `No mock for ${method} ${path}` }), { status: 404 })
    const answer = typeof route === 'function' ? route({ body, headers, query: url.searchParams }) : route
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock, sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) }
}
