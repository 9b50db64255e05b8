// Builds the real application against a real database for a test file:
// PostgreSQL (a fresh database) by default, or the embedded PGlite default.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, type App } from '../../server/app.ts'
import { loadConfig, type Config } from '../../infra/config.ts'
import { openDatabase, type Database } from '../../infra/db.ts'
import { createLiveBus } from '../../infra/live-bus.ts'
import { createMailer, type Mailer } from '../../infra/mailer.ts'
import { openRedisClients } from '../../infra/redis-clients.ts'
import { createRepositories } from '../../infra/repositories/index.ts'
import { openStorage, type Storage } from '../../infra/storage.ts'
import { createTranscoding, type Transcoding, type TranscodingOptions } from '../../infra/transcoding/index.ts'
import { silentLog, type TranscodeQueue } from '../../infra/transcoding/jobs.ts'
import { enqueueVerdictClipsOnDecision } from '../../infra/transcoding/verdict-trigger.ts'
import { createTestDatabase } from './database.ts'
import { startS3, type TestS3 } from './s3.ts'

export interface TestApp {
  app: App
  db: Database
  config: Config
  /** The media store (config.mediaDir, or the bucket with `s3`), created once (what the transcoding uses). */
  storage: Storage
  /** The S3-compatible server, when started with `s3` (stop/start it to take the store away). */
  s3?: TestS3
  /** Set when started with `transcoding` (as `npm start` wires it: in-process, or BullMQ with REDIS_URL in env). */
  transcoding?: Transcoding
  close(): Promise<void>
}

export interface TestAppOptions {
  /** Where mail goes; default: as configured (SMTP_URL in `env`, else the outbox in the app's DATA_DIR). */
  mailer?: Mailer
  embedded?: boolean
  env?: Record<string, string>
  queue?: TranscodeQueue
  /** Wire the real transcode queue as server.ts does (ignored when `queue` is given). */
  transcoding?: boolean | TranscodingOptions
  /** Store media in a bucket of an s3rver started for this app (stopped with it), as STORAGE_DRIVER=s3 does. */
  s3?: boolean
  /** Last chance to add routes or hooks before the app is sealed (benchmarks add their baseline route here). */
  beforeReady?: (app: App) => void
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'liftarena-test-'))
  const database = options.embedded || options.env?.DATABASE_URL ? undefined : await createTestDatabase({ migrated: true })
  const s3 = options.s3 ? await startS3({ directory: join(dir, 's3') }) : undefined
  const config = loadConfig({
    DATA_DIR: dir,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_CREATE_PER_HOUR: '1000',
    SERVE_WEB: 'false',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...s3?.env,
    ...options.env,
  })
  // A database copied from the migrated template is checked to have every migration (no schema
  // engine to load); one given in `env` or the embedded one is migrated here, as `npm start` does.
  const db = await openDatabase(config, database ? { requireMigrated: true } : { migrate: true, inMemory: options.embedded })
  const storage = await openStorage(config)
  // As server/server.ts composes it: one set of Redis clients, one live bus, one set of repositories.
  const redis = config.redisUrl ? openRedisClients(config.redisUrl) : undefined
  const bus = createLiveBus()
  const repos = createRepositories(db.prisma, bus, config.apiBase)
  const transcoding =
    !options.queue && options.transcoding
      ? createTranscoding(
          { config, storage, attempts: repos.attempts, publisher: bus, redis, verdictClips: repos.verdictClips },
          { log: { info() {}, warn() {}, error() {} }, ...(options.transcoding === true ? {} : options.transcoding) },
        )
      : undefined
  const queue = options.queue ?? transcoding?.queue ?? { enqueue: async () => {}, close: async () => {} }
  // As server.ts: each decision committed here gets its verdict clip.
  if (transcoding) enqueueVerdictClipsOnDecision(bus, transcoding.queue, silentLog)
  const mailer = options.mailer ?? createMailer(config, () => {})
  const app = await buildApp({ config, db, repos, bus, queue, storage, redis, mailer })
  options.beforeReady?.(app)
  await app.ready()
  await transcoding?.start()
  return {
    app,
    db,
    config,
    storage,
    s3,
    transcoding,
    async close() {
      await app.close()
      await transcoding?.queue.close()
      await redis?.close()
      await db.close()
      await database?.drop()
      await s3?.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

let counter = 0
/** Registers a fresh user through the API and returns its tokens. */
export async function registerUser(app: App, name = 'Test Lifter') {
  const n = `${Date.now().toString(36)}${counter++}`
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email: `lifter${n}@example.com`, password: 'correct horse battery' },
  })
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`)
  const body = res.json() as { access_token: string; refresh_token: string; user_id: number }
  return {
    ...body,
    email: `lifter${n}@example.com`,
    password: 'correct horse battery',
    auth: { authorization: `Bearer ${body.access_token}` },
  }
}

/** A new user who created a challenge (running unless `days` says otherwise) and joined it in 83kg. */
export async function joinedLifter(app: App, challenge: Record<string, unknown> = {}, days?: { start: number; end: number }) {
  const u = await registerUser(app)
  const challengeId = await createChallenge(app, u.access_token, challenge, days)
  const res = await app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: u.auth,
    payload: { competition_id: challengeId, weight_class: '83kg' },
  })
  if (res.statusCode !== 201) throw new Error(`join failed: ${res.statusCode} ${res.body}`)
  return { ...u, challengeId }
}

/** Creates a challenge through the API as the given user. Dates are offsets in days from now. */
export async function createChallenge(app: App, token: string, overrides: Record<string, unknown> = {}, days = { start: -1, end: 6 }) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create_competition',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name: 'Test Challenge',
      location: 'Test Gym',
      lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
      weightclasses: ['83kg', '93kg'],
      gender: 'M',
      start_date: new Date(Date.now() + days.start * 86_400_000).toISOString(),
      end_date: new Date(Date.now() + days.end * 86_400_000).toISOString(),
      ...overrides,
    },
  })
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`)
  return (res.json() as { competition_id: number }).competition_id
}
