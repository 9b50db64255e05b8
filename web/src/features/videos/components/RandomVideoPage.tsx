// docs/product/screens.md /random-video: a random video (optionally of one lift type, ?type=), next video,
// an upload button, and every video grouped by challenge (3 each, then 'view N more').
import { useCallback } from 'react'
import { Link, useSearchParams } from 'react-router'
import { LoadError } from '../../../components/LoadError.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { UI } from '../../../config.ts'
import { AttemptVerdict } from '../../../components/AttemptChip.tsx'
import { VideoThumb } from '../../../components/VideoThumb.tsx'
import { formatKg, liftLabel } from '../../../lib/format.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { RANDOM_LIFT_TYPES, getNextVideo, randomVideoErrorText, randomVideoQuery } from '../api/random-video.ts'
import { useVideoBrowse } from '../api/video-browse.ts'
import { VideoPlayer } from './VideoPlayer.tsx'
import './RandomVideoPage.css'

export function RandomVideoPage() {
  const [params, setParams] = useSearchParams()
  const type = RANDOM_LIFT_TYPES.some((t) => t.value === params.get('type')) ? params.get('type')! : ''
  const random = useServerQuery(randomVideoQuery(type))
  const { data: video, error, loading, setData, reload } = random
  const browse = useVideoBrowse()

  const next = useCallback(async () => {
    if (!video) return random.reload()
    try {
      setData(await getNextVideo(type, video.attempt_id))
    } catch {
      await random.reload()
    }
  }, [video, type, setData, random])

  return (
    <div className="random-video">
      <header className="page-header">
        <h1>Random Video</h1>
        <div className="row">
          <label htmlFor="random-type" className="visually-hidden">
            Lift type
          </label>
          <select
            id="random-type"
            value={type}
            onChange={(e) => setParams(e.target.value ? { type: e.target.value } : {}, { replace: true })}
          >
            {RANDOM_LIFT_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
          <Link className="button button--ghost" to="/upload">
            Upload
          </Link>
        </div>
      </header>

      <OfflineNotice />
      {/* A failed "Next video" keeps the one on show; only a first load that failed shows the error. */}
      {!video && error ? (
        <LoadError message={randomVideoErrorText(error)} onRetry={() => void reload()} />
      ) : loading && !video ? (
        <div className="spinner" role="status" aria-label="Loading video" />
      ) : video ? (
        <section className="random-video__now" aria-label="Now playing">
          <VideoPlayer
            src={video.video_url}
            poster={video.poster_url}
            label={`${video.participant_name}, ${liftLabel(video.lift_type)}`}
            facts={video}
          />
          <div className="row random-video__meta">
            <div>
              <h2>{video.participant_name}</h2>
              <p className="muted">
                {liftLabel(video.lift_type)} · {formatKg(video.weight)} · Video {video.current_index + 1} of {video.total_videos}
              </p>
            </div>
            <div className="row">
              <Link
                className="button button--ghost"
                to={`/challenges/${video.competition_id}/participants/${video.participant_id}/video/${video.attempt_id}`}
              >
                Details
              </Link>
              <button type="button" className="button" onClick={() => void next()} disabled={loading}>
                Next video
              </button>
            </div>
          </div>
        </section>
      ) : null}

      <section className="section" aria-labelledby="browse-heading">
        <h2 id="browse-heading">Browse all videos</h2>
        {!browse.data && browse.error ? (
          <LoadError message={randomVideoErrorText(browse.error)} onRetry={() => void browse.reload()} />
        ) : !browse.data ? (
          <div className="spinner" />
        ) : browse.data.length === 0 ? (
          <p className="empty">No videos available</p>
        ) : (
          browse.data.map(({ challenge, videos }) => {
            const more = videos.length - UI.videosPerChallenge
            return (
              <section key={challenge.id} className="browse-group">
                <h3>
                  <Link to={`/challenges/${challenge.id}`}>{challenge.name}</Link>
                </h3>
                <ul className="browse-group__videos thumb-grid">
                  {videos.slice(0, UI.videosPerChallenge).map((v) => (
                    <li key={v.id}>
                      <Link to={`/challenges/${challenge.id}/participants/${v.participant_id}/video/${v.id}`} className="browse-video">
                        <VideoThumb poster={v.poster_url} />
                        <span>
                          {v.participant_name} · {liftLabel(v.lift_type)} {formatKg(v.weight)} · <AttemptVerdict attempt={v} />
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
                {more > 0 && <Link to={`/challenges/${challenge.id}`}>View {more} more</Link>}
              </section>
            )
          })
        )}
      </section>
    </div>
  )
}
