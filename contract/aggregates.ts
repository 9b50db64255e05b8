// Answers the server aggregates so a page costs what it shows, not the size of the platform:
// the global leaderboard (paged), the top lifts of a period (the home page's panel) and a
// challenge's summary (count, top 5, recent videos). Paging of participants and lifts too.
import { Type, type Static } from 'typebox'
import { IdParam, Literals, Nullable } from './common.ts'
import { Challenge, Lift, Participant } from './challenges.ts'
import { ClassSet } from './class-sets.ts'
import { DivisionSchema } from './divisions.ts'
import { Equipment } from './equipment.ts'
import { FORMULAS, type Formula } from './scoring.ts'

/** The sport families the leaderboard has a row per athlete for (a total needs a challenge of that sport). */
export const SPORT_FAMILIES = ['powerlifting', 'weightlifting'] as const
export type SportFamily = (typeof SPORT_FAMILIES)[number]
export const SportFamily = Literals(SPORT_FAMILIES)

export const RANKED_LIFTS = ['squat', 'bench', 'deadlift', 'snatch', 'clean_and_jerk'] as const
export type RankedLift = (typeof RANKED_LIFTS)[number]

/** The lifts of a family's total, in lifting order. */
export const FAMILY_LIFTS: Record<SportFamily, readonly RankedLift[]> = {
  powerlifting: ['squat', 'bench', 'deadlift'],
  weightlifting: ['snatch', 'clean_and_jerk'],
}

export const LEADERBOARD_SORTS = ['total', ...RANKED_LIFTS, ...FORMULAS] as const
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number]

/** Rows per page when `limit` is absent, and the most one page holds. */
export const LEADERBOARD_PAGE = { default: 50, max: 200 } as const

/** GET /leaderboard. Each filter empty or absent means everyone. */
/**
 * Filters by category (docs/categories.md): with any, the lifters in that group only, placed within it
 * ("2nd, Women 63 kg, Junior"). Absent: everyone, placed as the challenge ranks.
 */
export const CategoryFilters = Type.Object({
  sex: Type.Optional(Literals(['M', 'F'])),
  weight_class: Type.Optional(Type.String({ maxLength: 12 })),
  division: Type.Optional(DivisionSchema),
  equipment: Type.Optional(Equipment),
})
export type CategoryFilters = Static<typeof CategoryFilters>

/** Whether a participant is in the group the filters name. */
export function inCategory(
  p: { gender: string; weight_class: string; divisions: readonly string[]; equipment: string | null },
  f: CategoryFilters,
): boolean {
  return (
    (f.sex === undefined || p.gender === f.sex) &&
    (f.weight_class === undefined || p.weight_class === f.weight_class) &&
    (f.division === undefined || p.divisions.includes(f.division)) &&
    (f.equipment === undefined || (p.equipment ?? 'classic') === f.equipment)
  )
}

export const LeaderboardQuery = Type.Object(
  {
    sort: Type.Optional(Literals(LEADERBOARD_SORTS)),
    sport: Type.Optional(Type.Union([SportFamily, Type.Literal('')])),
    gender: Type.Optional(Literals(['M', 'F', ''])),
    /** A class of any set ('59kg', the IPF's '84kg+'…). */
    weight_class: Type.Optional(Type.String({ maxLength: 12 })),
    /** Rows from challenges of this class set (docs/categories.md). */
    class_set: Type.Optional(ClassSet),
    /** Rows whose entry ranks in this age division. */
    division: Type.Optional(DivisionSchema),
    /** Rows whose entry lifted in this equipment. */
    equipment: Type.Optional(Equipment),
    /** The lifter's own country. */
    country: Type.Optional(Type.String({ maxLength: 100 })),
    /** The challenge's location (docs/product/screens.md). */
    location: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LEADERBOARD_PAGE.max })),
    /** `next_cursor` of the previous page, as it came. */
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    /** Also results whose decisions are not verified (docs/verified-results.md), each row marked. Verified only when absent. */
    include_unverified: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type LeaderboardQuery = Static<typeof LeaderboardQuery>

