// One validated configuration for both roles (API server and transcode worker).
// Defaults live here and only here; a bad value stops the process with a clear message.
import { resolve } from 'node:path'
import { ConfigError, bool, budget, int, mailSettings, publicAddress, s3Config, storageDriver, trustProxy } from './config-values.ts'
import { resolveJwtSecret } from './jwt-secret.ts'

export { ConfigError }

export interface Config {
  readonly host: string
  readonly port: number
  readonly apiBase: string
  /** Unset → embedded PostgreSQL (PGlite) under dataDir. */
  readonly databaseUrl: string | undefined
  readonly dataDir: string
  /** Unset → in-process job queue and single-node live events. */
  readonly redisUrl: string | undefined
  /** Prefix for every Redis key of this deployment (lets test runs share one Redis). */
  readonly redisPrefix: string
  readonly mediaDir: string
  /** Where media lives: `local` (MEDIA_DIR on this host's disk) or `s3` (an S3-compatible bucket, see `s3`). */
  readonly storageDriver: 'local' | 's3'
  /** The bucket, when storageDriver is `s3`. */
  readonly s3: S3Config | undefined
  /** This host's private scratch space (uploads in flight, transcode outputs, resumable parts with the local driver). */
  readonly scratchDir: string
  /** How long an unfinished resumable upload is kept before it is removed (UPLOAD_RESUME_HOURS). */
  readonly uploadResumeMs: number
  /** Prometheus metrics on their own port (METRICS_PORT; the worker serves /metrics and /health there). Unset: the server's /metrics only. */
  readonly metricsPort: number | undefined
  /** METRICS_TOKEN: when set, /metrics asks for `Authorization: Bearer <token>`; unset, only loopback and private addresses may read it. */
  readonly metricsToken: string | undefined
  /** JWT_SECRET, else a random secret generated once and kept in dataDir (see jwt-secret.ts). */
  readonly jwtSecret: string
  readonly accessTokenTtlSeconds: number
  readonly refreshTokenTtlDays: number
  /** How long a just-rotated refresh token still gets the same successor instead of ending its family (0: never). */
  readonly refreshReuseGraceSeconds: number
  readonly uploadMaxBytes: number
  /** Longest video accepted, in seconds (VIDEO_MAX_SECONDS); the transcode stops reading there too. */
  readonly videoMaxSeconds: number
  /** The creation-time check's window, hours (TAKE_CHECK_WINDOW_HOURS): a challenge's own setting overrides it. */
  readonly takeCheckWindowHours: number
  readonly workerConcurrency: number
  readonly ffmpegPath: string | undefined
  readonly ffprobePath: string | undefined
  readonly corsOrigins: readonly string[]
  readonly seedDemoData: boolean
  /** MIGRATE_ON_START: the server applies pending migrations (under a lock) at start; false where a one-shot step migrates, and the server then refuses a schema that is behind. */
  readonly migrateOnStart: boolean
  /** ADMIN_USERNAMES: the site administrators' usernames (lower-case), who certify judges (docs/verified-results.md). */
  readonly adminUsernames: readonly string[]
  readonly rateLimitAuthPerMinute: number
  readonly rateLimitUploadPerMinute: number
  /** Challenges one account may create per hour. */
  readonly rateLimitCreatePerHour: number
  /** Comments one account may post per minute; reactions one account may change per minute; view/play counts one client address may send per minute. */
  readonly rateLimitCommentsPerMinute: number
  readonly rateLimitReactionsPerMinute: number
  readonly rateLimitViewsPerMinute: number
  /** Requests for stored media (GET /video/…: videos, their Range requests, posters) one client address may make per minute. */
  readonly rateLimitVideoPerMinute: number
  /** Joins, leaves and bodyweight changes one account may make per minute, together (each is announced to everyone); also judge-panel changes, counted apart. */
  readonly rateLimitEntriesPerMinute: number
  /** Failed logins for one account (whatever the client address) before it must wait out the window. */
  readonly loginMaxFailures: number
  readonly loginBackoffMs: number
  /** Fastify's trustProxy: false (the peer address is the client), a hop count, or trusted proxy addresses/CIDRs. */
  readonly trustProxy: false | number | readonly string[]
  /** A request's headers and body must arrive within this (an upload's body is held to a minimum throughput instead). */
  readonly requestTimeoutMs: number
  /** A connection with no traffic for this long is closed. */
  readonly connectionTimeoutMs: number
  readonly keepAliveTimeoutMs: number
  readonly maxRequestsPerSocket: number
  readonly maxConnections: number
  /** An upload body that brings fewer than uploadStallMinBytes in uploadStallWindowMs is cut off (408). */
  readonly uploadStallWindowMs: number
  readonly uploadStallMinBytes: number
  /**
   * After its first uploadStallWindowMs, an upload body must average at least this many bytes a second
   * (408 otherwise): its total time is then bounded by its size (UPLOAD_MIN_AVERAGE_BYTES_PER_SECOND).
   */
  readonly uploadMinAverageBytesPerSecond: number
  /** POST /api/upload bodies one account may be sending at once, on every node together (UPLOAD_CONCURRENT_PER_ACCOUNT). */
  readonly uploadConcurrentPerAccount: number
  /** Unfinished resumable uploads one account may hold, and the bytes they declare together (UPLOAD_UNFINISHED_*_PER_ACCOUNT). */
  readonly uploadUnfinishedPerAccount: number
  readonly uploadUnfinishedBytesPerAccount: number
  /** The same, for every account behind one client address together (UPLOAD_UNFINISHED_*_PER_ADDRESS). */
  readonly uploadUnfinishedPerAddress: number
  readonly uploadUnfinishedBytesPerAddress: number
  /** Password hashes/verifies running at once, and waiting, per process; beyond both → 503. */
  readonly hashConcurrency: number
  readonly hashQueueMax: number
  readonly logLevel: string
  readonly serveWeb: boolean
  readonly publicUrl: string | undefined
  /** SMTP_URL: where mail goes (smtp:// or smtps://); unset, mail is kept in DATA_DIR/outbox and logged (infra/mailer.ts). */
  readonly smtpUrl: string | undefined
  /** MAIL_FROM: the sender of the product's mails. */
  readonly mailFrom: string
  /** NODE_ENV=production: a public server (no demo data unless asked, no mail text in the log). */
  readonly production: boolean
  /** socket.io connections one client address may hold at once (on each server node). */
  readonly liveMaxConnectionsPerAddress: number
  /** Public rooms one socket.io connection may follow at once. */
  readonly liveMaxRoomsPerSocket: number
  /** How long after a panel decision its lifter may appeal. */
  readonly appealWindowMs: number
  /** How long the plain feed holds events ahead of a missing one before reading it from the outbox. */
  readonly liveGapWaitMs: number
}

