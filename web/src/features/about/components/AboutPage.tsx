// SPEC §2 /about: mission, how it works, team; plus the footer's Terms, Privacy and Contact placeholders.
import { Avatar } from '../../../components/Avatar.tsx'
import './AboutPage.css'

const TEAM = [
  { id: 1, name: 'Maya Cohen', role: 'Founder · former national-level powerlifter' },
  { id: 2, name: 'Jonas Berg', role: 'Head of judging · IPF referee' },
  { id: 3, name: 'Hiro Tanaka', role: 'Engineering · video and live results' },
  { id: 4, name: 'Rosa Garcia', role: 'Community · challenges and athletes' },
]

export function AboutPage() {
  return (
    <div className="about">
      <header>
        <h1>About LiftArena</h1>
        <p className="about__lead">A meet for every lifter, wherever they train.</p>
      </header>

      <section className="section panel" aria-labelledby="mission-heading">
        <h2 id="mission-heading">Our mission</h2>
        <p>Competing in powerlifting usually means travel, entry fees and a long day at a venue. LiftArena brings the platform to your gym: join an online challenge, film your attempts, and measure yourself against lifters around the world, with results that move live.</p>
      </section>

      <section className="section" aria-labelledby="about-how-heading">
        <h2 id="about-how-heading">How it works</h2>
        <ol className="about__steps">
          <li><strong>Join a challenge</strong> in your weight class before its registration deadline.</li>
          <li><strong>Film each attempt</strong> from the side so depth, lockout and the full lift are visible.</li>
          <li><strong>Upload your videos</strong>; your best squat, bench press and deadlift make your total.</li>
          <li><strong>Climb the board</strong>: the top three share a $1,750 prize pool.</li>
        </ol>
      </section>

      <section className="section" aria-labelledby="team-heading">
        <h2 id="team-heading">Team</h2>
        <ul className="about__team">
          {TEAM.map((member) => (
            <li key={member.id} className="panel">
              <Avatar id={member.id} name={member.name} size={64} />
              <div>
                <strong>{member.name}</strong>
                <p className="muted">{member.role}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="section about__legal">
        <div id="terms" className="panel"><h2>Terms</h2><p className="muted">The terms of use will be published here before prize payouts begin.</p></div>
        <div id="privacy" className="panel"><h2>Privacy</h2><p className="muted">We keep your profile and lift videos to run challenges. A full privacy notice is on its way.</p></div>
        <div id="contact" className="panel"><h2>Contact</h2><p className="muted">Questions about a challenge or a judging call? Reach the team at hello@liftarena.app.</p></div>
      </section>
    </div>
  )
}
