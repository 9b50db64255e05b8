// What the take checks decide, without running anything (docs/video-checks.md): the parsing of the runs'
// output and which findings become flags. The runs' arguments are take-checks.commands.ts; the runs are
// infra/take-checks.ts.
import { formatMoment, type TakeFlag } from '../contract/take-checks.ts'
import { TAKE_CHECK_SETTINGS } from './take-checks.commands.ts'

// ---------------------------------------------------------------------------
// Parsing

export interface Stretch {
  start: number
  end: number | null
}
export interface FilterFindings {
  scenes: Array<{ at: number; score: number }>
  blacks: Stretch[]
  freezes: Stretch[]
}

/** Pure: ffmpeg's log of the filter pass → scene changes, black and still stretches (an open stretch runs to the end). */
export function parseFilterLog(log: string): FilterFindings {
  const scenes: FilterFindings['scenes'] = []
  const blacks: Stretch[] = []
  const freezes: Stretch[] = []
  let pendingAt: number | null = null
  for (const line of log.split(/\r?\n/)) {
    const frame = /\bpts_time:(-?[\d.]+)/.exec(line)
    if (frame && /Parsed_metadata/.test(line)) pendingAt = Number(frame[1])
    const score = /lavfi\.scene_score=([\d.]+)/.exec(line)
    if (score && pendingAt !== null) {
      scenes.push({ at: pendingAt, score: Number(score[1]) })
      pendingAt = null
    }
    const black = /black_start:(-?[\d.]+)\s+black_end:(-?[\d.]+)/.exec(line)
    if (black) blacks.push({ start: Number(black[1]), end: Number(black[2]) })
    const freezeStart = /freezedetect\.freeze_start:\s*(-?[\d.]+)/.exec(line)
    if (freezeStart) freezes.push({ start: Number(freezeStart[1]), end: null })
    const freezeEnd = /freezedetect\.freeze_end:\s*(-?[\d.]+)/.exec(line)
    const open = freezes.at(-1)
    if (freezeEnd && open && open.end === null) open.end = Number(freezeEnd[1])
  }
  return { scenes, blacks, freezes }
}

export interface StreamFacts {
  videoStreams: number
  creationTime: Date | null
  startTime: number
  duration: number | null
}

interface RawStreams {
  streams?: Array<{
    codec_type?: string
    width?: number
    height?: number
    tags?: { creation_time?: string }
    disposition?: { attached_pic?: number }
  }>
  format?: { start_time?: string; duration?: string; tags?: { creation_time?: string } }
}

/** Before this, a creation time is a container's "unset" (QuickTime counts from 1904, others from 1970). */
const EARLIEST_REAL_CREATION = Date.UTC(1971, 0, 1)

