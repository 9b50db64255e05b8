// The meet projector board's pages: the cards' groups (weight classes when ranked by class) cut into
// pages of what fits the screen, a group continuing on the next page when it does not fit (as the
// open board pages its rows, board-pages.ts). Pure.
import type { MeetCard } from '../../../../lib/contract.ts'
import { paginate } from '../../components/board-pages.ts'

export interface MeetPageSegment {
  weightClass: string | null
  cards: MeetCard[]
  /** The group began on an earlier page. */
  continued: boolean
}

/**
 * Pages of at most `capacity` units: a card's row is one, a group's heading `headerCost`. A heading
 * is never left at a page's foot without a row under it. The open board's paginate, over cards.
 */
export function meetPages(
  groups: ReadonlyArray<{ weightClass: string | null; cards: MeetCard[] }>,
  capacity: number,
  headerCost: number,
): MeetPageSegment[][] {
  return paginate(
    groups.map((g) => ({ weightClass: g.weightClass, rows: g.cards })),
    capacity,
    headerCost,
  ).map((page) => page.map(({ weightClass, rows, continued }) => ({ weightClass, cards: rows, continued })))
}
