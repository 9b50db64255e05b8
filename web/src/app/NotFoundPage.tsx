import { Link } from 'react-router'
import { NOT_FOUND } from '../lib/not-found.ts'

export function NotFoundPage() {
  return (
    <section className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{NOT_FOUND}</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link className="button" to="/">
        Go home
      </Link>
    </section>
  )
}
