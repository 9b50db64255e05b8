// ffmpeg and ffprobe for both roles: which binaries, the limits a video must fit, and a typed ffprobe.
// Binaries: FFMPEG_PATH/FFPROBE_PATH, else the system's on PATH. Nothing else: the npm-shipped
// fallback (@ffmpeg-installer's 2018 build, with known CVEs) is gone, and a missing ffmpeg stops
// start-up with a message that says how to install it.
import { execFile } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import { ConfigError, type Config } from './config.ts'

export interface FfmpegBinaries {
  readonly ffmpeg: string
  readonly ffprobe: string
  /** Where each came from, for the startup log. */
  readonly source: { readonly ffmpeg: BinarySource; readonly ffprobe: BinarySource }
  /**
   * What a video must fit (VIDEO_MAX_SECONDS and the fixed pixel and frame-rate caps). Carried with
   * the binaries so every caller that resolves ffmpeg from the config — the upload check and the
   * transcode job — checks and caps with the same numbers.
   */
  readonly limits: VideoLimits
}
export type BinarySource = 'env' | 'system'

function onPath(name: string, pathEnv = process.env.PATH ?? ''): string | undefined {
  for (const dir of pathEnv.split(delimiter)) {
    if (!dir) continue
    const candidate = join(dir, name)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

/** Said when no ffmpeg is found: what to install, per system. */
export const FFMPEG_INSTALL_HINT =
  'LiftArena needs ffmpeg (with ffprobe). Install it — Debian/Ubuntu: `sudo apt-get install ffmpeg`; macOS: `brew install ffmpeg` — ' +
  'or set FFMPEG_PATH and FFPROBE_PATH to the binaries.'

let cached: { key: string; value: FfmpegBinaries } | undefined

/**
 * The ffmpeg and ffprobe this process runs, and the video limits from the config. Throws a
 * ConfigError (which stops the server and the worker at start) when either binary is missing.
 */
export function resolveFfmpegBinaries(config: Pick<Config, 'ffmpegPath' | 'ffprobePath'> & Partial<Pick<Config, 'videoMaxSeconds'>>): FfmpegBinaries {
  const key = `${config.ffmpegPath ?? ''}\0${config.ffprobePath ?? ''}\0${config.videoMaxSeconds ?? ''}\0${process.env.PATH ?? ''}`
  if (cached?.key === key) return cached.value
  const pick = (explicit: string | undefined, name: 'ffmpeg' | 'ffprobe'): [string, BinarySource] => {
    const variable = `${name.toUpperCase()}_PATH`
    if (explicit) {
      try {
        accessSync(explicit, constants.X_OK)
      } catch {
        throw new ConfigError(`${variable} is "${explicit}", which is not an executable file. ${FFMPEG_INSTALL_HINT}`)
      }
      return [explicit, 'env']
    }
    const system = onPath(name)
    if (system) return [system, 'system']
    throw new ConfigError(`No ${name} found on PATH. ${FFMPEG_INSTALL_HINT}`)
  }
  const [ffmpeg, ffmpegSource] = pick(config.ffmpegPath, 'ffmpeg')
  const [ffprobe, ffprobeSource] = pick(config.ffprobePath, 'ffprobe')
  const limits = Object.freeze({ ...DEFAULT_VIDEO_LIMITS, ...(config.videoMaxSeconds !== undefined ? { maxSeconds: config.videoMaxSeconds } : {}) })
  const value = Object.freeze({ ffmpeg, ffprobe, source: Object.freeze({ ffmpeg: ffmpegSource, ffprobe: ffprobeSource }), limits })
  cached = { key, value }
  return value
}

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
  index?: number; codec_type?: string; codec_name?: string; profile?: string; pix_fmt?: string; level?: number; codec_tag_string?: string
  width?: number; height?: number; sample_aspect_ratio?: string; avg_frame_rate?: string; r_frame_rate?: string
  bit_rate?: string; channels?: number; sample_rate?: string; duration?: string
  tags?: Record<string, string>; side_data_list?: Array<{ side_data_type?: string; rotation?: number }>
  disposition?: { attached_pic?: number }
}
interface RawProbe { streams?: RawStream[]; format?: { format_name?: string; duration?: string; size?: string } }

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
    const rotation = matrix?.rotation !== undefined ? matrix.rotation : num(v.tags?.rotate) ?? 0
    const fps = ratio(v.avg_frame_rate) ?? ratio(v.r_frame_rate)
    video = {
      index: v.index ?? 0, codec: v.codec_name ?? 'unknown', profile: v.profile ?? null, pixFmt: v.pix_fmt ?? null,
      level: typeof v.level === 'number' && v.level > 0 ? v.level : null,
      codecTag: v.codec_tag_string && /^[a-z0-9]{4}$/i.test(v.codec_tag_string) ? v.codec_tag_string : null,
      width: v.width!, height: v.height!, sar: ratio(v.sample_aspect_ratio) ?? 1, rotation: normaliseRotation(rotation),
      frameRate: fps !== null && fps < 1000 ? fps : null, bitRate: num(v.bit_rate),
      duration: num(v.duration) ?? num(raw.format?.duration),
    }
  }
  const audio: AudioStreamInfo | null = a
    ? { index: a.index ?? 0, codec: a.codec_name ?? 'unknown', channels: a.channels ?? 0, sampleRate: num(a.sample_rate) }
    : null
  const duration = num(raw.format?.duration) ?? num(v?.duration)
  return { formatName: raw.format?.format_name ?? 'unknown', duration, size: num(raw.format?.size), video, audio }
}

function run(binary: string, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    execFile(binary, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, signal, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr: String(stderr) }))
      else resolvePromise({ stdout: String(stdout), stderr: String(stderr) })
    })
  })
}

