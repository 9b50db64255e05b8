// Retention: the tables that only grew (the live outbox, views counted once per window, refresh
// tokens) lose the rows nothing reads any more, at start and then hourly. Each table's rule is its
// repository's (pruneOld, pruneViews, pruneEnded); this only schedules them. Any node may run it at
// any time (every statement is idempotent), and it deletes in small batches, each its own statement,
// so no lock is held for long.
import type { Repositories } from './repositories/index.ts'

export const RETENTION_EVERY_MS = 3_600_000
/** Rows per DELETE. */
export const RETENTION_BATCH = 1000
/** An event beyond the replay window still stays this long, so a client offline for a while still replays. */
export const LIVE_EVENT_MIN_AGE_MS = 24 * 3_600_000
/** Ended refresh tokens are kept at least this long after their expiry or revocation (see pruneEnded). */
export const ENDED_TOKEN_MIN_KEEP_MS = 24 * 3_600_000

export interface RetentionOptions {
  /** An access token's life and the refresh reuse grace: an ended token's row outlives both. */
  accessTokenTtlSeconds: number
  refreshReuseGraceSeconds: number
  everyMs?: number
  batch?: number
  liveEventMinAgeMs?: number
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
}

export interface RetentionCounts {
  liveEvents: number
  views: number
  refreshTokens: number
  passwordResets: number
  emailVerifications: number
}

export interface Retention {
  /** One sweep now (a sweep already running is joined, not doubled). */
  run(): Promise<RetentionCounts>
  /** Stops the timer and the running sweep after its current batch. */
  stop(): Promise<void>
}

/** How long an ended refresh token is kept: a day, or longer when an access token lives longer. */
export const endedTokenKeepMs = (options: Pick<RetentionOptions, 'accessTokenTtlSeconds' | 'refreshReuseGraceSeconds'>): number =>
  Math.max(ENDED_TOKEN_MIN_KEEP_MS, (options.accessTokenTtlSeconds + options.refreshReuseGraceSeconds) * 1000)

/** Sweeps once now (not awaited: a large first backlog does not hold up the start), then every `everyMs` on an unref'd timer. */
export function startRetention(
  repos: Pick<Repositories, 'liveEvents' | 'engagement' | 'refreshTokens' | 'passwordResets' | 'emailVerifications'>,
  options: RetentionOptions,
): Retention {
  const batch = options.batch ?? RETENTION_BATCH
  const controller = new AbortController()
  const signal = controller.signal
  let running: Promise<RetentionCounts> | null = null

  // Each table on its own: one failing (a database hiccup) does not keep the others growing.
  const prune = async (table: string, fn: () => Promise<number>): Promise<number> => {
    try {
      return await fn()
    } catch (err) {
      options.log.warn({ err, table }, 'retention: sweep failed')
      return 0
    }
  }

  async function sweep(): Promise<RetentionCounts> {
    const counts: RetentionCounts = {
      liveEvents: await prune('live_events', () =>
        repos.liveEvents.pruneOld({ minAgeMs: options.liveEventMinAgeMs ?? LIVE_EVENT_MIN_AGE_MS, batch, signal }),
      ),
      views: await prune('attempt_views', () => repos.engagement.pruneViews({ batch, signal })),
      refreshTokens: await prune('refresh_tokens', () =>
        repos.refreshTokens.pruneEnded({ keepMs: endedTokenKeepMs(options), batch, signal }),
      ),
      // A day after a link expired or was used (the per-account limit reads the last hour's).
      passwordResets: await prune('password_resets', () =>
        repos.passwordResets.pruneBefore(new Date(Date.now() - ENDED_TOKEN_MIN_KEEP_MS)),
      ),
      emailVerifications: await prune('email_verifications', () =>
        repos.emailVerifications.pruneBefore(new Date(Date.now() - ENDED_TOKEN_MIN_KEEP_MS)),
      ),
    }
    if (counts.liveEvents + counts.views + counts.refreshTokens + counts.passwordResets + counts.emailVerifications > 0)
      options.log.info({ ...counts }, 'retention: old rows deleted')
    return counts
  }

  const run = () =>
    (running ??= sweep().finally(() => {
      running = null
    }))
  void run()
  const timer = setInterval(() => void run(), options.everyMs ?? RETENTION_EVERY_MS)
  timer.unref()

  return {
    run,
    async stop() {
      clearInterval(timer)
      controller.abort()
      await running
    },
  }
}
