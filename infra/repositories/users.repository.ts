// Users and their refresh tokens: all of their I/O. Passwords arrive here hashed
// and refresh tokens as SHA-256 hashes: neither is ever stored in clear.
import { WRITE_TRANSACTION, type Prisma, type PrismaClient } from '../db.ts'
import { scoringSelect } from '../scoring-view.ts'
import { Refusal, isUniqueViolation } from '../refusal.ts'

/** A user with every challenge they joined (newest first) and its attempts (newest first): the profile. */
const userWithHistory = {
  participants: {
    include: { challenge: true, attempts: { orderBy: { createdAt: 'desc' } } },
    orderBy: { joinedAt: 'desc' },
  },
} as const satisfies Prisma.UserInclude
export type UserWithHistory = Prisma.UserGetPayload<{ include: typeof userWithHistory }>

/** A user with what the athlete list ranks them by: each participation's attempts and how its challenge scores. */
const userWithAttempts = {
  participants: {
    include: {
      challenge: { select: scoringSelect },
      attempts: { select: { liftType: true, weight: true, status: true, createdAt: true } },
    },
  },
} as const satisfies Prisma.UserInclude
export type UserWithAttempts = Prisma.UserGetPayload<{ include: typeof userWithAttempts }>

export type UserRow = Prisma.UserGetPayload<object>

export type NewUser = Pick<
  Prisma.UserCreateInput,
  'name' | 'email' | 'username' | 'passwordHash' | 'country' | 'weightClass' | 'bio' | 'sex' | 'birthDate'
>

export function createUsersRepository(prisma: PrismaClient) {
  return {
    find: (id: number) => prisma.user.findUnique({ where: { id } }),
    findByEmail: (email: string) => prisma.user.findUnique({ where: { email } }),
    findByUsername: (username: string) => prisma.user.findUnique({ where: { username } }),
    usernameTaken: async (username: string) => (await prisma.user.count({ where: { username } })) > 0,
    /** A second account with the same email or username is refused (409). */
    async create(data: NewUser) {
      try {
        return await prisma.user.create({ data })
      } catch (error) {
        if (isUniqueViolation(error))
          throw new Refusal('conflict', 'An account with this email or username already exists. Log in instead.')
        throw error
      }
    },
    findWithHistory: (id: number): Promise<UserWithHistory | null> => prisma.user.findUnique({ where: { id }, include: userWithHistory }),

    /** The version access tokens must carry to be valid; null when the user does not exist. */
    setPasswordHash: async (id: number, passwordHash: string): Promise<void> => {
      await prisma.user.update({ where: { id }, data: { passwordHash } })
    },
    /** The version access tokens must carry and whether the account is banned; null when the user does not exist. */
    sessionState: async (id: number): Promise<{ version: number; banned: boolean } | null> => {
      const row = await prisma.user.findUnique({ where: { id }, select: { tokenVersion: true, bannedAt: true } })
      return row ? { version: row.tokenVersion, banned: row.bannedAt !== null } : null
    },
    /** Ends every access token issued so far (they carry an older version). */
    bumpTokenVersion: async (id: number): Promise<void> => {
      await prisma.user.updateMany({ where: { id }, data: { tokenVersion: { increment: 1 } } })
    },

    /** Up to `limit` athletes whose name, country or weight class contains `q` (all when empty), by name. */
    search(q: string | undefined, limit: number): Promise<UserWithAttempts[]> {
      const where: Prisma.UserWhereInput | undefined = q
        ? {
            OR: [
              { name: { contains: q, mode: 'insensitive' } },
              { country: { contains: q, mode: 'insensitive' } },
              { weightClass: { contains: q, mode: 'insensitive' } },
            ],
          }
        : undefined
      return prisma.user.findMany({ where, include: userWithAttempts, orderBy: { name: 'asc' }, take: limit })
    },
  }
}

export function createRefreshTokensRepository(prisma: PrismaClient) {
  return {
    store: (row: { userId: number; familyId: string; tokenHash: string; expiresAt: Date }) => prisma.refreshToken.create({ data: row }),
    findByHash: (tokenHash: string) => prisma.refreshToken.findUnique({ where: { tokenHash } }),
    /**
     * Marks the token used and stores its successor in one transaction: of two concurrent uses exactly
     * one gets true, and the other (its update waits on the row until that commit) finds the successor stored.
     */
    rotate: (id: number, successor: { userId: number; familyId: string; tokenHash: string; expiresAt: Date }) =>
      prisma.$transaction(async (tx) => {
        const claimed = await tx.refreshToken.updateMany({
          where: { id, rotatedAt: null, revokedAt: null },
          data: { rotatedAt: new Date() },
        })
        if (claimed.count !== 1) return false
        await tx.refreshToken.create({ data: successor })
        return true
      }, WRITE_TRANSACTION),
    revokeFamily: (familyId: string) =>
      prisma.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } }),
    revokeAllOf: (userId: number) =>
      prisma.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } }),
    /**
     * Whether a login (a refresh-token family) has ended: one of its tokens was revoked (a logout, or a
     * reuse), or none of it is left (the retention sweep removes a family only long after it ended).
     * A revoked row sorts first, so one row answers.
     */
    loginEnded: async (familyId: string): Promise<boolean> => {
      const row = await prisma.refreshToken.findFirst({
        where: { familyId },
        select: { revokedAt: true },
        orderBy: { revokedAt: { sort: 'asc', nulls: 'last' } },
      })
      return row === null || row.revokedAt !== null
    },

    /**
     * Retention (infra/retention.ts): deletes tokens that expired or were revoked more than `keepMs`
     * ago. Such a token is refused (401 "Session expired") whether its row is there or not, and reuse
     * detection never looks at one (an expired or revoked token is refused before it). The rows are
     * kept `keepMs` (beyond an access token's life) because a logout naming one still ends just its
     * own family; a logout naming an unknown token ends every session of the user. Live tokens, and
     * rotated ones still live (a replay of one revokes its family), stay. Batches of `batch` rows,
     * each its own short statement; stops between batches once `signal` aborts.
     */
    async pruneEnded(options: { keepMs: number; batch: number; signal?: AbortSignal }): Promise<number> {
      let deleted = 0
      for (;;) {
        if (options.signal?.aborted) return deleted
        const n = await prisma.$executeRaw`
          DELETE FROM refresh_tokens WHERE ctid = ANY(ARRAY(
            SELECT ctid FROM refresh_tokens
            WHERE expires_at < now() - ${options.keepMs} * interval '1 millisecond' OR revoked_at < now() - ${options.keepMs} * interval '1 millisecond'
            LIMIT ${options.batch}::int))`
        deleted += n
        if (n < options.batch) return deleted
      }
    },
  }
}

export type UsersRepository = ReturnType<typeof createUsersRepository>
export type RefreshTokensRepository = ReturnType<typeof createRefreshTokensRepository>