function lastLine(text: string): string {
  return text.trim().split('\n').filter(Boolean).pop()?.replace(/^\S+:\s*/, '') ?? ''
}

/** Probes a local file. Throws ProbeError when ffprobe cannot read it at all. */
export async function probe(binaries: FfmpegBinaries, path: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<ProbeInfo> {
  let stdout: string
  try {
    // -max_alloc: ffprobe decodes a frame to fill in stream details; a 16000×16000 one took 650 MB.
    // Capped, that decode fails quietly and the sizes (read from the stream headers) still come back.
    const cap = ['-max_alloc', String(FFMPEG_RESOURCE_LIMITS.maxAllocBytes)]
    ;({ stdout } = await run(binaries.ffprobe, [...cap, '-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], options.timeoutMs ?? 30_000, options.signal))
  } catch (error) {
    throw new ProbeError(`ffprobe could not read the file: ${lastLine((error as { stderr?: string }).stderr ?? '') || (error as Error).message}`)
  }
  try {
    return parseProbe(JSON.parse(stdout) as RawProbe)
  } catch (error) {
    throw new ProbeError(`ffprobe answered something unexpected: ${(error as Error).message}`)
  }
}

/**
 * Proves the video stream is whole and decodes: the first frame decodes; the
 * packets run to the stated end (a clip cut off after a `moov` at the front probes
 * fine but its last packets are missing); the last second decodes.
 * Throws ProbeError with the reason.
 */
export async function assertDecodable(binaries: FfmpegBinaries, path: string, info: ProbeInfo, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<void> {
  const timeout = options.timeoutMs ?? 30_000
  const base = ['-hide_banner', '-nostdin', '-v', 'error', '-xerror', ...ffmpegResourceOptions()]
  const decode = async (what: string, args: string[]) => {
    try {
      await run(binaries.ffmpeg, args, timeout, options.signal)
    } catch (error) {
      throw new ProbeError(`${what} does not decode: ${lastLine((error as { stderr?: string }).stderr ?? '') || (error as Error).message}`)
    }
  }
  await decode('the first frame', [...base, '-i', path, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-'])

  const duration = info.video?.duration ?? info.duration
  if (duration !== null && duration > 0) {
    const from = Math.max(0, duration - 2)
    let out: { stdout: string; stderr: string }
    try {
      out = await run(binaries.ffprobe, [
        '-max_alloc', String(FFMPEG_RESOURCE_LIMITS.maxAllocBytes), '-v', 'error', '-select_streams', 'v:0', '-read_intervals', `${from.toFixed(3)}%`,
        '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', path,
      ], timeout, options.signal)
    } catch (error) {
      throw new ProbeError(`the end of the clip cannot be read: ${lastLine((error as { stderr?: string }).stderr ?? '') || (error as Error).message}`)
    }
    if (/partial file|end of file|truncat|premature/i.test(out.stderr)) throw new ProbeError(`the clip is cut off: ${lastLine(out.stderr)}`)
    let end = 0
    for (const line of out.stdout.split('\n')) {
      const [pts, dur] = line.split(',').map(Number)
      if (pts !== undefined && Number.isFinite(pts)) end = Math.max(end, pts + (dur !== undefined && Number.isFinite(dur) ? dur : 0))
    }
    if (end < duration - 0.5) throw new ProbeError(`the clip is cut off: its video ends at ${end.toFixed(2)} s of ${duration.toFixed(2)} s`)
  }

  await decode('the end of the clip', [...base, '-sseof', '-1', '-i', path, '-map', '0:v:0', '-f', 'null', '-'])
}

/** Containers we take (as sniffed from the bytes) and the extension a stored original keeps. */
const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mov', 'webm', 'mkv', '3gp', '3g2', 'avi', 'mpg', 'mts', 'ogv', 'flv', 'asf'])

export type PlayableCheck =
  | { playable: true; ext: string; info: ProbeInfo }
  /** `notVideo`: the bytes are no video container; `unreadable`: a video that is truncated or damaged. */
  | { playable: false; reason: 'notVideo' | 'unreadable'; detail: string }
  /** Over a limit (too long, too many pixels, too many frames per second): `detail` is the sentence for the uploader. */
  | { playable: false; reason: VideoLimitReason; detail: string }

/**
 * Is the file at `path` a playable video? The bytes decide, never a declared type or name:
 * the container is sniffed, ffprobe must find a video stream, the stream must fit the limits
 * (checked on the probe alone, before anything is decoded), and both ends must decode.
 * Answers the extension the stored original keeps.
 */
export async function checkPlayableVideo(binaries: FfmpegBinaries, path: string, limits: VideoLimits = binaries.limits): Promise<PlayableCheck> {
  const { fileTypeFromFile } = await import('file-type')
  const sniffed = await fileTypeFromFile(path)
  if (!sniffed || !(sniffed.mime.startsWith('video/') || VIDEO_EXTENSIONS.has(sniffed.ext)) || !/^[a-z0-9]{2,4}$/.test(sniffed.ext)) {
    return { playable: false, reason: 'notVideo', detail: sniffed ? `sniffed ${sniffed.mime}` : 'no known container' }
  }
  try {
    const info = await probe(binaries, path)
    if (!info.video) throw new ProbeError('no video stream')
    const refused = exceedsVideoLimits(info, limits)
    if (refused) return { playable: false, reason: refused.reason, detail: refused.message }
    await assertDecodable(binaries, path, info)
    return { playable: true, ext: VIDEO_EXTENSIONS.has(sniffed.ext) ? sniffed.ext : 'mp4', info }
  } catch (error) {
    if (!(error instanceof ProbeError)) throw error
    return { playable: false, reason: 'unreadable', detail: error.message }
  }
}
