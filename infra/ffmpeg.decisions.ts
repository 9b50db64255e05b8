// What ffmpeg's runs on a user's file decide, without running anything: the limits a video must
// fit, which container (and demuxer) reads it, and ffprobe's JSON as a typed ProbeInfo. The runs
// themselves (the binaries, ffprobe, the decode checks) are infra/ffmpeg.ts.

// ---------------------------------------------------------------------------
// What a video must fit. A lift is seconds long; these refuse "video bombs" (hours of black
// frames in 10 MB, 16000×16000 frames) at probe time, before anything is decoded or stored.

export interface VideoLimits {
  /** Longest clip, seconds (VIDEO_MAX_SECONDS). The transcode also stops reading there (-t). */
  readonly maxSeconds: number
  /**
   * Largest frame: it must fit this box either way round (long side ≤ 4096, short side ≤ 2304),
   * so a portrait 4K phone clip fits as well as a landscape one. Coded size, which is what the
   * decoder allocates; rotation only swaps the sides, so it never changes the verdict.
   */
  readonly maxFrame: { readonly longSide: number; readonly shortSide: number }
  /** Highest frame rate (240 fps slow motion is refused: export it at normal speed). */
  readonly maxFrameRate: number
}

export const DEFAULT_VIDEO_LIMITS: VideoLimits = Object.freeze({
  maxSeconds: 300,
  maxFrame: Object.freeze({ longSide: 4096, shortSide: 2304 }),
  maxFrameRate: 120,
})

/** Limits for ffmpeg itself while it decodes and encodes: threads and the largest single allocation. */
export const FFMPEG_RESOURCE_LIMITS = Object.freeze({
  /** Decoder, filter and encoder threads per ffmpeg run (2 cores' worth; a 2-core machine stays responsive). */
  threads: 2,
  /** `-max_alloc`: the largest single block ffmpeg may allocate. A 4096×2304 RGBA frame is 38 MB. */
  maxAllocBytes: 128 * 1024 * 1024,
})

/** ffmpeg's global/input options that apply the resource limits (before `-i`). */
export function ffmpegResourceOptions(): string[] {
  const { threads, maxAllocBytes } = FFMPEG_RESOURCE_LIMITS
  return ['-max_alloc', String(maxAllocBytes), '-filter_complex_threads', String(threads), '-threads', String(threads)]
}

