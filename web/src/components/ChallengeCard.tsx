// docs/product/screens.md challenge card: links to the challenge; status badge (upcoming blue, ongoing green,
// anything else gray), image, title, date, location, participants, prize pool and categories.
import { Link } from 'react-router'
import { DEFAULT_CHALLENGE_IMAGE, type Challenge } from '../lib/challenge.ts'
import { UI } from '../config.ts'
import { formatDate, formatPrize } from '../lib/format.ts'
import { StatusBadge } from './StatusBadge.tsx'
import './ChallengeCard.css'

export function ChallengeCard({ challenge, index }: { challenge: Challenge; index: number }) {
  return (
    <article className="challenge-card" style={{ animationDelay: `${index * UI.cardDelayStepS}s` }}>
      <Link to={`/challenges/${challenge.id}`} className="challenge-card__link">
        <div className="challenge-card__media">
          <img
            src={challenge.image}
            alt=""
            loading="lazy"
            onError={(e) => {
              if (!e.currentTarget.src.endsWith(DEFAULT_CHALLENGE_IMAGE)) e.currentTarget.src = DEFAULT_CHALLENGE_IMAGE
            }}
          />
          <StatusBadge status={challenge.status} />
        </div>
        <div className="challenge-card__body">
          <h3>{challenge.title}</h3>
          <dl className="challenge-card__facts">
            <div>
              <dt>Date</dt>
              <dd>{formatDate(challenge.date)}</dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>{challenge.location}</dd>
            </div>
            <div>
              <dt>Participants</dt>
              <dd>{challenge.participants}</dd>
            </div>
            {challenge.prizePool && (
              <div>
                <dt>Prize pool</dt>
                <dd>{formatPrize(challenge.prizePool.total, challenge.prizePool.currency)}</dd>
              </div>
            )}
          </dl>
          <ul className="challenge-card__tags" aria-label="Categories">
            {challenge.categories.map((c) => (
              <li key={c} className="tag">
                {c}
              </li>
            ))}
          </ul>
        </div>
      </Link>
    </article>
  )
}
