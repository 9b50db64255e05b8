// Judging: all of its I/O. Panels, votes, decisions, appeals. Each change runs in one
// write (infra/announcer.ts) that first takes the challenge's room lock, so the writes of
// one challenge's judging run one after another: of three votes arriving at once exactly
// one reaches the quorum and records the decision, once. The rules themselves (quorum,
// majority, reasons) are the contract's pure functions (contract/judging.ts); who may do
// what is checked in the transaction, against the rows as they are after the lock, and
// refused with a `JudgingRefusal` the service turns into an answer.
import {
  GLOBAL_ROOM, competitionRoom, decision, noLiftReason, toLight, type DecidedBy, type JudgeQueueChange, type Light, type LiftType, type Lift, type VoteBody,
} from '../../contract/index.ts'
import type { Announce, Announcer } from '../announcer.ts'
import { toLift } from '../attempt-view.ts'
import type { Prisma, PrismaClient, Tx } from '../db.ts'
import { refreshLeaderboardOf } from './leaderboard.repository.ts'
import type { EventPublisher } from '../live-publisher.ts'
import { scoringSelect, scoringSettings, standingOfRow } from '../scoring-view.ts'
import { attemptWithLifter, type AttemptWithLifter } from './attempts.repository.ts'
import { judgesFor, seatsOf, votesNeeded, type Seats } from './panel.ts'

export type RefusalCode =
  | 'no_attempt' | 'no_challenge' | 'not_judge' | 'own_attempt' | 'already_voted' | 'decided' | 'not_organiser'
  | 'bad_reason' | 'not_lifter' | 'not_appealable' | 'own_appeal' | 'appeal_closed' | 'no_open_appeal' | 'unknown_user' | 'lifter_on_panel'

/** Something judging does not allow; `detail` names who or what (a username, a lift). */
export class JudgingRefusal extends Error {
  constructor(readonly code: RefusalCode, readonly detail = '') {
    super(code)
  }
}

export interface PanelView {
  competitionId: number
  organiserId: number | null
  allowLifters: boolean
  publishNames: boolean
  /** Appointed judges in seat order; empty means the organiser judges alone. */
  judges: { userId: number; username: string; name: string; seat: number }[]
}

/** A vote as it is stored (and as its light reads it): a good lift carries no reason. */
const ballotOf = (vote: VoteBody) =>
  ({ good: vote.good, reason: vote.good ? null : vote.reason ?? null, atSeconds: vote.at_seconds ?? null, note: vote.note?.trim() || null })

export interface JudgingOptions {
  apiBase: string
  /** How long after a panel decision its lifter may appeal. */
  appealWindowMs: number
}

