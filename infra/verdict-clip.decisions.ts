// The verdict clip, the pure part (docs/video-checks.md "Verdict clips"): which decision a clip shows
// (its stamp, in its storage key), the text burned in, the stretch of the take it shows, and the ffmpeg
// filter graph and options. The run is infra/transcoding/verdict-clip.job.ts.
//
// User text (a lifter's name) never enters the filter graph: each text is written to a file in the
// job's scratch directory and drawtext reads it (`textfile`, `expansion=none`), so quotes, colons,
// backslashes, percent signs and brackets are only characters. The graph holds only our own numbers,
// colours and fixed file names, checked here.
import { LIFT_NAMES, noLiftReason, type LiftType } from '../contract/index.ts'

/** The verdict card at the end: the last frame held, dimmed, with the verdict and the reason. */
export const VERDICT_CARD_SECONDS = 3
/** At most this much of the take is shown (a window around the judges' marked moment, else its start). */
export const VERDICT_MAX_TAKE_SECONDS = 30
/** The clip is at most this tall (a share, not an archive). */
export const VERDICT_MAX_HEIGHT = 720
/** The font drawn with: DejaVu Sans Bold (Debian's fonts-dejavu-core); it has Hebrew and Arabic, shaped by fribidi. */
export const VERDICT_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'

/** Which decision a clip shows: it changes when a decision is taken again or reversed. Null while undecided. */
export function verdictStamp(attempt: { status: string; decidedAt: Date | null }): string | null {
  if (attempt.status === 'pending' || !attempt.decidedAt) return null
  return `${attempt.status === 'completed' ? 'good' : 'nolift'}-${attempt.decidedAt.getTime()}`
}

/** Where the clip of a decision is stored, beside the renditions (a new decision, a new name: caches stay right). */
export const verdictClipKey = (attemptId: number, stamp: string) => `attempts/${attemptId}/verdict-${stamp}.mp4`

/** The clip's key when it shows the attempt's current decision; null otherwise (none yet, or an older decision's). */
export function currentVerdictClip(
  attemptId: number,
  attempt: { status: string; decidedAt: Date | null; verdictClipKey: string | null },
): string | null {
  const stamp = verdictStamp(attempt)
  return stamp && attempt.verdictClipKey === verdictClipKey(attemptId, stamp) ? attempt.verdictClipKey : null
}

/**
 * Text fit to draw on one line: control characters, line and paragraph separators become spaces,
 * emoji (the font has none: they would be empty boxes) are left out, spaces collapsed, and at most
 * `max` characters (code points) kept, with an ellipsis.
 */
export function clipText(text: string, max: number): string {
  const flat = text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D}/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
  const chars = [...flat]
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
}

/** A long sentence on two lines, broken at the space nearest its middle (drawtext draws a newline as a new line). */
export function twoLines(text: string, longest = 38): string {
  if ([...text].length <= longest) return text
  const middle = Math.floor(text.length / 2)
  let at = -1
  for (let d = 0; d < middle; d++) {
    if (text[middle + d] === ' ') at = middle + d
    else if (text[middle - d] === ' ') at = middle - d
    if (at >= 0) break
  }
  return at < 0 ? text : `${text.slice(0, at)}\n${text.slice(at + 1)}`
}

export interface VerdictLight {
  good: boolean
  card: 'red' | 'blue' | 'yellow' | null
}

export interface VerdictFacts {
  name: string
  liftType: LiftType
  weight: number
  attemptNumber: number
  good: boolean
  lights: readonly VerdictLight[]
  /** The reason code of the no lift (the first red light's, as the decision's lights give it). */
  reason: string | null
}

/** The texts drawn, one file each (verdictFilterGraph's names). */
export interface VerdictTexts {
  'title.txt': string
  'line.txt': string
  'verdict.txt': string
  'reason.txt': string
}

const kg = (weight: number) => `${Number.isInteger(weight) ? weight : weight.toFixed(2).replace(/0$/, '')} kg`

export function verdictTexts(facts: VerdictFacts): VerdictTexts {
  const reason = !facts.good && facts.reason ? noLiftReason(facts.liftType, facts.reason)?.label : undefined
  return {
    'title.txt': clipText(facts.name, 40) || 'Lifter',
    'line.txt': `${LIFT_NAMES[facts.liftType] ?? facts.liftType} · ${kg(facts.weight)} · attempt ${facts.attemptNumber}`,
    'verdict.txt': facts.good ? 'GOOD LIFT' : 'NO LIFT',
    'reason.txt': reason ? twoLines(clipText(reason, 90)) : '',
  }
}

