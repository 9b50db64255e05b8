// /privacy: what this product stores about a person, who can see it, how long it stays and how to remove
// it — what the code does (prisma/schema.prisma, infra/retention.ts), not a promise about the future.
import { Link } from 'react-router'
import { ENGAGEMENT } from '../../../lib/contract.ts'
import './AboutPage.css'

export function PrivacyPage() {
  return (
    <div className="about legal">
      <header>
        <h1>Privacy</h1>
        <p className="about__lead">What LiftArena keeps about you, who sees it, and how to remove it.</p>
      </header>

      <section className="section panel" aria-labelledby="stored-heading">
        <h2 id="stored-heading">What is stored</h2>
        <ul>
          <li>
            <strong>Your account:</strong> name, username, email address, country, bio, weight class, category (men or women) and, if you
            judge, whether a site administrator certified you. Your password is stored only as a salted Argon2 hash; nobody can read it
            back.
          </li>
          <li>
            <strong>Your entries:</strong> the challenges you joined, your class and the bodyweight you gave.
          </li>
          <li>
            <strong>Your videos:</strong> the file you upload, the smaller copies and the still image made from it for playback, the lift,
            the weight and the judges&apos; decision. The original file is kept as you sent it, with whatever it carries (phones may record
            the date and place in it).
          </li>
          <li>
            <strong>What you do here:</strong> judges&apos; votes (with reasons and notes), comments, reports of comments, and reactions.
          </li>
          <li>
            <strong>Signing in:</strong> a record of each sign-in session (stored as a hash) so you can stay signed in and sign out
            everywhere; failed sign-ins to an account, with the network address they came from, for the lock-out window.
          </li>
          <li>
            <strong>Views:</strong> to count each viewer once, the video page records who opened a video — your account, or a random id your
            browser keeps, and the network address — for {ENGAGEMENT.viewWindowHours} hours; after that only the counts remain.
          </li>
          <li>
            <strong>Server logs:</strong> the server records requests (address, path, status, time) in its log, kept as long as the
            site&apos;s operator keeps logs.
          </li>
        </ul>
      </section>

      <section className="section panel" aria-labelledby="seen-heading">
        <h2 id="seen-heading">Who sees what</h2>
        <ul>
          <li>
            <strong>Everyone</strong>, signed in or not: your name, username, country, bio, class and category, your entries, results,
            videos and their decisions, your comments, and reaction counts.
          </li>
          <li>
            <strong>Only you</strong> (and the site&apos;s operators): your email address.
          </li>
          <li>
            <strong>Judges&apos; votes</strong> show as lights. The judges&apos; names show only when the challenge&apos;s organiser
            publishes them; a judge never sees another judge&apos;s vote before the decision.
          </li>
          <li>Nothing is sold or shared with advertisers; the site loads no third-party trackers.</li>
        </ul>
      </section>

      <section className="section panel" aria-labelledby="remove-heading">
        <h2 id="remove-heading">How long, and how to remove it</h2>
        <ul>
          <li>
            Results and their videos stay as long as their challenge does: other lifters&apos; places depend on them, as a federation keeps
            meet results.
          </li>
          <li>
            Sign-in records are deleted a day after they expire or you sign out; view records after {ENGAGEMENT.viewWindowHours} hours.
          </li>
          <li>You can leave a challenge before it starts (your entry is removed) and delete your own comments.</li>
          <li>
            To have your account and personal data removed, or to get a copy of it, ask the site&apos;s administrators. A self-service
            deletion and download is not available yet.
          </li>
        </ul>
        <p className="muted">
          See also the <Link to="/terms">terms</Link>.
        </p>
      </section>
    </div>
  )
}
