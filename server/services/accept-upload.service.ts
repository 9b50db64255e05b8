// One path for an uploaded video, whichever way its bytes came (POST /upload's multipart form
// or a resumable tus upload): who uploads what to which challenge is checked by `check` (before
// a byte is stored), and the received file takes probe → attempt → transcode through `accept`.
// The rules themselves are upload.service.ts's; this file runs them against the rows and files.
import { join } from 'node:path'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import type { LiftType, UploadResponse } from '../../contract/index.ts'
import { mediaUrl } from '../../infra/attempt-view.ts'
import type { ProbeInfo } from '../../infra/ffmpeg.ts'
import { originalVideoFacts } from '../../infra/original-video.ts'
import type { Lifter } from '../../infra/repositories/attempts.repository.ts'
import { MAX_STORE_COPY_BYTES, attemptKeys } from '../../infra/storage.ts'
import { badRequest, forbidden, notFound } from '../errors.ts'
import { assertActsAsSelf } from '../plugins/app/auth.ts'
import { NOT_JOINED, assertUploadable, parseUploadFields } from './upload.service.ts'

/** An upload the caller may make: the lift, its weight and the participant it is recorded for. */
export interface CheckedUpload {
  liftType: LiftType
  weight: number
  lifter: Lifter
}

export interface ReceivedFile {
  /** A local copy to probe (removed by the caller's scratch, or moved into storage). */
  path: string
  size: number
  /** The same bytes already in the media store under this key (a resumable upload's object in S3): stored by a copy inside the store. */
  storedAs?: string
}

/** The answer, and whether this call recorded the attempt (false: another finish of the same upload did, and owns its clean-up). */
export interface Accepted {
  answer: UploadResponse
  recordedHere: boolean
}

export interface UploadAcceptor {
  /** Who uploads what to which challenge: the caller (`request.userId`), an open challenge they joined, a lift it lists. */
  check(request: FastifyRequest, fields: Readonly<Record<string, string>>): Promise<CheckedUpload>
  /**
   * Probes the received file, records the attempt with it (the file is moved into storage) and
   * enqueues its transcode; answers what POST /upload's 201 carries. With `uploadId` (a resumable
   * upload), one upload records one attempt: a repeat answers the attempt recorded first.
   */
  accept(log: FastifyBaseLogger, checked: CheckedUpload, file: ReceivedFile, uploadId?: string): Promise<Accepted>
  /** The answer for the attempt a resumable upload already recorded, with its owner; null when none. */
  recorded(uploadId: string): Promise<{ answer: UploadResponse; userId: number; originalKey: string | null } | null>
}

/** Is this Prisma's unique-constraint violation (P2002)? */
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === 'P2002'

export function createUploadAcceptor(app: FastifyInstance): UploadAcceptor {
  const { config, queue, storage } = app.deps
  const { competitions, participants, attempts } = app.repos

  /** One frame of the original as the poster, in a scratch of its own; null (logged) when it cannot be made. */
  async function posterOf(log: FastifyBaseLogger, source: string, info: ProbeInfo) {
    const scratch = await storage.scratch('poster')
    const path = join(scratch.dir, 'poster.jpg')
    const started = performance.now()
    try {
      await app.uploads.makePoster(source, info, path)
      log.debug({ ms: Math.round(performance.now() - started) }, 'upload poster made')
      return { path, dispose: scratch.dispose }
    } catch (err) {
      log.warn({ err }, 'no poster at upload; the transcode makes it')
      await scratch.dispose()
      return null
    }
  }

  async function recorded(uploadId: string) {
    const row = await attempts.findByUpload(uploadId)
    if (!row) return null
    const { userId, competitionId } = row.participant
    return {
      answer: { url: row.originalKey ? mediaUrl(config.apiBase, row.originalKey) : '', attempt_id: row.id, participant_id: userId, competition_id: competitionId },
      userId, originalKey: row.originalKey,
    }
  }

  return {
    async check(request, fields) {
      const userId = assertActsAsSelf(request, fields.user_id)
      const { liftType, weight, competitionId } = parseUploadFields(fields)
      const competition = await competitions.findUploadRules(competitionId)
      if (!competition) throw notFound(`Challenge ${competitionId} does not exist.`)
      const lift = assertUploadable(competition, liftType)
      const lifter = await participants.findLifter(userId, competitionId)
      if (!lifter) throw forbidden(NOT_JOINED)
      return { liftType: lift, weight, lifter }
    },

    async accept(log, { liftType, weight, lifter }, file, uploadId) {
      if (file.size === 0) throw badRequest('The uploaded file is empty. Please choose a video.')
      const video = await app.uploads.checkVideo(file.path)
      if (!video.playable) {
        if (video.reason === 'notVideo') throw badRequest('The file is not a video. Please upload an MP4, MOV or WebM clip.')
        // Over VIDEO_MAX_SECONDS, 4096×2304 or 120 fps: the check's sentence names the clip's figure and the limit.
        if (video.reason === 'tooLong' || video.reason === 'tooManyPixels' || video.reason === 'tooFast') throw badRequest(video.detail)
        log.info({ reason: video.detail }, 'upload refused: not a playable video')
        throw badRequest('The video could not be read: it may be truncated or damaged. Please upload it again.')
      }

      let attempt: { attemptId: number; originalKey: string }
      // The poster now, not only after the transcode, for an original a browser may not play (an iPhone's HEVC):
      // the video page shows it while renditions are pending. H.264 plays everywhere and shows its own first frame,
      // so it waits for the transcode's poster (a burst of 50 uploads is not held up by 50 frame grabs).
      const poster = video.info.video?.codec === 'h264' ? null : await posterOf(log, file.path, video.info)
      try {
        // Bytes already in the bucket are copied there rather than sent to it again from here.
        const { storedAs } = file
        const storeOriginal = storedAs && storage.copy && file.size <= MAX_STORE_COPY_BYTES
          ? (key: string) => storage.copy!(storedAs, key)
          : (key: string) => storage.putFile(key, file.path)
        const store = async (key: string, attemptId: number) => {
          await storeOriginal(key)
          // A poster that cannot be stored is not the upload's failure: the transcode writes it again.
          if (poster) await storage.putFile(attemptKeys.poster(attemptId), poster.path).catch((err: unknown) => log.warn({ err, attemptId }, 'could not store the upload poster'))
        }
        const details = { liftType, weight, uploadId, video: originalVideoFacts(video.info, video.ext), posterKey: poster ? attemptKeys.poster : undefined }
        attempt = await attempts.record(lifter, details, (id) => attemptKeys.original(id, video.ext), store)
      } catch (error) {
        // The same upload finished twice at once (two nodes): the first attempt stands; nothing of the second was stored.
        const first = uploadId && isUniqueViolation(error) ? await recorded(uploadId) : null
        if (first) return { answer: first.answer, recordedHere: false }
        throw error
      } finally {
        await poster?.dispose()
      }
      try {
        await queue.enqueue({ attemptId: attempt.attemptId, userId: lifter.userId })
      } catch (err) {
        // The attempt stays pending in the database; the next start of a server or worker enqueues it.
        log.error({ err, attemptId: attempt.attemptId }, 'could not enqueue the transcode')
      }
      const answer = { url: mediaUrl(config.apiBase, attempt.originalKey), attempt_id: attempt.attemptId, participant_id: lifter.userId, competition_id: lifter.competitionId }
      return { answer, recordedHere: true }
    },

    recorded,
  }
}
