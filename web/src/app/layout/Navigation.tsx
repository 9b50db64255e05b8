import { useEffect, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { useJudgingChallenges } from '../../api/judging-challenges.ts'
import { Avatar } from '../../components/Avatar.tsx'
import { useAuthDialogs } from '../../stores/auth-dialogs.ts'
import { useSession } from '../../stores/session.ts'
import { CartLink } from './CartLink.tsx'
import './Navigation.css'

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/about', label: 'About' },
  { to: '/challenges', label: 'Challenges' },
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/athletes', label: 'Athletes' },
  { to: '/store', label: 'Store' },
  { to: '/random-video', label: 'Random Video' },
]

export function Navigation() {
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()
  const status = useSession((s) => s.status)
  useEffect(() => setMenuOpen(false), [location.pathname])
  // Signing in or up (or out) from the phone menu is what the lifter came for: the menu closes
  // rather than staying open over the page once the dialog goes.
  useEffect(() => setMenuOpen(false), [status])
  useEffect(() => {
    if (!menuOpen) return
    // Not while a dialog is up over it: Escape closes that first.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('[aria-modal="true"]')) setMenuOpen(false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])

  return (
    <>
      <header className="nav">
        <div className="nav__inner">
          <Link to="/" className="nav__brand" aria-label="LiftArena home">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>LiftArena</span>
          </Link>
          <CartLink />
          <button
            type="button"
            className="nav__toggle"
            aria-expanded={menuOpen}
            aria-controls="nav-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="visually-hidden">Menu</span>
            <span className="nav__burger" aria-hidden="true" />
          </button>
          <div id="nav-menu" className={`nav__menu${menuOpen ? ' nav__menu--open' : ''}`}>
            <nav aria-label="Main">
              <ul className="nav__links">
                {LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <AccountLinks />
          </div>
        </div>
      </header>
      {/* Outside the header: its backdrop-filter would make it the box a fixed child fills. A tap on the dimmed page closes the menu. */}
      {menuOpen && <div className="nav__backdrop" data-testid="nav-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
    </>
  )
}

function AccountLinks() {
  const status = useSession((s) => s.status)
  const user = useSession((s) => s.user)
  const userId = useSession((s) => s.userId)
  const logout = useSession((s) => s.logout)
  const showDialog = useAuthDialogs((s) => s.show)
  const navigate = useNavigate()
  // The Judge link only for people who judge or organise a challenge.
  const judging = useJudgingChallenges(status === 'authenticated' ? userId : null)

  if (status === 'starting') return <div className="nav__account" />
  if (status === 'unauthenticated') {
    return (
      <div className="nav__account">
        <button type="button" className="button button--ghost button--small" onClick={() => showDialog('login')}>
          Login
        </button>
        <button type="button" className="button button--small" onClick={() => showDialog('register')}>
          Create Profile
        </button>
      </div>
    )
  }
  const name = user?.name ?? 'Profile'
  return (
    <div className="nav__account">
      {(judging.data?.length ?? 0) > 0 && (
        <NavLink to="/judge" className="button button--ghost button--small">
          Judge
        </NavLink>
      )}
      {user?.is_admin && (
        <NavLink to="/admin" className="button button--ghost button--small">
          Admin
        </NavLink>
      )}
      <NavLink to="/profile" className="nav__profile" end>
        <Avatar id={userId} name={name} size={28} />
        <span>{name}</span>
      </NavLink>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={async () => {
          await logout()
          navigate('/')
        }}
      >
        Logout
      </button>
    </div>
  )
}
