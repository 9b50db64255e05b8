// Playback rules of docs/product/screens.md, limits.md: the four error messages, and the clock the controls show.

/** MediaError codes → what the viewer reads (docs/product/messages.md Playback). */
const PLAYBACK_ERRORS: Record<number, string> = {
  1: 'Video loading aborted. Please try again.',
  2: 'Network error while loading the video. Please check your connection.',
  3: 'Video decoding failed. The file may be damaged.',
  4: 'Video format not supported by this browser.',
}

export function playbackErrorMessage(code: number | undefined): string {
  return PLAYBACK_ERRORS[code ?? 0] ?? PLAYBACK_ERRORS[2]!
}

/** 75.4 → '1:15'. */
export function formatClock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00'
  const whole = Math.floor(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** Answers that say the server is away for now (restarting, overloaded, behind a proxy that lost it). */
const AWAY_STATUSES = new Set([408, 502, 503, 504])

/**
 * Whether the server answers for `url` at all: false when the browser is offline, the request
 * fails, or the answer is one that passes. A redirect (to a bucket's signed address) is an answer.
 */
export async function serverAnswers(url: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false
  try {
    const response = await fetch(url, {
      headers: { range: 'bytes=0-0' },
      cache: 'no-store',
      redirect: 'manual',
      signal: AbortSignal.timeout(5_000),
    })
    void response.body?.cancel().catch(() => undefined)
    return !AWAY_STATUSES.has(response.status)
  } catch {
    return false
  }
}
