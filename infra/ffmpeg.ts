// ffmpeg and ffprobe for both roles, the process side: which binaries, the sniff, ffprobe and the decode checks.
// Binaries: FFMPEG_PATH/FFPROBE_PATH, else the system's on PATH. Nothing else: the npm-shipped
// fallback (@ffmpeg-installer's 2018 build, with known CVEs) is gone, and a missing ffmpeg stops
// start-up with a message that says how to install it.
// The pure parts (limits, containers, the probe's parsing) are ffmpeg.decisions.ts, re-exported here.
import { execFile } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import { ConfigError, type Config } from './config.ts'
import {
  DEFAULT_VIDEO_LIMITS,
  FFMPEG_RESOURCE_LIMITS,
  ProbeError,
  containerOf,
  demuxerOptions,
  exceedsVideoLimits,
  ffmpegResourceOptions,
  parseProbe,
  readWith,
  type Container,
  type ProbeInfo,
  type RawProbe,
  type VideoLimitReason,
  type VideoLimits,
} from './ffmpeg.decisions.ts'

export * from './ffmpeg.decisions.ts'

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
export function resolveFfmpegBinaries(
  config: Pick<Config, 'ffmpegPath' | 'ffprobePath'> & Partial<Pick<Config, 'videoMaxSeconds'>>,
): FfmpegBinaries {
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
  const limits = Object.freeze({
    ...DEFAULT_VIDEO_LIMITS,
    ...(config.videoMaxSeconds !== undefined ? { maxSeconds: config.videoMaxSeconds } : {}),
  })
  const value = Object.freeze({ ffmpeg, ffprobe, source: Object.freeze({ ffmpeg: ffmpegSource, ffprobe: ffprobeSource }), limits })
  cached = { key, value }
  return value
}

/** The container the file's bytes say it is (file-type reads its first few KB); null when none we take. */
export async function sniffContainer(path: string): Promise<Container | null> {
  const { fileTypeFromFile } = await import('file-type')
  return containerOf(await fileTypeFromFile(path))
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
  return (
    text
      .trim()
      .split('\n')
      .filter(Boolean)
      .pop()
      ?.replace(/^\S+:\s*/, '') ?? ''
  )
}

/**
 * Probes a local file as `container` (its demuxer forced, the file protocol only). Throws ProbeError
 * when ffprobe cannot read it so, or reports another demuxer than the one named.
 */
export async function probe(
  binaries: FfmpegBinaries,
  path: string,
  container: Container,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ProbeInfo> {
  let stdout: string
  try {
    // -max_alloc: ffprobe decodes a frame to fill in stream details; a 16000×16000 one took 650 MB.
    // Capped, that decode fails quietly and the sizes (read from the stream headers) still come back.
    const cap = ['-max_alloc', String(FFMPEG_RESOURCE_LIMITS.maxAllocBytes)]
    const args = [...cap, ...demuxerOptions(container), '-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]
    ;({ stdout } = await run(binaries.ffprobe, args, options.timeoutMs ?? 30_000, options.signal))
  } catch (error) {
    throw new ProbeError(
      `ffprobe could not read the file: ${lastLine((error as { stderr?: string }).stderr ?? '') || (error as Error).message}`,
    )
  }
  let info: ProbeInfo
  try {
    info = parseProbe(JSON.parse(stdout) as RawProbe)
  } catch (error) {
    throw new ProbeError(`ffprobe answered something unexpected: ${(error as Error).message}`)
  }
  // With -f this always holds; checked anyway, so a run that lost its -f cannot pass a manifest on.
  if (!readWith(info.formatName, container)) throw new ProbeError(`ffprobe read the file as ${info.formatName}, not ${container.demuxer}`)
  return info
}

/**
 * Proves the video stream is whole and decodes: the first frame decodes; the
 * packets run to the stated end (a clip cut off after a `moov` at the front probes
 * fine but its last packets are missing); the last second decodes.
 * Throws ProbeError with the reason.
 */
export async function assertDecodable(
  binaries: FfmpegBinaries,
  path: string,
  container: Container,
  info: ProbeInfo,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const timeout = options.timeoutMs ?? 30_000
  const input = demuxerOptions(container)
  const base = ['-hide_banner', '-nostdin', '-v', 'error', '-xerror', ...ffmpegResourceOptions(), ...input]
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
      out = await run(
        binaries.ffprobe,
        [
          '-max_alloc',
          String(FFMPEG_RESOURCE_LIMITS.maxAllocBytes),
          ...input,
          '-v',
          'error',
          '-select_streams',
          'v:0',
          '-read_intervals',
          `${from.toFixed(3)}%`,
          '-show_entries',
          'packet=pts_time,duration_time',
          '-of',
          'csv=p=0',
          path,
        ],
        timeout,
        options.signal,
      )
    } catch (error) {
      throw new ProbeError(
        `the end of the clip cannot be read: ${lastLine((error as { stderr?: string }).stderr ?? '') || (error as Error).message}`,
      )
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

export type PlayableCheck =
  /** `container`: how every later ffmpeg run must read it; `container.ext` is the extension the stored original keeps. */
  | { playable: true; container: Container; info: ProbeInfo }
  /** `notVideo`: the bytes are no video container; `unreadable`: a video that is truncated or damaged, or not the container it looks like. */
  | { playable: false; reason: 'notVideo' | 'unreadable'; detail: string }
  /** Over a limit (too long, too many pixels, too many frames per second): `detail` is the sentence for the uploader. */
  | { playable: false; reason: VideoLimitReason; detail: string }

/**
 * Is the file at `path` a playable video? The bytes decide, never a declared type or name:
 * the container is sniffed, ffprobe must read it with that container's demuxer and find a video
 * stream, the stream must fit the limits (checked on the probe alone, before anything is decoded),
 * and both ends must decode, read the same way.
 */
export async function checkPlayableVideo(
  binaries: FfmpegBinaries,
  path: string,
  limits: VideoLimits = binaries.limits,
): Promise<PlayableCheck> {
  const { fileTypeFromFile } = await import('file-type')
  const sniffed = await fileTypeFromFile(path)
  const container = containerOf(sniffed)
  if (!container) return { playable: false, reason: 'notVideo', detail: sniffed ? `sniffed ${sniffed.mime}` : 'no known container' }
  try {
    const info = await probe(binaries, path, container)
    if (!info.video) throw new ProbeError('no video stream')
    const refused = exceedsVideoLimits(info, limits)
    if (refused) return { playable: false, reason: refused.reason, detail: refused.message }
    await assertDecodable(binaries, path, container, info)
    return { playable: true, container, info }
  } catch (error) {
    if (!(error instanceof ProbeError)) throw error
    return { playable: false, reason: 'unreadable', detail: error.message }
  }
}
