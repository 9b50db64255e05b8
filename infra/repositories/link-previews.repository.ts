// What a link preview shows of a public page (server/services/link-preview.service.ts): only public fields are read.
import type { PrismaClient } from '../db.ts'

export function createLinkPreviewsRepository(prisma: PrismaClient) {
  return {
    challenge: (id: number) =>
      prisma.challenge.findUnique({ where: { id }, select: { name: true, description: true, image: true, location: true } }),
    attempt: (attemptId: number) =>
      prisma.attempt.findUnique({
        where: { id: attemptId },
        select: {
          liftType: true,
          weight: true,
          attemptNumber: true,
          status: true,
          posterKey: true,
          renditions: true,
          processingState: true,
          participant: {
            select: { userId: true, challengeId: true, user: { select: { name: true } }, challenge: { select: { name: true } } },
          },
        },
      }),
    lifter: (userId: number) => prisma.user.findUnique({ where: { id: userId }, select: { name: true } }),
  }
}
export type LinkPreviewsRepository = ReturnType<typeof createLinkPreviewsRepository>
