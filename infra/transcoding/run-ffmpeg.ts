// One ffmpeg run through fluent-ffmpeg, killed (SIGKILL) when its job's signal aborts: the transcode's
// and the verdict clip's runs. `cwd`: where relative paths in the run resolve (the verdict clip's text files).
import ffmpeg from 'fluent-ffmpeg'
import type { FfmpegBinaries } from '../ffmpeg.ts'
import { statsLineSeconds } from './transcode.decisions.ts'

/** Runs one ffmpeg command; SIGKILLs it when `signal` aborts. */
export function runFfmpeg(
  binaries: FfmpegBinaries,
  signal: AbortSignal,
  build: (command: ffmpeg.FfmpegCommand) => void,
  onTime?: (seconds: number | null) => void,
  options: { cwd?: string } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const command = ffmpeg({ stdoutLines: 0, ...(options.cwd ? { cwd: options.cwd } : {}) })
      .setFfmpegPath(binaries.ffmpeg)
      .setFfprobePath(binaries.ffprobe)
    build(command)
    const abort = () => command.kill('SIGKILL')
    signal.addEventListener('abort', abort, { once: true })
    // Progress from ffmpeg's own stats lines, not fluent-ffmpeg's 'progress' event: a listener for that makes
    // fluent-ffmpeg run ffprobe on the input itself (lib/processor.js, runFfprobe), without -f or the whitelist.
    if (onTime) {
      command.on('stderr', (line: string) => {
        const seconds = statsLineSeconds(line)
        if (seconds !== null) onTime(seconds)
      })
    }
    command.on('error', (error: Error, _stdout: string | null, stderr: string | null) => {
      signal.removeEventListener('abort', abort)
      if (signal.aborted) return reject(signal.reason)
      const detail = String(stderr ?? '')
        .trim()
        .split('\n')
        .filter(Boolean)
        .slice(-3)
        .join(' | ')
      reject(new Error(`ffmpeg failed: ${detail || error.message}`))
    })
    command.on('end', () => {
      signal.removeEventListener('abort', abort)
      resolve()
    })
    command.run()
  })
}
