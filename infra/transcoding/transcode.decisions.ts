// Pure transcoding decisions over probed stream info: what to make, at which
// sizes, with which ffmpeg options. No I/O here; transcode.job.ts runs them.
import { FFMPEG_RESOURCE_LIMITS, demuxerOptions, ffmpegResourceOptions, type Container, type ProbeInfo } from '../ffmpeg.ts'
import { WEB_H264_PROFILE, type EncoderProfile, type RenditionSpec } from './transcode.profile.ts'

/** The source cannot become renditions (no video stream, nonsense size). Retrying will not help. */
export class UnsupportedSourceError extends Error {}

export interface Size {
  readonly width: number
  readonly height: number
}

export interface PlannedRendition extends Size {
  readonly name: RenditionSpec['name']
  readonly maxrateKbps: number
}

export interface TranscodePlan {
  /** As displayed: sample aspect ratio applied, rotation honoured. */
  readonly display: Size
  readonly durationS: number | null
  /** Output frame rate when the source is above the profile's maximum; null keeps the source's timing. */
  readonly frameRate: number | null
  /** Frames between keyframes (≈ profile.video.gopSeconds). */
  readonly gopFrames: number
  readonly audio: boolean
  readonly renditions: readonly PlannedRendition[]
  readonly poster: Size & { readonly atSeconds: number }
}

/** Encoder threads per output (the decoder and filters get the same cap through ffmpegResourceOptions). */
const FFMPEG_THREADS = FFMPEG_RESOURCE_LIMITS.threads

/** Largest even number ≤ n (H.264 4:2:0 needs even sides), at least 2. */
const evenDown = (n: number) => Math.max(2, Math.floor(n / 2) * 2)

/** The picture as a viewer sees it: SAR applied, width and height swapped for 90°/270°. */
export function displaySize(video: NonNullable<ProbeInfo['video']>): Size {
  const width = Math.round(video.width * (video.sar > 0 ? video.sar : 1))
  const height = video.height
  return video.rotation === 90 || video.rotation === 270 ? { width: height, height: width } : { width, height }
}

/** Scales `display` so its shorter side is `shortSide`, never above the source; both sides even. */
export function fitShortSide(display: Size, shortSide: number): Size {
  const portrait = display.height > display.width
  const srcShort = portrait ? display.width : display.height
  const srcLong = portrait ? display.height : display.width
  const outShort = evenDown(Math.min(shortSide, srcShort))
  const outLong = Math.min(evenDown(Math.round((srcLong * outShort) / srcShort)), evenDown(srcLong))
  return portrait ? { width: outShort, height: outLong } : { width: outLong, height: outShort }
}

/**
 * One rendition per profile target, each at min(target, source). A target that
 * would come out the same size as the one below it (the source is smaller than
 * both) is skipped: a 360p source yields only "360", a 480p source "360" and a
 * 480p "720", a 1080p source 360p and 720p.
 */
export function planRenditions(display: Size, profile: EncoderProfile = WEB_H264_PROFILE): PlannedRendition[] {
  const out: PlannedRendition[] = []
  for (const spec of [...profile.renditions].sort((a, b) => a.shortSide - b.shortSide)) {
    const size = fitShortSide(display, spec.shortSide)
    const previous = out[out.length - 1]
    if (previous && previous.width === size.width && previous.height === size.height) continue
    out.push({ name: spec.name, ...size, maxrateKbps: spec.maxrateKbps })
  }
  return out
}

/** Halves a high frame rate until it fits the profile; null when the source rate is fine or unknown. */
export function outputFrameRate(sourceFps: number | null, profile: EncoderProfile = WEB_H264_PROFILE): number | null {
  if (sourceFps === null || sourceFps <= profile.video.maxFrameRate) return null
  let fps = sourceFps
  while (fps > profile.video.maxFrameRate) fps /= 2
  return Math.round(fps * 1000) / 1000
}

export function gopFrames(fps: number | null, profile: EncoderProfile = WEB_H264_PROFILE): number {
  const rate = fps ?? profile.video.assumedFrameRate
  return Math.max(1, Math.round(rate * profile.video.gopSeconds))
}

/** Where the poster frame is taken: the profile's moment, or the middle of a shorter clip. */
export function posterTime(durationS: number | null, profile: EncoderProfile = WEB_H264_PROFILE): number {
  if (durationS === null || durationS <= 0) return 0
  return Math.round(Math.min(profile.poster.atSeconds, durationS / 2) * 1000) / 1000
}

export function planTranscode(probe: ProbeInfo, profile: EncoderProfile = WEB_H264_PROFILE): TranscodePlan {
  const video = probe.video
  if (!video) throw new UnsupportedSourceError('The file has no video stream.')
  if (video.width < 2 || video.height < 2 || video.width > 16_384 || video.height > 16_384) {
    throw new UnsupportedSourceError(`The video size ${video.width}×${video.height} is not supported.`)
  }
  const display = displaySize(video)
  const frameRate = outputFrameRate(video.frameRate, profile)
  return {
    display,
    durationS: probe.duration,
    frameRate,
    gopFrames: gopFrames(frameRate ?? video.frameRate, profile),
    audio: probe.audio !== null && probe.audio.channels > 0,
    renditions: planRenditions(display, profile),
    poster: { ...fitShortSide(display, profile.poster.shortSide), atSeconds: posterTime(probe.duration, profile) },
  }
}