/** Pure: ffprobe's JSON of streamsProbeArgs → the facts the flags need. */
export function parseStreams(raw: RawStreams): StreamFacts {
  const streams = raw.streams ?? []
  const videos = streams.filter((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0)
  const stated = raw.format?.tags?.creation_time ?? videos.find((s) => s.tags?.creation_time)?.tags?.creation_time
  const when = stated ? new Date(stated) : null
  const start = Number(raw.format?.start_time)
  const duration = Number(raw.format?.duration)
  return {
    videoStreams: videos.length,
    creationTime: when && Number.isFinite(when.getTime()) && when.getTime() >= EARLIEST_REAL_CREATION ? when : null,
    startTime: Number.isFinite(start) ? start : 0,
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
  }
}

export interface TimelineFindings {
  /** Moments (seconds into the clip) where a packet's decode time is earlier than the one before. */
  backwards: number[]
  rateChanges: Array<{ at: number; from: number; to: number }>
  sizeChanges: Array<{ at: number; from: string; to: string }>
}

/** Pure: ffprobe's csv of packetsProbeArgs (`packet,pts,dts` and `frame,t,w,h` lines) → timeline findings; times from `startTime`. */
export function parseTimeline(csv: string, startTime: number): TimelineFindings {
  const backwards: number[] = []
  const sizeChanges: TimelineFindings['sizeChanges'] = []
  const pts: number[] = []
  let lastDts = -Infinity
  let furthest = 0
  let lastSize: string | null = null
  for (const line of csv.split(/\r?\n/)) {
    const cells = line.split(',')
    if (cells[0] === 'packet') {
      const p = Number(cells[1])
      const d = cells[2] === '' || cells[2] === 'N/A' ? p : Number(cells[2])
      if (Number.isFinite(d)) {
        if (d < lastDts - 1e-6 && (backwards.length === 0 || Math.abs(backwards.at(-1)! - furthest) > 0.5)) backwards.push(furthest)
        lastDts = d
      }
      if (Number.isFinite(p)) {
        pts.push(p - startTime)
        furthest = Math.max(furthest, p - startTime)
      }
    } else if (cells[0] === 'frame') {
      const [t, w, h] = [Number(cells[1]), Number(cells[2]), Number(cells[3])]
      if (!(w > 0 && h > 0)) continue
      const size = `${w}×${h}`
      if (lastSize !== null && size !== lastSize)
        sizeChanges.push({ at: Number.isFinite(t) ? Math.max(0, t - startTime) : furthest, from: lastSize, to: size })
      lastSize = size
    }
  }
  // Joined clips replay their time: per-second rates of an overlapping timeline mean nothing.
  return { backwards, rateChanges: backwards.length > 0 ? [] : rateChanges(pts), sizeChanges }
}

/** Steady stretches of frames per second (whole seconds), and where one rate gives way to another. */
function rateChanges(pts: number[]): TimelineFindings['rateChanges'] {
  if (pts.length === 0) return []
  const end = Math.max(...pts)
  const counts = new Array<number>(Math.max(0, Math.floor(end))).fill(0)
  for (const t of pts) if (t >= 0 && Math.floor(t) < counts.length) counts[Math.floor(t)]! += 1
  const { rateStretchSeconds: stretch, rateChangeRatio: ratio } = TAKE_CHECK_SETTINGS
  const runs: Array<{ start: number; length: number; rate: number }> = []
  for (const [second, count] of counts.entries()) {
    const run = runs.at(-1)
    if (run && Math.abs(count - run.rate) <= Math.max(1, run.rate * 0.1)) run.length += 1
    else runs.push({ start: second, length: 1, rate: count })
  }
  const steady = runs.filter((r) => r.length >= stretch && r.rate > 0)
  const changes: TimelineFindings['rateChanges'] = []
  for (let i = 1; i < steady.length; i++) {
    const [a, b] = [steady[i - 1]!, steady[i]!]
    if (Math.abs(b.rate - a.rate) / a.rate >= ratio) changes.push({ at: b.start, from: a.rate, to: b.rate })
  }
  return changes
}

// ---------------------------------------------------------------------------
// Findings → flags

export interface TakeContext {
  /** When the attempt was uploaded (recorded). */
  uploadedAt: Date
  /** When its weight was declared (meets), null when nothing was declared before it. */
  declaredAt: Date | null
  /** The challenge's window (its organiser's setting, else TAKE_CHECK_WINDOW_HOURS); absent: TAKE_CHECK_SETTINGS.windowMs. */
  windowMs?: number
}

export interface TakeFindings {
  streams: StreamFacts
  timeline: TimelineFindings | null
  filters: FilterFindings | null
}

const overlap = (a: Stretch, b: Stretch, end: number) => Math.max(0, Math.min(a.end ?? end, b.end ?? end) - Math.max(a.start, b.start))

/** "a day" for the default window, else its hours ("6 h", "3 days"). */
const windowText = (ms: number) => {
  const hours = Math.round(ms / 3600_000)
  return hours === 24 ? 'a day' : hours % 24 === 0 ? `${hours / 24} days` : `${hours} h`
}

/** Pure: the flags and notes of a take, in the order of the clip (whole-file flags first). */
export function decideTakeFlags(found: TakeFindings, context: TakeContext): { flags: TakeFlag[]; notes: string[] } {
  const s = TAKE_CHECK_SETTINGS
  const notes: string[] = []
  const whole: TakeFlag[] = []
  const timed: TakeFlag[] = []
  const { streams } = found
  const duration = streams.duration

  const created = streams.creationTime
  if (!created) notes.push('The file states no creation time (many phones and apps strip it): not a flag.')
  else {
    const reference = context.declaredAt ?? context.uploadedAt
    const day = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
    if (created.getTime() > context.uploadedAt.getTime() + s.clockSlackMs) {
      whole.push({ kind: 'created_in_future', at: null, text: `the file says it was made on ${day(created)}, after it was uploaded` })
    } else if (created.getTime() < reference.getTime() - (context.windowMs ?? s.windowMs) - s.clockSlackMs) {
      const what = context.declaredAt ? 'the attempt was declared' : 'it was uploaded'
      whole.push({
        kind: 'created_too_early',
        at: null,
        text: `the file says it was made on ${day(created)}, more than ${windowText(context.windowMs ?? s.windowMs)} before ${what}`,
      })
    }
  }
  if (streams.videoStreams > 1)
    whole.push({ kind: 'extra_video_stream', at: null, text: `${streams.videoStreams} video streams: only the first is judged and shown` })
  if (duration !== null && duration < s.minSeconds) {
    whole.push({ kind: 'implausible_duration', at: null, text: `${duration.toFixed(1)} s long: too short to hold a lift` })
  }

  const limited = (kind: TakeFlag['kind'], flags: TakeFlag[], noun: string) => {
    if (flags.length > s.maxPerKind) notes.push(`${flags.length - s.maxPerKind} more ${noun} not listed`)
    timed.push(...flags.slice(0, s.maxPerKind).map((f) => ({ ...f, kind })))
  }

  if (found.timeline) {
    const t = found.timeline
    limited(
      'timestamps_backwards',
      t.backwards.map((at) => ({
        kind: 'timestamps_backwards',
        at,
        text: `timestamps go backwards at ${formatMoment(at)} (clips joined?)`,
      })),
      'jumps back',
    )
    limited(
      'frame_rate_change',
      t.rateChanges.map((c) => ({
        kind: 'frame_rate_change',
        at: c.at,
        text: `frame rate changes from ${c.from} to ${c.to} fps at ${formatMoment(c.at)}`,
      })),
      'frame rate changes',
    )
    limited(
      'size_change',
      t.sizeChanges.map((c) => ({
        kind: 'size_change',
        at: c.at,
        text: `picture size changes from ${c.from} to ${c.to} at ${formatMoment(c.at)}`,
      })),
      'size changes',
    )
  } else notes.push('The timestamp and frame-size check did not finish.')

  if (found.filters) {
    const end = duration ?? Infinity
    const f = found.filters
    const scenes = f.scenes.filter((c, i) => i === 0 || c.at - f.scenes[i - 1]!.at > 0.5)
    limited(
      'cut',
      scenes.map((c) => ({ kind: 'cut', at: c.at, text: `possible cut at ${formatMoment(c.at)}` })),
      'possible cuts',
    )
    const span = (x: Stretch) =>
      x.end === null ? `from ${formatMoment(x.start)} to the end` : `from ${formatMoment(x.start)} to ${formatMoment(x.end)}`
    limited(
      'black',
      f.blacks.map((b) => ({ kind: 'black', at: b.start, ...(b.end !== null ? { until: b.end } : {}), text: `black picture ${span(b)}` })),
      'black stretches',
    )
    // Black is still too: a still stretch mostly inside a black one is that black one.
    const stills = f.freezes.filter((z) => !f.blacks.some((b) => overlap(z, b, end) >= 0.8 * ((z.end ?? end) - z.start)))
    limited(
      'frozen',
      stills.map((z) => ({ kind: 'frozen', at: z.start, ...(z.end !== null ? { until: z.end } : {}), text: `picture frozen ${span(z)}` })),
      'frozen stretches',
    )
  } else notes.push('The picture check (cuts, frozen and black stretches) did not finish.')

  timed.sort((a, b) => (a.at ?? 0) - (b.at ?? 0))
  return { flags: [...whole, ...timed], notes }
}
