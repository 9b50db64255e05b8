// The verdict clip job (docs/video-checks.md "Verdict clips"): after a decision, a short MP4 of the take
// with the lifter's name, the lift, weight and attempt number, the lights, and a closing card with the
// verdict (and the reason of a no lift) burned in. Runs in the transcode queue, with its limits and
// retries (jobs.ts: kind 'verdict_clip'). Order of effects, so a crash at any point loses nothing:
//   1. render into a private scratch directory;
//   2. put the file in place under a name that says which decision it shows;
//   3. only then record it on the attempt (conditional: the decision must still be the one rendered).
// A retry, or a repeat enqueue, finds the clip recorded and does nothing.
import { access, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from '../config.ts'
import {
  ProbeError,
  demuxerOptions,
  ffmpegResourceOptions,
  probe,
  resolveFfmpegBinaries,
  sniffContainer,
  type FfmpegBinaries,
} from '../ffmpeg.ts'
import type { VerdictClipsRepository } from '../repositories/verdict-clips.repository.ts'
import type { Storage } from '../storage.ts'
import {
  VERDICT_CARD_SECONDS,
  VERDICT_FONT,
  clipSize,
  takeWindow,
  verdictClipKey,
  verdictFilterGraph,
  verdictOutputOptions,
  verdictStamp,
  verdictTexts,
} from '../verdict-clip.decisions.ts'
import { PermanentJobError, consoleLog, type JobContext, type Log, type TranscodeJob } from './jobs.ts'
import { runFfmpeg } from './run-ffmpeg.ts'

export interface VerdictClipDeps {
  verdictClips: Pick<VerdictClipsRepository, 'source' | 'setClip'>
  storage: Storage
  config: Pick<Config, 'ffmpegPath' | 'ffprobePath'> & Partial<Pick<Config, 'videoMaxSeconds'>>
  log?: Log
  /** Tests draw with another font file; production uses VERDICT_FONT. */
  font?: string
}

export type VerdictClipOutcome =
  { state: 'ready'; attemptId: number; key: string; ms: number } | { state: 'skipped'; attemptId: number; reason: string }

export function createVerdictClipProcessor(deps: VerdictClipDeps) {
  const { verdictClips, storage, config } = deps
  const log = deps.log ?? consoleLog
  const font = deps.font ?? VERDICT_FONT
  let binaries: FfmpegBinaries | undefined

  return async function verdictClip(job: JobContext<TranscodeJob>): Promise<VerdictClipOutcome> {
    const started = Date.now()
    const { attemptId } = job.data
    const attempt = await verdictClips.source(attemptId)
    if (!attempt) return { state: 'skipped', attemptId, reason: 'the attempt no longer exists' }
    const stamp = verdictStamp(attempt)
    if (!stamp) return { state: 'skipped', attemptId, reason: 'not decided' }
    const key = verdictClipKey(attemptId, stamp)
    if (attempt.verdictClipKey === key) return { state: 'skipped', attemptId, reason: 'already rendered' }
    // The 720p rendition (our own H.264 MP4) when ready; else the original, read as its sniffed container.
    const ready = attempt.processingState === 'ready'
    const sourceKey = (ready ? (attempt.renditions['720'] ?? attempt.renditions['360']) : undefined) ?? attempt.originalKey
    if (!sourceKey) return { state: 'skipped', attemptId, reason: 'no video' }
    try {
      await access(font)
    } catch {
      throw new PermanentJobError(`The verdict clip's font ${font} is missing (Debian: apt-get install fonts-dejavu-core).`)
    }

    binaries ??= resolveFfmpegBinaries(config)
    const bins = binaries
    const scratch = await storage.scratch('verdict')
    try {
      const out = join(scratch.dir, 'verdict.mp4')
      await storage.withLocalFile(sourceKey, async (source) => {
        const container = await sniffContainer(source)
        if (!container) throw new ProbeError('the video is not a container we take')
        const info = await probe(bins, source, container, { signal: job.signal })
        const video = info.video
        if (!video) throw new ProbeError('the video has no picture')
        const sideways = video.rotation === 90 || video.rotation === 270
        const size = clipSize(sideways ? video.height : video.width * video.sar, sideways ? video.width * video.sar : video.height)
        const marks = attempt.lights.flatMap((l) => (l.at_seconds !== null && !l.good ? [l.at_seconds] : []))
        const window = takeWindow(Math.min(info.duration ?? video.duration ?? bins.limits.maxSeconds, bins.limits.maxSeconds), marks)
        job.scaleTimeout(window.seconds + VERDICT_CARD_SECONDS)
        const good = attempt.status === 'completed'
        const reason = attempt.lights.find((l) => !l.good && l.reason)?.reason ?? null
        const texts = verdictTexts({ ...attempt, good, reason, lights: attempt.lights })
        for (const [name, text] of Object.entries(texts)) await writeFile(join(scratch.dir, name), text, 'utf8')
        const graph = verdictFilterGraph({
          ...size,
          seconds: window.seconds,
          good,
          lights: attempt.lights.map((l) => ({ good: l.good, card: l.card })),
          hasReason: texts['reason.txt'] !== '',
          font,
        })
        await runFfmpeg(
          bins,
          job.signal,
          (command) => {
            command
              .input(source)
              .inputOptions([
                '-nostdin',
                ...ffmpegResourceOptions(),
                ...demuxerOptions(container),
                '-ss',
                String(window.start),
                '-t',
                String(window.seconds),
              ])
              .complexFilter(graph)
              .output(out)
              .outputOptions(verdictOutputOptions(info.audio !== null && info.audio !== undefined))
          },
          undefined,
          { cwd: scratch.dir },
        )
      })
      await storage.putFile(key, out)
    } catch (error) {
      if (error instanceof ProbeError || (error as NodeJS.ErrnoException)?.code === 'ENOENT') {
        log.warn({ attemptId, err: error }, 'verdict clip cannot be made')
        throw new PermanentJobError((error as Error).message)
      }
      if (job.isFinalAttempt) log.error({ attemptId, err: error }, 'verdict clip failed for good')
      throw error
    } finally {
      await scratch.dispose()
    }

    const changed = await verdictClips.setClip(attemptId, stamp, key)
    if (!changed) {
      // The decision changed while rendering (its own job renders it), or another run recorded it first.
      const now = await verdictClips.source(attemptId)
      if (now?.verdictClipKey !== key) await storage.delete(key).catch(() => {})
      return { state: 'skipped', attemptId, reason: 'the decision changed or another run finished first' }
    }
    // The clip of an earlier decision (before a reversal) is no longer shown anywhere.
    if (attempt.verdictClipKey && attempt.verdictClipKey !== key) await storage.delete(attempt.verdictClipKey).catch(() => {})
    const ms = Date.now() - started
    log.info({ attemptId, key, ms }, 'verdict clip done')
    return { state: 'ready', attemptId, key, ms }
  }
}