/**
 * One athlete in one sport family. The lifts are their bests across challenges (good lifts only);
 * the total is their best total from ONE challenge of that sport, and class, gender, bodyweight,
 * location and points are those of the entry where it was made (without a total: the entry with
 * the most lifted in the family).
 */
export const LeaderboardRow = Type.Object({
  /** 1-based position in this sort and these filters. */
  rank: Type.Integer(),
  user_id: Type.Integer(),
  name: Type.String(),
  country: Nullable(Type.String()),
  sport: SportFamily,
  gender: Type.String(),
  weight_class: Type.String(),
  bodyweight: Nullable(Type.Number()),
  location: Type.String(),
  competition_id: Type.Integer(),
  competition_name: Type.String(),
  /** Best good lift; 0 when none. */
  squat: Type.Number(),
  bench: Type.Number(),
  deadlift: Type.Number(),
  snatch: Type.Number(),
  clean_and_jerk: Type.Number(),
  total: Nullable(Type.Number()),
  /** Points by each formula for that total: null where it does not fit the sport or without a bodyweight. */
  points: Type.Object({
    dots: Nullable(Type.Number()),
    ipf_gl: Nullable(Type.Number()),
    wilks: Nullable(Type.Number()),
    wilks2020: Nullable(Type.Number()),
    sinclair: Nullable(Type.Number()),
  } satisfies Record<Formula, unknown>),
  /** Attempts of the family awaiting judges across their challenges: shown, never counted. */
  pending: Type.Integer(),
  /** Every figure of the row comes from verified decisions; false only on a board that asked for unverified results. */
  verified: Type.Boolean(),
  /** The category of the entry the row comes from (docs/categories.md): its class set, equipment and age divisions. */
  class_set: ClassSet,
  equipment: Equipment,
  divisions: Type.Array(DivisionSchema),
})
export type LeaderboardRow = Static<typeof LeaderboardRow>

export const LeaderboardResponse = Type.Object({
  rows: Type.Array(LeaderboardRow),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: Nullable(Type.String()),
})
export type LeaderboardResponse = Static<typeof LeaderboardResponse>

/** GET /leaderboard/filters: the values the country and location filters offer. */
export const LeaderboardFiltersResponse = Type.Object({
  countries: Type.Array(Type.String()),
  locations: Type.Array(Type.String()),
})
export type LeaderboardFiltersResponse = Static<typeof LeaderboardFiltersResponse>

/** The lifts the home page's "Top lifts" panel ranks, and how many per lift. */
export const TOP_LIFT_TYPES = ['squat', 'bench', 'deadlift'] as const
export const TOP_LIFTS = { perLift: 3, defaultDays: 30, maxDays: 365 } as const

export const TopLiftsQuery = Type.Object(
  {
    /** The period: the last `days` days (30 when absent). */
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: TOP_LIFTS.maxDays })),
    /** Also lifts whose decisions are not verified, each marked. Verified only when absent. */
    include_unverified: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type TopLiftsQuery = Static<typeof TopLiftsQuery>

/** An athlete's heaviest good lift of a type in the period (each athlete once per lift). */
export const TopLift = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  weight: Type.Number(),
  competition_id: Type.Integer(),
  attempt_id: Type.Integer(),
  /** The decision counts on the global boards (docs/verified-results.md). */
  verified: Type.Boolean(),
})
export type TopLift = Static<typeof TopLift>

/** GET /top-lifts: heaviest first per lift type. */
export const TopLiftsResponse = Type.Object({
  since: Type.String(),
  lifts: Type.Object({ squat: Type.Array(TopLift), bench: Type.Array(TopLift), deadlift: Type.Array(TopLift) }),
})
export type TopLiftsResponse = Static<typeof TopLiftsResponse>

/**
 * How many places per class (or overall) a summary carries, how many recent videos, and how many of
 * one lifter's among them (ten uploads of one lifter must not fill a list everyone shares).
 */
export const SUMMARY = { topPerGroup: 5, recentLifts: 12, recentPerLifter: 2 } as const

