// The one way the client talks to the API: JSON over fetch, the stored bearer token,
// one refresh-and-retry on 401, and failures as ApiError carrying the server's {error} text.
import { STORAGE_KEYS } from '../config.ts'
import type { AuthResponse } from './contract.ts'
import { REFRESH_LEASE_KEY, clearSession, readRefreshLease, readSession, saveSession, takeRefreshLease } from './session-storage.ts'

export const API_BASE = '/api'

type ApiErrorKind = 'http' | 'network' | 'invalid'

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    /** The server's `error` field, shown as is when present (docs/product/messages.md). */
    readonly serverMessage: string | undefined,
    readonly statusText = '',
  ) {
    super(serverMessage ?? (kind === 'network' ? 'Network error' : `HTTP ${status}${statusText ? ` ${statusText}` : ''}`))
    this.name = 'ApiError'
  }
}

/** The server's text when it sent one, else the screen's fallback from docs/product/messages.md. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** 'required' and 'optional' send the stored token; only they refresh on 401. */
  auth?: 'none' | 'optional' | 'required'
  signal?: AbortSignal
}

interface ApiResult<T> {
  data: T
  headers: Headers
}

type SessionListener = (event: 'refreshed' | 'expired', auth?: AuthResponse) => void
const listeners = new Set<SessionListener>()

/** The session store listens here for refreshes and expiries that happen inside any request. */
export function onSessionChange(listener: SessionListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    if (!response.ok) return undefined
    throw new ApiError('invalid', response.status, undefined, response.statusText)
  }
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  // A Blob (a picture) goes as it is, with its own type; anything else as JSON.
  const raw = options.body instanceof Blob
  if (options.body !== undefined)
    headers['Content-Type'] = raw ? (options.body as Blob).type || 'application/octet-stream' : 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : raw ? (options.body as Blob) : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
    throw new ApiError('network', 0, undefined)
  }
}

/** The Web Lock a tab holds while it exchanges the session's refresh token. */
const REFRESH_LOCK = 'liftarena-session-refresh'
/** A refresh is one request: a tab waits this long for another's before going ahead itself. */
export const REFRESH_WAIT_MS = 10_000
/**
 * Another tab's localStorage writes reach this one a moment after they are made, and not in step with a
 * Web Lock changing hands (seen in Chromium): a tab that waited for the lock allows them this long to land.
 */
const LAND_MS = 500
/** Two tabs taking the lease at once: after this, both see the write that won. */
const LEASE_SETTLE_MS = 150

/** Resolves at a `storage` event (another tab's write) for one of `keys` (or a clear), or after `ms`. */
function storageEvent(keys: readonly string[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      window.removeEventListener('storage', onStorage)
      resolve()
    }
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || keys.includes(event.key)) done()
    }
    const timer = setTimeout(done, ms)
    window.addEventListener('storage', onStorage)
  })
}

/**
 * Runs `task` while no other tab of this browser refreshes: under a Web Lock, or where Web Locks are
 * missing (older browsers, plain http off localhost), under a lease in localStorage. `task` learns
 * whether another tab held it first. A holder stuck longer than REFRESH_WAIT_MS is not waited for.
 */
async function oneTabAtATime<T>(task: (afterAnotherTab: boolean) => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks?.request) return underLease(task)
  const free = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => (lock ? { result: await task(false) } : null))
  if (free) return free.result
  const gaveUp = new AbortController()
  const timer = setTimeout(() => gaveUp.abort(), REFRESH_WAIT_MS)
  let granted = false
  try {
    return await locks.request(REFRESH_LOCK, { signal: gaveUp.signal }, () => {
      granted = true
      clearTimeout(timer)
      return task(true)
    })
  } catch (error) {
    if (granted) throw error
    return task(true)
  } finally {
    clearTimeout(timer)
  }
}

/** Resolves when no other tab's lease runs any more: it was given back (a `storage` event) or expired. */
async function leaseGone(): Promise<void> {
  const wait = readRefreshLease() - Date.now()
  if (wait > 0) await storageEvent([REFRESH_LEASE_KEY], Math.min(wait, REFRESH_WAIT_MS))
}

/**
 * Without Web Locks: a lease in localStorage says a tab is refreshing. Two tabs can take it at once (a
 * write takes a moment to reach the other tab): the last write wins and the other waits.
 * Should both still go ahead, the server answers both with the same new pair (its reuse grace).
 */
