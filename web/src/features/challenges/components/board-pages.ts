// The projector board's pure model: lifters in the order and places the server ranks them (grouped
// by weight class when the challenge ranks by total within class and they lift in several; one
// overall group when it ranks by a formula; apart by sex and by equipment when both lift, as they
// rank apart: docs/categories.md), the columns the challenge's sport shows, the pages that fit the
// screen (with a best-lifter page by points), and the latest decision. A board shown for one age
// division (?division=junior) ranks its lifters among themselves (boardRanking).
import type { Challenge, Division, Formula, Lift, Participant } from '../../../lib/contract.ts'
import { EQUIPMENT_NAMES, classOrder, rankParticipants } from '../../../lib/contract.ts'

/** What the board reads of a challenge: its total's lifts, its ranking and the formula its points show. */
export type BoardScoring = Pick<Challenge, 'total_lifts' | 'ranking' | 'points_formula'>

export interface BoardRow {
  participant: Participant
  /** The place as ranked (participant.place; on the best-lifter page, the place by points); null without one. */
  place: number | null
  /** Their attempts awaiting judges: shown, never ranked. */
  pending: Lift[]
}

interface BoardGroup {
  /**
   * The group's heading: its class ('83kg'), with the sex and equipment when those split the board
   * ('Women 63kg · Equipped'); null when the lifters are one group (one class, or ranked overall by
   * a formula, of one sex and equipment): no headings.
   */
  weightClass: string | null
  /** The heading names the class: the rows need no class column. */
  classInHeading?: boolean
  rows: BoardRow[]
}

const SEX_NAMES: Record<string, string> = { F: 'Women', M: 'Men' }
const SEX_ORDER = ['F', 'M']

/**
 * The lifters a board shows, ranked: the server's order and places for everyone of one sex; for one
 * division (its lifters only) or several sexes, each sex ranked apart by the shared rules
 * (rankParticipants: classic before equipped, class by class or by points), women first.
 */
export function boardRanking(
  participants: readonly Participant[],
  scoring: Pick<BoardScoring, 'ranking' | 'total_lifts'>,
  division: Division | null = null,
): Participant[] {
  const shown = division === null ? participants : participants.filter((p) => (p.divisions ?? []).includes(division))
  const sexes = [...new Set(shown.map((p) => p.gender))].sort((a, b) => SEX_ORDER.indexOf(a) - SEX_ORDER.indexOf(b))
  if (division === null && sexes.length <= 1) return [...shown]
  return sexes.flatMap((sex) =>
    rankParticipants(
      shown.filter((p) => p.gender === sex),
      scoring,
    ),
  )
}

const toRow = (participant: Participant, place = participant.place): BoardRow => ({
  participant,
  place,
  pending: participant.attempts.filter((a) => a.status === 'pending'),
})

/**
 * `ranked`: the participants as the server ranks and places them (rankParticipants), never re-sorted
 * here. By class (the default): one group per class in the form's order when they lift in several;
 * by a formula: one overall group.
 */
export function boardGroups(ranked: readonly Participant[], ranking: BoardScoring['ranking'] = 'class'): BoardGroup[] {
  if (ranked.length === 0) return []
  const distinct = <T>(values: T[]) => [...new Set(values)]
  const sexes = distinct(ranked.map((p) => p.gender))
  const equipment = distinct(ranked.map((p) => p.equipment ?? 'classic'))
  const classes = ranking === 'class' ? distinct(ranked.map((p) => p.weight_class)).sort(classOrder) : []
  const split = { sex: sexes.length > 1, equipment: equipment.length > 1, cls: classes.length > 1 }
  if (!split.sex && !split.equipment && !split.cls) return [{ weightClass: null, rows: ranked.map((p) => toRow(p)) }]
  const groups: BoardGroup[] = []
  for (const sex of split.sex ? sexes.sort((a, b) => SEX_ORDER.indexOf(a) - SEX_ORDER.indexOf(b)) : [null]) {
    for (const kit of split.equipment ? (['classic', 'equipped'] as const) : [null]) {
      for (const cls of split.cls ? classes : [null]) {
        const rows = ranked.filter(
          (p) =>
            (sex === null || p.gender === sex) &&
            (kit === null || (p.equipment ?? 'classic') === kit) &&
            (cls === null || p.weight_class === cls),
        )
        if (rows.length === 0) continue
        const who = [sex !== null ? (SEX_NAMES[sex] ?? sex) : '', cls ?? ''].filter(Boolean).join(' ')
        const heading = [who, kit !== null ? EQUIPMENT_NAMES[kit] : ''].filter(Boolean).join(' · ')
        groups.push({ weightClass: heading, classInHeading: cls !== null, rows: rows.map((p) => toRow(p)) })
      }
    }
  }
  return groups
}

