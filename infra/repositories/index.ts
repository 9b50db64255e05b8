// Every repository over one database, sharing one announcer. Each role's composition root
// (server/server.ts, worker/worker.ts) builds this once and hands it down.
import { createAnnouncer } from '../announcer.ts'
import type { PrismaClient } from '../db.ts'
import type { EventPublisher } from '../live-publisher.ts'
import { createAccountDataRepository } from './account-data.repository.ts'
import { createAccountDeletionRepository } from './account-deletion.repository.ts'
import { createAccountsRepository } from './accounts.repository.ts'
import { createAttemptsRepository } from './attempts.repository.ts'
import { createChallengesRepository } from './challenges.repository.ts'
import { createEmailVerificationsRepository } from './email-verifications.repository.ts'
import { createEngagementRepository } from './engagement.repository.ts'
import { createJudgingRepository } from './judging.repository.ts'
import { createLeaderboardRepository } from './leaderboard.repository.ts'
import { createLinkPreviewsRepository } from './link-previews.repository.ts'
import { createLiveEventsRepository } from './live-events.repository.ts'
import { createMeetsRepository } from './meets.repository.ts'
import { createHallRepository } from './hall.repository.ts'
import { createModerationRepository } from './moderation.repository.ts'
import { createParticipantsRepository } from './participants.repository.ts'
import { createRecordsRepository } from './records.repository.ts'
import { createRecordAttemptsRepository } from './record-attempts.repository.ts'
import { createRegistrationImportRepository } from './registration-import.repository.ts'
import { createPasswordResetsRepository } from './password-resets.repository.ts'
import { createRefreshTokensRepository, createUsersRepository } from './users.repository.ts'
import { createUploadSlotsRepository } from './upload-slots.repository.ts'
import { createVerdictClipsRepository } from './verdict-clips.repository.ts'

/** `publisher`: where committed events go (the server's live bus, the worker's Redis publisher). */
export function createRepositories(prisma: PrismaClient, publisher: EventPublisher, apiBase: string) {
  const announcer = createAnnouncer(prisma, publisher)
  return {
    challenges: createChallengesRepository(prisma, announcer),
    participants: createParticipantsRepository(prisma, announcer),
    attempts: createAttemptsRepository(prisma, announcer, publisher, apiBase),
    judging: createJudgingRepository(prisma, announcer, apiBase),
    verdictClips: createVerdictClipsRepository(prisma, announcer, apiBase),
    users: createUsersRepository(prisma),
    accounts: createAccountsRepository(prisma, announcer),
    refreshTokens: createRefreshTokensRepository(prisma),
    passwordResets: createPasswordResetsRepository(prisma),
    emailVerifications: createEmailVerificationsRepository(prisma),
    accountData: createAccountDataRepository(prisma),
    accountDeletion: createAccountDeletionRepository(prisma, announcer),
    liveEvents: createLiveEventsRepository(prisma),
    leaderboard: createLeaderboardRepository(prisma),
    engagement: createEngagementRepository(prisma, announcer),
    uploadSlots: createUploadSlotsRepository(prisma),
    meets: createMeetsRepository(prisma, announcer),
    hall: createHallRepository(prisma, announcer),
    records: createRecordsRepository(prisma),
    recordAttempts: createRecordAttemptsRepository(prisma),
    registrationImport: createRegistrationImportRepository(prisma),
    moderation: createModerationRepository(prisma, announcer, apiBase),
    linkPreviews: createLinkPreviewsRepository(prisma),
  }
}

export type Repositories = ReturnType<typeof createRepositories>