async function underLease<T>(task: (afterAnotherTab: boolean) => Promise<T>): Promise<T> {
  // A holder gives the lease back after storing its pair, in the same storage: seeing the one, this tab sees the other.
  await leaseGone()
  const lease = takeRefreshLease(Date.now() + REFRESH_WAIT_MS)
  await new Promise((resolve) => setTimeout(resolve, LEASE_SETTLE_MS))
  if (!lease.held()) {
    await leaseGone()
    return task(false)
  }
  try {
    return await task(false)
  } finally {
    lease.release()
  }
}

/** Exchanges `seen` with the server, unless another tab already did: then its stored pair is the answer. */
async function exchange(seen: string, afterAnotherTab: boolean): Promise<AuthResponse | null> {
  // The tab that held the lock before may have just stored a new pair that has not reached this tab yet.
  if (afterAnotherTab && readSession().refreshToken === seen) await storageEvent([STORAGE_KEYS.refreshToken], LAND_MS)
  const stored = readSession()
  if (stored.refreshToken !== seen) {
    // Another tab refreshed (or logged out) since this one decided to: exchanging `seen` again would be a reuse.
    if (!stored.refreshToken || !stored.accessToken || !stored.userId) return null
    const auth: AuthResponse = { access_token: stored.accessToken, refresh_token: stored.refreshToken, user_id: stored.userId }
    for (const listener of listeners) listener('refreshed', auth)
    return auth
  }
  let response: Response
  try {
    response = await send('/auth/refresh', { method: 'POST' }, seen)
  } catch {
    return null // offline: keep the tokens for the next try
  }
  if (!response.ok) {
    if (response.status < 500 && response.status !== 429) {
      clearSession()
      for (const listener of listeners) listener('expired')
    }
    return null
  }
  const auth = (await parseBody(response)) as AuthResponse
  saveSession(auth)
  for (const listener of listeners) listener('refreshed', auth)
  return auth
}

let refreshing: Promise<AuthResponse | null> | null = null

/**
 * Exchanges the stored refresh token for a new pair. The server rotates refresh tokens, so an
 * exchange must happen once: callers in this tab share one, and tabs of this browser take turns
 * (the later finds the token replaced and takes the stored pair). `seen`: the refresh token that
 * was stored when the caller's request went out (by default, the stored one).
 */
export function refreshSession(seen: string | null = readSession().refreshToken): Promise<AuthResponse | null> {
  refreshing ??= (async () => {
    if (!seen) return null
    // Already replaced by another tab: nothing to wait for.
    if (readSession().refreshToken !== seen) return exchange(seen, false)
    return oneTabAtATime((afterAnotherTab) => exchange(seen, afterAnotherTab))
  })().finally(() => {
    refreshing = null
  })
  return refreshing
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const auth = options.auth ?? 'none'
  const sent = auth === 'none' ? null : readSession()
  let response = await send(path, options, sent?.accessToken ?? null)
  if (response.status === 401 && sent?.refreshToken && readSession().refreshToken) {
    const renewed = await refreshSession(sent.refreshToken)
    if (renewed) response = await send(path, options, renewed.access_token)
  }
  const body = await parseBody(response)
  if (!response.ok) {
    const message = (body as { error?: unknown } | undefined)?.error
    throw new ApiError('http', response.status, typeof message === 'string' ? message : undefined, response.statusText)
  }
  return { data: body as T, headers: response.headers }
}

/** The common case: only the answer's body. */
export async function apiGet<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data
}

/**
 * Every page of a paged list (`next_cursor` until there is none), items in order. The first
 * page's headers come back too (a live list continues from its x-live-seq).
 */
export async function allPages<P extends { next_cursor?: string }, I>(
  path: string,
  items: (page: P) => readonly I[],
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<{ items: I[]; headers: Headers }> {
  const first = await apiRequest<P>(path, options)
  const all = [...items(first.data)]
  const separator = path.includes('?') ? '&' : '?'
  for (let cursor = first.data.next_cursor; cursor;) {
    const page = await apiGet<P>(`${path}${separator}cursor=${encodeURIComponent(cursor)}`, options)
    all.push(...items(page))
    cursor = page.next_cursor
  }
  return { items: all, headers: first.headers }
}
