import { Link } from 'react-router'

/** Terms, Privacy and Contact are placeholders (SPEC §2); they lead to the about page's sections. */
export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <span>© {new Date().getFullYear()} LiftArena · Lift anywhere, compete everywhere.</span>
        <nav aria-label="Footer">
          <Link to="/about#terms">Terms</Link>
          <Link to="/about#privacy">Privacy</Link>
          <Link to="/about#contact">Contact</Link>
        </nav>
      </div>
    </footer>
  )
}