export function createJudgingRepository(prisma: PrismaClient, announcer: Announcer, publisher: () => EventPublisher, options: JudgingOptions) {
  const { apiBase } = options
  /** Tells judges their queue changed (after commit; not numbered, not stored). */
  const notifyJudges = (userIds: readonly number[], change: JudgeQueueChange) => publisher().judgeQueue(userIds, change)
  const lift = (row: AttemptWithLifter): Lift => toLift(apiBase, row, row.participant)

  /** The attempt with its lifter after the room's lock: the state every check reads. */
  async function lockedAttempt(tx: Tx, announce: Announce, attemptId: number): Promise<AttemptWithLifter> {
    const found = await tx.attempt.findUnique({ where: { id: attemptId }, select: { participant: { select: { competitionId: true } } } })
    if (!found) throw new JudgingRefusal('no_attempt')
    await announce.lock(competitionRoom(found.participant.competitionId))
    return tx.attempt.findUniqueOrThrow({ where: { id: attemptId }, include: attemptWithLifter })
  }

  /** Announces a decision (the room, with where its lifter stands now, and the boards). */
  async function announceJudged(tx: Tx, announce: Announce, row: AttemptWithLifter): Promise<void> {
    const competitionId = row.participant.competitionId
    const lifter = await tx.participant.findUniqueOrThrow({
      where: { id: row.participantId },
      select: { bodyweight: true, gender: true, attempts: { select: { liftType: true, weight: true, status: true, createdAt: true } }, competition: { select: scoringSelect } },
    })
    const standing = standingOfRow(lifter, scoringSettings(lifter.competition))
    await announce(competitionRoom(competitionId), 'attempt.judged', { competition_id: competitionId, attempt: lift(row), standing })
    await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: competitionId })
    await refreshLeaderboardOf(tx, row.participant.userId)
  }

  /** Records a decision and announces it. */
  async function decide(
    tx: Tx, announce: Announce, attempt: AttemptWithLifter,
    result: { status: 'completed' | 'failed'; by: DecidedBy; lights: Light[]; appealable: boolean },
  ): Promise<AttemptWithLifter> {
    const now = new Date()
    const row = await tx.attempt.update({
      where: { id: attempt.id },
      data: {
        status: result.status, decidedBy: result.by, decidedAt: now, lights: result.lights as unknown as Prisma.InputJsonValue,
        appealUntil: result.appealable ? new Date(now.getTime() + options.appealWindowMs) : null,
      },
      include: attemptWithLifter,
    })
    await announceJudged(tx, announce, row)
    return row
  }

  /** The panel's decision from the first `needed` votes, as lights in seat order. */
  async function decideByVotes(tx: Tx, announce: Announce, attempt: AttemptWithLifter, needed: 1 | 3, seats: Seats) {
    const votes = await tx.vote.findMany({ where: { attemptId: attempt.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: needed })
    const status = decision(votes, needed)
    if (!status) return null
    const names = new Map(seats.seats.map((s) => [s.userId, s.name]))
    const lights = [...votes].sort((a, b) => a.seat - b.seat)
      .map((v) => toLight(v, attempt.liftType as LiftType, seats.publishNames ? names.get(v.judgeId) ?? `Judge ${v.seat}` : `Judge ${v.seat}`))
    // An appeal goes to the organiser as jury: the organiser's own attempts have no one above them to hear one.
    return decide(tx, announce, attempt, { status, by: 'panel', lights, appealable: attempt.participant.userId !== seats.organiserId })
  }

  /** Checks a no lift's reason against the lift's catalogue. */
  function assertReason(liftType: string, vote: Pick<VoteBody, 'good' | 'reason'>) {
    if (vote.good) return
    if (!vote.reason || !noLiftReason(liftType as LiftType, vote.reason)) throw new JudgingRefusal('bad_reason', liftType)
  }

  async function panel(competitionId: number): Promise<PanelView | null> {
      const row = await prisma.competition.findUnique({
        where: { id: competitionId },
        select: { createdById: true, judgesMayLift: true, publishJudgeNames: true, judges: { orderBy: { seat: 'asc' }, include: { user: { select: { username: true, name: true } } } } },
      })
      if (!row) return null
      return {
        competitionId, organiserId: row.createdById, allowLifters: row.judgesMayLift, publishNames: row.publishJudgeNames,
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
     * Replaces the panel (the organiser only). Pending attempts get the quorum of the new panel;
     * one whose votes already reach it is decided now.
     */
    async setPanel(competitionId: number, organiserId: number, change: { usernames: string[]; allowLifters?: boolean; publishNames?: boolean }): Promise<void> {
      const notify: number[] = []
      await announcer.write(async (tx, announce) => {
        const exists = await tx.competition.findUnique({ where: { id: competitionId }, select: { id: true } })
        if (!exists) throw new JudgingRefusal('no_challenge')
        // The room's lock first, as votes take it: a vote never sees half a panel change.
        await announce.lock(competitionRoom(competitionId))
        const competition = await tx.competition.findUniqueOrThrow({ where: { id: competitionId }, select: { createdById: true, judgesMayLift: true, publishJudgeNames: true } })
        if (competition.createdById !== organiserId) throw new JudgingRefusal('not_organiser')
        const allowLifters = change.allowLifters ?? competition.judgesMayLift
        const wanted = [...new Set(change.usernames.map((u) => u.trim()))]
        const users = await tx.user.findMany({ where: { username: { in: wanted } }, select: { id: true, username: true } })
        const byName = new Map(users.map((u) => [u.username, u.id]))
        const missing = wanted.find((u) => !byName.has(u))
        if (missing !== undefined) throw new JudgingRefusal('unknown_user', missing)
        const ids = wanted.map((u) => byName.get(u)!)
        if (!allowLifters) {
          const lifter = await tx.participant.findFirst({ where: { competitionId, userId: { in: ids } }, select: { userId: true } })
          if (lifter) throw new JudgingRefusal('lifter_on_panel', wanted[ids.indexOf(lifter.userId)])
        }
        await tx.competition.update({ where: { id: competitionId }, data: { judgesMayLift: allowLifters, publishJudgeNames: change.publishNames ?? competition.publishJudgeNames } })
        await tx.judge.deleteMany({ where: { competitionId } })
        if (ids.length > 0) await tx.judge.createMany({ data: ids.map((userId, i) => ({ competitionId, userId, seat: i + 1 })) })

        const seats = await seatsOf(tx, competitionId)
        notify.push(...seats.seats.map((s) => s.userId))
        const pending = await tx.attempt.findMany({ where: { status: 'pending', participant: { competitionId } }, include: attemptWithLifter })
        let announced = false
        for (const attempt of pending) {
          const needed = votesNeeded(seats.seats, attempt.participant.userId)
          if (needed === attempt.votesNeeded) continue
          const row = await tx.attempt.update({ where: { id: attempt.id }, data: { votesNeeded: needed }, include: attemptWithLifter })
          if (row.votesCast >= needed && await decideByVotes(tx, announce, row, needed, seats)) announced = true
          else {
            await announce(competitionRoom(competitionId), 'attempt.voted', { competition_id: competitionId, attempt_id: row.id, votes_cast: row.votesCast, votes_needed: needed })
            announced = true
          }
        }
        // The room's lock reserved a number: with no attempt to announce, the change itself is the event.
        if (!announced) await announce(competitionRoom(competitionId), 'panel.changed', { competition_id: competitionId, judges: seats.seats.length })
      })
      notifyJudges(notify, { competition_id: competitionId, attempt_id: 0 })
    },

    /** A judge's vote. At the quorum the decision is recorded in the same transaction, once. */
    async vote(attemptId: number, judgeId: number, vote: VoteBody): Promise<Lift> {
      const notify: number[] = []
      let competitionId = 0
      const row = await announcer.write(async (tx, announce) => {
        const attempt = await lockedAttempt(tx, announce, attemptId)
        competitionId = attempt.participant.competitionId
        const seats = await seatsOf(tx, competitionId)
        const seat = seats.seats.find((s) => s.userId === judgeId)
        if (!seat) throw new JudgingRefusal('not_judge')
        if (attempt.participant.userId === judgeId) throw new JudgingRefusal('own_attempt')
        if (attempt.status !== 'pending') throw new JudgingRefusal('decided')
        if (await tx.vote.findUnique({ where: { attemptId_judgeId: { attemptId, judgeId } }, select: { id: true } })) throw new JudgingRefusal('already_voted')
        assertReason(attempt.liftType, vote)
        await tx.vote.create({ data: { attemptId, judgeId, seat: seat.seat, ...ballotOf(vote) } })
        const counted = await tx.attempt.update({ where: { id: attemptId }, data: { votesCast: { increment: 1 } }, include: attemptWithLifter })
        const needed = counted.votesNeeded === 3 ? 3 : 1
        const decided = counted.votesCast >= needed ? await decideByVotes(tx, announce, counted, needed, seats) : null
        if (decided) {
          notify.push(...judgesFor(seats.seats, attempt.participant.userId).filter((id) => id !== judgeId))
          return decided
        }
        await announce(competitionRoom(competitionId), 'attempt.voted', { competition_id: competitionId, attempt_id: attemptId, votes_cast: counted.votesCast, votes_needed: needed })
        return counted
      })
      // A decided attempt leaves the other judges' queues.
      if (notify.length > 0) notifyJudges(notify, { competition_id: competitionId, attempt_id: attemptId })
      return lift(row)
    },

    /** The organiser decides a pending attempt directly, as jury (recorded as such; final). */
    async juryDecide(attemptId: number, organiserId: number, vote: VoteBody): Promise<Lift> {
      let notify: number[] = []
      let competitionId = 0
      const row = await announcer.write(async (tx, announce) => {
        const attempt = await lockedAttempt(tx, announce, attemptId)
        competitionId = attempt.participant.competitionId
        const seats = await seatsOf(tx, competitionId)
        if (seats.organiserId !== organiserId) throw new JudgingRefusal('not_organiser')
        if (attempt.participant.userId === organiserId) throw new JudgingRefusal('own_attempt')
        if (attempt.status !== 'pending') throw new JudgingRefusal('decided')
        assertReason(attempt.liftType, vote)
        notify = seats.seats.map((s) => s.userId)
        const juryLight = toLight(ballotOf(vote), attempt.liftType as LiftType, 'Jury')
        return decide(tx, announce, attempt, { status: vote.good ? 'completed' : 'failed', by: 'jury', lights: [juryLight], appealable: false })
      })
      notifyJudges(notify, { competition_id: competitionId, attempt_id: attemptId })
      return lift(row)
    },

    /** The lifter appeals a panel decision, once, within the window. */
    async appeal(attemptId: number, lifterId: number, note: string): Promise<Lift> {
      return lift(await announcer.write(async (tx, announce) => {
        const attempt = await lockedAttempt(tx, announce, attemptId)
        if (attempt.participant.userId !== lifterId) throw new JudgingRefusal('not_lifter')
        // Decisions recorded before organisers' own attempts stopped being appealable still say so.
        if ((await seatsOf(tx, attempt.participant.competitionId)).organiserId === lifterId) throw new JudgingRefusal('own_appeal')
        if (attempt.status === 'pending' || attempt.decidedBy !== 'panel' || attempt.appealState) throw new JudgingRefusal('not_appealable')
        if (!attempt.appealUntil || attempt.appealUntil <= new Date()) throw new JudgingRefusal('appeal_closed')
        const row = await tx.attempt.update({
          where: { id: attemptId }, data: { appealState: 'open', appealNote: note.trim(), appealedAt: new Date() }, include: attemptWithLifter,
        })
        const competitionId = row.participant.competitionId
        await announce(competitionRoom(competitionId), 'attempt.updated', { competition_id: competitionId, attempt: lift(row) })
        return row
      }))
    },

    /** The organiser, as jury, confirms or reverses an appealed decision, with a reason; final. */
    async decideAppeal(attemptId: number, organiserId: number, verdict: { reverse: boolean; reason: string }): Promise<Lift> {
      return lift(await announcer.write(async (tx, announce) => {
        const attempt = await lockedAttempt(tx, announce, attemptId)
        const competitionId = attempt.participant.competitionId
        const { organiserId: organiser } = await seatsOf(tx, competitionId)
        if (organiser !== organiserId) throw new JudgingRefusal('not_organiser')
        // Their own attempt: an appeal opened before organisers' appeals were refused may be closed
        // (confirmed: the panel's decision stands), never reversed in their own favour.
        if (attempt.participant.userId === organiserId && verdict.reverse) throw new JudgingRefusal('own_attempt')
        if (attempt.appealState !== 'open') throw new JudgingRefusal('no_open_appeal')
        const row = await tx.attempt.update({
          where: { id: attemptId },
          data: {
            appealState: verdict.reverse ? 'reversed' : 'confirmed', appealReason: verdict.reason.trim(), appealDecidedAt: new Date(),
            ...(verdict.reverse ? { status: attempt.status === 'completed' ? 'failed' : 'completed', decidedBy: 'jury' } : {}),
          },
          include: attemptWithLifter,
        })
        if (verdict.reverse) {
          await announceJudged(tx, announce, row)
        } else {
          await announce(competitionRoom(competitionId), 'attempt.updated', { competition_id: competitionId, attempt: lift(row) })
        }
        return row
      }))
    },

    /** Attempts awaiting this judge's vote across their panels, oldest first. */
    async queue(judgeId: number, limit = 200) {
      const rows = await prisma.attempt.findMany({
        where: {
          status: 'pending',
          votes: { none: { judgeId } },
          participant: {
            userId: { not: judgeId },
            competition: { OR: [{ judges: { some: { userId: judgeId } } }, { createdById: judgeId, judges: { none: {} } }] },
          },
        },
        include: { participant: { include: { user: { select: { name: true } }, competition: { select: { name: true } } } } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: limit,
      })
      return rows.map((row) => ({ ...toLift(apiBase, row, row.participant), competition_name: row.participant.competition.name }))
    },

    /** The organiser's view: what waits, each judge's votes and agreement with the decisions, open appeals. */
    async overview(competitionId: number) {
      const found = await panel(competitionId)
      if (!found) return null
      const [pending, votes, appeals] = await Promise.all([
        prisma.attempt.count({ where: { status: 'pending', participant: { competitionId } } }),
        prisma.vote.findMany({ where: { attempt: { participant: { competitionId } } }, select: { judgeId: true, good: true, attempt: { select: { status: true } } } }),
        prisma.attempt.findMany({ where: { appealState: 'open', participant: { competitionId } }, include: attemptWithLifter, orderBy: { appealedAt: 'asc' } }),
      ])
      const judges = found.judges.length > 0 ? found.judges : await organiserSeat(prisma, found.organiserId)
      return {
        panel: found,
        pending,
        judges: judges.map((j) => {
          const own = votes.filter((v) => v.judgeId === j.userId)
          const decided = own.filter((v) => v.attempt.status !== 'pending')
          const agreed = decided.filter((v) => v.good === (v.attempt.status === 'completed')).length
          return { ...j, votesCast: own.length, agreement: decided.length > 0 ? agreed / decided.length : null }
        }),
        appeals: appeals.map(lift),
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
