// Judging's reads outside any lock (judging.repository.ts holds the locked writes): the panels a user
// sits on, a judge's queue, the challenges a user judges or organises and the organiser's overview.
import type { TakeChecks } from '../../contract/index.ts'
import { mediaUrl, toLift } from '../attempt-view.ts'
import type { PrismaClient } from '../db.ts'
import { attemptWithLifter, type AttemptWithLifter } from './attempt-rows.ts'
import type { AttemptState, PanelView } from './judging-handles.ts'

export function judgingReads(prisma: PrismaClient, apiBase: string, panel: (challengeId: number) => Promise<PanelView | null>) {
  const lift = (row: AttemptWithLifter) => toLift(apiBase, row, row.participant)
  return {
    /** The challenges this user is appointed to judge or organises, with their organiser and appointed judges. */
    async panelsOf(userId: number): Promise<Array<{ challengeId: number; organiserId: number | null; appointed: number[] }>> {
      const rows = await prisma.challenge.findMany({
        where: { OR: [{ judges: { some: { userId } } }, { createdById: userId }] },
        select: { id: true, createdById: true, judges: { select: { userId: true } } },
      })
      return rows.map((row) => ({ challengeId: row.id, organiserId: row.createdById, appointed: row.judges.map((j) => j.userId) }))
    },

    /**
     * Pending attempts of these challenges, oldest first, with what a meet's lifting order compares;
     * without those `votedBy` voted on and those `liftedBy` lifted, and, with `withVideo`, only those
     * with a video. Which of them a judge sees is the judging service's to say.
     */
    async queue(filter: { challengeIds: readonly number[]; votedBy: number; liftedBy: number; withVideo: boolean }, limit = 200) {
      const rows = await prisma.attempt.findMany({
        where: {
          status: 'pending',
          ...(filter.withVideo ? { originalKey: { not: null } } : {}),
          votes: { none: { judgeId: filter.votedBy } },
          participant: { userId: { not: filter.liftedBy }, challengeId: { in: [...filter.challengeIds] } },
        },
        include: {
          participant: {
            include: {
              user: { select: { name: true } },
              challenge: { select: { name: true, format: true, liftTypes: true, description: true } },
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
            competition_name: participant.challenge.name,
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
            challengeId: participant.challengeId,
            challenge: participant.challenge,
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
      const rows = await prisma.challenge.findMany({
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
    async overview(challengeId: number) {
      const found = await panel(challengeId)
      if (!found) return null
      const [pending, votes, appeals] = await Promise.all([
        prisma.attempt.count({ where: { status: 'pending', participant: { challengeId } } }),
        prisma.vote.findMany({
          where: { attempt: { participant: { challengeId } } },
          select: { judgeId: true, good: true, attempt: { select: { status: true } } },
        }),
        prisma.attempt.findMany({
          where: { appealState: 'open', participant: { challengeId } },
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
