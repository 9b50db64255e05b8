// Email verification tokens (stored as hashes) and the account's verified mark. I/O only: the rules
// are server/services/email-verification.service.ts's.
import type { PrismaClient } from '../db.ts'

export interface NewVerification {
  userId: number
  email: string
  tokenHash: string
  expiresAt: Date
}

export function createEmailVerificationsRepository(prisma: PrismaClient) {
  return {
    create: (data: NewVerification) => prisma.emailVerification.create({ data, select: { id: true } }),

    /**
     * Stores the link unless the account already has `max` made since `since`; with the account's
     * row locked, so requests racing each other count each other. Whether it was stored.
     */
    createUnlessMany: (data: NewVerification, since: Date, max: number) =>
      prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${data.userId} FOR UPDATE`
        if ((await tx.emailVerification.count({ where: { userId: data.userId, createdAt: { gte: since } } })) >= max) return false
        await tx.emailVerification.create({ data })
        return true
      }),

    find: (tokenHash: string) =>
      prisma.emailVerification.findUnique({
        where: { tokenHash },
        select: { id: true, userId: true, email: true, expiresAt: true, usedAt: true },
      }),

    /**
     * Marks the link used — only if no one used it first — and, when the account's address is still
     * the one the link was sent to, marks the account verified (unless it already was) and ends its
     * other unused links; one transaction. False when the link was already used or the address changed.
     */
    use: (link: { id: number; userId: number; email: string }, now: Date) =>
      prisma.$transaction(async (tx) => {
        const used = await tx.emailVerification.updateMany({ where: { id: link.id, usedAt: null }, data: { usedAt: now } })
        if (used.count !== 1) return false
        const verified = await tx.user.updateMany({ where: { id: link.userId, email: link.email }, data: { emailVerifiedAt: now } })
        if (verified.count !== 1) return false
        await tx.emailVerification.updateMany({ where: { userId: link.userId, usedAt: null }, data: { usedAt: now } })
        return true
      }),

    /** Removes links used or expired before `before` (the retention sweep). */
    pruneBefore: async (before: Date) =>
      (await prisma.emailVerification.deleteMany({ where: { OR: [{ expiresAt: { lt: before } }, { usedAt: { lt: before } }] } })).count,
  }
}

export type EmailVerificationsRepository = ReturnType<typeof createEmailVerificationsRepository>
