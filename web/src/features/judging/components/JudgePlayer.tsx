// The judge's player: 0.25×/0.5×/1× speed, a frame step each way (30 fps assumed: 1/30 s),
// loop, play/pause. The desk drives it from the keyboard through the handle.
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react'

const FRAME_SECONDS = 1 / 30
const SPEEDS = [0.25, 0.5, 1] as const

export interface PlayerHandle {
  togglePlay: () => void
  /** Pauses and moves one frame back (-1) or forward (+1). */
  step: (direction: -1 | 1) => void
  currentTime: () => number
}

interface Props {
  src: string | null
  poster?: string | null
  label: string
  ref?: Ref<PlayerHandle>
}

export const formatSeconds = (s: number) => `${s.toFixed(2)} s`

export function JudgePlayer({ src, poster, label, ref }: Props) {
  const video = useRef<HTMLVideoElement>(null)
  const [speed, setSpeed] = useState<number>(1)
  const [loop, setLoop] = useState(true)
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    setFailed(false)
    setTime(0)
    setPlaying(false)
  }, [src])
  useEffect(() => {
    if (video.current) video.current.playbackRate = speed
  }, [speed, src])

  const togglePlay = () => {
    const v = video.current
    if (!v) return
    if (v.paused) void Promise.resolve(v.play()).catch(() => setPlaying(false))
    else v.pause()
  }
  const step = (direction: -1 | 1) => {
    const v = video.current
    if (!v) return
    v.pause()
    const end = Number.isFinite(v.duration) ? v.duration : Infinity
    v.currentTime = Math.min(end, Math.max(0, v.currentTime + direction * FRAME_SECONDS))
    setTime(v.currentTime)
  }
  useImperativeHandle(ref, () => ({ togglePlay, step, currentTime: () => video.current?.currentTime ?? 0 }))

  if (!src) return <p className="empty">This attempt has no video to judge.</p>
  return (
    <div className="judge-player">
      <video
        ref={video}
        src={src}
        poster={poster ?? undefined}
        aria-label={label}
        playsInline
        loop={loop}
        preload="auto"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onSeeked={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          e.currentTarget.playbackRate = speed
        }}
        onError={() => setFailed(true)}
      />
      {failed && (
        <p className="alert alert--error" role="alert">
          The video could not be played.
        </p>
      )}
      <div className="judge-player__controls">
        <button type="button" className="button button--secondary button--small" onClick={() => step(-1)} aria-label="Previous frame">
          ◀︎ Frame
        </button>
        <button
          type="button"
          className="button button--small judge-player__play"
          onClick={togglePlay}
          aria-label={playing ? 'Pause' : 'Play'}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={() => step(1)} aria-label="Next frame">
          Frame ▶︎
        </button>
        <span className="judge-player__time" role="timer" aria-label="Current time">
          {formatSeconds(time)}
        </span>
      </div>
      <div className="judge-player__controls">
        <div className="segmented" role="group" aria-label="Speed">
          {SPEEDS.map((s) => (
            <button key={s} type="button" aria-pressed={speed === s} onClick={() => setSpeed(s)}>
              {s}×
            </button>
          ))}
        </div>
        <label className="judge-switch">
          <input type="checkbox" checked={loop} onChange={(e) => setLoop(e.target.checked)} /> Loop
        </label>
      </div>
    </div>
  )
}
