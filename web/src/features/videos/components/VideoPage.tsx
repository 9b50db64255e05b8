// docs/product/screens.md video page: the player, the attempt, comments and analytics, and debug information.
// Follows the challenge's live room so a processing video turns ready in place, the votes count
// up and the decision (its lights, who decided, the appeal) shows as it is taken. Comments,
// reactions and the figures are real and live (not the spec's samples): api/engagement.ts.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { AttemptVerdict, verdictLabel } from '../../../components/AttemptChip.tsx'
import { challengeRoom } from '../../../lib/contract.ts'
import type { Lift } from '../../../lib/contract.ts'
import { applyLiveEvent } from '../../../lib/live/live-table.ts'
import { formatDateTime, formatKg, liftLabel } from '../../../lib/format.ts'
import { NOT_FOUND } from '../../../lib/not-found.ts'
import { useLiveRoom } from '../../../stores/live.ts'
import { useSession } from '../../../stores/session.ts'
import { ATTEMPT_ROOM_TABLE, mergeAttempt } from '../api/attempt-room.ts'
import { recordView, useEngagement } from '../api/engagement.ts'
import { NO_VIDEO_URL, attemptErrorText, useAttempt, type AttemptKey } from '../api/get-attempt.ts'
import { AnalyticsPanel } from './AnalyticsPanel.tsx'
import { CommentsPanel } from './CommentsPanel.tsx'
import { JudgingPanel } from './JudgingPanel.tsx'
import { VerdictClipShare } from './VerdictClipShare.tsx'
import { VideoPlayer, type PlayerDebug } from './VideoPlayer.tsx'
import './VideoPage.css'

const positiveInt = (text: string | undefined) => (text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null)

