// The transcode job: one attempt's original → 360p/720p H.264 MP4s + a JPEG poster.
// The same processor runs in `npm run worker` (BullMQ) and inside the server
// (in-process queue). Order of effects, so a crash at any point loses nothing:
//   1. encode into a private scratch directory (temp names);
//   2. rename the finished files into place;
//   3. only then mark the attempt ready through the attempts repository, which
//      announces `attempt.updated` after its commit (a conditional update: a repeat
//      or recovered run that finds it already ready changes nothing and announces nothing).
import { join } from 'node:path'
import type { TranscodeProgress } from '../../contract/index.ts'
import type { TakeChecks } from '../../contract/take-checks.ts'
import type { Config } from '../config.ts'
import { ProbeError, probe, resolveFfmpegBinaries, sniffContainer, type Container, type FfmpegBinaries } from '../ffmpeg.ts'
import type { EventPublisher } from '../live-publisher.ts'
import { transcodeDuration, transcodesTotal } from '../metrics.ts'
import type { AttemptsRepository } from '../repositories/attempts.repository.ts'
import { makeContactSheet, runTakeChecks } from '../take-checks.ts'
import { attemptKeys, type Storage } from '../storage.ts'
import {
  PermanentJobError,
  ShutdownError,
  consoleLog,
  type JobContext,
  type Log,
  type TranscodeJob,
  type TranscodeProcessor,
} from './jobs.ts'
import {
  ENCODE_SHARE,
  UnsupportedSourceError,
  encodePercent,
  needsTranscode,
  planTranscode,
  posterInputOptions,
  posterOutputOptions,
  renditionFilterGraph,
  renditionInputOptions,
  renditionOutputOptions,
  type TranscodePlan,
} from './transcode.decisions.ts'
import { WEB_H264_PROFILE, type EncoderProfile } from './transcode.profile.ts'
import { runFfmpeg } from './run-ffmpeg.ts'

export interface TranscodeDeps {
  /** Reads the attempt and moves it through its processing states; each change is announced. */
  attempts: Pick<AttemptsRepository, 'find' | 'markProcessing' | 'markReady' | 'markFailed'> &
    Partial<Pick<AttemptsRepository, 'takeCheckContext'>>
  storage: Storage
  /** The uploader's progress channel (not stored, not numbered). */
  publisher: Pick<EventPublisher, 'progress'>
  config: Pick<Config, 'ffmpegPath' | 'ffprobePath'> & Partial<Pick<Config, 'videoMaxSeconds' | 'takeCheckWindowHours'>>
  log?: Log
  profile?: EncoderProfile
}

export type TranscodeOutcome =
  | { state: 'ready'; attemptId: number; renditions: Record<string, string>; posterKey: string; ms: number }
  | { state: 'skipped'; attemptId: number; reason: string }

/** Job progress and the uploader's progress channel, at most every 250 ms or on a change of ≥ 1 %. */
function progressReporter(job: JobContext<TranscodeJob>, publisher: TranscodeDeps['publisher'], userId: number, log: Log) {
  let lastPercent = -1
  let lastAt = 0
  return (percent: number, state: TranscodeProgress['state'] = 'processing', force = false) => {
    const now = Date.now()
    if (!force && (percent <= lastPercent || now - lastAt < 250)) return
    lastPercent = percent
    lastAt = now
    job.updateProgress(percent).catch((err: unknown) => log.warn({ err }, 'could not store job progress'))
    try {
      publisher.progress(userId, { attempt_id: job.data.attemptId, percent, state })
    } catch (err) {
      log.warn({ err }, 'could not publish transcode progress')
    }
  }
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT'
}

/** The attempt's processing_error when converting failed for no reason the lifter can act on. */
export const CONVERSION_FAILED = 'The video could not be converted; please upload it again.'

/** A sentence for the attempt's processing_error (shown to its owner). */
function failureText(error: unknown): string {
  if (error instanceof UnsupportedSourceError) return error.message
  if (error instanceof ProbeError) return 'The video could not be read; please upload it again.'
  if (isMissingFile(error)) return 'The uploaded video is missing from storage; please upload it again.'
  return CONVERSION_FAILED
}