export interface S3Config {
  /** S3_ENDPOINT: unset → AWS's own endpoint for the region. */
  readonly endpoint: string | undefined
  readonly bucket: string
  readonly region: string
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: unset → the SDK's default chain (instance role, AWS_* variables). */
  readonly accessKeyId: string | undefined
  readonly secretAccessKey: string | undefined
  /** S3_FORCE_PATH_STYLE: `http://host/bucket/key` addressing (MinIO, s3rver), else virtual-host style. */
  readonly forcePathStyle: boolean
  /** S3_PRESIGN_SECONDS > 0: /api/video redirects to a presigned URL valid this long (for a CDN); 0 streams through the server. */
  readonly presignSeconds: number
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const apiBase = env.API_BASE ?? '/api'
  if (!apiBase.startsWith('/') || apiBase.endsWith('/'))
    throw new ConfigError(`API_BASE must start with "/" and not end with one, got "${apiBase}"`)
  const dataDir = resolve(env.DATA_DIR ?? 'data')
  // The embedded database belongs to one process (infra/data-dir-lock.ts); Redis is for several.
  if (env.REDIS_URL && !env.DATABASE_URL) {
    throw new ConfigError(
      'REDIS_URL is set without DATABASE_URL: several servers and workers cannot share the embedded database. Set DATABASE_URL to a PostgreSQL server, or unset REDIS_URL to run one process.',
    )
  }
  const jwtSecret = resolveJwtSecret(env, dataDir, (message) => new ConfigError(message))
  const uploadMaxBytes = int(env, 'UPLOAD_MAX_BYTES', 1024 * 1024 * 1024, 1)
  const publicUrl = publicAddress(env)
  return Object.freeze({
    host: env.HOST ?? '127.0.0.1',
    port: int(env, 'PORT', 3000),
    apiBase,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'liftarena',
    mediaDir: resolve(env.MEDIA_DIR ?? resolve(dataDir, 'media')),
    storageDriver: storageDriver(env),
    s3: storageDriver(env) === 's3' ? s3Config(env) : undefined,
    scratchDir: resolve(env.SCRATCH_DIR ?? resolve(dataDir, 'scratch')),
    uploadResumeMs: int(env, 'UPLOAD_RESUME_HOURS', 24, 1) * 3_600_000,
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 1) : undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    jwtSecret,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60, 1),
    refreshTokenTtlDays: int(env, 'REFRESH_TOKEN_TTL_DAYS', 30, 1),
    refreshReuseGraceSeconds: int(env, 'REFRESH_REUSE_GRACE_SECONDS', 30, 0),
    uploadMaxBytes,
    videoMaxSeconds: int(env, 'VIDEO_MAX_SECONDS', 300, 1),
    takeCheckWindowHours: int(env, 'TAKE_CHECK_WINDOW_HOURS', 24, 1),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 1, 1),
    ffmpegPath: env.FFMPEG_PATH || undefined,
    ffprobePath: env.FFPROBE_PATH || undefined,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    // The demo accounts share a published password: a production process seeds them only when told to.
    seedDemoData: bool(env, 'SEED_DEMO_DATA', env.NODE_ENV !== 'production'),
    migrateOnStart: bool(env, 'MIGRATE_ON_START', true),
    adminUsernames: Object.freeze(
      (env.ADMIN_USERNAMES ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    rateLimitAuthPerMinute: int(env, 'RATE_LIMIT_AUTH_PER_MINUTE', 10, 1),
    rateLimitUploadPerMinute: int(env, 'RATE_LIMIT_UPLOAD_PER_MINUTE', 20, 1),
    rateLimitCreatePerHour: int(env, 'RATE_LIMIT_CREATE_PER_HOUR', 10, 1),
    rateLimitCommentsPerMinute: int(env, 'RATE_LIMIT_COMMENTS_PER_MINUTE', 10, 1),
    rateLimitReactionsPerMinute: int(env, 'RATE_LIMIT_REACTIONS_PER_MINUTE', 30, 1),
    rateLimitViewsPerMinute: int(env, 'RATE_LIMIT_VIEWS_PER_MINUTE', 120, 1),
    // 20 a second: a player makes a few Range requests a clip (Safari probes first, every seek asks again)
    // and a page shows up to ~50 posters, so this lets a hall's phones and a projector behind one address load at once.
    rateLimitVideoPerMinute: int(env, 'RATE_LIMIT_VIDEO_PER_MINUTE', 1200, 1),
    rateLimitEntriesPerMinute: int(env, 'RATE_LIMIT_ENTRIES_PER_MINUTE', 20, 1),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 1),
    loginBackoffMs: int(env, 'LOGIN_BACKOFF_MINUTES', 15, 1) * 60_000,
    trustProxy: trustProxy(env),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30_000, 100),
    connectionTimeoutMs: int(env, 'CONNECTION_TIMEOUT_MS', 60_000, 100),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 10_000, 100),
    maxRequestsPerSocket: int(env, 'MAX_REQUESTS_PER_SOCKET', 1000, 1),
    maxConnections: int(env, 'MAX_CONNECTIONS', 20_000, 1),
    uploadStallWindowMs: int(env, 'UPLOAD_STALL_WINDOW_MS', 30_000, 100),
    uploadStallMinBytes: int(env, 'UPLOAD_STALL_MIN_BYTES', 32 * 1024, 1),
    // 32 KB/s (256 kbit/s, below a poor mobile uplink): a 1 GB video may take up to 9 hours, a 100 MB one
    // 53 minutes. Slower networks use resumable uploads, whose cut PATCH just resumes.
    uploadMinAverageBytesPerSecond: int(env, 'UPLOAD_MIN_AVERAGE_BYTES_PER_SECOND', 32 * 1024, 1),
    // A lifter sends a lift or three at a time; forty at once is someone holding sockets.
    uploadConcurrentPerAccount: int(env, 'UPLOAD_CONCURRENT_PER_ACCOUNT', 3, 1),
    // A lifter finishes one upload before the next; five leaves room for a few abandoned ones until they expire,
    // and two full-size videos' worth of bytes keeps one account from filling the disk for UPLOAD_RESUME_HOURS.
    uploadUnfinishedPerAccount: int(env, 'UPLOAD_UNFINISHED_PER_ACCOUNT', 5, 1),
    uploadUnfinishedBytesPerAccount: budget(env, 'UPLOAD_UNFINISHED_BYTES_PER_ACCOUNT', 2 * 1024 ** 3, uploadMaxBytes),
    // A venue's Wi-Fi puts a hall of lifters behind one address (as LIVE_MAX_CONNECTIONS_PER_ADDRESS allows for);
    // the bound is for accounts made in bulk from one place.
    uploadUnfinishedPerAddress: int(env, 'UPLOAD_UNFINISHED_PER_ADDRESS', 50, 1),
    uploadUnfinishedBytesPerAddress: budget(env, 'UPLOAD_UNFINISHED_BYTES_PER_ADDRESS', 10 * 1024 ** 3, uploadMaxBytes),
    hashConcurrency: int(env, 'HASH_CONCURRENCY', 2, 1),
    hashQueueMax: int(env, 'HASH_QUEUE_MAX', 64, 0),
    logLevel: env.LOG_LEVEL ?? 'info',
    serveWeb: bool(env, 'SERVE_WEB', true),
    publicUrl,
    ...mailSettings(env, publicUrl),
    production: env.NODE_ENV === 'production',
    liveMaxConnectionsPerAddress: int(env, 'LIVE_MAX_CONNECTIONS_PER_ADDRESS', 2500, 1),
    liveMaxRoomsPerSocket: int(env, 'LIVE_MAX_ROOMS_PER_SOCKET', 20, 1),
    liveGapWaitMs: int(env, 'LIVE_GAP_WAIT_MS', 500, 0),
    appealWindowMs: int(env, 'APPEAL_WINDOW_HOURS', 24, 0) * 3_600_000,
  })
}
