// docs/product/screens.md home: hero, open challenges (filterable, the first 2), how it works,
// a sign-up call to action, and the Top Lifts This Month panel.
import { useState } from 'react'
import { Link } from 'react-router'
import { challengesErrorText } from '../../../api/challenges.ts'
import { ChallengeCard } from '../../../components/ChallengeCard.tsx'
import { LoadError } from '../../../components/LoadError.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { useSession } from '../../../stores/session.ts'
import { featuredChallenges, useOpenChallenges, type OpenFilter } from '../api/open-challenges.ts'
import { TopLifts } from './TopLifts.tsx'
import './HomePage.css'

const OPEN_FILTERS: readonly { value: OpenFilter; label: string }[] = [
  { value: 'open', label: 'All open' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'ongoing', label: 'Ongoing' },
]

const STEPS = [
  { title: 'Register', text: 'Create your profile with your weight class and country, then join a challenge that fits you.' },
  { title: 'Record', text: 'Film your squat, bench press and deadlift from the side and upload each attempt.' },
  { title: 'Compete', text: 'Your best lifts make your total. Watch the board move live as others lift.' },
]

export function HomePage() {
  const [filter, setFilter] = useState<OpenFilter>('open')
  const { data, error, reload } = useOpenChallenges()
  const loggedIn = useSession((s) => s.status === 'authenticated')
  const showDialog = useAuthDialogs((s) => s.show)
  const shown = data ? featuredChallenges(data, filter) : []

  return (
    <div className="home">
      <section className="hero">
        <p className="hero__kicker">Online powerlifting challenges</p>
        <h1>Lift where you train. Compete with the world.</h1>
        <p className="hero__lead">
          Join a challenge, film your squat, bench and deadlift, and watch the leaderboard update live as lifters everywhere upload their
          attempts.
        </p>
        <div className="row">
          <Link className="button" to="/challenges">
            Browse challenges
          </Link>
          <Link className="button button--ghost" to="/random-video">
            Watch lifts
          </Link>
        </div>
      </section>

      <div className="home__columns">
        <div className="home__main">
          <section className="section" aria-labelledby="open-heading">
            <div className="page-header">
              <h2 id="open-heading">Open challenges</h2>
              <Link to="/challenges">View all challenges →</Link>
            </div>
            <div className="segmented" role="group" aria-label="Filter open challenges">
              {OPEN_FILTERS.map((f) => (
                <button key={f.value} type="button" aria-pressed={filter === f.value} onClick={() => setFilter(f.value)}>
                  {f.label}
                </button>
              ))}
            </div>
            {!data && error ? (
              <LoadError message={challengesErrorText(error)} onRetry={() => void reload()} />
            ) : !data ? (
              <div className="spinner" role="status" aria-label="Loading challenges" />
            ) : shown.length === 0 ? (
              <p className="empty">No {filter === 'open' ? 'open' : filter} challenges found.</p>
            ) : (
              <div className="grid home__featured">
                {shown.map((c, i) => (
                  <ChallengeCard key={c.id} challenge={c} index={i} />
                ))}
              </div>
            )}
          </section>

          <section className="section" aria-labelledby="how-heading">
            <h2 id="how-heading">How it works</h2>
            <ol className="steps">
              {STEPS.map((step, i) => (
                <li key={step.title} className="panel">
                  <span className="steps__number">{i + 1}</span>
                  <h3>{step.title}</h3>
                  <p className="muted">{step.text}</p>
                </li>
              ))}
            </ol>
          </section>

          <section className="section cta panel">
            <h2>Ready to step on the platform?</h2>
            {loggedIn ? (
              <>
                <p className="muted">Pick a challenge and submit your first lift.</p>
                <Link className="button" to="/challenges">
                  Find a challenge
                </Link>
              </>
            ) : (
              <>
                <p className="muted">Create your free profile in a minute and join your first challenge today.</p>
                <button type="button" className="button" onClick={() => showDialog('register')}>
                  Create Profile
                </button>
              </>
            )}
          </section>
        </div>
        <TopLifts />
      </div>
      <OfflineNotice />
    </div>
  )
}
