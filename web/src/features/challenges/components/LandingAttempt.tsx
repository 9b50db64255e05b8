// Where a lifter lands after uploading: their attempt in the challenge page's recent videos,
// scrolled into view and highlighted for a few seconds, with its state under it — the transcode's
// live progress (pushed to the uploader), then once processed the judges' verdict and lights.
// The upload page names the attempt in the navigation's state (lib/landing-attempt.ts).
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { AttemptVerdict } from '../../../components/AttemptChip.tsx'
import type { Lift, TranscodeProgress } from '../../../lib/contract.ts'
import { attemptAnchor, landingAttemptOf } from '../../../lib/landing-attempt.ts'
import './LandingAttempt.css'

/** The landing attempt stays highlighted this long. */
export const LANDING_HIGHLIGHT_MS = 4000

const TRANSCODE_LABELS = {
  pending: 'Waiting to process video',
  processing: 'Processing video',
  ready: 'Video ready',
  failed: 'Processing failed: the original plays',
} as const

/** The attempt the page was opened to show (after an upload, or by #attempt-{id}). */
export const useLandingAttemptId = (): number | null => landingAttemptOf(useLocation())

/**
 * Once the attempt's tile is on the page (and `settled`: the content above it has loaded), scrolls
 * it to the middle of the screen, once per attempt; answers whether it is still highlighted.
 */
export function useLandingScroll(id: number | null, settled: boolean): boolean {
  const [highlighted, setHighlighted] = useState<number | null>(null)
  const shown = useRef<number | null>(null)
  // After every render (no dependency list): the tile appears in the DOM whenever the list above it renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (id === null || !settled || shown.current === id) return
    const tile = document.getElementById(attemptAnchor(id))
    if (!tile) return
    shown.current = id
    tile.scrollIntoView?.({ block: 'center' })
    setHighlighted(id)
  })
  useEffect(() => {
    if (highlighted === null) return
    const timer = setTimeout(() => setHighlighted(null), LANDING_HIGHLIGHT_MS)
    return () => clearTimeout(timer)
  }, [highlighted])
  return id !== null && highlighted === id
}

/** The transcode's state and percent: the attempt's own state once final, else the live progress, else the attempt's. */
export function processingOf(
  lift: Pick<Lift, 'processing'>,
  progress: TranscodeProgress | undefined,
): { state: keyof typeof TRANSCODE_LABELS; percent: number } {
  if (lift.processing === 'ready' || lift.processing === 'none') return { state: 'ready', percent: 100 }
  if (lift.processing === 'failed') return { state: 'failed', percent: 100 }
  if (progress) return { state: progress.state, percent: progress.state === 'ready' ? 100 : progress.percent }
  return { state: lift.processing, percent: 0 }
}

/** The landing attempt's state: a progress bar while the video is processed, then the judges. */
export function LandingStatus({ lift, progress }: { lift: Lift; progress: TranscodeProgress | undefined }) {
  const { state, percent } = processingOf(lift, progress)
  const processed = state === 'ready' || state === 'failed'
  const labelId = `landing-progress-${lift.id}`
  const rounded = Math.round(percent)
  const { lights } = lift.judging
  return (
    <div className="landing-status" data-testid="landing-status" data-state={state}>
      <p className="landing-status__title">Your lift</p>
      <div className="landing-status__progress">
        <div className="row landing-status__label">
          <span id={labelId} aria-live="polite">
            {TRANSCODE_LABELS[state]}
          </span>
          {!processed && <strong>{rounded}%</strong>}
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={rounded}
        >
          <div className="progress__bar" style={{ width: `${rounded}%` }} />
        </div>
      </div>
      {processed && (
        <div className="landing-status__judging" data-testid="landing-judging" aria-live="polite">
          <AttemptVerdict attempt={lift} />
          {lights.length > 0 && (
            <ol className="landing-status__lights" aria-label="Lights">
              {lights.map((light, i) => (
                <li
                  key={i}
                  className={`landing-light landing-light--${light.good ? 'white' : 'red'}`}
                  title={`${light.judge}: ${light.good ? 'good lift' : 'no lift'}`}
                >
                  <span className="visually-hidden">
                    {light.judge}: {light.good ? 'good lift' : 'no lift'}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  )
}
