// The repositories (infra/repositories: all database I/O, one per aggregate), built once by the
// composition root, on the app so routes reach them as `app.repos.*`, and the services built on
// them (the rules: judging, engagement, entries, accounts) as `app.services.*`. The retention sweep
// (infra/retention.ts) deletes the old live events, views and refresh tokens nothing reads: at start, then hourly;
// the declaration sweep (meets.service.ts) declares the rulebook's default for meet lifters whose window passed.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Repositories } from '../../../infra/repositories/index.ts'
import { startRetention, type Retention } from '../../../infra/retention.ts'
import { readChallengeSnapshot } from '../../live/snapshot.ts'
import { createPasswords } from '../../passwords.ts'
import { createAccountDataService, type AccountDataService } from '../../services/account-data.service.ts'
import { createAccountDeletionService, type AccountDeletionService } from '../../services/account-deletion.service.ts'
import { createAvatarService, type AvatarService } from '../../services/avatar.service.ts'
import { resolveFfmpegBinaries } from '../../../infra/ffmpeg.ts'
import { probeImage, squareJpeg } from '../../../infra/image.ts'
import { createAccountsService, isAdmin, type AccountsService } from '../../services/accounts.service.ts'
import { createChallengeControlService, type ChallengeControlService } from '../../services/challenge-control.service.ts'
import { createEmailVerificationService, type EmailVerificationService } from '../../services/email-verification.service.ts'
import { createEngagementService, type EngagementService } from '../../services/engagement.service.ts'
import { createEntriesService, type EntriesService } from '../../services/entries.service.ts'
import { createJudgingService, type JudgingService } from '../../services/judging.service.ts'
import { createLinkPreviewService, type LinkPreviewService } from '../../services/link-preview.service.ts'
import { createPrivateMedia, type PrivateMedia } from '../../services/private-media.service.ts'
import { createPasswordResetService, type PasswordResetService } from '../../services/password-reset.service.ts'
import { createModerationService, type ModerationService } from '../../services/moderation.service.ts'
import { createMeetsService, type MeetsService } from '../../services/meets.service.ts'
import { createTakeChecksService, type TakeChecksService } from '../../services/take-checks.service.ts'
import { createHallService, type HallService } from '../../services/hall.service.ts'
import { createHallDeskService, type HallDeskService } from '../../services/hall-desk.service.ts'
import { createHallScoreboardService, type HallScoreboardService } from '../../services/hall-scoreboard.service.ts'
import { createResultsExportService, type ResultsExportService } from '../../services/results-export.service.ts'
import { createRecordsService, type RecordsService } from '../../services/records.service.ts'
import { createRecordAttemptsService, type RecordAttemptsService } from '../../services/record-attempts.service.ts'
import { createRegistrationImportService, type RegistrationImportService } from '../../services/registration-import.service.ts'
import { createTeamsService, type TeamsService } from '../../services/teams.service.ts'
import { createWeighInService, type WeighInService } from '../../services/weigh-in.service.ts'

/** How often each node declares for meet lifters whose declaration window passed (the sweep reads due rows, so a restart loses nothing). */
const DECLARATION_SWEEP_MS = 15_000

export interface Services {
  judging: JudgingService
  engagement: EngagementService
  entries: EntriesService
  weighIns: WeighInService
  accounts: AccountsService
  passwordReset: PasswordResetService
  emailVerification: EmailVerificationService
  challengeControl: ChallengeControlService
  moderation: ModerationService
  accountData: AccountDataService
  accountDeletion: AccountDeletionService
  avatars: AvatarService
  meets: MeetsService
  resultsExport: ResultsExportService
  takeChecks: TakeChecksService
  hall: HallService
  hallDesk: HallDeskService
  hallScoreboard: HallScoreboardService
  records: RecordsService
  recordAttempts: RecordAttemptsService
  registrationImport: RegistrationImportService
  teams: TeamsService
  /** What a public page's link preview shows (the web client's pages, served by plugins/external/web-static.ts). */
  linkPreviews: LinkPreviewService
  /** Which stored files are private, their signed URLs and who may read them (the media route asks). */
  privateMedia: PrivateMedia
}

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories
    services: Services
  }
}

