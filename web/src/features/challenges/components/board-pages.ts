// The projector board's pure model: lifters grouped by weight class (when they lift in several),
// ranked within their group, cut into pages that fit the screen, and the latest decision.
import type { Lift, Participant } from '../../../lib/contract.ts'
import { WEIGHT_CLASSES } from '../../../lib/contract.ts'

export interface BoardRow {
  participant: Participant
  /** Place within the group (by total, as the server ranks: heaviest first, then who joined first). */
  rank: number
  /** Their attempts awaiting judges: shown, never ranked. */
  pending: Lift[]
}

export interface BoardGroup {
  /** Null when every lifter is in one class (no headings). */
  weightClass: string | null
  rows: BoardRow[]
}

/** The challenge's classes in the form's order (59kg … 120kg+), unknown ones after, by name. */
function classOrder(a: string, b: string): number {
  const ia = (WEIGHT_CLASSES as readonly string[]).indexOf(a)
  const ib = (WEIGHT_CLASSES as readonly string[]).indexOf(b)
  if (ia >= 0 && ib >= 0) return ia - ib
  if (ia >= 0 || ib >= 0) return ia >= 0 ? -1 : 1
  return a.localeCompare(b, undefined, { numeric: true })
}

const toRow = (participant: Participant, i: number): BoardRow => ({
  participant, rank: i + 1, pending: participant.attempts.filter((a) => a.status === 'pending'),
})

/** `ranked`: the participants as the server ranks them (rankParticipants). */
export function boardGroups(ranked: readonly Participant[]): BoardGroup[] {
  const classes = [...new Set(ranked.map((p) => p.weight_class))].sort(classOrder)
  if (classes.length <= 1) return ranked.length ? [{ weightClass: null, rows: ranked.map(toRow) }] : []
  return classes.map((weightClass) => ({ weightClass, rows: ranked.filter((p) => p.weight_class === weightClass).map(toRow) }))
}

export interface PageSegment {
  weightClass: string | null
  rows: BoardRow[]
  /** The group began on an earlier page. */
  continued: boolean
}
export type BoardPage = PageSegment[]

/**
 * Pages of at most `capacity` units: a row is one unit, a group's heading and column header
 * `headerCost` units. A group continues on the next page when it does not fit; a heading is
 * never left at the foot of a page without a row under it.
 */
export function paginate(groups: readonly BoardGroup[], capacity: number, headerCost: number): BoardPage[] {
  const pages: BoardPage[] = []
  let page: BoardPage = []
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
      const room = Math.max(1, cap - used - headerCost)
      const rows = group.rows.slice(start, start + room)
      page.push({ weightClass: group.weightClass, rows, continued: start > 0 })
      used += headerCost + rows.length
      start += rows.length
    }
  }
  if (page.length > 0) pages.push(page)
  return pages
}

/** The page showing this lifter, or -1. */
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
