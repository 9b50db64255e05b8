// /terms: the rules of taking part, as the product applies them (docs/verified-results.md for the boards).
import { Link } from 'react-router'
import './AboutPage.css'

export function TermsPage() {
  return (
    <div className="about legal">
      <header>
        <h1>Terms</h1>
        <p className="about__lead">The rules of taking part, as this site applies them.</p>
      </header>

      <section className="section panel" aria-labelledby="taking-part-heading">
        <h2 id="taking-part-heading">Taking part</h2>
        <ul>
          <li>
            One account per person. Your account competes in one category, men or women; once you have results only a site administrator can
            change it.
          </li>
          <li>Upload only videos of your own attempts, filmed for the challenge you upload them to. A video is public once uploaded.</li>
          <li>
            Judges decide every attempt; only good lifts count. A lifter may appeal a panel&apos;s decision once, and the organiser&apos;s
            decision on appeal is final.
          </li>
          <li>
            The global leaderboard and top lifts count only <Link to="/about#verified-results">verified results</Link>; a challenge ranks
            all its results on its own page.
          </li>
          <li>Lifts above the world record for your category and bodyweight are refused.</li>
        </ul>
      </section>

      <section className="section panel" aria-labelledby="conduct-heading">
        <h2 id="conduct-heading">Conduct</h2>
        <ul>
          <li>Comments are public. Organisers may remove comments on their challenges, and anyone may report one.</li>
          <li>Do not upload anything you have no right to share, and nothing unlawful, hateful or sexual.</li>
        </ul>
      </section>

      <section className="section panel" aria-labelledby="prizes-heading">
        <h2 id="prizes-heading">Prizes and organisers</h2>
        <ul>
          <li>
            Challenges are created and run by their organisers. A prize, where a challenge offers one, is the organiser&apos;s promise, paid
            by the organiser; this site holds no money.
          </li>
          <li>The store is a showcase: nothing can be bought through it.</li>
        </ul>
        <p className="muted">
          What is kept about you: <Link to="/privacy">privacy</Link>.
        </p>
      </section>
    </div>
  )
}
