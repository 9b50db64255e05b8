// Password reset tokens (stored as hashes) and the password they change. I/O only: the rules are
// server/services/password-reset.service.ts's.
import type { PrismaClient } from '../db.ts'

export function createPasswordResetsRepository(prisma: PrismaClient) {
  return {
    create: (data: { userId: number; tokenHash: string; expiresAt: Date }) => prisma.passwordReset.create({ data, select: { id: true } }),

    /**
     * Stores the link unless the account already has `max` made since `since`; with the account's
     * row locked, so requests racing each other count each other. Whether it was stored.
     */
    createUnlessMany: (data: { userId: number; tokenHash: string; expiresAt: Date }, since: Date, max: number) =>
      prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${data.userId} FOR UPDATE`
        if ((await tx.passwordReset.count({ where: { userId: data.userId, createdAt: { gte: since } } })) >= max) return false
        await tx.passwordReset.create({ data })
        return true
      }),

    find: (tokenHash: string) =>
      prisma.passwordReset.findUnique({ where: { tokenHash }, select: { id: true, userId: true, expiresAt: true, usedAt: true } }),

    /**
     * Marks the link used — only if no one used it first (two clicks racing: one wins) — sets the
     * account's new password hash, and marks the account's other unused links used, in one
     * transaction. False when the link was already used (nothing changed).
     */
    use: (link: { id: number; userId: number }, passwordHash: string, now: Date) =>
      prisma.$transaction(async (tx) => {
        const used = await tx.passwordReset.updateMany({ where: { id: link.id, usedAt: null }, data: { usedAt: now } })
        if (used.count !== 1) return false
        await tx.passwordReset.updateMany({ where: { userId: link.userId, usedAt: null }, data: { usedAt: now } })
        await tx.user.update({ where: { id: link.userId }, data: { passwordHash } })
        return true
      }),

    /** Ends every unused link of the account (its password changed another way). */
    endAll: async (userId: number): Promise<void> => {
      await prisma.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } })
    },

    /** Removes links used or expired before `before` (the retention sweep). */
    pruneBefore: async (before: Date) =>
      (await prisma.passwordReset.deleteMany({ where: { OR: [{ expiresAt: { lt: before } }, { usedAt: { lt: before } }] } })).count,
  }
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>