/**
 * The recent videos from attempts newest first: at most `perLifter` of one lifter's (their newest), at most
 * `limit` in all. The server builds the summary with it and the web app keeps live updates to the same rule.
 */
export function recentVideos<T extends { participant_id: number }>(
  newestFirst: readonly T[],
  limit: number = SUMMARY.recentLifts,
  perLifter: number = SUMMARY.recentPerLifter,
): T[] {
  const shown = new Map<number, number>()
  const out: T[] = []
  for (const lift of newestFirst) {
    if (out.length >= limit) break
    const count = shown.get(lift.participant_id) ?? 0
    if (count >= perLifter) continue
    shown.set(lift.participant_id, count + 1)
    out.push(lift)
  }
  return out
}

/**
 * GET /competitions/:id/summary: what the challenge page shows without every participant.
 * `top` is ranked (place set): the first 5 of each weight class for a class-ranked challenge,
 * the first 5 overall for a formula-ranked one. The `x-live-seq` header is the room's seq.
 */
export const ChallengeSummaryResponse = Type.Object({
  competition: Challenge,
  /** Participants in the challenge. */
  count: Type.Integer(),
  /** Participants per weight class. */
  class_counts: Type.Record(Type.String(), Type.Integer()),
  top: Type.Array(Participant),
  /** The newest attempts that have a video, newest first. */
  recent_lifts: Type.Array(Lift),
})
export type ChallengeSummaryResponse = Static<typeof ChallengeSummaryResponse>

/** GET /competitions/open: the first open challenges of each kind, for the home page. */
export const OPEN_CHALLENGES = { default: 2, max: 20 } as const
export const OpenChallengesQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: OPEN_CHALLENGES.max })),
  },
  { additionalProperties: false },
)
export type OpenChallengesQuery = Static<typeof OpenChallengesQuery>

/** Running challenges (soonest started first) and upcoming ones (soonest starting first), `limit` of each, and how many of each there are. */
export const OpenChallengesResponse = Type.Object({
  ongoing: Type.Array(Challenge),
  upcoming: Type.Array(Challenge),
  counts: Type.Object({ ongoing: Type.Integer(), upcoming: Type.Integer() }),
})
export type OpenChallengesResponse = Static<typeof OpenChallengesResponse>

/** GET /competitions/:id/participants and /lifts: pages. Without `limit`, the default is large enough for the spec's client. */
export const PAGE = { default: 1000, max: 1000 } as const
export const PageQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE.max })),
    /** `next_cursor` of the previous page, as it came. */
    cursor: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
)
export type PageQuery = Static<typeof PageQuery>

/**
 * GET /competitions/:id/participants: a page, optionally only the lifters whose name holds `q`
 * (case and accents ignored, see nameSearchKey), still in ranked order with their board places.
 * Here beside PageQuery rather than in challenges.ts, which this file imports.
 */
export const ParticipantPageQuery = Type.Object(
  {
    ...PageQuery.properties,
    q: Type.Optional(Type.String({ maxLength: 60 })),
    ...CategoryFilters.properties,
  },
  { additionalProperties: false },
)
export type ParticipantPageQuery = Static<typeof ParticipantPageQuery>

/** A name as searches compare it: accents dropped, lower case, spaces squeezed ('  José ' → 'jose'). */
export const nameSearchKey = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

export const ParticipantPageResponse = Type.Object({
  participants: Type.Array(Participant),
  /** Present when there are more: pass as `cursor` for the next page. */
  next_cursor: Type.Optional(Type.String()),
})
export type ParticipantPageResponse = Static<typeof ParticipantPageResponse>

export const LiftPageResponse = Type.Object({
  lifts: Type.Array(Lift),
  /** Present when there are more: pass as `cursor` for the next page. */
  next_cursor: Type.Optional(Type.String()),
})
export type LiftPageResponse = Static<typeof LiftPageResponse>

/** GET /competitions/:id/participants/:userId: one lifter's entry (the signed-in lifter's own, for the join panel). */
export const ParticipantParams = Type.Object({ id: IdParam, userId: IdParam })
