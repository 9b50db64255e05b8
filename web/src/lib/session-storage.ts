// The session as the browser keeps it, under the exact keys of docs/product/data.md, limits.md.
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '../config.ts'
import type { AuthResponse } from './contract.ts'

interface StoredSession {
  accessToken: string | null
  refreshToken: string | null
  userId: number | null
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null // storage disabled (private mode): behave as logged out
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // storage disabled: the session lives only as long as the page
  }
}

export function readSession(): StoredSession {
  const id = Number(read(STORAGE_KEYS.userId))
  return {
    accessToken: read(STORAGE_KEYS.authToken),
    refreshToken: read(STORAGE_KEYS.refreshToken),
    userId: Number.isInteger(id) && id > 0 ? id : null,
  }
}

/** Saves a login, registration or refresh answer. A missing refresh token falls back to the access token (docs/product/api.md). */
export function saveSession(auth: Pick<AuthResponse, 'access_token' | 'user_id'> & { refresh_token?: string | null }) {
  write(STORAGE_KEYS.authToken, auth.access_token)
  write(STORAGE_KEYS.refreshToken, auth.refresh_token || auth.access_token)
  write(STORAGE_KEYS.userId, String(auth.user_id))
  write(STORAGE_KEYS.isLoggedIn, 'true')
}

export function clearSession() {
  for (const key of Object.values(STORAGE_KEYS)) write(key, null)
}

/** The keys a session is kept under: another tab's login, refresh or logout changes them (a `storage` event here). */
export const isSessionKey = (key: string | null) =>
  key === null || (key !== STORAGE_KEYS.lastAttemptId && (Object.values(STORAGE_KEYS) as string[]).includes(key))

/**
 * Where Web Locks are missing, a tab about to refresh the session takes this lease (this client's
 * own key, not the spec's): `<expiry ms>:<owner>`. Other tabs wait for its result instead of
 * exchanging the same refresh token. Outlives nothing: it expires, and its owner removes it.
 */
export const REFRESH_LEASE_KEY = 'liftarena_refresh_lease'

/** Until when another tab's lease runs (0: none). */
export function readRefreshLease(): number {
  const until = Number(read(REFRESH_LEASE_KEY)?.split(':')[0])
  return Number.isFinite(until) ? until : 0
}

/** Takes the lease until `until`. Two tabs writing at once: the last write wins, so `held()` says which. */
export function takeRefreshLease(until: number): { held: () => boolean; release: () => void } {
  const value = `${until}:${Math.random().toString(36).slice(2)}`
  write(REFRESH_LEASE_KEY, value)
  const held = () => read(REFRESH_LEASE_KEY) === value
  return { held, release: () => held() && write(REFRESH_LEASE_KEY, null) }
}

export const saveLastAttemptId = (id: number) => write(STORAGE_KEYS.lastAttemptId, String(id))

/** Remembers the `state` nonce of a sign-in this tab starts (sessionStorage: this tab, until it closes). */
export function saveSignInState(state: string) {
  try {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.signInState, state)
  } catch {
    // storage disabled: the callback will ask before adopting the sign-in
  }
}

/** The stored sign-in nonce, removed as it is read: a nonce vouches for one callback only. */
export function takeSignInState(): string | null {
  try {
    const state = sessionStorage.getItem(SESSION_STORAGE_KEYS.signInState)
    sessionStorage.removeItem(SESSION_STORAGE_KEYS.signInState)
    return state
  } catch {
    return null
  }
}
