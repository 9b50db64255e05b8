// Rules of the aggregate reads: what a challenge's summary holds, and the opaque cursors pages
// are continued by (a client passes `next_cursor` back as it came; anything else is refused).
import {
  SPORT_FAMILIES,
  SUMMARY,
  recentVideos,
  type Challenge,
  type ChallengeSummaryResponse,
  type Lift,
  type Participant,
} from '../../contract/index.ts'
import type { LeaderboardCursor } from '../../infra/repositories/leaderboard.repository.ts'
import { badRequest } from '../errors.ts'

const INVALID_CURSOR = 'The cursor is not valid: pass the next_cursor of the previous page as it came, or leave it out for the first page.'

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

function decode(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw badRequest(INVALID_CURSOR)
  }
}

const isInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 2147483647
/** A board figure (kg or points) as rows hold them: a crafted -1e308 would reach PostgreSQL's numeric comparison. */
const isFigure = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100_000
/** A name as users have them (NameText(100)); PostgreSQL text cannot hold a NUL. */
const isName = (v: unknown): v is string => typeof v === 'string' && v.length <= 100 && !v.includes('\u0000')
/** What Date.prototype.toISOString writes for years 0–9999 (PostgreSQL's timestamp holds no year beyond 294276 nor before 4713 BC). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

export function encodeLeaderboardCursor(c: LeaderboardCursor): string {
  return encode([c.value, c.name, c.userId, c.sport, c.rank])
}

export function decodeLeaderboardCursor(cursor: string | undefined): LeaderboardCursor | null {
  if (!cursor) return null
  const v = decode(cursor)
  if (
    !Array.isArray(v) ||
    v.length !== 5 ||
    !isFigure(v[0]) ||
    !isName(v[1]) ||
    !isInt(v[2]) ||
    !(SPORT_FAMILIES as readonly unknown[]).includes(v[3]) ||
    !isInt(v[4])
  ) {
    throw badRequest(INVALID_CURSOR)
  }
  return { value: v[0], name: v[1], userId: v[2], sport: v[3], rank: v[4] }
}

/** Participants are paged by position in the ranked list. */
export const encodeOffsetCursor = (offset: number) => encode(offset)

export function decodeOffsetCursor(cursor: string | undefined): number {
  if (!cursor) return 0
  const v = decode(cursor)
  if (!isInt(v)) throw badRequest(INVALID_CURSOR)
  return v
}

/** Lifts are paged newest first, after the last one shown. */
export const encodeLiftCursor = (lift: Lift) => encode([lift.created_at, lift.id])

export function decodeLiftCursor(cursor: string | undefined): { createdAt: Date; id: number } | null {
  if (!cursor) return null
  const v = decode(cursor)
  const at = Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && ISO_INSTANT.test(v[0]) ? new Date(v[0]) : null
  if (!at || Number.isNaN(at.getTime()) || !isInt((v as unknown[])[1])) throw badRequest(INVALID_CURSOR)
  return { createdAt: at, id: (v as number[])[1]! }
}

/**
 * What the challenge page shows: the count, the count per class, the top of each class (ranked by
 * class) or overall (ranked by a formula), and the newest attempts with a video. `ranked` is in ranking order.
 */
export function challengeSummary(challenge: Challenge, ranked: readonly Participant[]): ChallengeSummaryResponse {
  const classCounts: Record<string, number> = {}
  const top: Participant[] = []
  for (const p of ranked) {
    const shown = challenge.ranking === 'class' ? (classCounts[p.weight_class] ?? 0) : top.length
    classCounts[p.weight_class] = (classCounts[p.weight_class] ?? 0) + 1
    if (shown < SUMMARY.topPerGroup) top.push(p)
  }
  // Attempts entered without a video (seeded, or scored by hand) have nothing to show among the videos;
  // at most two of one lifter's (recentVideos), so one lifter's uploads cannot fill the list.
  const recent = recentVideos(
    ranked.flatMap((p) => p.attempts.filter((a) => a.video_url)).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id),
  )
  return {
    competition: { ...challenge, participants: ranked.length },
    count: ranked.length,
    class_counts: classCounts,
    top,
    recent_lifts: recent,
  }
}
