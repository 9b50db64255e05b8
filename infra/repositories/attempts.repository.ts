// Attempts: all of their I/O, for both roles. The server records uploads; the
// transcode job moves an attempt through its processing states. Every change a
// screen shows is announced (infra/announcer.ts) in the transaction that makes it.
import { GLOBAL_ROOM, challengeRoom, type Lift } from '../../contract/index.ts'
import type { TakeChecks } from '../../contract/take-checks.ts'
import type { Announcer } from '../announcer.ts'
import { toLift } from '../attempt-view.ts'
import type { Prisma, PrismaClient } from '../db.ts'
import { attemptWithLifter } from './attempt-rows.ts'
import { refreshLeaderboardOf } from './leaderboard-refresh.ts'
import type { EventPublisher } from '../live-publisher.ts'
import type { OriginalVideoFacts } from '../original-video.ts'
import { judgesFor, seatsOf, votesNeeded } from './panel.ts'
import { nextAttemptNumber, readEntry, type EntryState } from './meet-entries.ts'
import { Refusal } from '../refusal.ts'

export { attemptWithLifter, type AttemptWithLifter } from './attempt-rows.ts'

/** An attempt with its lifter and challenge name, as the video page shows it. */
const attemptDetail = {
  participant: { include: { user: { select: { name: true } }, challenge: { select: { name: true } } } },
} as const satisfies Prisma.AttemptInclude

/** The lifter an attempt is recorded for: the participant row, with the name events carry. */
export type Lifter = Prisma.ParticipantGetPayload<{ include: { user: { select: { name: true } } } }>

const STORE_FAILED = 'The upload could not be stored; please upload it again.'

/** Thrown inside a processing change that finds nothing to change (see changeProcessing). */
const UNCHANGED = Symbol('unchanged')

/** Processing states a transcode has not finished with. */
const UNFINISHED = { notIn: ['ready', 'failed'] } satisfies Prisma.EnumProcessingStateFilter