/**
 * The best lifter ranking: everyone with points, by points across classes, placed by the shared rules
 * (rankParticipants by the formula: equal points to the lighter lifter, then who made it first).
 * Empty without a points formula or while nobody has points.
 */
export function bestLifterRows(participants: readonly Participant[], scoring: BoardScoring): BoardRow[] {
  const formula = scoring.points_formula
  if (!formula || !participants.some((p) => p.points !== null)) return []
  return rankParticipants(participants, { ranking: formula, total_lifts: scoring.total_lifts })
    .filter((p) => p.place !== null)
    .map((p) => toRow(p))
}

export interface PageSegment {
  weightClass: string | null
  classInHeading?: boolean
  rows: BoardRow[]
  /** The group began on an earlier page. */
  continued: boolean
  /** The best-lifter page's ranking by this formula's points. */
  bestLifter?: Formula
}
type BoardPage = PageSegment[]

/**
 * Pages of at most `capacity` units: a row is one unit, a group's heading and column header
 * `headerCost` units (both may be fractions: the screen's height and the header's, in rows, so a
 * page fills the screen to its last whole row). A group continues on the next page when it does not fit; a heading is
 * never left at the foot of a page without a row under it.
 */
export function paginate<R>(
  groups: ReadonlyArray<{ weightClass: string | null; classInHeading?: boolean; rows: readonly R[] }>,
  capacity: number,
  headerCost: number,
): Array<Array<{ weightClass: string | null; classInHeading?: boolean; rows: R[]; continued: boolean }>> {
  type Segment = { weightClass: string | null; classInHeading?: boolean; rows: R[]; continued: boolean }
  const pages: Segment[][] = []
  let page: Segment[] = []
  let used = 0
  const cap = Math.max(capacity, headerCost + 1)
  for (const group of groups) {
    let start = 0
    while (start < group.rows.length) {
      if (used + headerCost + 1 > cap && page.length > 0) {
        pages.push(page)
        page = []
        used = 0
      }
      const room = Math.max(1, Math.floor(cap - used - headerCost + 1e-9))
      const rows = group.rows.slice(start, start + room)
      page.push({
        weightClass: group.weightClass,
        ...(group.classInHeading !== undefined ? { classInHeading: group.classInHeading } : {}),
        rows,
        continued: start > 0,
      })
      used += headerCost + rows.length
      start += rows.length
    }
  }
  if (page.length > 0) pages.push(page)
  return pages
}

/**
 * The board's pages: the ranking's, then (when the challenge ranks by total within class and shows a
 * formula's points, and somebody has points) one best-lifter page with the top lifters by points that
 * fit under its heading. A formula-ranked board is itself that ranking: no second copy of it.
 */
export function boardPages(participants: readonly Participant[], scoring: BoardScoring, capacity: number, headerCost: number): BoardPage[] {
  const groups = boardGroups(participants, scoring.ranking)
  const pages: BoardPage[] = paginate(groups, capacity, headerCost)
  const formula = scoring.points_formula
  if (scoring.ranking !== 'class' || !formula) return pages
  const best = bestLifterRows(participants, scoring)
  if (best.length === 0) return pages
  // Its heading is a row more than a ranking without class headings measured.
  const room = Math.max(1, Math.floor(capacity - headerCost - (groups[0]?.weightClass ? 0 : 1) + 1e-9))
  return [...pages, [{ weightClass: null, rows: best.slice(0, room), continued: false, bestLifter: formula }]]
}

/** The first page showing this lifter (the ranking's, before the best-lifter page), or -1. */
export function pageOf(pages: readonly BoardPage[], participantId: number): number {
  return pages.findIndex((page) => page.some((s) => s.rows.some((r) => r.participant.id === participantId)))
}

/** A lifter's row and group. */
export function findRow(groups: readonly BoardGroup[], participantId: number): { row: BoardRow; weightClass: string | null } | null {
  for (const group of groups) {
    const row = group.rows.find((r) => r.participant.id === participantId)
    if (row) return { row, weightClass: group.weightClass }
  }
  return null
}

/** The attempt decided last (by its decision's time), or undefined while none is. */
export function latestDecided(lifts: readonly Lift[] | undefined): Lift | undefined {
  let latest: Lift | undefined
  for (const lift of lifts ?? []) {
    if (lift.status === 'pending' || !lift.judging.decided_at) continue
    if (!latest || lift.judging.decided_at > latest.judging.decided_at!) latest = lift
  }
  return latest
}
