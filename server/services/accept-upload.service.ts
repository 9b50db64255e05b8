// One path for an uploaded video, whichever way its bytes came (POST /upload's multipart form
// or a resumable tus upload): who uploads what to which challenge is checked by `check` (before
// a byte is stored), and the received file takes probe → attempt → transcode through `accept`.
// The rules themselves are upload.service.ts's; this file runs them against the rows and files.
// Its dependencies come in explicitly (built once by the uploads plugin from the composition
// root's repositories, storage and queue); it knows nothing of HTTP.
import { join } from 'node:path'
import type { LiftType, UploadResponse } from '../../contract/index.ts'
import { mediaUrl } from '../../infra/attempt-view.ts'
import type { Config } from '../../infra/config.ts'
import type { Container, ProbeInfo } from '../../infra/ffmpeg.ts'
import { originalVideoFacts } from '../../infra/original-video.ts'
import type { Lifter } from '../../infra/repositories/attempts.repository.ts'
import type { Repositories } from '../../infra/repositories/index.ts'
import { MAX_STORE_COPY_BYTES, attemptKeys, type Storage } from '../../infra/storage.ts'
import type { TranscodeQueue } from '../../infra/transcoding/jobs.ts'
import type { VideoChecks } from '../../infra/video-checks.ts'
import { badRequest, conflict, forbidden, notFound } from '../errors.ts'
import { actingAs } from './acting-user.service.ts'
import { assertTake, declarationByUpload, recordOnlyTake } from './meets.service.ts'
import { liftBeforeWeighInProblem } from './weigh-in.service.ts'
import { NOT_JOINED, assertPlausible, assertUploadable, parseUploadFields } from './upload.service.ts'

/** What an upload's steps write to the request's log. */
export interface UploadLog {
  debug(obj: object, msg: string): void
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface UploadAcceptorDeps {
  config: Pick<Config, 'apiBase'>
  repos: Pick<Repositories, 'challenges' | 'participants' | 'attempts' | 'meets'>
  storage: Storage
  queue: Pick<TranscodeQueue, 'enqueue'>
  /** The probe, decode and poster runs, in turn (infra/video-checks.ts). */
  videoChecks: VideoChecks
}

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
  /** Who uploads what to which challenge: the caller (`callerId`, null when not logged in), an open challenge they joined, a lift it lists. */
  check(callerId: number | null, fields: Readonly<Record<string, string>>): Promise<CheckedUpload>
  /**
   * Probes the received file, records the attempt with it (the file is moved into storage) and
   * enqueues its transcode; answers what POST /upload's 201 carries. The challenge must still be
   * running when the attempt is recorded (409 "This challenge has ended" otherwise). With `uploadId` (a resumable
   * upload), one upload records one attempt: a repeat answers the attempt recorded first.
   */
  accept(log: UploadLog, checked: CheckedUpload, file: ReceivedFile, uploadId?: string): Promise<Accepted>
  /** The answer for the attempt a resumable upload already recorded, with its owner; null when none. */
  recorded(uploadId: string): Promise<{ answer: UploadResponse; userId: number; originalKey: string | null } | null>
}

/** Is this Prisma's unique-constraint violation (P2002)? */
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === 'P2002'

export function createUploadAcceptor(deps: UploadAcceptorDeps): UploadAcceptor {
  const { config, queue, storage, videoChecks } = deps
  const { challenges, participants, attempts, meets } = deps.repos

  /** One frame of the original as the poster, in a scratch of its own; null (logged) when it cannot be made. */
  async function posterOf(log: UploadLog, source: string, container: Container, info: ProbeInfo) {
    const scratch = await storage.scratch('poster')
    const path = join(scratch.dir, 'poster.jpg')
    const started = performance.now()
    try {
      await videoChecks.makePoster(source, container, info, path)
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
    const { userId, challengeId } = row.participant
    return {
      answer: {
        url: row.originalKey ? mediaUrl(config.apiBase, row.originalKey) : '',
        attempt_id: row.id,
        participant_id: userId,
        competition_id: challengeId,
      },
      userId,
      originalKey: row.originalKey,
    }
  }

  return {
    async check(callerId, fields) {
      const userId = actingAs(callerId, fields.user_id)
      const { liftType, weight, challengeId } = parseUploadFields(fields)
      const challenge = await challenges.findUploadRules(challengeId)
      if (!challenge) throw notFound(`Challenge ${challengeId} does not exist.`)
      const lift = assertUploadable(challenge, liftType)
      const lifter = await participants.findLifter(userId, challengeId)
      if (!lifter) throw forbidden(NOT_JOINED)
      // A meet with a weigh-in takes no attempt before the lifter's (docs/categories.md, "The weigh-in").
      const notWeighed = liftBeforeWeighInProblem(challenge, lifter)
      if (notWeighed) throw conflict(notWeighed)
      assertPlausible(lifter, lift, weight, await attempts.liftsOf(lifter.id))
      // The attempt rules before any byte (a meet's rulebook, an open challenge's limit); checked again when the attempt is recorded.
      const entry = await meets.entry(lifter.id)
      if (entry) assertTake(entry, lift, weight)
      return { liftType: lift, weight, lifter }
    },

    async accept(log, { liftType, weight, lifter }, file, uploadId) {
      if (file.size === 0) throw badRequest('The uploaded file is empty. Please choose a video.')
      const video = await videoChecks.checkVideo(file.path)
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
      const poster = video.info.video?.codec === 'h264' ? null : await posterOf(log, file.path, video.container, video.info)
      try {
        // A challenge's end is the end: however long the bytes took to arrive (a trickled upload may have
        // begun well before it), the challenge must still be running when the attempt is recorded.
        const rules = await challenges.findUploadRules(lifter.challengeId)
        if (!rules) throw notFound(`Challenge ${lifter.challengeId} does not exist.`)
        assertUploadable(rules, liftType)
        // Bytes already in the bucket are copied there rather than sent to it again from here.
        const { storedAs } = file
        const storeOriginal =
          storedAs && storage.copy && file.size <= MAX_STORE_COPY_BYTES
            ? (key: string) => storage.copy!(storedAs, key)
            : (key: string) => storage.putFile(key, file.path)
        const store = async (key: string, attemptId: number) => {
          await storeOriginal(key)
          // A poster that cannot be stored is not the upload's failure: the transcode writes it again.
          if (poster)
            await storage
              .putFile(attemptKeys.poster(attemptId), poster.path)
              .catch((err: unknown) => log.warn({ err, attemptId }, 'could not store the upload poster'))
        }
        const details = {
          liftType,
          weight,
          uploadId,
          video: originalVideoFacts(video.info, video.container.ext),
          posterKey: poster ? attemptKeys.poster : undefined,
        }
        // The attempt rules again under the challenge's lock, against the entry as it is now (another upload may have been recorded meanwhile).
        const attemptRules = (entry: Parameters<typeof assertTake>[0]) => {
          assertTake(entry, liftType, weight)
          // A meet's 4th attempt is for a record only (contract/fourth-attempt.ts): never in a best or the total.
          return { declares: declarationByUpload(entry, liftType, weight) !== null, recordOnly: recordOnlyTake(entry, liftType) }
        }
        attempt = await attempts.record(lifter, details, (id) => attemptKeys.original(id, video.container.ext), store, attemptRules)
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
      const answer = {
        url: mediaUrl(config.apiBase, attempt.originalKey),
        attempt_id: attempt.attemptId,
        participant_id: lifter.userId,
        competition_id: lifter.challengeId,
      }
      return { answer, recordedHere: true }
    },

    recorded,
  }
}
