// The player of docs/product/screens.md, limits.md: play/pause, skip 10 s, a double tap within 300 ms toggles play,
// controls hide after 3 s of playing untouched, mobile retries 3 × 1 s, and the four
// playback errors in words.
// Portrait first: the box takes the video's own shape (known from the upload before any byte
// loads), the controls sit below the picture (never over the lift) and the time stays visible.
// While renditions are pending, an original this browser cannot play (a phone's HEVC in
// Chromium) shows its poster and "Processing…" rather than a black 0×0 box.
// A load that fails because the server cannot be reached (offline, a server restarting) is not
// the video's fault: the player says it is reconnecting, asks again with backoff and as soon as
// the connection is back, and carries on where it was; the spec's error shows only when the
// server answers and the video still does not play.
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import { UI } from '../../../config.ts'
import { deviceKind, isMobile, playbackUrl } from '../../../lib/device.ts'
import { onConnectionBack, retryDelay } from '../../../lib/connectivity.ts'
import { formatClock, playbackErrorMessage, serverAnswers } from '../api/playback.ts'
import { mayPlayType, playerShape, renditionsPending, type VideoFacts } from '../api/player-shape.ts'
import './VideoPlayer.css'

export interface PlayerDebug {
  url: string
  device: string
  mobile: boolean
  retries: number
  error: string | null
  readyState: number
  networkState: number
}

interface Props {
  src: string
  poster?: string | null
  label: string
  onDebug?: (debug: PlayerDebug) => void
  /** Moves the playhead to `at` seconds each time a new request (a new object) arrives. */
  seek?: { at: number } | null
  /** The attempt's processing state, displayed size and original's type, as answers carry them. */
  facts?: VideoFacts
}

/** Shown over the poster while an original that cannot play here waits for its renditions. */
export const PROCESSING_TEXT = 'Processing…'
export const RECONNECTING_TEXT = 'Connection lost — the video carries on when it is back.'

