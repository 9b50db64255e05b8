// The one way the client talks to the API: JSON over fetch, the stored bearer token,
// one refresh-and-retry on 401, and failures as ApiError carrying the server's {error} text.
import type { AuthResponse } from './contract.ts'
import { clearSession, readSession, saveSession } from './session-storage.ts'

export const API_BASE = '/api'

export type ApiErrorKind = 'http' | 'network' | 'invalid'

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    /** The server's `error` field, shown as is when present (SPEC §8). */
    readonly serverMessage: string | undefined,
    readonly statusText = '',
  ) {
    super(serverMessage ?? (kind === 'network' ? 'Network error' : `HTTP ${status}${statusText ? ` ${statusText}` : ''}`))
    this.name = 'ApiError'
  }
}

/** The server's text when it sent one, else the screen's fallback from SPEC §8. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  /** 'required' and 'optional' send the stored token; only they refresh on 401. */
  auth?: 'none' | 'optional' | 'required'
  signal?: AbortSignal
}

export interface ApiResult<T> {
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
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
    throw new ApiError('network', 0, undefined)
  }
}

let refreshing: Promise<AuthResponse | null> | null = null

/**
 * Exchanges the stored refresh token for a new pair. Concurrent callers share one
 * exchange: the server rotates refresh tokens, so a second exchange would fail.
 */
export function refreshSession(): Promise<AuthResponse | null> {
  refreshing ??= (async () => {
    const { refreshToken } = readSession()
    if (!refreshToken) return null
    let response: Response
    try {
      response = await send('/auth/refresh', { method: 'POST' }, refreshToken)
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
  })().finally(() => {
    refreshing = null
  })
  return refreshing
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const auth = options.auth ?? 'none'
  const token = auth === 'none' ? null : readSession().accessToken
  let response = await send(path, options, token)
  if (response.status === 401 && auth !== 'none' && readSession().refreshToken) {
    const renewed = await refreshSession()
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
