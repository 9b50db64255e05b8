// Verdict clips' rows (docs/video-checks.md "Verdict clips"): what the clip job reads of an attempt, the
// conditional write of its clip's key (announced as `attempt.updated`, so an open video page offers it at
// once), and the decided attempts whose clip is missing (re-enqueued at a start, as unfinished transcodes are).
import { challengeRoom, type Light, type LiftType } from '../../contract/index.ts'
import type { Announcer } from '../announcer.ts'
import { toLift } from '../attempt-view.ts'
import type { PrismaClient } from '../db.ts'
import { verdictStamp } from '../verdict-clip.decisions.ts'
import { attemptWithLifter } from './attempt-rows.ts'

/** What the clip job needs of an attempt. */
export interface VerdictClipSource {
  attemptId: number
  userId: number
  name: string
  liftType: LiftType
  weight: number
  attemptNumber: number
  status: string
  decidedAt: Date | null
  lights: Light[]
  originalKey: string | null
  processingState: string
  renditions: Record<string, string>
  verdictClipKey: string | null
}

const UNCHANGED = Symbol('unchanged')

export function createVerdictClipsRepository(prisma: PrismaClient, announcer: Announcer, apiBase: string) {
  return {
    async source(attemptId: number): Promise<VerdictClipSource | null> {
      const row = await prisma.attempt.findUnique({ where: { id: attemptId }, include: attemptWithLifter })
      if (!row) return null
      return {
        attemptId: row.id,
        userId: row.participant.userId,
        name: row.participant.user.name,
        liftType: row.liftType as LiftType,
        weight: row.weight,
        attemptNumber: row.attemptNumber,
        status: row.status,
        decidedAt: row.decidedAt,
        lights: (Array.isArray(row.lights) ? row.lights : []) as Light[],
        originalKey: row.originalKey,
        processingState: row.processingState,
        renditions: (row.renditions && typeof row.renditions === 'object' ? row.renditions : {}) as Record<string, string>,
        verdictClipKey: row.verdictClipKey,
      }
    },

    /**
     * Records the clip of the decision `stamp` names, if the attempt still has that decision (a reversal
     * meanwhile gets its own clip), and announces the attempt. Answers whether it changed.
     */
    setClip(attemptId: number, stamp: string, key: string): Promise<boolean> {
      return announcer
        .write(async (tx, announce) => {
          const found = await tx.attempt.findUnique({
            where: { id: attemptId },
            select: { participant: { select: { challengeId: true } } },
          })
          if (!found) return false
          const challengeId = found.participant.challengeId
          await announce.lock(challengeRoom(challengeId)) // the room before the row (docs/architecture.md)
          const row = await tx.attempt.findUniqueOrThrow({ where: { id: attemptId }, include: attemptWithLifter })
          // A video taken down or deleted while the clip rendered gets no clip (the job deletes the file).
          if (row.originalKey === null || verdictStamp(row) !== stamp || row.verdictClipKey === key) throw UNCHANGED
          const updated = await tx.attempt.update({ where: { id: attemptId }, data: { verdictClipKey: key }, include: attemptWithLifter })
          await announce(challengeRoom(challengeId), 'attempt.updated', {
            competition_id: challengeId,
            attempt: toLift(apiBase, updated, updated.participant),
          })
          return true
        })
        .catch((error: unknown) => {
          if (error === UNCHANGED) return false
          throw error
        })
    },

    /** Attempts decided since `since` from a video whose clip does not show their decision: id, lifter, stamp. */
    async missing(since: Date): Promise<Array<{ attemptId: number; userId: number; stamp: string }>> {
      const rows = await prisma.attempt.findMany({
        where: { status: { not: 'pending' }, decidedAt: { gte: since }, originalKey: { not: null }, judgingSource: 'video' },
        select: { id: true, status: true, decidedAt: true, verdictClipKey: true, participant: { select: { userId: true } } },
        orderBy: { decidedAt: 'asc' },
        take: 1000,
      })
      return rows.flatMap((row) => {
        const stamp = verdictStamp(row)
        return stamp && !row.verdictClipKey?.endsWith(`/verdict-${stamp}.mp4`)
          ? [{ attemptId: row.id, userId: row.participant.userId, stamp }]
          : []
      })
    },
  }
}

export type VerdictClipsRepository = ReturnType<typeof createVerdictClipsRepository>