export function createAttemptsRepository(prisma: PrismaClient, announcer: Announcer, publisher: EventPublisher, apiBase: string) {
  /**
   * Changes an attempt if its processing state still matches `from`, and announces it. Conditional,
   * so a repeat or recovered run changes nothing and announces nothing. Answers whether it changed.
   */
  function changeProcessing(
    attemptId: number,
    from: Prisma.AttemptWhereInput['processingState'],
    data: Prisma.AttemptUpdateManyMutationInput,
  ): Promise<boolean> {
    return announcer
      .write(async (tx, announce) => {
        const found = await tx.attempt.findUnique({
          where: { id: attemptId },
          select: { participant: { select: { challengeId: true } } },
        })
        if (!found) return false
        const challengeId = found.participant.challengeId
        // The room's lock before the attempt's row, as a vote takes them: the other order let a
        // transcode finishing during a vote deadlock with it (PostgreSQL aborted one of the two).
        await announce.lock(challengeRoom(challengeId))
        const changed = await tx.attempt.updateMany({ where: { id: attemptId, processingState: from }, data })
        // Nothing to change: roll back, so the room's reserved number is not used up (a gap).
        if (changed.count === 0) throw UNCHANGED
        const row = await tx.attempt.findUniqueOrThrow({ where: { id: attemptId }, include: attemptWithLifter })
        await announce(challengeRoom(challengeId), 'attempt.updated', {
          competition_id: challengeId,
          attempt: toLift(apiBase, row, row.participant),
        })
        return true
      })
      .catch((error: unknown) => {
        if (error === UNCHANGED) return false
        throw error
      })
  }

  return {
    /**
     * Records an uploaded attempt (pending its transcode) with its original's storage key, and
     * announces it to the challenge and the board. `originalKey` names the file by the new id;
     * `store` puts the file there after commit, before the announcement goes out. When that
     * fails, the attempt is announced and then marked failed (announced too), and this throws.
     * `video`: the original's probed shape and browser type; `posterKey`: where `store` also puts a poster.
     * `rules` decides, after the challenge room's lock, whether the lifter's entry as it is now takes this attempt
     * (a Refusal it throws rolls everything back) and whether the upload's weight becomes the attempt's declaration.
     * The attempt's number is the next of the lifter's lift, decided under the same lock: of two uploads of one
     * lifter racing for one attempt, the second sees the first (and a unique index backs it).
     */
    async record(
      lifter: Lifter,
      attempt: {
        liftType: string
        weight: number
        uploadId?: string
        video?: OriginalVideoFacts
        posterKey?: (attemptId: number) => string
      },
      originalKey: (attemptId: number) => string,
      store: (key: string, attemptId: number) => Promise<void>,
      rules?: (entry: EntryState) => { declares: boolean; recordOnly?: boolean },
    ): Promise<{ attemptId: number; originalKey: string }> {
      let storeFailure: { error: unknown } | undefined
      let judges: number[] = []
      const recorded = await announcer.write(
        async (tx, announce) => {
          const room = challengeRoom(lifter.challengeId)
          await announce.lock(room)
          const entry = await readEntry(tx, lifter.id)
          if (!entry) throw new Refusal('forbidden', 'Join this challenge before uploading a lift.')
          // A resumable upload finished twice (two nodes): the insert below meets its unique upload id and the first stands.
          const repeat = attempt.uploadId
            ? await tx.attempt.findUnique({ where: { uploadId: attempt.uploadId }, select: { id: true } })
            : null
          const { declares, recordOnly = false } = !repeat && rules ? rules(entry) : { declares: false }
          const attemptNumber = nextAttemptNumber(entry, attempt.liftType)
          if (declares) {
            await tx.declaration.upsert({
              where: { participantId_liftType_attemptNumber: { participantId: lifter.id, liftType: attempt.liftType, attemptNumber } },
              create: { participantId: lifter.id, liftType: attempt.liftType, attemptNumber, weight: attempt.weight },
              // Replacing the window's automatic default: the lifter's own weight now.
              update: { weight: attempt.weight, automatic: false, declaredAt: new Date() },
            })
          }
          // Pending until its judges decide; the quorum is the panel's as it is now (a panel change updates it).
          const { seats } = await seatsOf(tx, lifter.challengeId)
          judges = judgesFor(seats, lifter.userId)
          const created = await tx.attempt.create({
            data: {
              participantId: lifter.id,
              liftType: attempt.liftType,
              attemptNumber,
              weight: attempt.weight,
              status: 'pending',
              processingState: 'pending',
              uploadId: attempt.uploadId ?? null,
              recordOnly,
              ...attempt.video,
              votesNeeded: votesNeeded(seats, lifter.userId),
            },
          })
          const key = originalKey(created.id)
          const row = await tx.attempt.update({
            where: { id: created.id },
            data: { originalKey: key, posterKey: attempt.posterKey?.(created.id) ?? null },
          })
          await announce(room, 'attempt.created', { competition_id: lifter.challengeId, attempt: toLift(apiBase, row, lifter) })
          await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: lifter.challengeId })
          await refreshLeaderboardOf(tx, lifter.userId)
          return { attemptId: created.id, originalKey: key }
        },
        (row) =>
          store(row.originalKey, row.attemptId).catch((error: unknown) => {
            storeFailure = { error }
          }),
      )
      publisher.judgeQueue(judges, { competition_id: lifter.challengeId, attempt_id: recorded.attemptId })
      if (storeFailure) {
        // Should this fail too, the attempt stays pending: its transcode finds no original and fails it.
        await changeProcessing(recorded.attemptId, UNFINISHED, { processingState: 'failed', processingError: STORE_FAILED }).catch(
          () => false,
        )
        throw storeFailure.error
      }
      return recorded
    },

    /** A participant's lifts with their status (which of them a new one adds up with is the upload rules' to say). */
    liftsOf(participantId: number) {
      return prisma.attempt.findMany({ where: { participantId }, select: { liftType: true, weight: true, status: true } })
    },

    /** The attempt a resumable upload recorded (unique per upload), with whose it is; null when none yet. */
    findByUpload(uploadId: string) {
      return prisma.attempt.findUnique({
        where: { uploadId },
        select: { id: true, originalKey: true, participant: { select: { userId: true, challengeId: true } } },
      })
    },

    /** The attempt as its Lift answer, with its lifter; null when it does not exist. */
    find(attemptId: number) {
      return prisma.attempt.findUnique({ where: { id: attemptId }, include: attemptWithLifter })
    },

    /** The attempt with its lifter and challenge name (the video page); null when it does not exist. */
    findDetail(attemptId: number) {
      return prisma.attempt.findUnique({ where: { id: attemptId }, include: attemptDetail })
    },

    /** Every attempt of a challenge, newest first. */
    async listForChallenge(
      challengeId: number,
      page: { limit: number; after: { createdAt: Date; id: number } | null },
    ): Promise<{ lifts: Lift[]; more: boolean }> {
      const { after } = page
      const rows = await prisma.attempt.findMany({
        where: {
          participant: { challengeId },
          // Newest first: the page after the last one shown.
          ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
        },
        include: attemptWithLifter,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: page.limit + 1,
      })
      return { lifts: rows.slice(0, page.limit).map((a) => toLift(apiBase, a, a.participant)), more: rows.length > page.limit }
    },

    /** Ids of the attempts with a playable video, in a stable order, optionally of one lift type. */
    playableIds(liftType: string | undefined): Promise<Array<{ id: number }>> {
      return prisma.attempt.findMany({
        where: { originalKey: { not: null }, processingState: { not: 'failed' }, ...(liftType ? { liftType } : {}) },
        select: { id: true },
        orderBy: { id: 'asc' },
      })
    },

    /** What the /video proxy needs to pick a rendition; null when the attempt does not exist. */
    findFiles(attemptId: number) {
      return prisma.attempt.findUnique({ where: { id: attemptId }, select: { originalKey: true, processingState: true, renditions: true } })
    },

    /** Ids of attempts whose transcode has not finished (after a restart, they are enqueued again). */
    unfinishedIds(): Promise<number[]> {
      return prisma.attempt
        .findMany({
          where: { processingState: { in: ['pending', 'processing'] }, originalKey: { not: null } },
          select: { id: true },
          orderBy: { id: 'asc' },
        })
        .then((rows) => rows.map((row) => row.id))
    },

    /** pending → processing, announced; false when it was not pending. */
    markProcessing: (attemptId: number) => changeProcessing(attemptId, 'pending', { processingState: 'processing' }),

    /** Renditions and poster written: ready, announced; false when it had already finished. */
    markReady: (
      attemptId: number,
      files: { renditions: Record<string, string>; posterKey: string | null; takeChecks?: TakeChecks | null },
    ) =>
      changeProcessing(attemptId, UNFINISHED, {
        processingState: 'ready',
        renditions: files.renditions,
        posterKey: files.posterKey,
        processingError: null,
        ...(files.takeChecks ? { takeChecks: files.takeChecks } : {}),
      }),

    /** An attempt's take checks with whose they are (its challenge, its lifter); null when the attempt does not exist. */
    async takeChecksOf(attemptId: number): Promise<{
      challengeId: number
      lifterId: number
      takeChecks: TakeChecks | null
      loadChecks: Array<{ judge: string; loadMatches: boolean | null }>
    } | null> {
      const row = await prisma.attempt.findUnique({
        where: { id: attemptId },
        select: {
          takeChecks: true,
          participant: { select: { challengeId: true, userId: true } },
          votes: { select: { loadMatches: true, judge: { select: { name: true } } }, orderBy: { id: 'asc' } },
        },
      })
      return (
        row && {
          challengeId: row.participant.challengeId,
          lifterId: row.participant.userId,
          takeChecks: row.takeChecks as TakeChecks | null,
          loadChecks: row.votes.map((v) => ({ judge: v.judge.name, loadMatches: v.loadMatches })),
        }
      )
    },

    /** What the take checks compare the file's creation time with: the upload, and the lifter's own declaration of this attempt (meets). */
    async takeCheckContext(attemptId: number): Promise<{ uploadedAt: Date; declaredAt: Date | null; windowHours: number | null } | null> {
      const row = await prisma.attempt.findUnique({
        where: { id: attemptId },
        select: {
          ...{ createdAt: true, participantId: true, liftType: true, attemptNumber: true },
          participant: { select: { challenge: { select: { takeCheckWindowHours: true } } } },
        },
      })
      if (!row) return null
      const key = { participantId: row.participantId, liftType: row.liftType, attemptNumber: row.attemptNumber }
      const declared =
        row.attemptNumber > 0
          ? await prisma.declaration.findUnique({
              where: { participantId_liftType_attemptNumber: key },
              select: { declaredAt: true, automatic: true },
            })
          : null
      const windowHours = row.participant.challenge.takeCheckWindowHours // the organiser's; null: the platform's
      return { uploadedAt: row.createdAt, declaredAt: declared && !declared.automatic ? declared.declaredAt : null, windowHours }
    },

    /** Failed for good, with a reason the lifter can read, announced once; false when it had already finished. */
    markFailed: (attemptId: number, reason: string) =>
      changeProcessing(attemptId, UNFINISHED, { processingState: 'failed', processingError: reason.slice(0, 500) }),
  }
}

export type AttemptsRepository = ReturnType<typeof createAttemptsRepository>
