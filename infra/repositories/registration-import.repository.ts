// What a registration import's preview checks its rows against (docs/registration-import.md): the
// challenge's organiser, start, classes and equipment, the accounts of the file's addresses, and who
// is entered already. I/O only: the rules are contract/registration-import.ts's and the service's.
import type { PrismaClient } from '../db.ts'
import { scoringSelect } from '../scoring-view.ts'

export function createRegistrationImportRepository(prisma: PrismaClient) {
  return {
    challenge(challengeId: number) {
      return prisma.challenge.findUnique({
        where: { id: challengeId },
        select: { id: true, createdById: true, startDate: true, weightClasses: true, equipment: true, classSet: true, ...scoringSelect },
      })
    },
    /** The accounts of these addresses (lower case), by address, with whether they entered this challenge. */
    async accounts(challengeId: number, emails: readonly string[]): Promise<Map<string, { userId: number; entered: boolean }>> {
      if (emails.length === 0) return new Map()
      const users = await prisma.user.findMany({
        where: { email: { in: [...emails], mode: 'insensitive' } },
        select: { id: true, email: true, participants: { where: { challengeId }, select: { id: true } } },
      })
      return new Map(users.map((u) => [u.email.toLowerCase(), { userId: u.id, entered: u.participants.length > 0 }]))
    },
  }
}

export type RegistrationImportRepository = ReturnType<typeof createRegistrationImportRepository>
