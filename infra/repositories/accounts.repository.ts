// Accounts as site administrators and lifters change them: judge certification and an account's
// sex (with its entries and board rows). I/O only: who may do what is decided by the routes'
// services (server/services/accounts.service.ts).
import { GLOBAL_ROOM, ADMIN_ACCOUNTS_LIMIT, type AdminAccount } from '../../contract/index.ts'
import type { Announcer } from '../announcer.ts'
import type { Prisma, PrismaClient } from '../db.ts'
import { refreshLeaderboardOf } from './leaderboard-refresh.ts'

const accountSelect = {
  id: true,
  username: true,
  name: true,
  sex: true,
  judgeCertifiedAt: true,
  bannedAt: true,
} as const satisfies Prisma.UserSelect
type AccountRow = Prisma.UserGetPayload<{ select: typeof accountSelect }>

const toAccount = (row: AccountRow): AdminAccount => ({
  user_id: row.id,
  username: row.username,
  name: row.name,
  sex: row.sex as AdminAccount['sex'],
  certified_at: row.judgeCertifiedAt?.toISOString() ?? null,
  banned_at: row.bannedAt?.toISOString() ?? null,
})

export function createAccountsRepository(prisma: PrismaClient, announcer: Announcer) {
  return {
    async find(username: string): Promise<AdminAccount | null> {
      const row = await prisma.user.findUnique({ where: { username: username.toLowerCase() }, select: accountSelect })
      return row && toAccount(row)
    },

    /** Accounts whose name or username holds `q` (all when empty), certified judges first, then by name. */
    async search(q: string | undefined, certifiedOnly: boolean): Promise<AdminAccount[]> {
      const where: Prisma.UserWhereInput = {
        ...(q ? { OR: [{ name: { contains: q, mode: 'insensitive' } }, { username: { contains: q, mode: 'insensitive' } }] } : {}),
        ...(certifiedOnly ? { judgeCertifiedAt: { not: null } } : {}),
      }
      const rows = await prisma.user.findMany({
        where,
        select: accountSelect,
        take: ADMIN_ACCOUNTS_LIMIT,
        orderBy: [{ judgeCertifiedAt: { sort: 'asc', nulls: 'last' } }, { name: 'asc' }, { id: 'asc' }],
      })
      return rows.map(toAccount)
    },

    /** Certifies (at now, unless already) or withdraws it; decisions already taken keep what they were. */
    async setCertified(username: string, certified: boolean): Promise<AdminAccount | null> {
      const where = { username: username.toLowerCase() }
      if (certified) await prisma.user.updateMany({ where: { ...where, judgeCertifiedAt: null }, data: { judgeCertifiedAt: new Date() } })
      else await prisma.user.updateMany({ where, data: { judgeCertifiedAt: null } })
      const row = await prisma.user.findUnique({ where, select: accountSelect })
      return row && toAccount(row)
    },

    /** Whether the account has any attempt recorded: its results then fix its sex. */
    async hasResults(userId: number): Promise<boolean> {
      return (await prisma.attempt.count({ where: { participant: { userId } }, take: 1 })) > 0
    },

    /** The owner's profile change; their board rows show the new name and country, and the boards are told. */
    async updateProfile(userId: number, data: { name?: string; country?: string | null; bio?: string | null }): Promise<void> {
      await announcer.write(async (tx, announce) => {
        await tx.user.update({ where: { id: userId }, data })
        if (data.name !== undefined || data.country !== undefined) {
          await refreshLeaderboardOf(tx, userId)
          await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: 0 })
        }
      })
    },

    /**
     * Sets (or clears) the account's avatar; answers the key it had, for the caller to delete, or `false` when the
     * account is gone or deleted (a deletion that ran while the picture was being made).
     */
    async setAvatarKey(userId: number, key: string | null): Promise<string | null | false> {
      return prisma.$transaction(async (tx) => {
        const [row] = await tx.$queryRaw<
          { avatar_key: string | null }[]
        >`SELECT avatar_key FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`
        if (!row) return false
        await tx.user.update({ where: { id: userId }, data: { avatarKey: key } })
        return row.avatar_key
      })
    },

    /**
     * Sets the account's sex and moves its entries with it (their category and points follow), then
     * rewrites its board rows and tells the boards.
     */
    async setSex(userId: number, sex: 'M' | 'F'): Promise<void> {
      await announcer.write(async (tx, announce) => {
        await tx.user.update({ where: { id: userId }, data: { sex } })
        const moved = await tx.participant.updateMany({ where: { userId, gender: { not: sex } }, data: { gender: sex } })
        if (moved.count > 0) {
          await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: 0 })
          await refreshLeaderboardOf(tx, userId)
        }
      })
    },
  }
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>
