// The transcode job: one attempt's original → 360p/720p H.264 MP4s + a JPEG poster.
// The same processor runs in `npm run worker` (BullMQ) and inside the server
// (in-process queue). Order of effects, so a crash at any point loses nothing:
//   1. encode into a private scratch directory (temp names);
//   2. rename the finished files into place;
//   3. only then, in ONE transaction, mark the attempt ready and append its
//      `attempt.updated` live event (a conditional update: a repeat or recovered
//      run that finds it already ready changes nothing and announces nothing);
//   4. publish after commit.
import { join } from 'node:path'
import ffmpeg from 'fluent-ffmpeg'
import { competitionRoom, type LiveEvent, type TranscodeProgress } from '../contract/index.ts'
import type { Config } from '../infra/config.ts'
import type { Database, Prisma } from '../infra/db.ts'
import { ProbeError, probe, resolveFfmpegBinaries, type FfmpegBinaries } from '../infra/ffmpeg.ts'
import { appendEvent, type EventPublisher } from '../infra/live-outbox.ts'
import { attemptKeys, type Storage } from '../infra/storage.ts'
import { PermanentJobError, ShutdownError, consoleLog, type JobContext, type Log, type TranscodeProcessor } from '../infra/transcode-queue.ts'
import type { TranscodeJob } from '../infra/queue.ts'
import { toLift } from '../infra/attempt-view.ts'
import {
  ENCODE_SHARE, UnsupportedSourceError, encodePercent, needsTranscode, parseTimemark, planTranscode, posterOutputOptions,
  renditionFilterGraph, renditionOutputOptions, type TranscodePlan,
} from '../infra/transcoding/transcode.decisions.ts'
import { WEB_H264_PROFILE, type EncoderProfile } from '../infra/transcoding/transcode.profile.ts'

export interface TranscodeDeps {
  db: Database
  storage: Storage
  publisher: EventPublisher
  config: Pick<Config, 'apiBase' | 'ffmpegPath' | 'ffprobePath'>
  log?: Log
  profile?: EncoderProfile
}

export type TranscodeOutcome =
  | { state: 'ready'; attemptId: number; renditions: Record<string, string>; posterKey: string; ms: number }
  | { state: 'skipped'; attemptId: number; reason: string }

const attemptInclude = { participant: { include: { user: { select: { name: true } } } } } as const

/** Runs one ffmpeg command; SIGKILLs it when `signal` aborts. */
function runFfmpeg(
  binaries: FfmpegBinaries, signal: AbortSignal, build: (command: ffmpeg.FfmpegCommand) => void, onTime?: (seconds: number | null) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const command = ffmpeg({ stdoutLines: 0 }).setFfmpegPath(binaries.ffmpeg).setFfprobePath(binaries.ffprobe)
    build(command)
    const abort = () => command.kill('SIGKILL')
    signal.addEventListener('abort', abort, { once: true })
    if (onTime) command.on('progress', (p: { timemark?: string }) => onTime(parseTimemark(p.timemark)))
    command.on('error', (error: Error, _stdout: string | null, stderr: string | null) => {
      signal.removeEventListener('abort', abort)
      if (signal.aborted) return reject(signal.reason)
      const detail = String(stderr ?? '').trim().split('\n').filter(Boolean).slice(-3).join(' | ')
      reject(new Error(`ffmpeg failed: ${detail || error.message}`))
    })
    command.on('end', () => {
      signal.removeEventListener('abort', abort)
      resolve()
    })
    command.run()
  })
}

