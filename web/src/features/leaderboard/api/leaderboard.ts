// The global leaderboard (docs/product/screens.md, api.md), ranked on the server (GET /leaderboard): one row per athlete per
// sport family, filtered, sorted and ranked there, and fetched a page at a time so the page costs what
// it shows. The sort keys and columns a sport filter offers are decided here.
import { useCallback, useRef, useState } from 'react'
import { queryOptions } from '@tanstack/react-query'
import { useGlobalRoom } from '../../../api/global-room.ts'
import { queryKeys } from '../../../api/query-keys.ts'
import { apiGet } from '../../../lib/api-client.ts'
import {
  FAMILY_LIFTS,
  FORMULAS,
  LEADERBOARD_PAGE,
  LEADERBOARD_SORTS,
  RANKED_LIFTS,
  formulaFits,
  type Formula,
  type LeaderboardFiltersResponse,
  type LeaderboardResponse,
  type LeaderboardRow,
  type LeaderboardSort,
  type RankedLift,
  type SportFamily,
} from '../../../lib/contract.ts'
import { useServerQuery } from '../../../lib/server-query.ts'

export const isFormula = (key: string): key is Formula => (FORMULAS as readonly string[]).includes(key)

interface LeaderboardFilter {
  sort: LeaderboardSort
  /** '' for both families. */
  sport: SportFamily | ''
  weightClass: string
  /** 'M' or 'F'; '' for everyone. */
  gender: string
  /** The lifter's own country. */
  country: string
  /** The challenge's location (docs/product/screens.md). */
  location: string
  /** Also results whose decisions are not verified (each row marked); verified only when false or absent. */
  includeUnverified?: boolean
  /** Rows from challenges of this class set ('' or absent: any; docs/categories.md). */
  classSet?: string
  /** Rows whose entry ranks in this age division. */
  division?: string
  /** Rows whose entry lifted classic or equipped. */
  equipment?: string
}

/** The query string of a filter (empty filters left out), in a fixed order so equal filters share a key. */
export function leaderboardQuery(filter: LeaderboardFilter): string {
  const params = new URLSearchParams({ sort: filter.sort })
  const optional: [string, string][] = [
    ['sport', filter.sport],
    ['gender', filter.gender],
    ['weight_class', filter.weightClass],
    ['country', filter.country],
    ['location', filter.location],
    ['class_set', filter.classSet ?? ''],
    ['division', filter.division ?? ''],
    ['equipment', filter.equipment ?? ''],
  ]
  for (const [name, value] of optional) if (value) params.set(name, value)
  if (filter.includeUnverified) params.set('include_unverified', 'true')
  return params.toString()
}

const getLeaderboardPage = (query: string, limit: number, cursor: string | null, signal?: AbortSignal) =>
  apiGet<LeaderboardResponse>(`/leaderboard?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { signal })

/** The rows shown for one filter: the pages fetched so far, as one list. */
interface LeaderboardPages {
  query: string
  rows: LeaderboardRow[]
  nextCursor: string | null
}

/**
 * The first `count` rows (at least a first page), fetched in as few pages as the server allows:
 * a live refetch brings back every row on show, so the list neither shrinks nor jumps.
 */
async function fetchRows(query: string, count: number, signal: AbortSignal): Promise<LeaderboardPages> {
  const rows: LeaderboardRow[] = []
  let cursor: string | null = null
  const wanted = Math.max(count, LEADERBOARD_PAGE.default)
  do {
    const page: LeaderboardResponse = await getLeaderboardPage(query, Math.min(wanted - rows.length, LEADERBOARD_PAGE.max), cursor, signal)
    rows.push(...page.rows)
    cursor = page.next_cursor
  } while (cursor && rows.length < wanted)
  return { query, rows, nextCursor: cursor }
}

/**
 * The leaderboard for a filter: its first page on load and on each filter change, `loadMore` appends
 * the next, and a join, an attempt or a judges' decision anywhere refetches the rows on show (once for
 * a burst). A failed refetch keeps the rows.
 */
export function useLeaderboard(filter: LeaderboardFilter) {
  const query = leaderboardQuery(filter)
  const shown = useRef<LeaderboardPages | undefined>(undefined)
  const pages = useServerQuery(
    queryOptions({
      queryKey: [...queryKeys.leaderboard, query] as const,
      queryFn: ({ signal }) => {
        // After a filter change the rows on show are another filter's: start again from one page.
        const count = shown.current?.query === query ? shown.current.rows.length : 0
        return fetchRows(query, count, signal)
      },
    }),
  )
  shown.current = pages.data
  // A board change anywhere refetches the rows on show (global-room.ts).
  useGlobalRoom(pages.data !== undefined, pages.reload)

  const { setData } = pages
  const [loadingMore, setLoadingMore] = useState(false)
  // The list whose next page failed: the notice goes with it (a refetch or another filter is another list).
  const [failedAt, setFailedAt] = useState<LeaderboardPages | null>(null)
  const loadMore = useCallback(async () => {
    const from = shown.current
    if (!from?.nextCursor) return
    setLoadingMore(true)
    setFailedAt(null)
    try {
      const page = await getLeaderboardPage(from.query, LEADERBOARD_PAGE.default, from.nextCursor)
      // A refetch or a filter change that landed meanwhile wins: the page would follow rows no longer shown.
      setData((current) =>
        current === from ? { query: from.query, rows: [...from.rows, ...page.rows], nextCursor: page.next_cursor } : current,
      )
    } catch {
      setFailedAt(from)
    } finally {
      setLoadingMore(false)
    }
  }, [setData])
  const loadMoreFailed = failedAt !== null && failedAt === pages.data

  return { ...pages, loadMore, loadingMore, loadMoreFailed }
}

/** GET /leaderboard/filters: the countries and locations the filters offer. */
export function useLeaderboardFilters() {
  return useServerQuery(
    queryOptions({
      queryKey: ['leaderboard-filters'] as const,
      queryFn: ({ signal }) => apiGet<LeaderboardFiltersResponse>('/leaderboard/filters', { signal }),
    }),
  )
}

/** The sort keys that make sense for a sport filter: its lifts and the formulas that fit its total. */
export function sortKeysFor(sport: SportFamily | ''): LeaderboardSort[] {
  if (!sport) return [...LEADERBOARD_SORTS]
  const lifts = FAMILY_LIFTS[sport]
  return LEADERBOARD_SORTS.filter((k) => k === 'total' || lifts.includes(k as RankedLift) || (isFormula(k) && formulaFits(k, lifts)))
}

/** The lift columns a sport filter shows, in lifting order (both families for all sports). */
export function liftColumnsFor(sport: SportFamily | ''): RankedLift[] {
  return sport ? [...FAMILY_LIFTS[sport]] : [...RANKED_LIFTS]
}

/**
 * The points columns: the formula sorted by; else the sport's best-lifter formula (DOTS for
 * powerlifting, Sinclair for weightlifting), both for all sports.
 */
export function pointsColumnsFor(sport: SportFamily | '', sort: LeaderboardSort): Formula[] {
  if (isFormula(sort)) return [sort]
  if (sport === 'powerlifting') return ['dots']
  if (sport === 'weightlifting') return ['sinclair']
  return ['dots', 'sinclair']
}
