// Judging: all of its I/O. Panels, votes, decisions, appeals. Each change runs in one write
// (infra/announcer.ts) that first takes the challenge's room lock, so the writes of one
// challenge's judging run one after another: of three votes arriving at once exactly one
// reaches the quorum and records the decision, once. The rules (who may vote, quorum,
// decisions, appeals) are server/services/judging.service.ts's: it runs inside
// `withAttemptLocked` / `withPanelLocked` and reads and writes through the handle they give,
// against the rows as they are after the lock; a Refusal it throws rolls the write back.
import {
  GLOBAL_ROOM,
  competitionRoom,
  type DecidedBy,
  type Light,
  type LiftType,
  type Lift,
  type TakeChecks,
} from '../../contract/index.ts'
import type { Announce, Announcer } from '../announcer.ts'
import { mediaUrl, toLift } from '../attempt-view.ts'
import type { Prisma, PrismaClient, Tx } from '../db.ts'
import { refreshLeaderboardOf } from './leaderboard-refresh.ts'
import { refreshRecordsOf } from './records-refresh.ts'
import { scoringSelect, scoringSettings, standingOfRow } from '../scoring-view.ts'
import { attemptWithLifter, type AttemptWithLifter } from './attempt-rows.ts'
import { seatsOf, type Seats } from './panel.ts'

export type { Seats } from './panel.ts'

export interface PanelView {
  competitionId: number
  organiserId: number | null
  allowLifters: boolean
  publishNames: boolean
  /** Appointed judges in seat order; empty means the organiser judges alone. */
  judges: { userId: number; username: string; name: string; seat: number }[]
}

/** An attempt as the judging rules read it. */
export interface AttemptState {
  id: number
  competitionId: number
  lifterId: number
  liftType: LiftType
  status: 'pending' | 'completed' | 'failed'
  /** 'video' (judged from an upload) or 'live' (the referees' presses in the hall). */
  source: 'video' | 'live'
  decidedBy: DecidedBy | null
  appealState: 'open' | 'confirmed' | 'reversed' | null
  appealUntil: Date | null
  verified: boolean
  votesCast: number
  votesNeeded: number
}

/** A vote as it is stored (and as its light reads it). */
export interface StoredVote {
  judgeId: number
  seat: number
  good: boolean
  reason: string | null
  atSeconds: number | null
  note: string | null
  /** The plate check (contract/judging.ts loadCheckOf); absent on votes read back. */
  loadMatches?: boolean | null
}

/** A decision to record: the attempt's result, its lights and until when its lifter may appeal (null: not appealable). */
export interface Decision {
  status: 'completed' | 'failed'
  by: DecidedBy
  lights: Light[]
  verified: boolean
  decidedAt: Date
  appealUntil: Date | null
}

/** The jury's verdict on an appeal; a reversal records the jury's decision. */
export interface AppealVerdict {
  state: 'confirmed' | 'reversed'
  reason: string
  at: Date
  reversal?: { status: 'completed' | 'failed'; verified: boolean }
}

/** What every judging write reads and does inside its transaction, after the challenge room's lock. */
export interface LockedChallenge {
  readonly competitionId: number
  /** The panel as it is now (the organiser alone while none is appointed). */
  seats(): Promise<Seats>
  /** Which of these users a site administrator has certified as judges (now, as the decision is taken). */
  certifiedAmong(userIds: readonly number[]): Promise<Set<number>>
  /** The attempt's first `n` votes, in the order they were cast. */
  firstVotes(attemptId: number, n: number): Promise<StoredVote[]>
  /** Records a decision and announces it (the room, with where its lifter stands now, and the boards). */
  decide(attemptId: number, decision: Decision): Promise<AttemptState>
  /** Announces an attempt's vote count to the room (the votes themselves stay blind). */
  announceVotes(attempt: AttemptState): Promise<void>
}

/** A write on one attempt: the attempt as it is after the lock, and what may change it. */
export interface LockedAttempt extends LockedChallenge {
  attempt(): AttemptState
  /** The attempt's answer as it stands now in this write. */
  lift(): Lift
  hasVoted(judgeId: number): Promise<boolean>
  /** Stores the vote and counts it; the attempt as it is now. */
  recordVote(vote: StoredVote): Promise<AttemptState>
  /** Opens the lifter's appeal and announces the attempt. */
  openAppeal(note: string, at: Date): Promise<void>
  /** Closes the open appeal with the jury's verdict and announces it (a reversal as a decision). */
  closeAppeal(verdict: AppealVerdict): Promise<void>
}

