// docs/product/limits.md: up to 6 recent videos (of the summary's 12 newest attempts with a video). A new upload shows as
// processing (with its transcode progress when it is the user's own) until its renditions are
// ready; each says good lift, no lift, or awaiting judges (with the votes so far when a panel of
// three judges it). The lifter's own attempt they land on after uploading (LandingAttempt.tsx) is
// shown first when newer ones pushed it out, highlighted, with its state beside it.
import { Link } from 'react-router'
import { AttemptVerdict } from '../../../components/AttemptChip.tsx'
import { VideoThumb } from '../../../components/VideoThumb.tsx'
import { UI } from '../../../config.ts'
import type { Lift, Participant } from '../../../lib/contract.ts'
import { formatDateTime, formatKg, liftLabel } from '../../../lib/format.ts'
import { useLive } from '../../../stores/live.ts'
import { attemptAnchor } from '../../../lib/landing-attempt.ts'
import { LandingStatus, useLandingAttemptId, useLandingScroll } from './LandingAttempt.tsx'

const isProcessing = (lift: Lift) => lift.processing === 'pending' || lift.processing === 'processing'

interface Props {
  lifts: Lift[]
  challengeId: number
  /** The signed-in lifter's entry (its attempts hold the one landed on); undefined while it loads. */
  own?: Participant | null
}

export function RecentVideos({ lifts, challengeId, own }: Props) {
  const transcodes = useLive((s) => s.transcodes)
  const landingId = useLandingAttemptId()
  const landing = landingId === null ? undefined : (own?.attempts.find((a) => a.id === landingId) ?? lifts.find((l) => l.id === landingId))
  const newest = lifts.filter((l) => l.video_url).slice(0, UI.recentVideos)
  const pinned = landing?.video_url && !newest.some((l) => l.id === landing.id)
  const videos = pinned ? [landing, ...newest.slice(0, UI.recentVideos - 1)] : newest
  // Scrolled to once the own entry is in (the join panel above grows with it).
  const highlighted = useLandingScroll(landing ? landing.id : null, own !== undefined)
  if (videos.length === 0) return <p className="empty">No videos available</p>
  return (
    <ul className="video-grid thumb-grid" aria-label="Recent videos">
      {videos.map((lift) => {
        const progress = transcodes[lift.id]
        const landed = lift.id === landing?.id
        return (
          <li
            key={lift.id}
            id={attemptAnchor(lift.id)}
            className={landed ? `video-grid__landing${highlighted ? ' video-grid__landing--flash' : ''}` : undefined}
          >
            <Link className="video-tile" to={`/challenges/${challengeId}/participants/${lift.participant_id}/video/${lift.id}`}>
              <VideoThumb poster={lift.poster_url}>
                {isProcessing(lift) && (
                  <span className="badge badge--processing video-tile__state">
                    Processing{progress && progress.state !== 'ready' ? ` ${Math.round(progress.percent)}%` : '…'}
                  </span>
                )}
                {lift.processing === 'failed' && <span className="badge video-tile__state">Original only</span>}
              </VideoThumb>
              <div className="video-tile__body">
                <strong>{lift.participant_name}</strong>
                <span>
                  {liftLabel(lift.lift_type)} · {formatKg(lift.weight)} · <AttemptVerdict attempt={lift} />
                </span>
                <span className="muted">{formatDateTime(lift.created_at)}</span>
              </div>
            </Link>
            {landed && <LandingStatus lift={landing} progress={progress} />}
          </li>
        )
      })}
    </ul>
  )
}
