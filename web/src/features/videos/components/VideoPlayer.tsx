// The player of SPEC §2/§9: play/pause, skip 10 s, a double tap within 300 ms toggles play,
// controls hide after 3 s of playing untouched, mobile retries 3 × 1 s, and the four
// playback errors in words.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { UI } from '../../../config.ts'
import { deviceKind, isMobile, playbackUrl } from '../../../lib/device.ts'
import { formatClock, playbackErrorMessage } from '../api/playback.ts'
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
}

export function VideoPlayer({ src, poster, label, onDebug, seek }: Props) {
  const video = useRef<HTMLVideoElement>(null)
  const mobile = useMemo(isMobile, [])
  const device = useMemo(deviceKind, [])
  const [retries, setRetries] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const [controlsVisible, setControlsVisible] = useState(true)
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const lastTap = useRef(0)
  const url = useMemo(() => playbackUrl(src, { mobile, device, attempt: retries }), [src, mobile, device, retries])

  useEffect(() => {
    setRetries(0)
    setError(null)
    setTime(0)
  }, [src])
  useEffect(() => () => {
    clearTimeout(hideTimer.current)
    clearTimeout(retryTimer.current)
  }, [])

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
    if (v.paused) v.play()?.catch(() => undefined) // a refused autoplay just stays paused
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
    if (mobile && retries < UI.videoRetries) {
      retryTimer.current = setTimeout(() => setRetries((r) => r + 1), UI.videoRetryDelayMs)
      return
    }
    setError(playbackErrorMessage(code))
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return // let buttons and the slider handle their own keys
    if (event.key === ' ' || event.key === 'k') toggle()
    else if (event.key === 'ArrowLeft') skip(-UI.skipSeconds)
    else if (event.key === 'ArrowRight') skip(UI.skipSeconds)
    else return
    event.preventDefault()
  }

  return (
    <div
      className={`player${controlsVisible ? '' : ' player--idle'}`}
      tabIndex={0}
      role="region"
      aria-label={`Video player: ${label}`}
      onKeyDown={onKeyDown}
      onPointerMove={showControls}
      onFocus={showControls}
    >
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
          setDuration(e.currentTarget.duration)
          setError(null)
          report()
        }}
        onCanPlay={report}
        onError={onError}
        data-testid="video"
      />
      {error && (
        <div className="player__error" role="alert">
          <p>{error}</p>
          <button type="button" className="button button--small" onClick={() => { setError(null); setRetries((r) => r + 1) }}>Try again</button>
        </div>
      )}
      <div className="player__controls">
        <button type="button" onClick={() => skip(-UI.skipSeconds)} aria-label={`Back ${UI.skipSeconds} seconds`}>⟲ {UI.skipSeconds}</button>
        <button type="button" className="player__play" onClick={toggle} aria-label={playing ? 'Pause' : 'Play'}>{playing ? '❚❚' : '▶'}</button>
        <button type="button" onClick={() => skip(UI.skipSeconds)} aria-label={`Forward ${UI.skipSeconds} seconds`}>{UI.skipSeconds} ⟳</button>
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
        />
        <span className="player__time">{formatClock(time)} / {formatClock(duration)}</span>
        <button type="button" onClick={() => void video.current?.parentElement?.requestFullscreen?.()} aria-label="Full screen">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
          </svg>
        </button>
      </div>
    </div>
  )
}
