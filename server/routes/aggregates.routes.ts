// What the home page and the leaderboard show, computed on the server so a page costs what it
// shows, not the size of the platform: the global leaderboard (paged), its filters' values, the
// top lifts of a period and the first open challenges. Each answer is cached per change of the
// global room (every join, upload and decision announces 'leaderboard.changed' there) and sent
// with its compressed bytes and ETag (cached-reply.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ErrorResponse,
  GLOBAL_ROOM,
  LEADERBOARD_PAGE,
  LeaderboardFiltersResponse,
  LeaderboardQuery,
  LeaderboardResponse,
  OPEN_CHALLENGES,
  OpenChallengesQuery,
  OpenChallengesResponse,
  TOP_LIFT_TYPES,
  TOP_LIFTS,
  TopLiftsQuery,
  TopLiftsResponse,
  type TopLift,
} from '../../contract/index.ts'
import { sendCachedAnswer } from '../live/cached-reply.ts'
import { createRoomCache, type CachedAnswer } from '../live/snapshot.ts'
import { decodeLeaderboardCursor, encodeLeaderboardCursor } from '../services/aggregates.service.ts'
import { openChallenges } from '../services/challenges.service.ts'
import { toChallenge } from '../services/mappers.ts'

/** Top lifts are of the last N days, so their answer moves on with the clock too. */
const TOP_LIFTS_MAX_AGE_MS = 60_000
const DAY_MS = 86_400_000

const aggregateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { leaderboard, challenges, liveEvents } = app.repos
  const globalCache = <K>(read: (key: K) => Promise<CachedAnswer>, maxEntries = 256) =>
    createRoomCache<K>((room) => liveEvents.roomSeq(room), { room: () => GLOBAL_ROOM, read, maxEntries })

  // Keyed by the query as the route normalized it, so equal queries share one answer.
  const pages = globalCache<string>(async (key) => {
    const query = JSON.parse(key) as LeaderboardQuery & { limit: number }
    const { seq, value } = await leaderboard.withGlobalSeq((tx) => leaderboard.page(tx, query, decodeLeaderboardCursor(query.cursor)))
    return { seq, json: JSON.stringify({ rows: value.rows, next_cursor: value.next && encodeLeaderboardCursor(value.next) }) }
  }, 1024)
  const filters = globalCache<'all'>(async () => {
    const { seq, value } = await leaderboard.withGlobalSeq((tx) => leaderboard.filterValues(tx))
    return { seq, json: JSON.stringify(value) }
  })
  const topLifts = globalCache<string>(async (key) => {
    const { days, includeUnverified } = JSON.parse(key) as { days: number; includeUnverified: boolean }
    const since = new Date(Date.now() - days * DAY_MS)
    const { seq, value } = await leaderboard.withGlobalSeq(async (tx) => {
      const lifts = {} as Record<(typeof TOP_LIFT_TYPES)[number], TopLift[]>
      for (const type of TOP_LIFT_TYPES) lifts[type] = await leaderboard.topLifts(tx, type, since, TOP_LIFTS.perLift, includeUnverified)
      return lifts
    })
    return { seq, json: JSON.stringify({ since: since.toISOString(), lifts: value }), expiresAt: Date.now() + TOP_LIFTS_MAX_AGE_MS }
  })
  const open = globalCache<number>(async (limit) => {
    const now = new Date()
    const read = await openChallenges(challenges, limit, now)
    const answer = {
      ongoing: read.ongoing.map((r) => toChallenge(r, now)),
      upcoming: read.upcoming.map((r) => toChallenge(r, now)),
      counts: read.counts,
    }
    return { seq: read.seq, json: JSON.stringify(answer), expiresAt: read.nextStatusChange }
  })
  app.live.onEvent((event) => {
    for (const cache of [pages, filters, topLifts, open]) cache.noteEvent(event)
  })

  app.get(
    '/leaderboard',
    {
      schema: {
        tags: ['leaderboard'],
        querystring: LeaderboardQuery,
        description:
          'Verified results only (docs/verified-results.md) unless `include_unverified=true`, which adds the rest, each row marked by `verified`. ' +
          `The global leaderboard: a row per athlete and sport family, highest first by \`sort\` (total by default; rows without that figure after, ties by name), filtered (by category too: \`class_set\`, \`division\`, \`equipment\`, each row saying its entry's; docs/categories.md), ${LEADERBOARD_PAGE.default} rows per page unless \`limit\` says otherwise; pass \`next_cursor\` as \`cursor\` for the next page.`,
        response: { 200: LeaderboardResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const q = request.query
      // Validated before it is cached: a bad cursor is the client's error, not a cached one.
      decodeLeaderboardCursor(q.cursor)
      const key = JSON.stringify({
        sort: q.sort ?? 'total',
        sport: q.sport || undefined,
        gender: q.gender || undefined,
        weight_class: q.weight_class || undefined,
        country: q.country || undefined,
        location: q.location || undefined,
        limit: q.limit ?? LEADERBOARD_PAGE.default,
        cursor: q.cursor || undefined,
        include_unverified: q.include_unverified || undefined,
        class_set: q.class_set,
        division: q.division,
        equipment: q.equipment,
      })
      return sendCachedAnswer(request, reply, (await pages.get(key))!)
    },
  )

  app.get(
    '/leaderboard/filters',
    {
      schema: {
        tags: ['leaderboard'],
        description: 'The countries and challenge locations the leaderboard can be filtered by.',
        response: { 200: LeaderboardFiltersResponse },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, (await filters.get('all'))!),
  )

  app.get(
    '/top-lifts',
    {
      schema: {
        tags: ['leaderboard'],
        querystring: TopLiftsQuery,
        description:
          `The heaviest good squat, bench and deadlift of the last \`days\` days (${TOP_LIFTS.defaultDays} by default), ${TOP_LIFTS.perLift} per lift, each athlete once per lift; ` +
          'verified decisions only unless `include_unverified=true` (each lift marked by `verified`).',
        response: { 200: TopLiftsResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const key = JSON.stringify({
        days: request.query.days ?? TOP_LIFTS.defaultDays,
        includeUnverified: request.query.include_unverified === true,
      })
      return sendCachedAnswer(request, reply, (await topLifts.get(key))!)
    },
  )

  app.get(
    '/competitions/open',
    {
      schema: {
        tags: ['competitions'],
        querystring: OpenChallengesQuery,
        description: `The first running challenges (soonest started first) and upcoming ones (soonest starting first), ${OPEN_CHALLENGES.default} of each unless \`limit\` says otherwise, with how many of each there are.`,
        response: { 200: OpenChallengesResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, (await open.get(request.query.limit ?? OPEN_CHALLENGES.default))!),
  )
}

export default aggregateRoutes
