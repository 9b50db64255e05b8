// docs/product/states.md /auth/error: the query's error (or a default), then home after 5 s.
import { useEffect } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { UI } from '../../../config.ts'

const UNKNOWN_AUTH_ERROR = 'Unknown authentication error'

export function AuthErrorPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), UI.authErrorHomeMs)
    return () => clearTimeout(timer)
  }, [navigate])

  return (
    <section className="panel auth-status">
      <h1>Authentication error</h1>
      <p className="alert alert--error" role="alert">
        {params.get('error') || UNKNOWN_AUTH_ERROR}
      </p>
      <p className="muted">You will be taken to the home page in {UI.authErrorHomeMs / 1000} seconds.</p>
      <Link className="button button--secondary" to="/">
        Go home now
      </Link>
    </section>
  )
}