/** Which part of the take the clip shows: all of a short take; of a long one, the window around the judges' moment, else its start. */
export function takeWindow(durationS: number | null, marks: readonly number[]): { start: number; seconds: number } {
  const total = durationS !== null && Number.isFinite(durationS) && durationS > 0 ? durationS : VERDICT_MAX_TAKE_SECONDS
  if (total <= VERDICT_MAX_TAKE_SECONDS) return { start: 0, seconds: total }
  const marked = marks.filter((m) => Number.isFinite(m) && m >= 0 && m <= total)
  if (marked.length === 0) return { start: 0, seconds: VERDICT_MAX_TAKE_SECONDS }
  const centre = marked.reduce((a, b) => a + b, 0) / marked.length
  const start = Math.min(total - VERDICT_MAX_TAKE_SECONDS, Math.max(0, centre - VERDICT_MAX_TAKE_SECONDS / 2))
  return { start: Math.round(start * 10) / 10, seconds: VERDICT_MAX_TAKE_SECONDS }
}

/** The clip's size: the source's as displayed, at most VERDICT_MAX_HEIGHT tall, both sides even. */
export function clipSize(width: number, height: number): { width: number; height: number } {
  const h = Math.min(VERDICT_MAX_HEIGHT, height)
  const even = (n: number) => Math.max(2, 2 * Math.round(n / 2))
  return { width: even((width * h) / height), height: even(h) }
}

export interface VerdictPlan {
  width: number
  height: number
  /** Seconds of the take shown; the card follows. */
  seconds: number
  good: boolean
  lights: readonly VerdictLight[]
  hasReason: boolean
  font?: string
}

const LIGHT = { good: 'white', bad: 'red' } as const
const CARD = { red: '0xE02020', blue: '0x2060E0', yellow: '0xF0C020' } as const

/** Only what we write into a graph: plain numbers, our colours, our paths (a user's text goes through files). */
function assertGraphSafe(value: string): string {
  if (!/^[\w/.@-]+$/.test(value)) throw new Error(`Not a safe filter-graph value: ${JSON.stringify(value)}`)
  return value
}

/** The graph from the source's first video stream to [v]: banner, text, lights, the held last frame and the card. */
export function verdictFilterGraph(plan: VerdictPlan): string {
  const { width: w, height: h } = plan
  const unit = Math.min(w, h) // portrait and landscape alike
  const px = (f: number) => Math.max(1, Math.round(unit * f))
  const font = assertGraphSafe(plan.font ?? VERDICT_FONT)
  const text = (file: keyof VerdictTexts, size: number, colour: string, x: string, y: string | number, enable?: string) =>
    `drawtext=fontfile=${font}:textfile=${assertGraphSafe(file)}:expansion=none:fontsize=${size}:fontcolor=${assertGraphSafe(colour)}:` +
    `x=${x}:y=${y}:shadowcolor=black@0.8:shadowx=2:shadowy=2${enable ? `:enable=${enable}` : ''}`
  const cardOn = `gte(t\\,${plan.seconds})`
  const banner = Math.round(h * 0.06 + px(0.065) + px(0.05) + px(0.03))
  const steps = [
    `scale=${w}:${h},setsar=1,format=yuv420p`,
    `drawbox=x=0:y=0:w=${w}:h=${banner}:color=black@0.6:t=fill`,
    text('title.txt', px(0.065), 'white', String(px(0.04)), Math.round(h * 0.03)),
    text('line.txt', px(0.05), 'white', String(px(0.04)), Math.round(h * 0.03) + px(0.065) + px(0.03)),
    `tpad=stop_mode=clone:stop_duration=${VERDICT_CARD_SECONDS}`,
    `drawbox=x=0:y=0:w=${w}:h=${h}:color=black@0.72:t=fill:enable=${cardOn}`,
    text('verdict.txt', px(0.14), plan.good ? 'white' : '0xFF3030', '(w-tw)/2', Math.round(h * 0.36), cardOn),
    ...(plan.hasReason ? [text('reason.txt', px(0.05), 'white', '(w-tw)/2', Math.round(h * 0.36) + px(0.2), cardOn)] : []),
  ]
  // The lights along the bottom, as on a platform (a square each; its card below it for a no lift).
  const size = px(0.09)
  const gap = Math.round(size * 0.45)
  const y = h - size - px(0.09)
  const pad = Math.round(gap / 2)
  const row = plan.lights.length * size + (plan.lights.length - 1) * gap
  if (plan.lights.length > 0) {
    steps.push(`drawbox=x=${px(0.04) - pad}:y=${y - pad}:w=${row + 2 * pad}:h=${size + 2 * pad + px(0.035)}:color=black@0.6:t=fill`)
  }
  plan.lights.forEach((light, i) => {
    const x = px(0.04) + i * (size + gap)
    steps.push(`drawbox=x=${x}:y=${y}:w=${size}:h=${size}:color=${light.good ? LIGHT.good : LIGHT.bad}:t=fill`)
    if (!light.good && light.card) steps.push(`drawbox=x=${x}:y=${y + size + 2}:w=${size}:h=${px(0.025)}:color=${CARD[light.card]}:t=fill`)
  })
  return `[0:v:0]${steps.join(',')}[v]`
}

/** Output options: H.264 (as the renditions), sound when the take has some, playable from its first bytes. */
export function verdictOutputOptions(hasAudio: boolean): string[] {
  return [
    '-map',
    '[v]',
    ...(hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '96k'] : ['-an']),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '26',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-map_metadata',
    '-1',
  ]
}
