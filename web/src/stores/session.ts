// The session of docs/product/states.md: start from stored tokens, refresh, login, registration, logout.
// Tokens live in localStorage (lib/session-storage.ts); this store holds who is logged in.
import { create } from 'zustand'
import { ApiError, apiGet, apiRequest, errorText, onSessionChange, refreshSession } from '../lib/api-client.ts'
import type { AuthResponse, ChangePasswordBody, LoginBody, RegisterBody, UpdateAccountBody, UserResponse } from '../lib/contract.ts'
import { clearSession, isSessionKey, readSession, saveSession } from '../lib/session-storage.ts'
import { toast } from './toasts.ts'

export const SESSION_EXPIRED = 'Session expired. Please log in again.'
const LOGIN_FAILED = 'Invalid username or password. Please try again.'
const REGISTER_FAILED = 'Failed to create profile. Please try again.'
const ACCOUNT_UPDATE_FAILED = 'Could not save your account. Please try again.'
const PASSWORD_CHANGE_FAILED = 'Could not change your password. Please try again.'

type SessionStatus = 'starting' | 'authenticated' | 'unauthenticated'

interface SessionState {
  status: SessionStatus
  userId: number | null
  /** Null while loading, or when the server could not be reached at start. */
  user: UserResponse | null
  error: string | null
  start: () => Promise<void>
  /** Resolves on success; rejects with an Error whose message is the text to show. */
  login: (body: LoginBody) => Promise<void>
  register: (body: RegisterBody) => Promise<void>
  /** Adopts a session handed over by /auth/callback. */
  adopt: (auth: { access_token: string; user_id: number; refresh_token?: string | null }) => Promise<void>
  logout: () => Promise<void>
  /**
   * PATCH /auth/user (the account's sex, while it has no results): the answer becomes `user`.
   * Rejects with an Error whose message is the text to show (the server's sentence on 409).
   */
  updateAccount: (body: UpdateAccountBody) => Promise<UserResponse>
  /**
   * POST /auth/password: every session of the account ends and this tab continues in the new one
   * the server answers. Rejects with an Error whose message is the text to show.
   */
  changePassword: (body: ChangePasswordBody) => Promise<void>
  /**
   * DELETE /auth/user (docs/accounts.md): the account is deleted and every session of it ends, this one too.
   * Resolves with the server's sentence; rejects with an Error whose message is the text to show.
   */
  deleteAccount: (password: string) => Promise<string>
}

const fetchUser = () => apiGet<UserResponse>('/auth/user', { auth: 'required' })

/** Client-side rejections (bad token) end the session; a network failure keeps it for later. */
const isRejection = (error: unknown) => error instanceof ApiError && error.kind === 'http' && error.status < 500 && error.status !== 429

export const useSession = create<SessionState>()((set, get) => {
  const loggedOut = (error: string | null = null) => set({ status: 'unauthenticated', userId: null, user: null, error })

  async function loadUser(userId: number) {
    set({ status: 'authenticated', userId, error: null })
    try {
      set({ user: await fetchUser() })
    } catch (error) {
      // A rejected token was already refreshed once inside the request; it is over.
      if (isRejection(error)) {
        clearSession()
        loggedOut(SESSION_EXPIRED)
      }
    }
  }

  async function signedIn(auth: AuthResponse | { access_token: string; user_id: number; refresh_token?: string | null }) {
    saveSession(auth)
    await loadUser(auth.user_id)
  }

  onSessionChange((event, auth) => {
    if (event === 'refreshed' && auth && get().userId !== auth.user_id) set({ userId: auth.user_id })
    if (event === 'expired' && get().status !== 'unauthenticated') {
      loggedOut(SESSION_EXPIRED)
      toast('error', SESSION_EXPIRED)
    }
  })

  /** Follows what another tab did to the stored session: a refresh needs nothing (requests read the store), a logout or login does. */
  function followOtherTab() {
    const stored = readSession()
    const { status, userId } = get()
    if (status === 'starting') return // start() settles it from the store
    if (!stored.userId || (!stored.accessToken && !stored.refreshToken)) {
      if (status === 'authenticated') loggedOut()
    } else if (status === 'unauthenticated' || stored.userId !== userId) {
      void loadUser(stored.userId)
    }
  }

  // One change in another tab arrives as one storage event per key: look once they have landed.
  let following: ReturnType<typeof setTimeout> | undefined
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (!isSessionKey(event.key) || following !== undefined) return
      following = setTimeout(() => {
        following = undefined
        followOtherTab()
      }, 50)
    })
  }

  return {
    status: 'starting',
    userId: null,
    user: null,
    error: null,

    start: async () => {
      const stored = readSession()
      if (stored.accessToken && stored.userId) return loadUser(stored.userId)
      if (stored.refreshToken) {
        const auth = await refreshSession()
        if (auth) return loadUser(auth.user_id)
        // refreshSession reported 'expired' if the server refused it
        if (get().status === 'starting') loggedOut(readSession().refreshToken ? null : SESSION_EXPIRED)
        return
      }
      loggedOut()
    },

    login: async (body) => {
      try {
        const { data } = await apiRequest<AuthResponse>('/auth/login', { method: 'POST', body })
        await signedIn(data)
      } catch (error) {
        throw new Error(errorText(error, LOGIN_FAILED), { cause: error })
      }
    },

    register: async (body) => {
      try {
        const { data } = await apiRequest<AuthResponse>('/auth/register', { method: 'POST', body })
        await signedIn(data)
      } catch (error) {
        throw new Error(errorText(error, REGISTER_FAILED), { cause: error })
      }
    },

    adopt: signedIn,

    updateAccount: async (body) => {
      try {
        const { data } = await apiRequest<UserResponse>('/auth/user', { method: 'PATCH', body, auth: 'required' })
        set({ user: data })
        return data
      } catch (error) {
        throw new Error(errorText(error, ACCOUNT_UPDATE_FAILED), { cause: error })
      }
    },

    changePassword: async (body) => {
      try {
        const { data } = await apiRequest<AuthResponse>('/auth/password', { method: 'POST', body, auth: 'required' })
        saveSession(data)
      } catch (error) {
        throw new Error(errorText(error, PASSWORD_CHANGE_FAILED), { cause: error })
      }
    },

    deleteAccount: async (password) => {
      try {
        const { data } = await apiRequest<{ message: string }>('/auth/user', { method: 'DELETE', body: { password }, auth: 'required' })
        clearSession()
        loggedOut()
        return data.message
      } catch (error) {
        throw new Error(errorText(error, 'Your account could not be deleted. Please try again.'), { cause: error })
      }
    },

    logout: async () => {
      const { refreshToken, accessToken } = readSession()
      if (accessToken) {
        try {
          await apiRequest('/auth/logout', { method: 'POST', auth: 'optional', body: refreshToken ? { refresh_token: refreshToken } : {} })
        } catch (error) {
          console.warn('Logout call failed; the local session is cleared anyway.', error)
        }
      }
      clearSession()
      loggedOut()
    },
  }
})