/** Job progress and the uploader's progress channel, at most every 250 ms or on a change of ≥ 1 %. */
function progressReporter(job: JobContext<TranscodeJob>, publisher: EventPublisher, userId: number, log: Log) {
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

/** A sentence for the attempt's processing_error (shown to its owner). */
function failureText(error: unknown): string {
  if (error instanceof UnsupportedSourceError) return error.message
  if (error instanceof ProbeError) return 'The video could not be read; please upload it again.'
  if (isMissingFile(error)) return 'The uploaded video is missing from storage; please upload it again.'
  return 'The video could not be converted; please upload it again.'
}


/**
 * Changes an attempt's processing state if it still matches `from`, and in
 * the same transaction appends its `attempt.updated` event. Conditional, so a
 * repeat or recovered run changes nothing and announces nothing; every change is
 * announced, so spectators see it and snapshots cached by the room's seq stay exact.
 */
async function changeAttempt(prisma: Database['prisma'], apiBase: string, attemptId: number, from: Prisma.AttemptWhereInput['processingState'], data: Prisma.AttemptUpdateManyMutationInput): Promise<LiveEvent[]> {
  return prisma.$transaction(async (tx) => {
    const changed = await tx.attempt.updateMany({ where: { id: attemptId, processingState: from }, data })
    if (changed.count === 0) return []
    const row = await tx.attempt.findUniqueOrThrow({ where: { id: attemptId }, include: attemptInclude })
    const competitionId = row.participant.competitionId
    return [await appendEvent(tx, competitionRoom(competitionId), 'attempt.updated', {
      competition_id: competitionId, attempt: toLift(apiBase, row, row.participant),
    })]
  })
}

const UNFINISHED = { notIn: ['ready', 'failed'] }

/**
 * Marks an attempt failed and announces it, once (a no-op when it is already
 * ready or failed). Used by the processor on its last try and by the worker when
 * BullMQ gives up on a job that stalled too often.
 */
export async function markTranscodeFailed(deps: Pick<TranscodeDeps, 'db' | 'publisher' | 'config'>, attemptId: number, reason: string): Promise<boolean> {
  const events = await changeAttempt(deps.db.prisma, deps.config.apiBase, attemptId, UNFINISHED, { processingState: 'failed', processingError: reason.slice(0, 500) })
  deps.publisher.publish(events)
  return events.length > 0
}

export function createTranscodeProcessor(deps: TranscodeDeps): TranscodeProcessor {
  const { db, storage, publisher, config } = deps
  const log = deps.log ?? consoleLog
  const profile = deps.profile ?? WEB_H264_PROFILE
  const { prisma } = db
  let binaries: FfmpegBinaries | undefined

  async function encode(source: string, plan: TranscodePlan, dir: string, signal: AbortSignal, report: (percent: number) => void) {
    binaries ??= resolveFfmpegBinaries(config)
    await runFfmpeg(binaries, signal, (command) => {
      command.input(source).inputOptions(['-nostdin']).complexFilter(renditionFilterGraph(plan))
      for (const r of plan.renditions) command.output(join(dir, `${r.name}.mp4`)).outputOptions(renditionOutputOptions(plan, r, profile))
    }, (seconds) => report(encodePercent(seconds, plan.durationS)))
    await runFfmpeg(binaries, signal, (command) => {
      command.input(source).inputOptions(['-ss', String(plan.poster.atSeconds)])
        .output(join(dir, 'poster.jpg')).outputOptions(posterOutputOptions(plan, profile))
    })
  }

  return async function transcode(job): Promise<TranscodeOutcome> {
    const started = Date.now()
    const { attemptId } = job.data
    const attempt = await prisma.attempt.findUnique({ where: { id: attemptId }, include: attemptInclude })
    if (!attempt) return { state: 'skipped', attemptId, reason: 'the attempt no longer exists' }
    const need = needsTranscode(attempt)
    if (need !== 'transcode') return { state: 'skipped', attemptId, reason: need === 'done' ? `already ${attempt.processingState}` : 'no original video' }
    const originalKey = attempt.originalKey!
    const competitionId = attempt.participant.competitionId
    const report = progressReporter(job, publisher, attempt.participant.userId, log)

    try {
      if (attempt.processingState === 'pending') {
        publisher.publish(await changeAttempt(prisma, config.apiBase, attemptId, 'pending', { processingState: 'processing' }))
      }
      report(0, 'processing', true)

      const scratch = await storage.scratch('transcode')
      let plan: TranscodePlan
      try {
        plan = await storage.withLocalFile(originalKey, async (source) => {
          binaries ??= resolveFfmpegBinaries(config)
          const info = await probe(binaries, source, { signal: job.signal })
          const planned = planTranscode(info, profile)
          await encode(source, planned, scratch.dir, job.signal, (percent) => report(percent))
          return planned
        })
        report(ENCODE_SHARE + 5)
        // Finished files go into place by rename; the database hears of them only afterwards.
        for (const r of plan.renditions) await storage.putFile(attemptKeys.rendition(attemptId, r.name), join(scratch.dir, `${r.name}.mp4`))
        await storage.putFile(attemptKeys.poster(attemptId), join(scratch.dir, 'poster.jpg'))
      } finally {
        await scratch.dispose()
      }

      const renditions = Object.fromEntries(plan.renditions.map((r) => [r.name, attemptKeys.rendition(attemptId, r.name)]))
      const posterKey = attemptKeys.poster(attemptId)
      for (const key of [...Object.values(renditions), posterKey]) {
        if (!(await storage.stat(key))) throw new Error(`Output ${key} is missing after it was written.`)
      }

      const events = await changeAttempt(prisma, config.apiBase, attemptId, UNFINISHED, { processingState: 'ready', renditions, posterKey, processingError: null })
      publisher.publish(events)
      report(100, 'ready', true)
      if (events.length === 0) return { state: 'skipped', attemptId, reason: 'finished by another run' }
      const ms = Date.now() - started
      log.info({ attemptId, renditions: plan.renditions.map((r) => `${r.width}x${r.height}`), ms }, 'transcode done')
      return { state: 'ready', attemptId, renditions, posterKey, ms }
    } catch (error) {
      if (job.signal.aborted && job.signal.reason instanceof ShutdownError) throw job.signal.reason
      const permanent = error instanceof UnsupportedSourceError || error instanceof ProbeError || isMissingFile(error)
      if (permanent || job.isFinalAttempt) {
        log.error({ attemptId, attempt: job.attempt, err: error }, 'transcode failed; marking the attempt failed')
        await markTranscodeFailed(deps, attemptId, failureText(error))
        report(100, 'failed', true)
        if (permanent) throw new PermanentJobError((error as Error).message)
      }
      throw error
    }
  }
}
