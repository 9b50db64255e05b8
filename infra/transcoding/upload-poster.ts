// The poster made at upload time: one frame of the original, where and as the transcode makes it
// (same plan, same options), so the video page shows it while the renditions are still pending.
// One seek and one decoded frame: ~0.35 s of CPU for a 1080×1920 HEVC clip on this machine; the
// server runs it in turn with the upload's video checks (app.uploads.makePoster), never 50 at once.
import { execFile } from 'node:child_process'
import type { Container, FfmpegBinaries, ProbeInfo } from '../ffmpeg.ts'
import { planTranscode, posterInputOptions, posterOutputOptions } from './transcode.decisions.ts'

/** Longest a poster grab may take; past it the upload goes on without one (the transcode makes it). */
export const UPLOAD_POSTER_TIMEOUT_MS = 15_000

/** Writes the poster JPEG of `source` (read as `container`) to `out`. Throws when ffmpeg fails or the source has no usable video. */
export function grabPoster(binaries: FfmpegBinaries, source: string, container: Container, info: ProbeInfo, out: string): Promise<void> {
  const plan = planTranscode(info)
  const args = [
    '-hide_banner',
    '-v',
    'error',
    ...posterInputOptions(container, plan),
    '-i',
    source,
    ...posterOutputOptions(plan),
    '-y',
    out,
  ]
  return new Promise((resolve, reject) => {
    execFile(binaries.ffmpeg, args, { timeout: UPLOAD_POSTER_TIMEOUT_MS, killSignal: 'SIGKILL' }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`poster grab failed: ${String(stderr).trim().split('\n').pop() || error.message}`))
      else resolve()
    })
  })
}
