// SPEC §9: up to 6 recent videos (of the summary's 12 newest attempts). A new upload shows as
// processing (with its transcode progress when it is the user's own) until its renditions are
// ready; each says good lift, no lift, or awaiting judges (with the votes so far when a panel of
// three judges it).
import { Link } from 'react-router'
import { AttemptVerdict } from '../../../components/AttemptChip.tsx'
import { VideoThumb } from '../../../components/VideoThumb.tsx'
import { UI } from '../../../config.ts'
import type { Lift } from '../../../lib/contract.ts'
import { formatDateTime, formatKg, liftLabel } from '../../../lib/format.ts'
import { useLive } from '../../../stores/live.ts'

const isProcessing = (lift: Lift) => lift.processing === 'pending' || lift.processing === 'processing'

export function RecentVideos({ lifts, competitionId }: { lifts: Lift[]; competitionId: number }) {
  const transcodes = useLive((s) => s.transcodes)
  const videos = lifts.filter((l) => l.video_url).slice(0, UI.recentVideos)
  if (videos.length === 0) return <p className="empty">No videos available</p>
  return (
    <ul className="video-grid thumb-grid" aria-label="Recent videos">
      {videos.map((lift) => {
        const progress = transcodes[lift.id]
        return (
          <li key={lift.id}>
            <Link className="video-tile" to={`/challenges/${competitionId}/participants/${lift.participant_id}/video/${lift.id}`}>
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
                <span>{liftLabel(lift.lift_type)} · {formatKg(lift.weight)} · <AttemptVerdict attempt={lift} statusWords /></span>
                <span className="muted">{formatDateTime(lift.created_at)}</span>
              </div>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
