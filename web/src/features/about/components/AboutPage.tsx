// /about: what the product is, who it serves, how a challenge runs and is judged, and which results the
// global boards count (the leaderboard links to #verified-results). Terms and privacy have their own pages.
import { Link } from 'react-router'
import { VERIFIED_RULE } from '../../../lib/verified-results.ts'
import './AboutPage.css'

export function AboutPage() {
  return (
    <div className="about">
      <header>
        <h1>About LiftArena</h1>
        <p className="about__lead">Powerlifting and weightlifting challenges, judged from video and followed live.</p>
      </header>

      <section className="section panel" aria-labelledby="what-heading">
        <h2 id="what-heading">What it is</h2>
        <p>
          LiftArena runs competitions on the web. Lifters take part from their own gym, judges decide each attempt from its video, and
          everyone follows the results as they change. It is software anyone can run: this site is operated by whoever started it, and its
          challenges are created by their organisers.
        </p>
        <ul className="about__roles">
          <li>
            <strong>Lifters</strong> join a challenge in their weight class, film their attempts and upload them; their page shows each
            attempt&apos;s verdict, their bests, total, points and place.
          </li>
          <li>
            <strong>Judges</strong> decide each attempt from its video: good lift or no lift, with the reason. A panel of three decides by
            majority, and a lifter may appeal a decision once.
          </li>
          <li>
            <strong>Organisers</strong> create challenges (lifts, classes, women or men, ranked by class or by points), appoint the judges
            and project the live board at an event.
          </li>
          <li>
            <strong>Spectators</strong> watch the videos, comment and react, and see counts, top fives and the leaderboard change as judges
            decide.
          </li>
        </ul>
      </section>

      <section className="section" aria-labelledby="about-how-heading">
        <h2 id="about-how-heading">How it works</h2>
        <ol className="about__steps">
          <li>
            <strong>Join a challenge</strong> in your weight class before its registration deadline.
          </li>
          <li>
            <strong>Film each attempt</strong> from the side so depth, lockout and the full lift are visible.
          </li>
          <li>
            <strong>Upload your videos</strong> while the challenge runs; the judges decide each one.
          </li>
          <li>
            <strong>Climb the board</strong>: your best good lift of each of the challenge&apos;s lifts makes your total, and places are
            decided within your class or by points, as the organiser chose. Some organisers offer prizes: the challenge page says so when
            they do.
          </li>
        </ol>
      </section>

      <section id="verified-results" className="section panel about__verified" aria-labelledby="verified-heading">
        <h2 id="verified-heading">Verified results</h2>
        <p>
          Every challenge ranks its lifters on its own page by its judges&apos; decisions. The global leaderboard and Top Lifts count only
          verified results. {VERIFIED_RULE}
        </p>
        <p>
          Site administrators certify judges. A challenge judged by its organiser alone still ranks on its own page; on the leaderboard its
          results show only when you choose &ldquo;Include unverified results&rdquo;, each marked &ldquo;Unverified&rdquo;.
        </p>
        <p>
          Your account competes in one category, men or women: choose it when you create your profile, in your profile, or at your first
          join. Once you have results, only a site administrator can change it.
        </p>
      </section>

      <section className="section about__legal">
        <div className="panel">
          <h2>Questions</h2>
          <p className="muted">
            About a challenge or a judging decision: ask its organiser, named on the challenge page, or appeal the decision from its video
            page. About your account: the site&apos;s administrators.
          </p>
        </div>
        <div className="panel">
          <h2>Terms and privacy</h2>
          <p className="muted">
            What you agree to, and what is kept about you, who sees it and how to remove it: <Link to="/terms">Terms</Link> ·{' '}
            <Link to="/privacy">Privacy</Link>.
          </p>
        </div>
      </section>
    </div>
  )
}
