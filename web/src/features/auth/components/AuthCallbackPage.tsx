// SPEC §4 /auth/callback: token and user_id → store the session and go home; otherwise
// say what failed and go to /auth/error after 1.5 s.
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { UI } from '../../../config.ts'
import { useSession } from '../../../stores/session.ts'

export const CALLBACK_MISSING = 'Authentication failed: Missing token or user ID'
export const CALLBACK_FAILED = 'Failed to complete authentication'

export function AuthCallbackPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const adopt = useSession((s) => s.adopt)
  const [message, setMessage] = useState<string | null>(null)
  const handled = useRef(false)

  useEffect(() => {
    if (handled.current) return
    handled.current = true
    const fail = (text: string) => {
      setMessage(text)
      setTimeout(() => navigate(`/auth/error?error=${encodeURIComponent(text)}`, { replace: true }), UI.authErrorRedirectMs)
    }
    const error = params.get('error')
    const token = params.get('token')
    const userId = Number(params.get('user_id'))
    if (error) return fail(error)
    if (!token || !Number.isInteger(userId) || userId <= 0) return fail(CALLBACK_MISSING)
    adopt({ access_token: token, user_id: userId, refresh_token: params.get('refresh_token') })
      .then(() => navigate('/', { replace: true }))
      .catch(() => fail(CALLBACK_FAILED))
  }, [adopt, navigate, params])

  return (
    <section className="panel auth-status">
      <h1>Signing you in…</h1>
      {message ? <p className="alert alert--error" role="alert">{message}</p> : <div className="spinner" role="status" aria-label="Completing sign-in" />}
    </section>
  )
}
