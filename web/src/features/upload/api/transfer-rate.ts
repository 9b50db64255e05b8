// What the progress panel says about a transfer: size, smoothed speed and time left, as pure
// functions of the byte counts and the clock, so they are tested without a network.

const MB = 1_000_000
const KB = 1_000

/** Bytes as people read them on a phone: '950 KB', '42.1 MB', '120 MB', '1.2 GB' (decimal units, like file managers). */
export function formatBytes(bytes: number): string {
  const b = Math.max(0, bytes)
  if (b < MB) return `${Math.round(b / KB)} KB`
  if (b < 1000 * MB) {
    const mb = b / MB
    // One decimal while it tells something; '120 MB', not '120.0 MB'.
    return mb < 100 ? `${trim(mb.toFixed(1))} MB` : `${Math.round(mb)} MB`
  }
  return `${trim((b / (1000 * MB)).toFixed(1))} GB`
}

const trim = (fixed: string) => fixed.replace(/\.0$/, '')

/** '42.1 MB of 120 MB'. */
export const formatSizeProgress = (sent: number, total: number) => `${formatBytes(sent)} of ${formatBytes(total)}`

/** '3.1 MB/s', '420 KB/s'; null (no figure yet) → ''. */
export function formatSpeed(bytesPerSecond: number | null): string {
  if (bytesPerSecond === null || !Number.isFinite(bytesPerSecond)) return ''
  return bytesPerSecond < MB ? `${Math.round(bytesPerSecond / KB)} KB/s` : `${trim((bytesPerSecond / MB).toFixed(1))} MB/s`
}

/** Time left in words, rounded so it does not flicker: 'about 25 s left', 'about 3 min left'. */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return 'estimating time left…'
  if (seconds < 10) return 'a few seconds left'
  if (seconds < 60) return `about ${Math.round(seconds / 5) * 5} s left`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `about ${minutes} min left`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return `about ${hours} h${rest ? ` ${rest} min` : ''} left`
}

/** Seconds to send what is left at `bytesPerSecond`; null while the speed is unknown or nil. */
export function secondsLeft(sent: number, total: number, bytesPerSecond: number | null): number | null {
  if (bytesPerSecond === null || bytesPerSecond <= 0) return null
  return Math.max(0, total - sent) / bytesPerSecond
}

/** How quickly the average forgets: a sample this old weighs 1/e. Phones' uplinks burst; 3 s keeps the figure calm. */
const SPEED_HALF_LIFE_MS = 3_000
/** Samples closer together than this are merged: progress events can arrive every few ms. */
const MIN_SAMPLE_MS = 250

interface RateMeter {
  /** Bytes sent so far (they may go back after a failed chunk: that restarts the measure). Returns the speed. */
  sample(bytesSent: number, nowMs: number): number | null
  /** Forget the history (after a pause, e.g. offline): the next samples start a fresh measure. */
  reset(): void
  readonly bytesPerSecond: number | null
}

/**
 * A time-weighted exponential moving average of the transfer speed: each interval's rate counts
 * with weight 1 − e^(−Δt/τ), so bursts of events and long gaps weigh as the time they cover.
 */
export function createRateMeter(tauMs = SPEED_HALF_LIFE_MS): RateMeter {
  let last: { bytes: number; at: number } | null = null
  let speed: number | null = null
  return {
    get bytesPerSecond() {
      return speed
    },
    reset() {
      last = null
      speed = null
    },
    sample(bytes, now) {
      if (!last || bytes < last.bytes) {
        // First sample, or the counter went back (a chunk is resent): measure from here.
        last = { bytes, at: now }
        return speed
      }
      const dt = now - last.at
      if (dt < MIN_SAMPLE_MS) return speed
      const rate = ((bytes - last.bytes) / dt) * 1000
      const weight = 1 - Math.exp(-dt / tauMs)
      speed = speed === null ? rate : speed + weight * (rate - speed)
      last = { bytes, at: now }
      return speed
    },
  }
}
