// Every repository over one database, sharing one announcer. Both roles build this
// once: the server decorates it on the app (app.repos), the transcode job takes it.
import { createAnnouncer } from '../announcer.ts'
import type { PrismaClient } from '../db.ts'
import type { EventPublisher } from '../live-publisher.ts'
import { createAttemptsRepository } from './attempts.repository.ts'
import { createCompetitionsRepository } from './competitions.repository.ts'
import { createEngagementRepository } from './engagement.repository.ts'
import { createJudgingRepository } from './judging.repository.ts'
import { DEFAULT_APPEAL_WINDOW_HOURS } from '../../contract/index.ts'
import { createLeaderboardRepository } from './leaderboard.repository.ts'
import { createLiveEventsRepository } from './live-events.repository.ts'
import { createParticipantsRepository } from './participants.repository.ts'
import { createRefreshTokensRepository, createUsersRepository } from './users.repository.ts'

/** `publisher()` is read at publish time (the server's live layer exists only once its app is built). */
export function createRepositories(prisma: PrismaClient, publisher: () => EventPublisher, apiBase: string, options: { appealWindowMs?: number } = {}) {
  const announcer = createAnnouncer(prisma, publisher)
  return {
    competitions: createCompetitionsRepository(prisma, announcer),
    participants: createParticipantsRepository(prisma, announcer),
    attempts: createAttemptsRepository(prisma, announcer, publisher, apiBase),
    judging: createJudgingRepository(prisma, announcer, publisher, { apiBase, appealWindowMs: options.appealWindowMs ?? DEFAULT_APPEAL_WINDOW_HOURS * 3_600_000 }),
    users: createUsersRepository(prisma),
    refreshTokens: createRefreshTokensRepository(prisma),
    liveEvents: createLiveEventsRepository(prisma),
    leaderboard: createLeaderboardRepository(prisma),
    engagement: createEngagementRepository(prisma, announcer),
  }
}

export type Repositories = ReturnType<typeof createRepositories>
