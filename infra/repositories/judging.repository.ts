// Judging: all of its I/O. Panels, votes, decisions, appeals. Each change runs in one write
// (infra/announcer.ts) that first takes the challenge's room lock, so the writes of one
// challenge's judging run one after another: of three votes arriving at once exactly one
// reaches the quorum and records the decision, once. The rules (who may vote, quorum,
// decisions, appeals) are server/services/judging.service.ts's: it runs inside
// `withAttemptLocked` / `withPanelLocked` and reads and writes through the handle they give,
// against the rows as they are after the lock; a Refusal it throws rolls the write back.
import { GLOBAL_ROOM, challengeRoom, type DecidedBy, type LiftType, type Lift } from '../../contract/index.ts'
import type { Announce, Announcer } from '../announcer.ts'
import { toLift } from '../attempt-view.ts'
import type { Prisma, PrismaClient, Tx } from '../db.ts'
import { refreshLeaderboardOf } from './leaderboard-refresh.ts'
import { refreshRecordsOf } from './records-refresh.ts'
import { scoringSelect, scoringSettings, standingOfRow } from '../scoring-view.ts'
import { attemptWithLifter, type AttemptWithLifter } from './attempt-rows.ts'
import { seatsOf } from './panel.ts'
import { judgingReads } from './judging-reads.ts'
import type { AttemptState, LockedAttempt, LockedChallenge, LockedPanel, PanelView } from './judging-handles.ts'

const stateOf = (row: AttemptWithLifter): AttemptState => ({
  id: row.id,
  challengeId: row.participant.challengeId,
  lifterId: row.participant.userId,
  liftType: row.liftType as LiftType,
  status: row.status as AttemptState['status'],
  source: row.judgingSource === 'live' ? 'live' : 'video',
  decidedBy: row.decidedBy as DecidedBy | null,
  appealState: row.appealState as AttemptState['appealState'],
  appealUntil: row.appealUntil,
  verified: row.verified,
  votesCast: row.votesCast,
  votesNeeded: row.votesNeeded,
})

