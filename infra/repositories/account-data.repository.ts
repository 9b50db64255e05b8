// Everything stored about one account, read for its owner's download (GET /auth/user/data). I/O
// only: server/services/account-data.service.ts shapes it.
import type { PrismaClient } from '../db.ts'

export function createAccountDataRepository(prisma: PrismaClient) {
  return {
    async of(userId: number) {
      const [user, entries, organised, votes, comments, reactions] = await Promise.all([
        prisma.user.findUnique({ where: { id: userId } }),
        prisma.participant.findMany({
          where: { userId },
          orderBy: { joinedAt: 'asc' },
          include: { challenge: { select: { name: true } }, attempts: { orderBy: { createdAt: 'asc' } } },
        }),
        prisma.challenge.findMany({
          where: { createdById: userId },
          orderBy: { createdAt: 'asc' },
          select: { id: true, name: true, startDate: true, endDate: true, createdAt: true },
        }),
        prisma.vote.findMany({
          where: { judgeId: userId },
          orderBy: { createdAt: 'asc' },
          include: { attempt: { select: { participant: { select: { challengeId: true } } } } },
        }),
        prisma.comment.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
        prisma.reaction.findMany({ where: { userId }, orderBy: { updatedAt: 'asc' } }),
      ])
      return user ? { user, entries, organised, votes, comments, reactions } : null
    },
  }
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>