/** "3 h 0 min", "6 min", "5 min 30 s", "45 s": whole seconds, rounded up (300.4 s is over 5 min). */
export function formatDuration(seconds: number): string {
  const total = Math.ceil(seconds)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  if (h > 0) return `${h} h ${m} min`
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`
  return `${s} s`
}

export type VideoLimitReason = 'tooLong' | 'tooManyPixels' | 'tooFast'

export interface VideoLimitRefusal {
  readonly reason: VideoLimitReason
  /** A sentence for the uploader naming the clip's figure and the limit. */
  readonly message: string
}

/**
 * Pure: the first limit the probed video breaks (cheapest to tell first), or null. An unknown
 * duration or frame rate is not refused (browser recordings often state neither); the
 * transcode's `-t` and timeout bound those.
 */
export function exceedsVideoLimits(info: ProbeInfo, limits: VideoLimits = DEFAULT_VIDEO_LIMITS): VideoLimitRefusal | null {
  const durations = [info.duration, info.video?.duration].filter((d): d is number => d !== null && d !== undefined)
  const duration = durations.length > 0 ? Math.max(...durations) : null
  if (duration !== null && duration > limits.maxSeconds) {
    return {
      reason: 'tooLong',
      message: `The video is ${formatDuration(duration)} long; lifts are at most ${formatDuration(limits.maxSeconds)}. Trim it and try again.`,
    }
  }
  const video = info.video
  if (video) {
    const long = Math.max(video.width, video.height)
    const short = Math.min(video.width, video.height)
    const { longSide, shortSide } = limits.maxFrame
    if (long > longSide || short > shortSide) {
      return {
        reason: 'tooManyPixels',
        message: `The video is ${video.width}×${video.height} pixels; lifts are at most ${longSide}×${shortSide} (4K, either way round). Export it at 4K or smaller and try again.`,
      }
    }
    if (video.frameRate !== null && video.frameRate > limits.maxFrameRate + 0.01) {
      return {
        reason: 'tooFast',
        message: `The video is ${Math.round(video.frameRate)} frames per second; lifts are at most ${limits.maxFrameRate}. Export it at normal speed (30 or 60 fps) and try again.`,
      }
    }
  }
  return null
}

// ---------------------------------------------------------------------------
// Which demuxer reads a user's file. Left to itself, ffmpeg reads a file with whichever demuxer's
// probe scores its bytes highest, and that probe and the file-type sniff disagree on crafted files:
// an XML DASH manifest with `free` at byte 4 sniffs as MOV; behind an ID3v2 tag with the footer
// flag (ffmpeg skips 10 bytes more than file-type does: ff_id3v2_tag_len) a DASH or HLS manifest,
// an ffconcat script or a PNG/JPEG sniffs as MP4. ffmpeg then reads it as a manifest, which opens
// any `file:` URL it names (another lifter's original, any video on the host), or as a playlist
// of the files beside it, or as a still image. So every ffmpeg and ffprobe run on a user's file
// names the demuxer of the container the sniff found (`-f`, "Main options" in
// https://ffmpeg.org/ffmpeg.html), checks ffprobe's `format_name` says that demuxer read it, and
// allows the plain file protocol only (`-protocol_whitelist`, https://ffmpeg.org/ffmpeg-protocols.html).
// Forcing the demuxer is what stops the manifests: their nested opens use the file protocol too.

/** A container we take: the extension its stored original keeps, and the demuxer ffmpeg must read it with. */
export interface Container {
  readonly ext: string
  /** ffmpeg's demuxer (`ffmpeg -demuxers`): passed as `-f`, and one of the names in the `format_name` ffprobe then reports. */
  readonly demuxer: string
}

const container = (ext: string, demuxer: string): Container => Object.freeze({ ext, demuxer })

/**
 * file-type's extension for each container we take → how ffmpeg must read it. What is not here is
 * not a video, whatever ffmpeg could make of it (no manifest, playlist, script or image demuxer).
 */
export const CONTAINERS = Object.freeze({
  // ISO BMFF and QuickTime: one demuxer reads the family (format_name "mov,mp4,m4a,3gp,3g2,mj2").
  mp4: container('mp4', 'mov'),
  m4v: container('m4v', 'mov'),
  mov: container('mov', 'mov'),
  '3gp': container('3gp', 'mov'),
  '3g2': container('3g2', 'mov'),
  // Other brands file-type names in the same boxes, stored as .mp4.
  m4p: container('mp4', 'mov'),
  f4v: container('mp4', 'mov'),
  f4p: container('mp4', 'mov'),
  // Matroska and its WebM subset (format_name "matroska,webm").
  webm: container('webm', 'matroska'),
  mkv: container('mkv', 'matroska'),
  avi: container('avi', 'avi'),
  mpg: container('mpg', 'mpeg'), // MPEG-1/2 program stream
  mts: container('mts', 'mpegts'), // MPEG-2 transport stream, 188- or 192-byte (BDAV) packets
  ogv: container('ogv', 'ogg'),
  ogm: container('ogv', 'ogg'),
  flv: container('flv', 'flv'),
  asf: container('asf', 'asf'),
} satisfies Record<string, Container>)

/** Pure: the container of a sniffed file (file-type's answer); null when it is none we take. */
export function containerOf(sniffed: { ext: string } | undefined): Container | null {
  return sniffed && Object.hasOwn(CONTAINERS, sniffed.ext) ? CONTAINERS[sniffed.ext as keyof typeof CONTAINERS] : null
}

/**
 * The input options every ffmpeg and ffprobe run on a user's file carries before its `-i`: the
 * file protocol only (no `data:`, `crypto:`, `concat:`, `subfile:` or network URL, at the top or
 * nested), and the container's demuxer, never one ffmpeg guesses.
 */
export function demuxerOptions(container: Container): string[] {
  return ['-protocol_whitelist', 'file', '-f', container.demuxer]
}

/** Pure: did the demuxer we named read the file? ffprobe's `format_name` lists its names, comma-separated. */
export function readWith(formatName: string, container: Container): boolean {
  return formatName.split(',').includes(container.demuxer)
}

// ---------------------------------------------------------------------------
// ffprobe, typed

export interface VideoStreamInfo {
  readonly index: number
  readonly codec: string
  readonly profile: string | null
  /** The codec's level as ffprobe states it (H.264: 31 for 3.1; HEVC: 93 for 3.1); null when unknown. */
  readonly level?: number | null
  /** The container's four-character code ('hvc1', 'hev1', 'avc1'); null when none. */
  readonly codecTag?: string | null
  readonly pixFmt: string | null
  /** Coded size, before rotation. */
  readonly width: number
  readonly height: number
  /** Sample aspect ratio as a number (1 when square or unknown). */
  readonly sar: number
  /** Display rotation in degrees, normalised to 0, 90, 180 or 270. */
  readonly rotation: 0 | 90 | 180 | 270
  /** Frames per second, null when unknown. */
  readonly frameRate: number | null
  readonly bitRate: number | null
  /** Seconds, as the stream (or else the container) states it; null when unknown. */
  readonly duration: number | null
}

export interface AudioStreamInfo {
  readonly index: number
  readonly codec: string
  readonly channels: number
  readonly sampleRate: number | null
}

export interface ProbeInfo {
  readonly formatName: string
  /** Seconds; null when the container does not say. */
  readonly duration: number | null
  readonly size: number | null
  readonly video: VideoStreamInfo | null
  readonly audio: AudioStreamInfo | null
}

export class ProbeError extends Error {}

interface RawStream {
  index?: number
  codec_type?: string
  codec_name?: string
  profile?: string
  pix_fmt?: string
  level?: number
  codec_tag_string?: string
  width?: number
  height?: number
  sample_aspect_ratio?: string
  avg_frame_rate?: string
  r_frame_rate?: string
  bit_rate?: string
  channels?: number
  sample_rate?: string
  duration?: string
  tags?: Record<string, string>
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>
  disposition?: { attached_pic?: number }
}
export interface RawProbe {
  streams?: RawStream[]
  format?: { format_name?: string; duration?: string; size?: string }
}

function ratio(text: string | undefined): number | null {
  if (!text) return null
  const [n, d] = text.split(/[/:]/).map(Number)
  if (n === undefined || !Number.isFinite(n) || n <= 0) return null
  if (d === undefined) return n
  return Number.isFinite(d) && d > 0 ? n / d : null
}

function num(text: string | number | undefined): number | null {
  const value = typeof text === 'number' ? text : text === undefined ? NaN : Number(text)
  return Number.isFinite(value) ? value : null
}

function normaliseRotation(degrees: number): 0 | 90 | 180 | 270 {
  const r = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360
  return r as 0 | 90 | 180 | 270
}

/** Pure: ffprobe's JSON → ProbeInfo. Exported for tests. */
export function parseProbe(raw: RawProbe): ProbeInfo {
  const streams = raw.streams ?? []
  const v = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0 && (s.height ?? 0) > 0)
  const a = streams.find((s) => s.codec_type === 'audio')
  let video: VideoStreamInfo | null = null
  if (v) {
    const matrix = v.side_data_list?.find((d) => d.side_data_type === 'Display Matrix' && typeof d.rotation === 'number')
    const rotation = matrix?.rotation !== undefined ? matrix.rotation : (num(v.tags?.rotate) ?? 0)
    const fps = ratio(v.avg_frame_rate) ?? ratio(v.r_frame_rate)
    video = {
      index: v.index ?? 0,
      codec: v.codec_name ?? 'unknown',
      profile: v.profile ?? null,
      pixFmt: v.pix_fmt ?? null,
      level: typeof v.level === 'number' && v.level > 0 ? v.level : null,
      codecTag: v.codec_tag_string && /^[a-z0-9]{4}$/i.test(v.codec_tag_string) ? v.codec_tag_string : null,
      width: v.width!,
      height: v.height!,
      sar: ratio(v.sample_aspect_ratio) ?? 1,
      rotation: normaliseRotation(rotation),
      frameRate: fps !== null && fps < 1000 ? fps : null,
      bitRate: num(v.bit_rate),
      duration: num(v.duration) ?? num(raw.format?.duration),
    }
  }
  const audio: AudioStreamInfo | null = a
    ? { index: a.index ?? 0, codec: a.codec_name ?? 'unknown', channels: a.channels ?? 0, sampleRate: num(a.sample_rate) }
    : null
  const duration = num(raw.format?.duration) ?? num(v?.duration)
  return { formatName: raw.format?.format_name ?? 'unknown', duration, size: num(raw.format?.size), video, audio }
}
