// docs/product/screens.md /challenges/{id}: everything about one challenge, live. It loads the challenge's summary
// (counts, top 5 per group, newest attempts) and the signed-in lifter's own entry, never every
// participant or lift, so it costs what it shows.
import { useMemo } from 'react'
import { Link, useParams } from 'react-router'
import { CHALLENGE_FAILED } from '../../../api/challenge.ts'
import { JudgingLink } from '../../../components/JudgingLink.tsx'
import { LiveIndicator, WatchingNow } from '../../../components/LiveIndicator.tsx'
import { LoadError } from '../../../components/LoadError.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { StatusBadge } from '../../../components/StatusBadge.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { DEFAULT_CHALLENGE_IMAGE, toChallenge } from '../../../lib/challenge.ts'
import { FORMULA_NAMES, LIFT_NAMES, SPORT_NAMES, challengeRoom } from '../../../lib/contract.ts'
import type { Challenge } from '../../../lib/contract.ts'
import { formatDate, formatDateTime } from '../../../lib/format.ts'
import { NOT_FOUND } from '../../../lib/not-found.ts'
import { useValueHighlight, withHighlight } from '../../../lib/use-change-highlight.ts'
import { useSession } from '../../../stores/session.ts'
import { useChallengeSummary } from '../api/use-challenge-summary.ts'
import { MeetNextStep } from '../meets/components/MeetNextStep.tsx'
import { MeetScoreboard } from '../meets/components/MeetScoreboard.tsx'
import { BodyweightForm } from './BodyweightForm.tsx'
import { ChallengeRecords } from './ChallengeRecords.tsx'
import { ChallengeTeams } from './TeamStandings.tsx'
import { JoinPanel, joinedBadgeText } from './JoinPanel.tsx'
import { OrganiserControls } from './OrganiserControls.tsx'
import { PrizePool } from './PrizePool.tsx'
import { RecentVideos } from './RecentVideos.tsx'
import { TopParticipants } from './TopParticipants.tsx'
import './ChallengeDetail.css'

/** How places are decided: 'Ranked by total within weight class · best lifter by DOTS', 'Ranked overall by IPF GL points'. */
function rankingSummary(challenge: Pick<Challenge, 'ranking' | 'points_formula'>): string {
  if (challenge.ranking !== 'class') return `Ranked overall by ${FORMULA_NAMES[challenge.ranking]} points`
  const best = challenge.points_formula ? ` · best lifter by ${FORMULA_NAMES[challenge.points_formula]}` : ''
  return `Ranked by total within weight class${best}`
}

/** What bodyweight does to a lifter's result in this challenge, one sentence. */
function pointsNote(challenge: Pick<Challenge, 'ranking' | 'points_formula'>): string | null {
  if (challenge.ranking !== 'class')
    return `Lifters are placed by ${FORMULA_NAMES[challenge.ranking]} points once they have a total and have given their bodyweight.`
  if (challenge.points_formula) return `${FORMULA_NAMES[challenge.points_formula]} points show for lifters who give their bodyweight.`
  return null
}

/** The lifts whose bests make the total: 'Snatch + Clean & Jerk'. */
const totalSummary = (challenge: Pick<Challenge, 'total_lifts'>) => challenge.total_lifts.map((l) => LIFT_NAMES[l]).join(' + ')