// ---------------------------------------------------------------------------
// ffmpeg options, derived from the plan and the profile only

/**
 * What goes before the rendition encode's `-i`: no stdin, ffmpeg's thread and allocation caps,
 * the source's own demuxer and the file protocol only (infra/ffmpeg.ts, demuxerOptions), and
 * `-t`: it reads at most `maxSeconds` of the source (a backstop behind the upload check, for
 * a clip whose length the probe did not state or that was stored before the limit existed).
 */
export function renditionInputOptions(container: Container, maxSeconds: number): string[] {
  return ['-nostdin', ...ffmpegResourceOptions(), ...demuxerOptions(container), '-t', String(maxSeconds)]
}

/** What goes before the poster's `-i` (one frame at `plan.poster.atSeconds`, read as `container`). */
export function posterInputOptions(container: Container, plan: TranscodePlan): string[] {
  return ['-nostdin', ...ffmpegResourceOptions(), ...demuxerOptions(container), '-ss', String(plan.poster.atSeconds)]
}

/** One decode, split into one scaled branch per rendition (ffmpeg auto-rotates before the graph). */
export function renditionFilterGraph(plan: TranscodePlan): string {
  const n = plan.renditions.length
  const fps = plan.frameRate !== null ? `fps=${plan.frameRate},` : ''
  const split = n > 1 ? `[0:v:0]${fps}split=${n}${plan.renditions.map((_, i) => `[s${i}]`).join('')};` : ''
  const branches = plan.renditions.map((r, i) => {
    const input = n > 1 ? `[s${i}]` : `[0:v:0]${fps}`
    return `${input}scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=${WEB_H264_PROFILE.video.pixFmt}[v${r.name}]`
  })
  return split + branches.join(';')
}

export function renditionOutputOptions(
  plan: TranscodePlan,
  rendition: PlannedRendition,
  profile: EncoderProfile = WEB_H264_PROFILE,
): string[] {
  const v = profile.video
  const a = profile.audio
  const video = [
    '-map',
    `[v${rendition.name}]`,
    '-c:v',
    v.encoder,
    '-profile:v',
    v.profile,
    '-preset',
    v.preset,
    '-crf',
    String(v.crf),
    '-pix_fmt',
    v.pixFmt,
    '-maxrate',
    `${rendition.maxrateKbps}k`,
    '-bufsize',
    `${rendition.maxrateKbps * 2}k`,
    '-g',
    String(plan.gopFrames),
    '-keyint_min',
    String(plan.gopFrames),
    '-sc_threshold',
    '0',
    '-threads',
    String(FFMPEG_THREADS),
  ]
  const audio = plan.audio
    ? ['-map', '0:a:0', '-c:a', a.encoder, '-ac', String(a.channels), '-ar', String(a.sampleRate), '-b:a', `${a.bitrateKbps}k`]
    : ['-an']
  return [...video, ...audio, '-sn', '-dn', '-map_metadata', '-1', '-movflags', profile.container.movflags, '-f', profile.container.format]
}

export function posterOutputOptions(plan: TranscodePlan, profile: EncoderProfile = WEB_H264_PROFILE): string[] {
  return [
    '-threads',
    String(FFMPEG_THREADS),
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    '-vf',
    `scale=${plan.poster.width}:${plan.poster.height}:flags=bicubic,setsar=1`,
    '-q:v',
    String(profile.poster.jpegQuality),
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
  ]
}

// ---------------------------------------------------------------------------
// Progress

/** "00:01:02.50" → 62.5 seconds; null when unreadable. */
export function parseTimemark(timemark: string | undefined): number | null {
  if (!timemark) return null
  const match = /^(-?\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(timemark.trim())
  if (!match) return null
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3])
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null
}

/**
 * How far ffmpeg's stats line has got, in seconds of the source ("frame=  50 fps=… time=00:00:02.00 …");
 * null for any other line, or a time it cannot tell ("time=N/A").
 */
export function statsLineSeconds(line: string): number | null {
  const match = /(?:^|\s)time=\s*(\S+)/.exec(line)
  return match ? parseTimemark(match[1]) : null
}

/** Share of the whole job spent encoding renditions; the poster and the bookkeeping share the rest. */
export const ENCODE_SHARE = 90

/** Percent of the whole job when the encode has reached `seconds` of a `durationS` clip: 0–ENCODE_SHARE, whole numbers. */
export function encodePercent(seconds: number | null, durationS: number | null): number {
  if (seconds === null || durationS === null || durationS <= 0) return 0
  return Math.max(0, Math.min(ENCODE_SHARE, Math.floor((seconds / durationS) * ENCODE_SHARE)))
}

/** Whether an attempt still needs work (a repeat or recovered job finds it done and stops). */
export function needsTranscode(attempt: { processingState: string; originalKey: string | null }): 'transcode' | 'done' | 'no-source' {
  if (!attempt.originalKey) return 'no-source'
  return attempt.processingState === 'ready' || attempt.processingState === 'failed' ? 'done' : 'transcode'
}