export default fp(async function repositories(app: FastifyInstance) {
  const { config, repos, bus, mailer } = app.deps
  const passwords = createPasswords({ concurrency: config.hashConcurrency, queueMax: config.hashQueueMax })
  // Links name the site by PUBLIC_URL; without it (the embedded default, mail kept in the outbox) this machine.
  const siteUrl = config.publicUrl ?? `http://localhost:${config.port}`
  const recordAttempts = createRecordAttemptsService({ recordAttempts: repos.recordAttempts })
  const meets = createMeetsService({ meets: repos.meets, challenges: repos.challenges, apiBase: config.apiBase, recordAttempts })
  const privateMedia = createPrivateMedia({ secret: config.jwtSecret, apiBase: config.apiBase })
  const judging = createJudgingService({
    judging: repos.judging,
    markQueue: (attempts) => recordAttempts.markQueue(attempts),
    signedMediaUrl: privateMedia.signedUrl,
    appealWindowMs: config.appealWindowMs,
    judgeQueue: (userIds, change) => bus.judgeQueue(userIds, change),
  })
  // A challenge's lifters ranked as its page ranks them, with their attempts and teams.
  const ranked = async (id: number) => (await readChallengeSnapshot(repos.participants, config.apiBase, id))?.participants ?? null
  app.decorate('repos', repos)
  app.decorate('services', {
    meets,
    resultsExport: createResultsExportService({ challenges: repos.challenges, meets, ranked }),
    teams: createTeamsService({ ranked }),
    records: createRecordsService({ records: repos.records }),
    recordAttempts,
    registrationImport: createRegistrationImportService({ imports: repos.registrationImport }),
    judging,
    hall: createHallService({ hall: repos.hall, judging }),
    hallDesk: createHallDeskService({ hall: repos.hall }),
    hallScoreboard: createHallScoreboardService({ hall: repos.hall, ranked }),
    engagement: createEngagementService({ engagement: repos.engagement }),
    takeChecks: createTakeChecksService({ attempts: repos.attempts, judging: repos.judging }),
    entries: createEntriesService({ ...repos, apiBase: config.apiBase }),
    weighIns: createWeighInService({ ...repos, apiBase: config.apiBase }),
    accounts: createAccountsService({
      users: repos.users,
      accounts: repos.accounts,
      passwordResets: repos.passwordResets,
      loginAttempts: app.loginBackoff,
      adminUsernames: config.adminUsernames,
      passwords,
      entries: repos.participants,
      apiBase: config.apiBase,
    }),
    accountData: createAccountDataService({
      accountData: repos.accountData,
      isAdmin: (username) => isAdmin(username, config.adminUsernames),
    }),
    avatars: createAvatarService({
      accounts: repos.accounts,
      storage: app.deps.storage,
      image: {
        probe: (path) => probeImage(resolveFfmpegBinaries(config).ffprobe, path),
        squareJpeg: (input, output, size) => squareJpeg(resolveFfmpegBinaries(config).ffmpeg, input, output, size),
      },
      log: app.log,
    }),
    accountDeletion: createAccountDeletionService({
      users: repos.users,
      deletion: repos.accountDeletion,
      engagement: repos.engagement,
      storage: app.deps.storage,
      passwords,
      loginAttempts: app.loginBackoff,
      log: app.log,
      adminUsernames: config.adminUsernames,
    }),
    passwordReset: createPasswordResetService({
      users: repos.users,
      resets: repos.passwordResets,
      passwords,
      mailer,
      log: app.log,
      siteUrl,
    }),
    challengeControl: createChallengeControlService({ challenges: repos.challenges }),
    privateMedia,
    linkPreviews: createLinkPreviewService({ previews: repos.linkPreviews, apiBase: config.apiBase }),
    moderation: createModerationService({
      users: repos.users,
      moderation: repos.moderation,
      engagement: repos.engagement,
      adminUsernames: config.adminUsernames,
      storage: app.deps.storage,
      log: app.log,
    }),
    emailVerification: createEmailVerificationService({
      users: repos.users,
      verifications: repos.emailVerifications,
      mailer,
      log: app.log,
      siteUrl,
    }),
  })

  let retention: Retention | undefined
  // Declarations the window's passing makes due: at start (a restart catches up), then every DECLARATION_SWEEP_MS.
  let sweeping: Promise<unknown> | null = null
  const sweepDeclarations = () => {
    sweeping ??= app.services.meets
      .sweep()
      .then(
        (made) => {
          if (made.length > 0) app.log.info({ declared: made.length }, 'meets: declarations made when windows passed')
        },
        (err: unknown) => app.log.warn({ err }, 'meets: declaration sweep failed'),
      )
      .finally(() => {
        sweeping = null
      })
  }
  let sweepTimer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    sweepDeclarations()
    sweepTimer = setInterval(sweepDeclarations, DECLARATION_SWEEP_MS).unref()
    retention = startRetention(app.repos, {
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      refreshReuseGraceSeconds: config.refreshReuseGraceSeconds,
      log: app.log,
    })
  })
  app.addHook('preClose', async () => {
    clearInterval(sweepTimer)
    await sweeping
    await retention?.stop()
  })
})
