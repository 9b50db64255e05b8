// Every repository over one database, sharing one announcer. Both roles build this
// once: the server decorates it on the app (app.repos), the transcode job takes it.
import { createAnnouncer } from '../announcer.ts'
import type { PrismaClient } from '../db.ts'
import type { EventPublisher } from '../live-publisher.ts'
import { createAttemptsRepository } from './attempts.repository.ts'
import { createCompetitionsRepository } from './competitions.repository.ts'
import { createLiveEventsRepository } from './live-events.repository.ts'
import { createParticipantsRepository } from './participants.repository.ts'
import { createRefreshTokensRepository, createUsersRepository } from './users.repository.ts'

/** `publisher()` is read at publish time (the server's live layer exists only once its app is built). */
export function createRepositories(prisma: PrismaClient, publisher: () => EventPublisher, apiBase: string) {
  const announcer = createAnnouncer(prisma, publisher)
  return {
    competitions: createCompetitionsRepository(prisma, announcer),
    participants: createParticipantsRepository(prisma, announcer),
    attempts: createAttemptsRepository(prisma, announcer, apiBase),
    users: createUsersRepository(prisma),
    refreshTokens: createRefreshTokensRepository(prisma),
    liveEvents: createLiveEventsRepository(prisma),
  }
}

export type Repositories = ReturnType<typeof createRepositories>
