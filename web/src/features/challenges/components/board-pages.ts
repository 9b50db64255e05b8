// The projector board's pure model: lifters in the order and places the server ranks them (grouped
// by weight class when the challenge ranks by total within class and they lift in several; one
// overall group when it ranks by a formula), the columns the challenge's sport shows, the pages that
// fit the screen (with a best-lifter page by points), and the latest decision.
import type { Competition, Formula, Lift, Participant } from '../../../lib/contract.ts'
import { classOrder, rankParticipants } from '../../../lib/contract.ts'

/** What the board reads of a challenge: its total's lifts, its ranking and the formula its points show. */
export type BoardScoring = Pick<Competition, 'total_lifts' | 'ranking' | 'points_formula'>

export interface BoardRow {
  participant: Participant
  /** The place as ranked (participant.place; on the best-lifter page, the place by points); null without one. */
  place: number | null
  /** Their attempts awaiting judges: shown, never ranked. */
  pending: Lift[]
}

interface BoardGroup {
  /** Null when the lifters are one group (one class, or ranked overall by a formula): no headings. */
  weightClass: string | null
  rows: BoardRow[]
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
  const classes = [...new Set(ranked.map((p) => p.weight_class))].sort(classOrder)
  if (ranking !== 'class' || classes.length <= 1) return [{ weightClass: null, rows: ranked.map((p) => toRow(p)) }]
  return classes.map((weightClass) => ({ weightClass, rows: ranked.filter((p) => p.weight_class === weightClass).map((p) => toRow(p)) }))
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
  groups: ReadonlyArray<{ weightClass: string | null; rows: readonly R[] }>,
  capacity: number,
  headerCost: number,
): Array<Array<{ weightClass: string | null; rows: R[]; continued: boolean }>> {
  const pages: Array<Array<{ weightClass: string | null; rows: R[]; continued: boolean }>> = []
  let page: Array<{ weightClass: string | null; rows: R[]; continued: boolean }> = []
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
      page.push({ weightClass: group.weightClass, rows, continued: start > 0 })
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
