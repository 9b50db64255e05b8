// One validated configuration for both roles (API server and transcode worker).
// Defaults live here and only here; a bad value stops the process with a clear message.
import { resolve } from 'node:path'
import { resolveJwtSecret } from './jwt-secret.ts'

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
  /** JWT_SECRET, else a random secret generated once and kept in dataDir (see jwt-secret.ts). */
  readonly jwtSecret: string
  readonly accessTokenTtlSeconds: number
  readonly refreshTokenTtlDays: number
  readonly uploadMaxBytes: number
  /** Longest video accepted, in seconds (VIDEO_MAX_SECONDS); the transcode stops reading there too. */
  readonly videoMaxSeconds: number
  readonly workerConcurrency: number
  readonly ffmpegPath: string | undefined
  readonly ffprobePath: string | undefined
  readonly corsOrigins: readonly string[]
  readonly seedDemoData: boolean
  readonly rateLimitAuthPerMinute: number
  readonly rateLimitUploadPerMinute: number
  readonly logLevel: string
  readonly serveWeb: boolean
  readonly publicUrl: string | undefined
  /** socket.io connections one client address may hold at once (on each server node). */
  readonly liveMaxConnectionsPerAddress: number
  /** Public rooms one socket.io connection may follow at once. */
  readonly liveMaxRoomsPerSocket: number
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`)
  return value
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase()
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`)
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const apiBase = env.API_BASE ?? '/api'
  if (!apiBase.startsWith('/') || apiBase.endsWith('/')) throw new ConfigError(`API_BASE must start with "/" and not end with one, got "${apiBase}"`)
  const dataDir = resolve(env.DATA_DIR ?? 'data')
  const jwtSecret = resolveJwtSecret(env, dataDir, (message) => new ConfigError(message))
  return Object.freeze({
    host: env.HOST ?? '127.0.0.1',
    port: int(env, 'PORT', 3000),
    apiBase,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'liftarena',
    mediaDir: resolve(env.MEDIA_DIR ?? resolve(dataDir, 'media')),
    jwtSecret,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60, 1),
    refreshTokenTtlDays: int(env, 'REFRESH_TOKEN_TTL_DAYS', 30, 1),
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 1024 * 1024 * 1024, 1),
    videoMaxSeconds: int(env, 'VIDEO_MAX_SECONDS', 300, 1),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 1, 1),
    ffmpegPath: env.FFMPEG_PATH || undefined,
    ffprobePath: env.FFPROBE_PATH || undefined,
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    seedDemoData: bool(env, 'SEED_DEMO_DATA', true),
    rateLimitAuthPerMinute: int(env, 'RATE_LIMIT_AUTH_PER_MINUTE', 10, 1),
    rateLimitUploadPerMinute: int(env, 'RATE_LIMIT_UPLOAD_PER_MINUTE', 20, 1),
    logLevel: env.LOG_LEVEL ?? 'info',
    serveWeb: bool(env, 'SERVE_WEB', true),
    publicUrl: env.PUBLIC_URL || undefined,
    liveMaxConnectionsPerAddress: int(env, 'LIVE_MAX_CONNECTIONS_PER_ADDRESS', 2500, 1),
    liveMaxRoomsPerSocket: int(env, 'LIVE_MAX_ROOMS_PER_SOCKET', 20, 1),
  })
}
