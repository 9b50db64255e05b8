import { Link } from 'react-router'

/** The product's own pages: what it is, its terms, and what it keeps about people (docs/product/screens.md). */
export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <span>© {new Date().getFullYear()} LiftArena · Lift anywhere, compete everywhere.</span>
        <nav aria-label="Footer">
          <Link to="/about">About</Link>
          <Link to="/terms">Terms</Link>
          <Link to="/privacy">Privacy</Link>
        </nav>
      </div>
    </footer>
  )
}