export function ChallengeDetailPage() {
  const id = Number(useParams().id)
  const validId = Number.isInteger(id) && id > 0 ? id : null
  const userId = useSession((s) => s.userId)
  const { summary, own, error, resync } = useChallengeSummary(validId, userId)
  const challengeData = summary?.competition
  const challenge = useMemo(() => (challengeData ? toChallenge(challengeData) : null), [challengeData])
  const me = own ?? undefined
  const joined = !!me
  const room = validId ? challengeRoom(validId) : null
  const countChanged = useValueHighlight(challenge?.participants, validId)

  if (!validId) return <p className="alert alert--error">{NOT_FOUND}</p>
  // A failed refetch keeps the page as it was (the notice says so); only a first load that failed shows the error.
  if (!challenge || !challengeData || !summary) {
    if (!error) return <div className="spinner" role="status" aria-label="Loading challenge" />
    return (
      <>
        <LoadError message={errorText(error, CHALLENGE_FAILED)} onRetry={() => void resync().catch(() => undefined)} />
        <OfflineNotice />
      </>
    )
  }

  return (
    <article className="challenge-detail">
      <OfflineNotice />
      <header className="challenge-hero">
        <img
          className="challenge-hero__image"
          src={challenge.image}
          alt=""
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(DEFAULT_CHALLENGE_IMAGE)) e.currentTarget.src = DEFAULT_CHALLENGE_IMAGE
          }}
        />
        <div className="challenge-hero__text">
          <div className="row">
            <StatusBadge status={challenge.status} />
            {me && <span className="badge badge--joined">{joinedBadgeText(me.weight_class)}</span>}
          </div>
          <h1>{challenge.title}</h1>
          <div className="live-line">
            <LiveIndicator room={room} />
            <WatchingNow room={room} />
          </div>
          <p>{challenge.description}</p>
        </div>
      </header>

      <OrganiserControls challenge={challengeData} />

      <div className={challenge.prizePool ? 'challenge-layout' : 'challenge-layout challenge-layout--no-prize'}>
        <section className="panel challenge-layout__facts" aria-label="Details">
          <dl className="facts">
            <div>
              <dt>Date</dt>
              <dd>
                {formatDate(challenge.date)} – {formatDate(challenge.endDate)}
              </dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>{challenge.location}</dd>
            </div>
            <div>
              <dt>Participants</dt>
              <dd data-testid="participant-count" className={withHighlight(undefined, countChanged)}>
                {challenge.participants}
              </dd>
            </div>
            <div>
              <dt>Registration deadline</dt>
              <dd>{formatDateTime(challenge.registrationDeadline)}</dd>
            </div>
            <div>
              <dt>Gender</dt>
              <dd>{challenge.gender === 'F' ? 'Women' : 'Men'}</dd>
            </div>
            <div>
              <dt>Weight classes</dt>
              <dd>{challenge.weightClasses.join(', ') || 'Open'}</dd>
            </div>
            <div>
              <dt>Sport</dt>
              <dd>{SPORT_NAMES[challengeData.sport]}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd data-testid="challenge-total">{totalSummary(challengeData)}</dd>
            </div>
            <div className="facts__wide">
              <dt>Ranking</dt>
              <dd data-testid="challenge-ranking">{rankingSummary(challengeData)}</dd>
            </div>
          </dl>
          {pointsNote(challengeData) && <p className="challenge-scoring muted">{pointsNote(challengeData)}</p>}
          <ul className="challenge-detail__tags" aria-label="Categories">
            {challenge.categories.map((c) => (
              <li key={c} className="tag">
                {c}
              </li>
            ))}
          </ul>
        </section>

        <section className="panel challenge-layout__join" aria-labelledby="join-heading">
          <h2 id="join-heading">Take part</h2>
          <JoinPanel
            key={challenge.id}
            challenge={challenge}
            joined={joined}
            joinedClass={me?.weight_class}
            onJoined={() => void resync().catch(() => undefined)}
            onLeft={() => void resync().catch(() => undefined)}
          />
          {me && challengeData.format === 'meet' && (
            <MeetNextStep key={`${challenge.id}:${me.user_id}`} challengeId={challenge.id} userId={me.user_id} />
          )}
          {me && <BodyweightForm key={`${challenge.id}:${me.user_id}`} challengeId={challenge.id} participant={me} />}
        </section>

        <section className="challenge-layout__top" aria-labelledby="top-heading">
          <div className="page-header">
            <h2 id="top-heading">{challengeData.format === 'meet' ? 'Scoreboard' : 'Top participants'}</h2>
            <JudgingLink challengeId={challenge.id} />
            <Link className="button button--ghost button--small" to={`/challenges/${challenge.id}/live`}>
              Projector board
            </Link>
            {challenge.status === 'completed' && (
              <Link className="button button--ghost button--small" to={`/challenges/${challenge.id}/results`}>
                Results protocol
              </Link>
            )}
          </div>
          {challengeData.format === 'meet' ? (
            <MeetScoreboard key={challenge.id} challenge={challengeData} highlightUserId={userId} />
          ) : (
            <TopParticipants
              key={challenge.id}
              summary={summary}
              challenge={challengeData}
              highlightUserId={userId}
              ownClass={me?.weight_class}
            />
          )}
          <ChallengeRecords challengeId={challenge.id} ended={challenge.status === 'completed'} />
          <ChallengeTeams challengeId={challenge.id} ended={challenge.status === 'completed'} />
        </section>

        <section className="challenge-layout__videos" aria-labelledby="videos-heading">
          <h2 id="videos-heading">Recent videos</h2>
          <RecentVideos lifts={summary.recent_lifts} challengeId={challenge.id} own={userId ? own : null} />
        </section>

        {challenge.prizePool && (
          <section className="panel challenge-layout__prize" aria-labelledby="prize-heading">
            <h2 id="prize-heading">Prize pool</h2>
            <PrizePool prizePool={challenge.prizePool} />
          </section>
        )}
      </div>
    </article>
  )
}