export function createJudgingRepository(prisma: PrismaClient, announcer: Announcer, apiBase: string) {
  const lift = (row: AttemptWithLifter): Lift => toLift(apiBase, row, row.participant)

  /** Announces a decision (the room, with where its lifter stands now, and the boards). */
  async function announceJudged(tx: Tx, announce: Announce, row: AttemptWithLifter): Promise<void> {
    const challengeId = row.participant.challengeId
    const lifter = await tx.participant.findUniqueOrThrow({
      where: { id: row.participantId },
      select: {
        bodyweight: true,
        gender: true,
        equipment: true,
        attempts: { select: { liftType: true, weight: true, status: true, createdAt: true } },
        challenge: { select: scoringSelect },
      },
    })
    const standing = standingOfRow(lifter, scoringSettings(lifter.challenge))
    await announce(challengeRoom(challengeId), 'attempt.judged', { competition_id: challengeId, attempt: lift(row), standing })
    await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: challengeId })
    await refreshLeaderboardOf(tx, row.participant.userId)
    // After the room's lock (withAttemptLocked): a new record is announced with the decision (docs/records.md).
    await refreshRecordsOf(tx, announce, row.participantId)
  }

  /** The reads and writes every locked judging write shares; `changed` hears of each attempt row written. */
  function challengeHandle(tx: Tx, announce: Announce, challengeId: number, changed: (row: AttemptWithLifter) => void): LockedChallenge {
    return {
      challengeId,
      seats: () => seatsOf(tx, challengeId),
      async certifiedAmong(userIds) {
        const rows = await tx.user.findMany({ where: { id: { in: [...userIds] }, judgeCertifiedAt: { not: null } }, select: { id: true } })
        return new Set(rows.map((r) => r.id))
      },
      firstVotes: (attemptId, n) =>
        tx.vote.findMany({
          where: { attemptId },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          take: n,
          select: { judgeId: true, seat: true, good: true, reason: true, atSeconds: true, note: true },
        }),
      async decide(attemptId, decision) {
        const row = await tx.attempt.update({
          where: { id: attemptId },
          data: {
            status: decision.status,
            decidedBy: decision.by,
            decidedAt: decision.decidedAt,
            lights: decision.lights as unknown as Prisma.InputJsonValue,
            verified: decision.verified,
            appealUntil: decision.appealUntil,
          },
          include: attemptWithLifter,
        })
        changed(row)
        await announceJudged(tx, announce, row)
        return stateOf(row)
      },
      async announceVotes(attempt) {
        await announce(challengeRoom(attempt.challengeId), 'attempt.voted', {
          competition_id: attempt.challengeId,
          attempt_id: attempt.id,
          votes_cast: attempt.votesCast,
          votes_needed: attempt.votesNeeded,
        })
      },
    }
  }

  async function panel(challengeId: number): Promise<PanelView | null> {
    const row = await prisma.challenge.findUnique({
      where: { id: challengeId },
      select: {
        createdById: true,
        judgesMayLift: true,
        publishJudgeNames: true,
        judges: { orderBy: { seat: 'asc' }, include: { user: { select: { username: true, name: true } } } },
      },
    })
    if (!row) return null
    return {
      challengeId,
      organiserId: row.createdById,
      allowLifters: row.judgesMayLift,
      publishNames: row.publishJudgeNames,
      judges: row.judges.map((j) => ({ userId: j.userId, username: j.user.username, name: j.user.name, seat: j.seat })),
    }
  }

  return {
    panel,

    /** Whether this user sits on the challenge's appointed panel. */
    async isJudge(challengeId: number, userId: number): Promise<boolean> {
      return (await prisma.judge.findUnique({ where: { challengeId_userId: { challengeId, userId } }, select: { id: true } })) !== null
    },

    /**
     * Runs `work` in one write on the attempt, after its challenge room's lock (null: no such
     * attempt, nothing written). What `work` throws rolls the write back.
     */
    async withAttemptLocked<T>(attemptId: number, work: (locked: LockedAttempt) => Promise<T>): Promise<T | null> {
      return announcer.write(async (tx, announce) => {
        const found = await tx.attempt.findUnique({
          where: { id: attemptId },
          select: { participant: { select: { challengeId: true } } },
        })
        if (!found) return null
        const challengeId = found.participant.challengeId
        await announce.lock(challengeRoom(challengeId))
        let current = await tx.attempt.findUniqueOrThrow({ where: { id: attemptId }, include: attemptWithLifter })
        const changed = (row: AttemptWithLifter) => {
          if (row.id === attemptId) current = row
        }
        const update = async (data: Prisma.AttemptUpdateInput) => {
          changed(await tx.attempt.update({ where: { id: attemptId }, data, include: attemptWithLifter }))
          return current
        }
        const locked: LockedAttempt = {
          ...challengeHandle(tx, announce, challengeId, changed),
          attempt: () => stateOf(current),
          lift: () => lift(current),
          hasVoted: async (judgeId) =>
            (await tx.vote.findUnique({ where: { attemptId_judgeId: { attemptId, judgeId } }, select: { id: true } })) !== null,
          async recordVote(vote) {
            await tx.vote.create({ data: { attemptId, ...vote } })
            return stateOf(await update({ votesCast: { increment: 1 } }))
          },
          async openAppeal(note, at) {
            const row = await update({ appealState: 'open', appealNote: note, appealedAt: at })
            await announce(challengeRoom(challengeId), 'attempt.updated', { competition_id: challengeId, attempt: lift(row) })
          },
          async closeAppeal(verdict) {
            const row = await update({
              appealState: verdict.state,
              appealReason: verdict.reason,
              appealDecidedAt: verdict.at,
              ...(verdict.reversal ? { status: verdict.reversal.status, decidedBy: 'jury', verified: verdict.reversal.verified } : {}),
            })
            if (verdict.reversal) await announceJudged(tx, announce, row)
            else await announce(challengeRoom(challengeId), 'attempt.updated', { competition_id: challengeId, attempt: lift(row) })
          },
        }
        return work(locked)
      })
    },

    /**
     * Runs `work` in one write on the challenge's panel, after its room's lock (null: no such
     * challenge). The room's lock first, as votes take it: a vote never sees half a panel change.
     */
    async withPanelLocked<T>(challengeId: number, work: (locked: LockedPanel) => Promise<T>): Promise<T | null> {
      return announcer.write(async (tx, announce) => {
        const exists = await tx.challenge.findUnique({ where: { id: challengeId }, select: { id: true } })
        if (!exists) return null
        await announce.lock(challengeRoom(challengeId))
        const row = await tx.challenge.findUniqueOrThrow({
          where: { id: challengeId },
          select: { createdById: true, judgesMayLift: true, publishJudgeNames: true },
        })
        const locked: LockedPanel = {
          ...challengeHandle(tx, announce, challengeId, () => {}),
          challenge: { organiserId: row.createdById, allowLifters: row.judgesMayLift, publishNames: row.publishJudgeNames },
          async usersNamed(usernames) {
            const users = await tx.user.findMany({ where: { username: { in: [...usernames] } }, select: { id: true, username: true } })
            return new Map(users.map((u) => [u.username, u.id]))
          },
          async lifterAmong(userIds) {
            const lifter = await tx.participant.findFirst({
              where: { challengeId, userId: { in: [...userIds] } },
              select: { userId: true },
            })
            return lifter?.userId ?? null
          },
          async replacePanel(userIds, settings) {
            await tx.challenge.update({
              where: { id: challengeId },
              data: { judgesMayLift: settings.allowLifters, publishJudgeNames: settings.publishNames },
            })
            await tx.judge.deleteMany({ where: { challengeId } })
            if (userIds.length > 0) await tx.judge.createMany({ data: userIds.map((userId, i) => ({ challengeId, userId, seat: i + 1 })) })
          },
          async pendingAttempts() {
            return (
              await tx.attempt.findMany({ where: { status: 'pending', participant: { challengeId } }, include: attemptWithLifter })
            ).map(stateOf)
          },
          async setVotesNeeded(attemptId, needed) {
            return stateOf(await tx.attempt.update({ where: { id: attemptId }, data: { votesNeeded: needed }, include: attemptWithLifter }))
          },
          async announcePanelChanged(judges) {
            await announce(challengeRoom(challengeId), 'panel.changed', { competition_id: challengeId, judges })
          },
        }
        return work(locked)
      })
    },
    ...judgingReads(prisma, apiBase, panel),
  }
}

export type JudgingRepository = ReturnType<typeof createJudgingRepository>
