// docs/product/states.md /auth/callback: token and user_id → store the session and go home; otherwise
// say what failed and go to /auth/error after 1.5 s.
//
// A callback link is something anyone can make and send, so nothing is stored on its word
// (login CSRF: someone else's tokens planted in this browser, whose uploads then land on
// their account). First the token is asked who it belongs to (GET /auth/user); a user_id
// that is not that user is refused. Then, unless this tab started the sign-in (the link's
// `state` is the nonce features/auth/sign-in.ts stored), the person is asked
// "Continue as <name>?", and only Continue stores the session.
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { UI } from '../../../config.ts'
import type { UserResponse } from '../../../lib/contract.ts'
import { takeSignInState } from '../../../lib/session-storage.ts'
import { useSession } from '../../../stores/session.ts'
import { getTokenUser } from '../api/token-user.ts'

const CALLBACK_MISSING = 'Authentication failed: Missing token or user ID'
const CALLBACK_FAILED = 'Failed to complete authentication'

interface Pending {
  user: UserResponse
  auth: { access_token: string; user_id: number; refresh_token: string | null }
}

export function AuthCallbackPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const adopt = useSession((s) => s.adopt)
  const [message, setMessage] = useState<string | null>(null)
  const [pending, setPending] = useState<Pending | null>(null)
  const [busy, setBusy] = useState(false)
  const handled = useRef(false)

  const fail = (text: string) => {
    setPending(null)
    setMessage(text)
    setTimeout(() => navigate(`/auth/error?error=${encodeURIComponent(text)}`, { replace: true }), UI.authErrorRedirectMs)
  }
  const failRef = useRef(fail)
  failRef.current = fail

  const store = (auth: Pending['auth']) =>
    adopt(auth)
      .then(() => navigate('/', { replace: true }))
      .catch(() => failRef.current(CALLBACK_FAILED))

  useEffect(() => {
    if (handled.current) return
    handled.current = true
    // Read (and forget) the nonce whatever happens next: it vouches for one callback only.
    const expected = takeSignInState()
    const error = params.get('error')
    const token = params.get('token')
    const userId = Number(params.get('user_id'))
    if (error) return failRef.current(error)
    if (!token || !Number.isInteger(userId) || userId <= 0) return failRef.current(CALLBACK_MISSING)
    const auth = { access_token: token, user_id: userId, refresh_token: params.get('refresh_token') }
    const state = params.get('state')
    getTokenUser(token)
      .then((user) => {
        if (user.id !== userId) return failRef.current(CALLBACK_FAILED)
        if (state && expected && state === expected) return store(auth)
        setPending({ user, auth })
      })
      .catch(() => failRef.current(CALLBACK_FAILED))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit (handled): the nonce is taken once
  }, [])

  if (pending && !message) {
    const { user, auth } = pending
    return (
      <section className="panel auth-status" aria-labelledby="auth-confirm-title">
        <h1 id="auth-confirm-title">Continue as {user.name}?</h1>
        <p className="muted">
          This sign-in was not started in this browser. Continue only if you just signed in as {user.name} (@{user.username}) yourself.
        </p>
        <div className="row">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              setBusy(true)
              void store(auth)
            }}
          >
            Continue
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => navigate('/', { replace: true })}>
            Cancel
          </button>
        </div>
      </section>
    )
  }

  return (
    <section className="panel auth-status">
      <h1>Signing you in…</h1>
      {message ? (
        <p className="alert alert--error" role="alert">
          {message}
        </p>
      ) : (
        <div className="spinner" role="status" aria-label="Completing sign-in" />
      )}
    </section>
  )
}