export function VideoPlayer({ src, poster, label, onDebug, seek, facts }: Props) {
  const video = useRef<HTMLVideoElement>(null)
  const mobile = useMemo(isMobile, [])
  const device = useMemo(deviceKind, [])
  const [retries, setRetries] = useState(0)
  const [error, setError] = useState<string | null>(null)
  // The server could not be reached at the last error: wait for it rather than show an error.
  const [reconnecting, setReconnecting] = useState(false)
  // Where to carry on once the video loads again (seconds; 0: the start).
  const resumeAt = useRef(0)
  // Bumped per source: an answer about an older source is ignored.
  const generation = useRef(0)
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const [controlsVisible, setControlsVisible] = useState(true)
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const lastTap = useRef(0)
  const url = useMemo(() => playbackUrl(src, { mobile, device, attempt: retries }), [src, mobile, device, retries])
  // The size the loaded video states beats the one the answer gave (null until metadata).
  const [loadedSize, setLoadedSize] = useState<{ width: number; height: number } | null>(null)
  const shape = playerShape(loadedSize?.width ?? facts?.video_width, loadedSize?.height ?? facts?.video_height)
  const pending = renditionsPending(facts?.processing)
  const originalType = facts?.original_type
  const typePlayable = useMemo(() => mayPlayType(originalType), [originalType])
  // Loaded but no picture (0×0), or an error, while the original is what plays: not playable here.
  const [failedHere, setFailedHere] = useState(false)
  const waiting = pending && (!typePlayable || failedHere)

  useEffect(() => {
    generation.current++
    setRetries(0)
    setError(null)
    setReconnecting(false)
    resumeAt.current = 0
    setTime(0)
    setLoadedSize(null)
    setFailedHere(false)
  }, [src])
  // Renditions ready: the same URL now serves one (H.264), so try again from the start.
  useEffect(() => {
    if (!pending) setFailedHere(false)
  }, [pending])
  useEffect(
    () => () => {
      clearTimeout(hideTimer.current)
      clearTimeout(retryTimer.current)
    },
    [],
  )

  const report = useCallback(() => {
    const v = video.current
    onDebug?.({ url, device, mobile, retries, error, readyState: v?.readyState ?? 0, networkState: v?.networkState ?? 0 })
  }, [onDebug, url, device, mobile, retries, error])
  useEffect(report, [report])

  const showControls = useCallback(() => {
    setControlsVisible(true)
    clearTimeout(hideTimer.current)
    if (video.current && !video.current.paused) hideTimer.current = setTimeout(() => setControlsVisible(false), UI.controlsHideMs)
  }, [])

  const toggle = useCallback(() => {
    const v = video.current
    if (!v) return
    if (v.paused)
      v.play()?.catch(() => undefined) // a refused autoplay just stays paused
    else v.pause()
  }, [])

  useEffect(() => {
    const v = video.current
    if (!seek || !v) return
    v.currentTime = Math.max(0, Math.min(Number.isFinite(v.duration) && v.duration > 0 ? v.duration : seek.at, seek.at))
    setTime(v.currentTime)
    showControls()
  }, [seek, showControls])

  const skip = (seconds: number) => {
    const v = video.current
    if (!v) return
    v.currentTime = Math.max(0, Math.min(v.duration || 0, v.currentTime + seconds))
    showControls()
  }

  const onTap = () => {
    const now = Date.now()
    if (now - lastTap.current <= UI.doubleTapMs) {
      lastTap.current = 0
      toggle()
    } else {
      lastTap.current = now
    }
    showControls()
  }

  const onError = () => {
    const code = video.current?.error?.code
    if (pending) {
      setFailedHere(true) // the original does not play here: its renditions will
      return
    }
    const at = video.current?.currentTime ?? 0
    const asked = generation.current
    void serverAnswers(url).then((answers) => {
      if (asked !== generation.current) return
      if (!answers) {
        resumeAt.current = Math.max(resumeAt.current, at)
        setReconnecting(true)
        return
      }
      if (mobile && retries < UI.videoRetries) {
        retryTimer.current = setTimeout(() => setRetries((r) => r + 1), UI.videoRetryDelayMs)
        return
      }
      setError(playbackErrorMessage(code))
    })
  }

  // While the server cannot be reached: ask it again (1 s doubling to 15 s, and at once when the
  // connection is back); once it answers, load the video again from where it was.
  useEffect(() => {
    if (!reconnecting) return
    let failures = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    let done = false
    const tryAgain = async () => {
      clearTimeout(timer)
      const answers = await serverAnswers(url)
      if (done) return
      if (!answers) {
        timer = setTimeout(() => void tryAgain(), retryDelay(failures++, 1_000, 15_000))
        return
      }
      done = true
      setReconnecting(false)
      setRetries((r) => r + 1)
    }
    timer = setTimeout(() => void tryAgain(), retryDelay(failures++, 1_000, 15_000))
    const stopListening = onConnectionBack(() => void tryAgain())
    return () => {
      done = true
      clearTimeout(timer)
      stopListening()
    }
  }, [reconnecting, url])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return // let buttons and the slider handle their own keys
    if (event.key === ' ' || event.key === 'k') toggle()
    else if (event.key === 'ArrowLeft') skip(-UI.skipSeconds)
    else if (event.key === 'ArrowRight') skip(UI.skipSeconds)
    else return
    event.preventDefault()
  }

  const boxStyle = { '--player-ratio': String(shape.ratio) } as CSSProperties
  return (
    <div
      className={`player player--${shape.orientation}${controlsVisible ? '' : ' player--idle'}`}
      style={boxStyle}
      tabIndex={0}
      role="region"
      aria-label={`Video player: ${label}`}
      onKeyDown={onKeyDown}
      onPointerMove={showControls}
      onPointerDown={showControls}
      onFocus={showControls}
      data-orientation={shape.orientation}
    >
      <div className="player__frame">
        {waiting ? (
          <div className="player__waiting" data-testid="video-processing">
            {poster && <img className="player__poster" src={poster} alt="" />}
            <p className="player__processing" role="status">
              {PROCESSING_TEXT}
            </p>
          </div>
        ) : (
          <video
            ref={video}
            className="player__video"
            src={url}
            poster={poster ?? undefined}
            preload="metadata"
            playsInline
            onClick={onTap}
            onPlay={() => {
              setPlaying(true)
              showControls()
            }}
            onPause={() => {
              setPlaying(false)
              setControlsVisible(true)
              clearTimeout(hideTimer.current)
            }}
            onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
            onLoadedMetadata={(e) => {
              const { videoWidth, videoHeight, duration: length } = e.currentTarget
              if (pending && (videoWidth === 0 || videoHeight === 0)) {
                setFailedHere(true) // sound without a picture: the codec is not decoded here
                return
              }
              if (videoWidth > 0 && videoHeight > 0) setLoadedSize({ width: videoWidth, height: videoHeight })
              if (resumeAt.current > 0) {
                e.currentTarget.currentTime = Math.min(resumeAt.current, length || resumeAt.current)
                resumeAt.current = 0
              }
              setDuration(length)
              setError(null)
              report()
            }}
            onCanPlay={report}
            onError={onError}
            data-testid="video"
          />
        )}
        {reconnecting && !error && (
          <p className="player__reconnecting" role="status">
            {RECONNECTING_TEXT}
          </p>
        )}
        {error && (
          <div className="player__error" role="alert">
            <p>{error}</p>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                setError(null)
                setRetries((r) => r + 1)
              }}
            >
              Try again
            </button>
          </div>
        )}
      </div>
      <div className="player__controls">
        <input
          className="player__seek"
          type="range"
          min={0}
          max={duration || 0}
          step={0.1}
          value={Math.min(time, duration || 0)}
          onChange={(e) => {
            if (video.current) video.current.currentTime = Number(e.target.value)
            showControls()
          }}
          aria-label="Seek"
          disabled={waiting}
        />
        <div className="player__buttons">
          <button type="button" onClick={() => skip(-UI.skipSeconds)} aria-label={`Back ${UI.skipSeconds} seconds`} disabled={waiting}>
            ⟲ {UI.skipSeconds}
          </button>
          <button type="button" className="player__play" onClick={toggle} aria-label={playing ? 'Pause' : 'Play'} disabled={waiting}>
            {playing ? '❚❚' : '▶'}
          </button>
          <button type="button" onClick={() => skip(UI.skipSeconds)} aria-label={`Forward ${UI.skipSeconds} seconds`} disabled={waiting}>
            {UI.skipSeconds} ⟳
          </button>
          <span className="player__time" role="timer" aria-label="Time">
            {formatClock(time)} / {formatClock(duration)}
          </span>
          <button
            type="button"
            className="player__fullscreen"
            onClick={() => void video.current?.closest('.player')?.requestFullscreen?.()}
            aria-label="Full screen"
            disabled={waiting}
          >
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            >
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
            </svg>
          </button>
        </div>
      </div>
    </div>
  )
}