export function VideoPage() {
  const params = useParams()
  const key = useMemo<AttemptKey | null>(() => {
    const challengeId = positiveInt(params.id)
    const participantId = positiveInt(params.participantId)
    const attemptId = positiveInt(params.videoId)
    return challengeId && participantId && attemptId ? { challengeId, participantId, attemptId } : null
  }, [params.id, params.participantId, params.videoId])
  const { data: attempt, error, loading, reload } = useAttempt(key)
  const [debug, setDebug] = useState<PlayerDebug | null>(null)
  // The debug panel is for whoever looks into a playback problem (`?debug`), not for lifters and spectators.
  const showDebug = useSearchParams()[0].has('debug')
  const [seek, setSeek] = useState<{ at: number } | null>(null)
  const userId = useSession((s) => s.userId)

  /** A newer state of this attempt (the appeal's answer). */
  const merge = useCallback(
    (lift: Lift) => {
      if (key) mergeAttempt(key, lift)
    },
    [key],
  )
  useLiveRoom(key ? challengeRoom(key.challengeId) : null, {
    ready: attempt !== undefined,
    seq: null,
    apply: (event) => {
      if (key) applyLiveEvent(ATTEMPT_ROOM_TABLE, event, key)
    },
    resync: async () => {
      await reload()
      return null
    },
  })

  if (!key) return <p className="alert alert--error">{NOT_FOUND}</p>
  if (error)
    return (
      <p className="alert alert--error" role="alert">
        {attemptErrorText(error)}
      </p>
    )
  if (loading || !attempt) return <div className="spinner" role="status" aria-label="Loading video" />

  const processing = attempt.processing === 'pending' || attempt.processing === 'processing'
  return (
    <div className="video-page">
      <div className="video-page__main">
        <Link to={`/challenges/${attempt.competition_id}`}>← {attempt.competition_name}</Link>
        {attempt.video_url ? (
          <PlayCounter attemptId={attempt.id}>
            <VideoPlayer
              src={attempt.video_url}
              poster={attempt.poster_url}
              label={`${attempt.participant_name}, ${liftLabel(attempt.lift_type)}`}
              onDebug={showDebug ? setDebug : undefined}
              seek={seek}
              facts={attempt}
            />
          </PlayCounter>
        ) : (
          <p className="alert alert--error" role="alert">
            {NO_VIDEO_URL}
          </p>
        )}
        <header className="video-page__info">
          <h1>
            {attempt.participant_name} · {liftLabel(attempt.lift_type)} {formatKg(attempt.weight)}
          </h1>
          <div className="row">
            <span
              className={`badge ${attempt.status === 'completed' ? 'badge--ongoing' : attempt.status === 'failed' ? 'badge--failed' : ''}`}
              data-testid="attempt-verdict"
            >
              <AttemptVerdict attempt={attempt} />
            </span>
            {processing && <span className="badge badge--processing">Processing: playing the original meanwhile</span>}
            <span className="muted">{formatDateTime(attempt.timestamp)}</span>
          </div>
        </header>
        {attempt.verdict_clip_url && (
          <VerdictClipShare
            url={attempt.verdict_clip_url}
            attemptId={attempt.id}
            text={`${attempt.participant_name} · ${liftLabel(attempt.lift_type)} ${formatKg(attempt.weight)}: ${verdictLabel(attempt).toLowerCase()}`}
          />
        )}
        <JudgingPanel attempt={attempt} userId={userId} onSeek={(at) => setSeek({ at })} onAppealed={merge} />
        {showDebug && (
          <details className="panel debug">
            <summary>Debug information</summary>
            <dl>
              <div>
                <dt>Attempt</dt>
                <dd>{attempt.id}</dd>
              </div>
              <div>
                <dt>Participant</dt>
                <dd>{attempt.participant_id}</dd>
              </div>
              <div>
                <dt>Challenge</dt>
                <dd>{attempt.competition_id}</dd>
              </div>
              <div>
                <dt>Processing</dt>
                <dd>{attempt.processing}</dd>
              </div>
              <div>
                <dt>Video URL</dt>
                <dd>{attempt.video_url ?? '—'}</dd>
              </div>
              <div>
                <dt>Playing</dt>
                <dd>{debug?.url ?? '—'}</dd>
              </div>
              <div>
                <dt>Device</dt>
                <dd>{debug ? `${debug.device}${debug.mobile ? ' (mobile)' : ''}` : '—'}</dd>
              </div>
              <div>
                <dt>Retries</dt>
                <dd>{debug?.retries ?? 0}</dd>
              </div>
              <div>
                <dt>Ready / network state</dt>
                <dd>{debug ? `${debug.readyState} / ${debug.networkState}` : '—'}</dd>
              </div>
              <div>
                <dt>Playback error</dt>
                <dd>{debug?.error ?? 'none'}</dd>
              </div>
              <div>
                <dt>Renditions</dt>
                <dd>
                  {Object.keys(attempt.renditions).length
                    ? Object.entries(attempt.renditions)
                        .map(([h, url]) => `${h}: ${url}`)
                        .join(', ')
                    : 'none yet'}
                </dd>
              </div>
            </dl>
          </details>
        )}
      </div>
      <EngagementPanels attemptId={attempt.id} challengeId={attempt.competition_id} userId={userId} />
    </div>
  )
}

/** Comments and analytics of the attempt, sharing one live state; opening the page counts as a view. */
function EngagementPanels({ attemptId, challengeId, userId }: { attemptId: number; challengeId: number; userId: number | null }) {
  const engagement = useEngagement(attemptId, challengeId, userId)
  useEffect(() => {
    void recordView(attemptId, 'view')
  }, [attemptId])
  return (
    <div className="video-page__side">
      <CommentsPanel engagement={engagement} userId={userId} />
      <AnalyticsPanel state={engagement.state} />
    </div>
  )
}

/** Counts a play the first time the video inside starts (media events do not bubble: listened for while capturing). */
function PlayCounter({ attemptId, children }: { attemptId: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const node = box.current
    if (!node) return
    let counted = false
    const onPlay = () => {
      if (counted) return
      counted = true
      void recordView(attemptId, 'play')
    }
    node.addEventListener('play', onPlay, true)
    return () => node.removeEventListener('play', onPlay, true)
  }, [attemptId])
  return (
    <div ref={box} className="video-page__player">
      {children}
    </div>
  )
}