export function createTranscodeProcessor(deps: TranscodeDeps): TranscodeProcessor {
  const { attempts, storage, publisher, config } = deps
  const log = deps.log ?? consoleLog
  const profile = deps.profile ?? WEB_H264_PROFILE
  let binaries: FfmpegBinaries | undefined

  async function encode(
    source: string,
    container: Container,
    plan: TranscodePlan,
    dir: string,
    signal: AbortSignal,
    report: (percent: number) => void,
  ) {
    binaries ??= resolveFfmpegBinaries(config)
    await runFfmpeg(
      binaries,
      signal,
      (command) => {
        // -t: never more than VIDEO_MAX_SECONDS of the source, whatever it claims; threads and allocations capped; its own demuxer.
        command
          .input(source)
          .inputOptions(renditionInputOptions(container, binaries!.limits.maxSeconds))
          .complexFilter(renditionFilterGraph(plan))
        for (const r of plan.renditions) command.output(join(dir, `${r.name}.mp4`)).outputOptions(renditionOutputOptions(plan, r, profile))
      },
      (seconds) => report(encodePercent(seconds, plan.durationS)),
    )
    await runFfmpeg(binaries, signal, (command) => {
      command
        .input(source)
        .inputOptions(posterInputOptions(container, plan))
        .output(join(dir, 'poster.jpg'))
        .outputOptions(posterOutputOptions(plan, profile))
    })
  }

  /**
   * The take checks (docs/video-checks.md), after the encode, on the same local file read the same way.
   * Never fails the transcode: a failure is logged and the attempt simply has no checks (null).
   */
  async function checkTake(
    attemptId: number,
    source: string,
    container: Container,
    durationS: number | null,
    signal: AbortSignal,
  ): Promise<TakeChecks | null> {
    if (!attempts.takeCheckContext) return null
    try {
      const found = await attempts.takeCheckContext(attemptId)
      // The challenge's window (docs/video-checks.md), else TAKE_CHECK_WINDOW_HOURS, else the checks' own default.
      const hours = found?.windowHours ?? config.takeCheckWindowHours
      const context = found && {
        uploadedAt: found.uploadedAt,
        declaredAt: found.declaredAt,
        ...(hours ? { windowMs: hours * 3600_000 } : {}),
      }
      return context
        ? await runTakeChecks(binaries!, source, container, context, { signal, durationS, maxSeconds: binaries!.limits.maxSeconds })
        : null
    } catch (err) {
      if (signal.aborted) throw signal.reason
      log.warn({ err }, 'take checks failed; the attempt is ready without them')
      return null
    }
  }

  /** The plate check's contact sheet into `out`; false (logged) when it could not be made: the transcode goes on. */
  async function contactSheet(source: string, container: Container, out: string, signal: AbortSignal): Promise<boolean> {
    try {
      await makeContactSheet(binaries!, source, container, out, signal)
      return true
    } catch (err) {
      if (signal.aborted) throw signal.reason
      log.warn({ err }, 'contact sheet failed; the attempt is ready without it')
      return false
    }
  }

  return measured(async function transcode(job): Promise<TranscodeOutcome> {
    const started = Date.now()
    const { attemptId } = job.data
    const attempt = await attempts.find(attemptId)
    if (!attempt) return { state: 'skipped', attemptId, reason: 'the attempt no longer exists' }
    const need = needsTranscode(attempt)
    if (need !== 'transcode')
      return { state: 'skipped', attemptId, reason: need === 'done' ? `already ${attempt.processingState}` : 'no original video' }
    const originalKey = attempt.originalKey!
    const report = progressReporter(job, publisher, attempt.participant.userId, log)

    try {
      if (attempt.processingState === 'pending') await attempts.markProcessing(attemptId)
      report(0, 'processing', true)

      const scratch = await storage.scratch('transcode')
      let plan: TranscodePlan
      let takeChecks: TakeChecks | null = null
      try {
        plan = await storage.withLocalFile(originalKey, async (source) => {
          binaries ??= resolveFfmpegBinaries(config)
          // Sniffed again here, from the bytes (this worker may be on another host than the upload's check, and
          // an original stored before demuxers were forced was never checked so): read as that container only.
          const container = await sniffContainer(source)
          if (!container) throw new ProbeError('the original is not a video container we take')
          const info = await probe(binaries, source, container, { signal: job.signal })
          const planned = planTranscode(info, profile)
          // The try's bound now follows the clip's length (as much of it as -t lets ffmpeg read).
          job.scaleTimeout(planned.durationS === null ? null : Math.min(planned.durationS, binaries.limits.maxSeconds))
          await encode(source, container, planned, scratch.dir, job.signal, (percent) => report(percent))
          takeChecks = await checkTake(attemptId, source, container, planned.durationS, job.signal)
          if (takeChecks && (await contactSheet(source, container, join(scratch.dir, 'plates.jpg'), job.signal))) {
            takeChecks = { ...takeChecks, contact_sheet_key: attemptKeys.contactSheet(attemptId) }
          }
          return planned
        })
        report(ENCODE_SHARE + 5)
        // Finished files go into place by rename; the database hears of them only afterwards.
        for (const r of plan.renditions) await storage.putFile(attemptKeys.rendition(attemptId, r.name), join(scratch.dir, `${r.name}.mp4`))
        await storage.putFile(attemptKeys.poster(attemptId), join(scratch.dir, 'poster.jpg'))
        // Assigned inside withLocalFile's callback (TypeScript's narrowing does not see it there).
        const sheetKey = (takeChecks as TakeChecks | null)?.contact_sheet_key
        if (sheetKey) await storage.putFile(sheetKey, join(scratch.dir, 'plates.jpg'))
      } finally {
        await scratch.dispose()
      }

      const renditions = Object.fromEntries(plan.renditions.map((r) => [r.name, attemptKeys.rendition(attemptId, r.name)]))
      const posterKey = attemptKeys.poster(attemptId)
      for (const key of [...Object.values(renditions), posterKey]) {
        if (!(await storage.stat(key))) throw new Error(`Output ${key} is missing after it was written.`)
      }

      const changed = await attempts.markReady(attemptId, { renditions, posterKey, takeChecks })
      report(100, 'ready', true)
      if (!changed) return { state: 'skipped', attemptId, reason: 'finished by another run' }
      const ms = Date.now() - started
      log.info({ attemptId, renditions: plan.renditions.map((r) => `${r.width}x${r.height}`), ms }, 'transcode done')
      return { state: 'ready', attemptId, renditions, posterKey, ms }
    } catch (error) {
      if (job.signal.aborted && job.signal.reason instanceof ShutdownError) throw job.signal.reason
      const permanent = error instanceof UnsupportedSourceError || error instanceof ProbeError || isMissingFile(error)
      if (permanent || job.isFinalAttempt) {
        log.error({ attemptId, attempt: job.attempt, err: error }, 'transcode failed; marking the attempt failed')
        await attempts.markFailed(attemptId, failureText(error))
        report(100, 'failed', true)
        if (permanent) throw new PermanentJobError((error as Error).message)
      }
      throw error
    }
  })
}

/** Counts each try's outcome and times it (infra/metrics.ts); a try released at shutdown is neither. */
function measured(run: (job: JobContext<TranscodeJob>) => Promise<TranscodeOutcome>) {
  return async (job: JobContext<TranscodeJob>): Promise<TranscodeOutcome> => {
    const started = performance.now()
    const seconds = () => (performance.now() - started) / 1000
    try {
      const outcome = await run(job)
      transcodesTotal.inc({ outcome: outcome.state })
      if (outcome.state === 'ready') transcodeDuration.observe({ outcome: 'ready' }, seconds())
      return outcome
    } catch (error) {
      if (!(error instanceof ShutdownError)) {
        const outcome = error instanceof PermanentJobError || job.isFinalAttempt ? 'failed' : 'retry'
        transcodesTotal.inc({ outcome })
        transcodeDuration.observe({ outcome }, seconds())
      }
      throw error
    }
  }
}