/** A write on a challenge's panel. */
export interface LockedPanel extends LockedChallenge {
  /** The challenge's settings as they are after the lock. */
  readonly challenge: { organiserId: number | null; allowLifters: boolean; publishNames: boolean }
  /** The ids of the accounts these usernames name (those that exist). */
  usersNamed(usernames: readonly string[]): Promise<Map<string, number>>
  /** One of these users who lifts in the challenge, or null. */
  lifterAmong(userIds: readonly number[]): Promise<number | null>
  /** Stores the panel (seats in the given order) and the challenge's settings. */
  replacePanel(userIds: readonly number[], settings: { allowLifters: boolean; publishNames: boolean }): Promise<void>
  pendingAttempts(): Promise<AttemptState[]>
  setVotesNeeded(attemptId: number, needed: number): Promise<AttemptState>
  /** Announces the change itself, when no attempt's event said it. */
  announcePanelChanged(judges: number): Promise<void>
}

const stateOf = (row: AttemptWithLifter): AttemptState => ({
  id: row.id,
  competitionId: row.participant.competitionId,
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
    const competitionId = row.participant.competitionId
    const lifter = await tx.participant.findUniqueOrThrow({
      where: { id: row.participantId },
      select: {
        bodyweight: true,
        gender: true,
        equipment: true,
        attempts: { select: { liftType: true, weight: true, status: true, createdAt: true } },
        competition: { select: scoringSelect },
      },
    })
    const standing = standingOfRow(lifter, scoringSettings(lifter.competition))
    await announce(competitionRoom(competitionId), 'attempt.judged', { competition_id: competitionId, attempt: lift(row), standing })
    await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: competitionId })
    await refreshLeaderboardOf(tx, row.participant.userId)
    // After the room's lock (withAttemptLocked): a new record is announced with the decision (docs/records.md).
    await refreshRecordsOf(tx, announce, row.participantId)
  }

  /** The reads and writes every locked judging write shares; `changed` hears of each attempt row written. */
  function challengeHandle(tx: Tx, announce: Announce, competitionId: number, changed: (row: AttemptWithLifter) => void): LockedChallenge {
    return {
      competitionId,
      seats: () => seatsOf(tx, competitionId),
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
        await announce(competitionRoom(attempt.competitionId), 'attempt.voted', {
          competition_id: attempt.competitionId,
          attempt_id: attempt.id,
          votes_cast: attempt.votesCast,
          votes_needed: attempt.votesNeeded,
        })
      },
    }
  }

  async function panel(competitionId: number): Promise<PanelView | null> {
    const row = await prisma.competition.findUnique({
      where: { id: competitionId },
      select: {
        createdById: true,
        judgesMayLift: true,
        publishJudgeNames: true,
        judges: { orderBy: { seat: 'asc' }, include: { user: { select: { username: true, name: true } } } },
      },
    })
    if (!row) return null
    return {
      competitionId,
      organiserId: row.createdById,
      allowLifters: row.judgesMayLift,
      publishNames: row.publishJudgeNames,
      judges: row.judges.map((j) => ({ userId: j.userId, username: j.user.username, name: j.user.name, seat: j.seat })),
    }
  }

  return {
    panel,

    /** Whether this user sits on the challenge's appointed panel. */
    async isJudge(competitionId: number, userId: number): Promise<boolean> {
      return (await prisma.judge.findUnique({ where: { competitionId_userId: { competitionId, userId } }, select: { id: true } })) !== null
    },

    /**
     * Runs `work` in one write on the attempt, after its challenge room's lock (null: no such
     * attempt, nothing written). What `work` throws rolls the write back.
     */
    async withAttemptLocked<T>(attemptId: number, work: (locked: LockedAttempt) => Promise<T>): Promise<T | null> {
      return announcer.write(async (tx, announce) => {
        const found = await tx.attempt.findUnique({
          where: { id: attemptId },
          select: { participant: { select: { competitionId: true } } },
        })
        if (!found) return null
        const competitionId = found.participant.competitionId
        await announce.lock(competitionRoom(competitionId))
        let current = await tx.attempt.findUniqueOrThrow({ where: { id: attemptId }, include: attemptWithLifter })
        const changed = (row: AttemptWithLifter) => {
          if (row.id === attemptId) current = row
        }
        const update = async (data: Prisma.AttemptUpdateInput) => {
          changed(await tx.attempt.update({ where: { id: attemptId }, data, include: attemptWithLifter }))
          return current
        }
        const locked: LockedAttempt = {
          ...challengeHandle(tx, announce, competitionId, changed),
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
            await announce(competitionRoom(competitionId), 'attempt.updated', { competition_id: competitionId, attempt: lift(row) })
          },
          async closeAppeal(verdict) {
            const row = await update({
              appealState: verdict.state,
              appealReason: verdict.reason,
              appealDecidedAt: verdict.at,
              ...(verdict.reversal ? { status: verdict.reversal.status, decidedBy: 'jury', verified: verdict.reversal.verified } : {}),
            })
            if (verdict.reversal) await announceJudged(tx, announce, row)
            else await announce(competitionRoom(competitionId), 'attempt.updated', { competition_id: competitionId, attempt: lift(row) })
          },
        }
        return work(locked)
      })
    },

    /**
     * Runs `work` in one write on the challenge's panel, after its room's lock (null: no such
     * challenge). The room's lock first, as votes take it: a vote never sees half a panel change.
     */
    async withPanelLocked<T>(competitionId: number, work: (locked: LockedPanel) => Promise<T>): Promise<T | null> {
      return announcer.write(async (tx, announce) => {
        const exists = await tx.competition.findUnique({ where: { id: competitionId }, select: { id: true } })
        if (!exists) return null
        await announce.lock(competitionRoom(competitionId))
        const row = await tx.competition.findUniqueOrThrow({
          where: { id: competitionId },
          select: { createdById: true, judgesMayLift: true, publishJudgeNames: true },
        })
        const locked: LockedPanel = {
          ...challengeHandle(tx, announce, competitionId, () => {}),
          challenge: { organiserId: row.createdById, allowLifters: row.judgesMayLift, publishNames: row.publishJudgeNames },
          async usersNamed(usernames) {
            const users = await tx.user.findMany({ where: { username: { in: [...usernames] } }, select: { id: true, username: true } })
            return new Map(users.map((u) => [u.username, u.id]))
          },
          async lifterAmong(userIds) {
            const lifter = await tx.participant.findFirst({
              where: { competitionId, userId: { in: [...userIds] } },
              select: { userId: true },
            })
            return lifter?.userId ?? null
          },
          async replacePanel(userIds, settings) {
            await tx.competition.update({
              where: { id: competitionId },
              data: { judgesMayLift: settings.allowLifters, publishJudgeNames: settings.publishNames },
            })
            await tx.judge.deleteMany({ where: { competitionId } })
            if (userIds.length > 0)
              await tx.judge.createMany({ data: userIds.map((userId, i) => ({ competitionId, userId, seat: i + 1 })) })
          },
          async pendingAttempts() {
            return (
              await tx.attempt.findMany({ where: { status: 'pending', participant: { competitionId } }, include: attemptWithLifter })
            ).map(stateOf)
          },
          async setVotesNeeded(attemptId, needed) {
            return stateOf(await tx.attempt.update({ where: { id: attemptId }, data: { votesNeeded: needed }, include: attemptWithLifter }))
          },
          async announcePanelChanged(judges) {
            await announce(competitionRoom(competitionId), 'panel.changed', { competition_id: competitionId, judges })
          },
        }
        return work(locked)
      })
    },

    /** The challenges this user is appointed to judge or organises, with their organiser and appointed judges. */
    async panelsOf(userId: number): Promise<Array<{ competitionId: number; organiserId: number | null; appointed: number[] }>> {
      const rows = await prisma.competition.findMany({
        where: { OR: [{ judges: { some: { userId } } }, { createdById: userId }] },
        select: { id: true, createdById: true, judges: { select: { userId: true } } },
      })
      return rows.map((row) => ({ competitionId: row.id, organiserId: row.createdById, appointed: row.judges.map((j) => j.userId) }))
    },

    /**
     * Pending attempts of these challenges, oldest first, with what a meet's lifting order compares;
     * without those `votedBy` voted on and those `liftedBy` lifted, and, with `withVideo`, only those
     * with a video. Which of them a judge sees is the judging service's to say.
     */
    async queue(filter: { competitionIds: readonly number[]; votedBy: number; liftedBy: number; withVideo: boolean }, limit = 200) {
      const rows = await prisma.attempt.findMany({
        where: {
          status: 'pending',
          ...(filter.withVideo ? { originalKey: { not: null } } : {}),
          votes: { none: { judgeId: filter.votedBy } },
          participant: { userId: { not: filter.liftedBy }, competitionId: { in: [...filter.competitionIds] } },
        },
        include: {
          participant: {
            include: {
              user: { select: { name: true } },
              competition: { select: { name: true, format: true, liftTypes: true, description: true } },
              attempts: { select: { liftType: true, attemptNumber: true, weight: true } },
              declarations: { select: { liftType: true, attemptNumber: true, code: true } },
            },
          },
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: limit,
      })
      return rows.map((row) => {
        const { participant } = row
        return {
          attempt: {
            ...toLift(apiBase, row, participant),
            competition_name: participant.competition.name,
            take_checks: row.takeChecks as TakeChecks | null,
            attempt_code:
              participant.declarations.find((d) => d.liftType === row.liftType && d.attemptNumber === row.attemptNumber)?.code ?? null,
            contact_sheet_url: (row.takeChecks as TakeChecks | null)?.contact_sheet_key
              ? mediaUrl(apiBase, (row.takeChecks as TakeChecks).contact_sheet_key!)
              : null,
            lifter_sex: participant.gender === 'F' ? ('F' as const) : participant.gender === 'M' ? ('M' as const) : null,
          },
          // What a meet's lifting order compares (server/services/meets.service.ts orderQueue).
          order: {
            competitionId: participant.competitionId,
            competition: participant.competition,
            lot: participant.lot,
            bodyweight: participant.bodyweight,
            earlier: participant.attempts
              .filter((a) => a.liftType === row.liftType && a.attemptNumber < row.attemptNumber)
              .sort((a, b) => a.attemptNumber - b.attemptNumber)
              .map((a) => a.weight),
          },
        }
      })
    },

    /** The challenges this user sits on the panel of or organises, newest first. */
    async challengesOf(userId: number) {
      const rows = await prisma.competition.findMany({
        where: { OR: [{ judges: { some: { userId } } }, { createdById: userId }] },
        select: { id: true, name: true, createdById: true },
        orderBy: [{ startDate: 'desc' }, { id: 'desc' }],
        take: 200,
      })
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        role: row.createdById === userId ? ('organiser' as const) : ('judge' as const),
      }))
    },

    /** What the organiser's view is made of: the panel, pending attempts, every vote with its attempt's result, open appeals. */
    async overview(competitionId: number) {
      const found = await panel(competitionId)
      if (!found) return null
      const [pending, votes, appeals] = await Promise.all([
        prisma.attempt.count({ where: { status: 'pending', participant: { competitionId } } }),
        prisma.vote.findMany({
          where: { attempt: { participant: { competitionId } } },
          select: { judgeId: true, good: true, attempt: { select: { status: true } } },
        }),
        prisma.attempt.findMany({
          where: { appealState: 'open', participant: { competitionId } },
          include: attemptWithLifter,
          orderBy: { appealedAt: 'asc' },
        }),
      ])
      const judges = found.judges.length > 0 ? found.judges : await organiserSeat(prisma, found.organiserId)
      return {
        panel: found,
        judges,
        pending,
        appeals: appeals.map(lift),
        votes: votes.map((v) => ({ judgeId: v.judgeId, good: v.good, status: v.attempt.status as AttemptState['status'] })),
      }
    },
  }
}

async function organiserSeat(prisma: PrismaClient, organiserId: number | null) {
  if (organiserId === null) return []
  const user = await prisma.user.findUnique({ where: { id: organiserId }, select: { username: true, name: true } })
  return user ? [{ userId: organiserId, username: user.username, name: user.name, seat: 1 }] : []
}

export type JudgingRepository = ReturnType<typeof createJudgingRepository>
