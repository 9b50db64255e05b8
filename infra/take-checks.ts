// The take checks' runs (docs/video-checks.md): two ffprobe reads and one ffmpeg decode of the first
// video stream, each bounded in time (killed at its timeout or when the job's signal aborts) and in
// memory and threads like the probe and the transcode (FFMPEG_RESOURCE_LIMITS). A run that fails or
// times out leaves a note and the others still count: the checks never fail the transcode.
import { execFile } from 'node:child_process'
import type { TakeChecks } from '../contract/take-checks.ts'
import type { Container, FfmpegBinaries } from './ffmpeg.ts'
import { contactSheetArgs, filterPassArgs, packetsProbeArgs, streamsProbeArgs } from './take-checks.commands.ts'
import {
  decideTakeFlags,
  parseFilterLog,
  parseStreams,
  parseTimeline,
  type FilterFindings,
  type StreamFacts,
  type TakeContext,
  type TimelineFindings,
} from './take-checks.decisions.ts'

function run(binary: string, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024, signal, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      if (error) reject(error)
      else resolve({ stdout: String(stdout), stderr: String(stderr) })
    })
  })
}

export interface TakeCheckOptions {
  signal?: AbortSignal
  /** The clip's length as probed (seconds; null when unknown): the filter pass's bound follows it. */
  durationS: number | null
  /** At most this much of the clip is read (VIDEO_MAX_SECONDS, as the transcode's -t). */
  maxSeconds: number
  now?: () => Date
}

/** Bound of the decode pass: 20 s plus twice the clip (a 2-core box decodes a 1080p clip at several times real time). */
export const filterPassTimeoutMs = (durationS: number | null, maxSeconds: number) =>
  20_000 + 2_000 * Math.min(durationS ?? maxSeconds, maxSeconds)

/** Runs the checks on a local file read as `container`; what it found, as stored on the attempt. */
export async function runTakeChecks(
  binaries: FfmpegBinaries,
  path: string,
  container: Container,
  context: TakeContext,
  options: TakeCheckOptions,
): Promise<TakeChecks> {
  const { signal } = options
  const failed: string[] = []
  const attempt = async <T>(what: string, body: () => Promise<T>): Promise<T | null> => {
    try {
      return await body()
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      failed.push(`${what}: ${(error as Error).message.split('\n')[0]!.slice(0, 200)}`)
      return null
    }
  }
  const streams: StreamFacts = (await attempt('streams', async () =>
    parseStreams(JSON.parse((await run(binaries.ffprobe, streamsProbeArgs(container, path), 30_000, signal)).stdout)),
  )) ?? { videoStreams: 1, creationTime: null, startTime: 0, duration: options.durationS }
  const timeline: TimelineFindings | null = await attempt('timeline', async () =>
    parseTimeline((await run(binaries.ffprobe, packetsProbeArgs(container, path), 60_000, signal)).stdout, streams.startTime),
  )
  const filters: FilterFindings | null = await attempt('picture', async () =>
    parseFilterLog(
      (
        await run(
          binaries.ffmpeg,
          filterPassArgs(container, path, options.maxSeconds),
          filterPassTimeoutMs(options.durationS, options.maxSeconds),
          signal,
        )
      ).stderr,
    ),
  )
  const { flags, notes } = decideTakeFlags(
    { streams: { ...streams, duration: streams.duration ?? options.durationS }, timeline, filters },
    context,
  )
  return {
    flags,
    notes: [...notes, ...failed.map((f) => `A check could not run (${f}).`)],
    created_at: streams.creationTime?.toISOString() ?? null,
    checked_at: (options.now?.() ?? new Date()).toISOString(),
  }
}

/** Writes the plate check's contact sheet (the take's last seconds, tiled) to `out`; bounded like the checks. */
export async function makeContactSheet(
  binaries: FfmpegBinaries,
  path: string,
  container: Container,
  out: string,
  signal?: AbortSignal,
): Promise<void> {
  await run(binaries.ffmpeg, contactSheetArgs(container, path, out), 60_000, signal)
}
